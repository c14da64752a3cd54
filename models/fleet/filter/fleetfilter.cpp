#include "fleetfilter.h"

#include "filterparser.h"
#include "fleet/itemmodels/fleetfields.h"
#include "fleet/store/fleetstore.h"
#include "verdictmemo.h"

#include <algorithm>

namespace fleetscope {
namespace {

const QString *nonEmpty(const QString &text)
{
    return text.isEmpty() ? nullptr : &text;
}

// The row's value for a text-valued field, or null when the row has none; text
// kept as UTF-8 (the display name) is converted into *scratch.
const QString *fieldValue(const FilterNode &node, const FleetProfile &row, const FleetStore *store, QString *scratch)
{
    const ClusterProfile &p = row.profile();
    switch (node.field) {
    case FilterField::Name:
        return &p.metadata.name;
    case FilterField::DisplayName:
        if (p.displayName.isEmpty())
            return nullptr;
        *scratch = p.displayName.toString();
        return scratch;
    case FilterField::Hub:
        return store && row.hub >= 0 && row.hub < store->hubCount() ? &store->hubStatus(row.hub).hub : nullptr;
    case FilterField::Namespace:
        return &p.metadata.namespaceName.toString();
    case FilterField::ClusterSet:
        return nonEmpty(row.clusterSet);
    case FilterField::Manager:
        return nonEmpty(row.manager);
    case FilterField::MemberId:
        if (row.memberId.isEmpty())
            return nullptr;
        *scratch = row.memberId.toString();
        return scratch;
    case FilterField::Version:
        return nonEmpty(p.kubernetesVersion);
    case FilterField::Label:
        return p.metadata.labels.findText(node.key).text(scratch);
    case FilterField::Property:
        return p.propertyText(node.key).text(scratch);
    case FilterField::PropertyOrLabel:
        if (store) {
            for (const FilterFacts *facts : store->filterFacts()) {
                if (const QString *fact = facts->fact(node.key, row))
                    return fact;
            }
        }
        if (const FieldText value = p.propertyText(node.key))
            return value.text(scratch);
        return p.metadata.labels.findText(node.key).text(scratch);
    case FilterField::Column:
        *scratch = fleetField(node.fieldIndex).text(row, store ? store->hubName(row.hub) : QString(), 0);
        return nonEmpty(*scratch);
    case FilterField::Health:
    case FilterField::Condition:
        break;
    }
    return nullptr;
}

bool ordered(FilterOp op, int comparison)
{
    switch (op) {
    case FilterOp::Less:
        return comparison < 0;
    case FilterOp::LessEqual:
        return comparison <= 0;
    case FilterOp::Greater:
        return comparison > 0;
    case FilterOp::GreaterEqual:
        return comparison >= 0;
    default:
        return false;
    }
}

bool equalsAny(const FilterNode &node, const QString &value)
{
    const bool listValued = node.field == FilterField::Property || node.field == FilterField::PropertyOrLabel;
    if (node.field == FilterField::Version) {
        const VersionKey have = VersionKey::parse(value);
        for (qsizetype i = 0; i < node.values.size(); ++i) {
            const VersionKey &want = node.versions[size_t(i)];
            if (want.isValid() ? have.isValid() && VersionKey::compare(have, want, want.count) == 0
                               : value == node.values[i])
                return true;
        }
        return false;
    }
    for (const QString &want : node.values) {
        if (listValued ? valueHasItem(value, want) : value == want)
            return true;
    }
    return false;
}

// The verdict of a term on a value its row has.
bool judge(const FilterNode &node, const QString &value, bool negated)
{
    switch (node.op) {
    case FilterOp::Equal:
    case FilterOp::NotEqual:
    case FilterOp::In:
    case FilterOp::NotIn:
        return equalsAny(node, value) != negated;
    case FilterOp::Contains:
    case FilterOp::NotContains:
        return value.contains(node.values.front(), Qt::CaseInsensitive) != negated;
    case FilterOp::Regex:
    case FilterOp::NotRegex:
        return node.regex.match(value).hasMatch() != negated;
    case FilterOp::Less:
    case FilterOp::LessEqual:
    case FilterOp::Greater:
    case FilterOp::GreaterEqual:
        if (node.valueType == FilterValueType::Number) {
            double number = 0;
            if (!parseDecimal(value, &number))
                return false;
            return ordered(node.op, number < node.number ? -1 : (number > node.number ? 1 : 0));
        } else {
            const VersionKey have = VersionKey::parse(value);
            return have.isValid() && ordered(node.op, VersionKey::compare(have, node.version, node.version.count));
        }
    case FilterOp::Exists:
        break;
    }
    return false;
}

// A rough per-row cost, so that AND and OR try cheap terms first and skip the
// dear ones (property parsing, regexes) for most rows. Terms have no side
// effects, so their order never changes the result.
int orderByCost(std::vector<FilterNode> *nodes, int index)
{
    FilterNode &node = (*nodes)[size_t(index)];
    switch (node.kind) {
    case FilterNode::Kind::And:
    case FilterNode::Kind::Or: {
        std::vector<std::pair<int, int>> costed; // cost, child
        int total = 0;
        for (int child : node.children) {
            const int cost = orderByCost(nodes, child);
            costed.emplace_back(cost, child);
            total += cost;
        }
        std::stable_sort(costed.begin(), costed.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        FilterNode &again = (*nodes)[size_t(index)]; // the recursion never reallocates, but be plain about it
        for (size_t i = 0; i < costed.size(); ++i)
            again.children[i] = costed[i].second;
        return total;
    }
    case FilterNode::Kind::Not:
        return orderByCost(nodes, node.children.front());
    case FilterNode::Kind::FreeText:
        return 8;
    case FilterNode::Kind::Test:
        break;
    }
    if (node.op == FilterOp::Regex || node.op == FilterOp::NotRegex)
        return 30;
    switch (node.field) {
    case FilterField::Health:
        return 1;
    case FilterField::Name:
    case FilterField::Namespace:
    case FilterField::ClusterSet:
    case FilterField::Manager:
    case FilterField::MemberId:
    case FilterField::Hub:
    case FilterField::DisplayName:
        return node.op == FilterOp::Contains || node.op == FilterOp::NotContains ? 6 : 2;
    case FilterField::Condition:
        return 3;
    case FilterField::Version:
        return 5;
    case FilterField::Label:
    case FilterField::Property:
    case FilterField::PropertyOrLabel:
        break;
    case FilterField::Column:
        return 8;
    }
    return node.valueType == FilterValueType::Text ? 5 : 7;
}

// Whether a term's verdict on a value is worth remembering: its fields hold
// shared (pooled) text, and judging takes more than one comparison.
bool memoizes(const FilterNode &node)
{
    if (node.kind != FilterNode::Kind::Test || node.op == FilterOp::Exists)
        return false;
    switch (node.field) {
    case FilterField::Name:
    case FilterField::DisplayName:
    case FilterField::MemberId:
    case FilterField::Health:
    case FilterField::Condition:
    case FilterField::Column:
        return false; // one value per cluster, no text at all, or text made per row
    default:
        break;
    }
    const bool listValued = node.field == FilterField::Property || node.field == FilterField::PropertyOrLabel;
    const bool equality = node.op == FilterOp::Equal || node.op == FilterOp::NotEqual || node.op == FilterOp::In
        || node.op == FilterOp::NotIn;
    return !equality || listValued || node.field == FilterField::Version || node.values.size() > 1;
}

// What evaluating a node reads beyond the store's row: its record, and blocks
// the record points to.
enum Reads : unsigned {
    ReadsRecord = 1,
    ReadsName = 2,
    ReadsDisplayName = 4,
    ReadsConditions = 8,
    ReadsProperties = 16,
    ReadsLabels = 32,
};

unsigned readsOf(const FilterNode &node)
{
    if (node.kind == FilterNode::Kind::FreeText)
        return ReadsRecord | ReadsName | ReadsDisplayName;
    if (node.kind != FilterNode::Kind::Test)
        return 0;
    switch (node.field) {
    case FilterField::Name:
        return ReadsRecord | ReadsName;
    case FilterField::DisplayName:
        return ReadsRecord | ReadsDisplayName;
    case FilterField::Namespace:
    case FilterField::Version:
        return ReadsRecord;
    case FilterField::Condition:
        return ReadsRecord | ReadsConditions;
    case FilterField::Label:
        return ReadsRecord | ReadsLabels;
    case FilterField::Property:
        return ReadsRecord | ReadsProperties;
    case FilterField::PropertyOrLabel:
    case FilterField::Column:
        return ReadsRecord | ReadsProperties | ReadsLabels;
    case FilterField::Hub:
    case FilterField::ClusterSet:
    case FilterField::Manager:
    case FilterField::MemberId:
    case FilterField::Health:
        break;
    }
    return 0;
}

void prefetch(const void *address)
{
    __builtin_prefetch(address);
}

void prefetchRecord(const FleetProfile &row, unsigned reads)
{
    if (!(reads & ReadsRecord))
        return;
    const ClusterProfile &p = row.profile();
    prefetch(&p.metadata.name);
    prefetch(&p.metadata.labels);
    prefetch(&p.kubernetesVersion);
    prefetch(&p.properties);
}

// The record must be in the cache by now: this reads its pointers.
void prefetchBlocks(const FleetProfile &row, unsigned reads)
{
    const ClusterProfile &p = row.profile();
    if (reads & ReadsName)
        prefetch(p.metadata.name.constData());
    if (reads & ReadsDisplayName)
        prefetch(p.displayName.bytes().data());
    if (reads & ReadsConditions)
        prefetch(p.conditions.constData());
    if (reads & ReadsProperties)
        prefetch(p.properties.constData());
    if (reads & ReadsLabels)
        prefetch(p.metadata.labels.entries().constData());
}

} // namespace

struct FleetFilter::Program
{
    std::vector<FilterNode> nodes;
    // Per node; used only for nodes that memoizes().
    std::vector<VerdictMemo> memos;
    std::vector<char> memoized;
    unsigned reads = 0; // Reads of every node
};

bool FleetFilter::readsFact(QStringView key) const
{
    if (!m_program)
        return false;
    return std::any_of(m_program->nodes.begin(), m_program->nodes.end(), [key](const FilterNode &node) {
        return node.kind == FilterNode::Kind::Test && node.field == FilterField::PropertyOrLabel && node.key == key;
    });
}

FleetFilter FleetFilter::compile(const QString &text, FilterError *error)
{
    FleetFilter filter;
    filter.m_text = text;
    auto program = std::make_shared<Program>();
    std::vector<FilterNode> *nodes = &program->nodes;
    FilterParser parser(text);
    filter.m_root = parser.parse(nodes);
    if (filter.m_root == -2) {
        filter.m_valid = false;
        filter.m_root = -1;
        if (error)
            *error = FilterError{parser.errorOffset(), parser.errorMessage()};
        return filter;
    }
    if (error)
        *error = FilterError();
    if (filter.m_root >= 0)
        orderByCost(nodes, filter.m_root);
    program->memos.resize(nodes->size());
    for (const FilterNode &node : *nodes) {
        program->memoized.push_back(memoizes(node) ? 1 : 0);
        program->reads |= readsOf(node);
    }
    filter.m_program = std::move(program);
    return filter;
}

bool FleetFilter::matches(const FleetProfile &profile, const FleetStore *store) const
{
    if (!m_valid)
        return false;
    return m_root < 0 || evaluate(m_root, profile, store);
}

void FleetFilter::matchAll(const std::vector<FleetProfile> &rows, const FleetStore *store,
                           std::vector<char> *accepted) const
{
    const bool all = m_valid && m_root < 0;
    accepted->assign(rows.size(), all ? 1 : 0);
    if (!m_valid || all)
        return;
    // Far enough ahead to cover a miss (~100 ns) at a few ns per cached row;
    // the blocks' addresses come from records asked for earlier.
    constexpr size_t recordsAhead = 16;
    constexpr size_t blocksAhead = 8;
    const unsigned reads = m_program->reads;
    for (size_t row = 0; row < rows.size(); ++row) {
        if (row + recordsAhead < rows.size())
            prefetchRecord(rows[row + recordsAhead], reads);
        if (row + blocksAhead < rows.size())
            prefetchBlocks(rows[row + blocksAhead], reads);
        (*accepted)[row] = evaluate(m_root, rows[row], store) ? 1 : 0;
    }
}

bool FleetFilter::evaluate(int index, const FleetProfile &profile, const FleetStore *store) const
{
    const FilterNode &node = m_program->nodes[size_t(index)];
    switch (node.kind) {
    case FilterNode::Kind::And:
        for (int child : node.children) {
            if (!evaluate(child, profile, store))
                return false;
        }
        return true;
    case FilterNode::Kind::Or:
        for (int child : node.children) {
            if (evaluate(child, profile, store))
                return true;
        }
        return false;
    case FilterNode::Kind::Not:
        return !evaluate(node.children.front(), profile, store);
    case FilterNode::Kind::FreeText: {
        const QString &word = node.values.front();
        const ClusterProfile &p = profile.profile();
        return p.metadata.name.contains(word, Qt::CaseInsensitive) || p.displayName.toString().contains(word, Qt::CaseInsensitive);
    }
    case FilterNode::Kind::Test:
        return test(index, profile, store);
    }
    return false;
}

bool FleetFilter::test(int index, const FleetProfile &profile, const FleetStore *store) const
{
    const FilterNode &node = m_program->nodes[size_t(index)];
    const bool negated = node.op == FilterOp::NotEqual || node.op == FilterOp::NotIn
        || node.op == FilterOp::NotContains || node.op == FilterOp::NotRegex;

    if (node.field == FilterField::Health || node.field == FilterField::Condition) {
        const unsigned bit = node.field == FilterField::Health
            ? unsigned(profile.health)
            : unsigned(profile.profile().conditionStatus(node.key));
        if (node.op == FilterOp::Exists)
            return node.field == FilterField::Health || bit != unsigned(ConditionStatus::Absent);
        return ((node.statusMask >> bit) & 1u) != negated;
    }

    QString scratch;
    const QString *value = fieldValue(node, profile, store, &scratch);
    if (node.op == FilterOp::Exists)
        return value != nullptr;
    // Like Kubernetes selectors, != and notin also accept rows without the key.
    if (!value)
        return negated;
    if (!m_program->memoized[size_t(index)])
        return judge(node, *value, negated);
    VerdictMemo &memo = m_program->memos[size_t(index)];
    if (const int known = memo.find(*value); known >= 0)
        return known != 0;
    const bool verdict = judge(node, *value, negated);
    memo.insert(*value, verdict);
    return verdict;
}

} // namespace fleetscope
