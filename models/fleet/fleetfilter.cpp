#include "fleetfilter.h"

#include "filterparser.h"
#include "fleetstore.h"

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
        return nonEmpty(row.memberId);
    case FilterField::Version:
        return nonEmpty(p.kubernetesVersion);
    case FilterField::Label:
        return p.metadata.labels.findText(node.key);
    case FilterField::Property:
        return p.propertyText(node.key);
    case FilterField::PropertyOrLabel:
        if (store) {
            for (const FilterFacts *facts : store->filterFacts()) {
                if (const QString *fact = facts->fact(node.key, row))
                    return fact;
            }
        }
        if (const QString *value = p.propertyText(node.key))
            return value;
        return p.metadata.labels.findText(node.key);
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
    }
    return node.valueType == FilterValueType::Text ? 5 : 7;
}

} // namespace

FleetFilter FleetFilter::compile(const QString &text, FilterError *error)
{
    FleetFilter filter;
    filter.m_text = text;
    auto nodes = std::make_shared<std::vector<FilterNode>>();
    FilterParser parser(text);
    filter.m_root = parser.parse(nodes.get());
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
        orderByCost(nodes.get(), filter.m_root);
    filter.m_nodes = std::move(nodes);
    return filter;
}

bool FleetFilter::matches(const FleetProfile &profile, const FleetStore *store) const
{
    if (!m_valid)
        return false;
    return m_root < 0 || evaluate(m_root, profile, store);
}

bool FleetFilter::evaluate(int index, const FleetProfile &profile, const FleetStore *store) const
{
    const FilterNode &node = (*m_nodes)[size_t(index)];
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
        return test(node, profile, store);
    }
    return false;
}

bool FleetFilter::test(const FilterNode &node, const FleetProfile &profile, const FleetStore *store) const
{
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

    switch (node.op) {
    case FilterOp::Equal:
    case FilterOp::NotEqual:
    case FilterOp::In:
    case FilterOp::NotIn:
        return equalsAny(node, *value) != negated;
    case FilterOp::Contains:
    case FilterOp::NotContains:
        return value->contains(node.values.front(), Qt::CaseInsensitive) != negated;
    case FilterOp::Regex:
    case FilterOp::NotRegex:
        return node.regex.match(*value).hasMatch() != negated;
    case FilterOp::Less:
    case FilterOp::LessEqual:
    case FilterOp::Greater:
    case FilterOp::GreaterEqual:
        if (node.valueType == FilterValueType::Number) {
            double number = 0;
            if (!parseDecimal(*value, &number))
                return false;
            return ordered(node.op, number < node.number ? -1 : (number > node.number ? 1 : 0));
        } else {
            const VersionKey have = VersionKey::parse(*value);
            return have.isValid() && ordered(node.op, VersionKey::compare(have, node.version, node.version.count));
        }
    case FilterOp::Exists:
        break;
    }
    return false;
}

} // namespace fleetscope
