#include "filterparser.h"

#include "api/propertyaliases.h"

#include "api/clusterfacts.h"
#include "api/stringpool.h"
#include "fleet/itemmodels/fleetfields.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace fleetscope {
namespace {

using K = FilterToken::Kind;

constexpr char16_t labelPrefix[] = u"label:";
constexpr char16_t propertyPrefix[] = u"property:";
constexpr char16_t conditionPrefix[] = u"condition:";

// The comparison tokens, Equal to NotMatch, are contiguous in FilterToken::Kind.
bool isComparison(K kind)
{
    return kind >= K::Equal && kind <= K::NotMatch;
}

bool isOrdering(FilterOp op)
{
    return op == FilterOp::Less || op == FilterOp::LessEqual || op == FilterOp::Greater
        || op == FilterOp::GreaterEqual;
}

FilterOp opOf(K comparison)
{
    constexpr FilterOp ops[] = {FilterOp::Equal,   FilterOp::NotEqual,     FilterOp::Less,     FilterOp::LessEqual,
                                FilterOp::Greater, FilterOp::GreaterEqual, FilterOp::Contains, FilterOp::NotContains};
    return ops[int(comparison) - int(K::Equal)];
}

// Dotted and slashed keys (location.topology.k8s.io, x-k8s.io/cluster-manager) and
// prefixed keys are keys even without an operator; plain words are free text.
bool looksLikeKey(QStringView word)
{
    return word.contains(u'.') || word.contains(u'/') || word.contains(u':');
}

// A CamelCase word without dots is a condition type, as Kubernetes spells them.
bool looksLikeCondition(QStringView word)
{
    return !word.isEmpty() && word.front().isUpper() && !looksLikeKey(word);
}

// Sets the bit of the enum value `value` names (any case) in `mask`.
template<typename Enum, size_t N>
bool setBitOf(const std::pair<const char16_t *, Enum> (&names)[N], QStringView value, quint8 *mask)
{
    for (const auto &[name, bit] : names) {
        if (value.compare(QStringView(name), Qt::CaseInsensitive) == 0) {
            *mask |= quint8(1u << unsigned(bit));
            return true;
        }
    }
    return false;
}

constexpr std::pair<const char16_t *, Health> healthNames[] = {
    {u"healthy", Health::Healthy}, {u"unhealthy", Health::Unhealthy}, {u"unknown", Health::Unknown},
    {u"not-reported", Health::NotReported}, {u"notreported", Health::NotReported},
    {u"not reported", Health::NotReported}, {u"nodata", Health::NotReported},
    {u"no-data", Health::NotReported},      {u"none", Health::NotReported},
};
constexpr std::pair<const char16_t *, ConditionStatus> conditionStatusNames[] = {
    {u"True", ConditionStatus::True},
    {u"False", ConditionStatus::False},
    {u"Unknown", ConditionStatus::Unknown},
    {u"Absent", ConditionStatus::Absent},
};

} // namespace

FilterParser::FilterParser(const QString &text)
    : m_text(text)
{
}

QStringList FilterParser::builtinKeys()
{
    QStringList keys;
    for (int i = 0; i < fleetFieldCount(); ++i) {
        if (fleetField(i).filterable)
            keys.append(QString::fromUtf16(fleetField(i).key));
    }
    return keys;
}

bool FilterParser::builtinField(QStringView key, FilterField *field)
{
    const int index = fleetFieldIndex(key);
    if (index < 0 || !fleetField(index).filterable)
        return false;
    *field = fleetField(index).filter;
    return true;
}

void FilterParser::fail(int offset, const QString &message)
{
    m_errorOffset = offset;
    m_errorMessage = QCoreApplication::translate("FilterParser", "%1 at %2").arg(message, QString::number(offset));
    // Unwinds to parse() only: errors leave this class as values.
    throw Failure();
}

bool FilterParser::startsTerm(const FilterToken &token) const
{
    return token.kind == K::Word || token.kind == K::Quoted || token.kind == K::Not || token.kind == K::LeftParen;
}

int FilterParser::add(FilterNode node)
{
    m_nodes->push_back(std::move(node));
    return int(m_nodes->size()) - 1;
}

int FilterParser::parse(std::vector<FilterNode> *nodes)
{
    nodes->clear();
    m_nodes = nodes;
    m_pos = 0;
    FilterLexer lexer(m_text);
    if (!lexer.tokenize(&m_tokens)) {
        m_errorOffset = lexer.errorOffset();
        m_errorMessage = lexer.errorMessage();
        return -2;
    }
    try {
        if (peek().kind == K::End)
            return -1;
        const int root = parseOr();
        const FilterToken &rest = peek();
        if (rest.kind == K::RightParen)
            fail(rest.offset, QCoreApplication::translate("FilterParser", "unexpected ')'"));
        if (isComparison(rest.kind))
            fail(rest.offset, QCoreApplication::translate("FilterParser", "expected a key before %1").arg(describeToken(rest)));
        if (rest.kind != K::End)
            fail(rest.offset, QCoreApplication::translate("FilterParser", "unexpected %1").arg(describeToken(rest)));
        Q_ASSERT(root == int(nodes->size()) - 1); // every rule returns the node it added last
        return root;
    } catch (const Failure &) {
        nodes->clear();
        return -2;
    }
}

int FilterParser::parseOr()
{
    int left = parseAnd();
    while (peek().kind == K::Or) {
        const FilterToken &op = take();
        if (!startsTerm(peek()))
            fail(peek().offset, QCoreApplication::translate("FilterParser", "expected a term after '||'"));
        const int right = parseAnd();
        FilterNode node;
        node.kind = FilterNode::Kind::Or;
        node.offset = op.offset;
        node.children = {left, right};
        left = add(std::move(node));
    }
    return left;
}

int FilterParser::parseAnd()
{
    std::vector<int> terms{parseUnary()};
    while (true) {
        const FilterToken &next = peek();
        if (next.kind == K::Comma || next.kind == K::And) {
            const FilterToken &op = take();
            if (!startsTerm(peek()))
                fail(peek().offset, QCoreApplication::translate("FilterParser", "expected a term after %1").arg(describeToken(op)));
        } else if (!startsTerm(next)) {
            break;
        }
        terms.push_back(parseUnary());
    }
    if (terms.size() == 1)
        return terms.front();
    FilterNode node;
    node.kind = FilterNode::Kind::And;
    node.offset = (*m_nodes)[size_t(terms.front())].offset;
    node.children = std::move(terms);
    return add(std::move(node));
}

int FilterParser::parseUnary()
{
    const FilterToken &token = peek();
    switch (token.kind) {
    case K::Not: {
        take();
        if (!startsTerm(peek()))
            fail(peek().offset, QCoreApplication::translate("FilterParser", "expected a term after '!'"));
        FilterNode node;
        node.kind = FilterNode::Kind::Not;
        node.offset = token.offset;
        node.children = {parseUnary()};
        return add(std::move(node));
    }
    case K::LeftParen: {
        take();
        if (!startsTerm(peek()))
            fail(peek().offset, QCoreApplication::translate("FilterParser", "expected a term after '('"));
        const int inner = parseOr();
        if (peek().kind != K::RightParen)
            fail(peek().offset, QCoreApplication::translate("FilterParser", "expected ')'"));
        take();
        return inner;
    }
    case K::Word:
    case K::Quoted:
        return parseTerm();
    case K::RightParen:
        fail(token.offset, QCoreApplication::translate("FilterParser", "unexpected ')'"));
    case K::End:
        fail(token.offset, QCoreApplication::translate("FilterParser", "expected a term"));
    default:
        if (isComparison(token.kind))
            fail(token.offset, QCoreApplication::translate("FilterParser", "expected a key before %1").arg(describeToken(token)));
        fail(token.offset, QCoreApplication::translate("FilterParser", "unexpected %1").arg(describeToken(token)));
    }
}

bool FilterParser::classifyKey(QStringView word, FilterField *field, QStringView *name)
{
    static const std::pair<const char16_t *, FilterField> prefixes[] = {
        {labelPrefix, FilterField::Label},
        {propertyPrefix, FilterField::Property},
        {conditionPrefix, FilterField::Condition},
    };
    for (const auto &[prefix, prefixField] : prefixes) {
        const QStringView p(prefix);
        if (word.startsWith(p, Qt::CaseInsensitive)) {
            *field = prefixField;
            *name = word.sliced(p.size());
            return !name->isEmpty();
        }
    }
    *name = word;
    if (builtinField(word, field))
        return true;
    *field = looksLikeCondition(word) ? FilterField::Condition : FilterField::PropertyOrLabel;
    return true;
}

void FilterParser::resolveKey(const FilterToken &keyToken, FilterNode *node)
{
    QStringView name;
    if (!classifyKey(keyToken.text, &node->field, &name)) {
        const int colon = int(keyToken.text.indexOf(u':'));
        const QString what = node->field == FilterField::Label ? QCoreApplication::translate("FilterParser", "a label key")
            : node->field == FilterField::Property             ? QCoreApplication::translate("FilterParser", "a property name")
                                                               : QCoreApplication::translate("FilterParser", "a condition type");
        fail(keyToken.offset + colon + 1,
             QCoreApplication::translate("FilterParser", "expected %1 after '%2'").arg(what, keyToken.text.left(colon + 1)));
    }
    if (node->field == FilterField::Label || node->field == FilterField::Property
        || node->field == FilterField::Condition || node->field == FilterField::PropertyOrLabel)
        node->key = StringPool::shared().intern(name);
    if (node->field == FilterField::Column)
        node->fieldIndex = fleetFieldIndex(name);
}

int FilterParser::parseTerm()
{
    const FilterToken &token = take();
    FilterNode node;
    node.offset = token.offset;
    if (token.kind != K::Quoted) {
        const FilterToken &next = peek();
        FilterField builtin = FilterField::Name;
        const bool keyish = looksLikeKey(token.text) || builtinField(token.text, &builtin)
            || looksLikeCondition(token.text) || PropertyAliases::active().properties(token.text);
        if (isComparison(next.kind))
            return parseComparison(std::move(node), token);
        if (keyish && next.kind == K::Word && (next.text == u"in" || next.text == u"notin"))
            return parseList(std::move(node), token);
        if (looksLikeKey(token.text)) {
            resolveKey(token, &node);
            node.op = FilterOp::Exists;
            return add(std::move(node));
        }
    }
    node.kind = FilterNode::Kind::FreeText;
    node.values = {token.text};
    return add(std::move(node));
}

int FilterParser::parseComparison(FilterNode node, const FilterToken &keyToken)
{
    resolveKey(keyToken, &node);
    const FilterToken &opToken = take();
    node.op = opOf(opToken.kind);
    const FilterToken &value = take();
    if (value.kind == K::Regex) {
        node.op = node.op == FilterOp::Contains ? FilterOp::Regex : FilterOp::NotRegex;
    } else if (value.kind != K::Word && value.kind != K::Quoted) {
        fail(value.offset, QCoreApplication::translate("FilterParser", "expected a value after %1").arg(describeToken(opToken)));
    }
    checkValue(&node, keyToken, opToken, value);
    return add(std::move(node));
}

int FilterParser::parseList(FilterNode node, const FilterToken &keyToken)
{
    resolveKey(keyToken, &node);
    const FilterToken &opToken = take();
    node.op = opToken.text == u"in" ? FilterOp::In : FilterOp::NotIn;
    if (peek().kind != K::LeftParen)
        fail(peek().offset, QCoreApplication::translate("FilterParser", "expected '(' after '%1'").arg(opToken.text));
    take();
    while (true) {
        const FilterToken &value = take();
        if (value.kind != K::Word && value.kind != K::Quoted)
            fail(value.offset, QCoreApplication::translate("FilterParser", "expected a value in the list"));
        checkValue(&node, keyToken, opToken, value);
        const FilterToken &separator = take();
        if (separator.kind == K::RightParen)
            break;
        if (separator.kind != K::Comma)
            fail(separator.offset, QCoreApplication::translate("FilterParser", "expected ',' or ')'"));
    }
    return add(std::move(node));
}

void FilterParser::checkValue(FilterNode *node, const FilterToken &keyToken, const FilterToken &opToken,
                              const FilterToken &valueToken)
{
    const QString &value = valueToken.text;
    const FilterOp op = node->op;
    const bool textMatch = op == FilterOp::Contains || op == FilterOp::NotContains || op == FilterOp::Regex
        || op == FilterOp::NotRegex;
    if (node->field == FilterField::Health || node->field == FilterField::Condition) {
        if (isOrdering(op) || textMatch)
            fail(opToken.offset, QCoreApplication::translate("FilterParser", "%1 does not apply to '%2'").arg(describeToken(opToken), keyToken.text));
        const bool known = node->field == FilterField::Health ? setBitOf(healthNames, value, &node->statusMask)
                                                               : setBitOf(conditionStatusNames, value, &node->statusMask);
        if (!known) {
            fail(valueToken.offset, node->field == FilterField::Health
                                        ? QCoreApplication::translate("FilterParser", "expected healthy, unhealthy, unknown or not-reported")
                                        : QCoreApplication::translate("FilterParser", "expected True, False, Unknown or Absent"));
        }
        return;
    }
    if (op == FilterOp::Regex || op == FilterOp::NotRegex) {
        node->regex = QRegularExpression(value, QRegularExpression::CaseInsensitiveOption
                                                    | QRegularExpression::DontCaptureOption);
        if (!node->regex.isValid()) {
            fail(valueToken.offset + 1 + int(node->regex.patternErrorOffset()),
                 QCoreApplication::translate("FilterParser", "invalid regex: %1").arg(node->regex.errorString()));
        }
        node->regex.optimize();
        return;
    }
    node->values.append(value);
    const bool orderable = node->field == FilterField::Version || node->field == FilterField::Property
        || node->field == FilterField::Label || node->field == FilterField::PropertyOrLabel
        || node->field == FilterField::Column;
    if (isOrdering(op)) {
        if (!orderable)
            fail(opToken.offset, QCoreApplication::translate("FilterParser", "%1 does not apply to '%2'").arg(describeToken(opToken), keyToken.text));
        double number = 0;
        const VersionKey version = VersionKey::parse(value);
        // An alias of the reported version (kubernetes-version) compares as a version too.
        const QStringList *aliased = PropertyAliases::active().properties(keyToken.text);
        const bool versionValued = node->field == FilterField::Version
            || (aliased && aliased->contains(PropertyAliases::reportedVersion));
        if (!versionValued && parseDecimal(value, &number)) {
            node->valueType = FilterValueType::Number;
            node->number = number;
        } else if (version.isValid()) {
            node->valueType = FilterValueType::Version;
            node->version = version;
        } else {
            fail(valueToken.offset, node->field == FilterField::Version
                                        ? QCoreApplication::translate("FilterParser", "expected a version after %1").arg(describeToken(opToken))
                                        : QCoreApplication::translate("FilterParser", "expected a number or a version after %1").arg(describeToken(opToken)));
        }
        return;
    }
    // version=1.30 means every 1.30.x; other equalities compare text exactly.
    if (node->field == FilterField::Version)
        node->versions.push_back(VersionKey::parse(value));
}

} // namespace fleetscope
