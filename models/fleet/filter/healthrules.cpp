#include "healthrules.h"

#include "filterparser.h"

#include "api/clusterprofile.h"

#include <QCoreApplication>
#include <QSettings>

#include <array>
#include <vector>

namespace fleetscope {
namespace {

const QString healthRulesGroup = QStringLiteral("healthRules");

// The three verdicts a rule can give, in the order they are tried.
constexpr Health healthRuleOrder[] = {Health::Unhealthy, Health::Unknown, Health::Healthy};

QString healthVerdictWord(Health health)
{
    switch (health) {
    case Health::Unhealthy:
        return QStringLiteral("unhealthy");
    case Health::Unknown:
        return QStringLiteral("unknown");
    case Health::Healthy:
        return QStringLiteral("healthy");
    case Health::NotReported:
        break;
    }
    return QString();
}

const QString &ruleTextOf(const HealthRules::Rule &rule, int which)
{
    return which == 0 ? rule.unhealthy : which == 1 ? rule.unknown : rule.healthy;
}

QString healthRuleName(const QString &manager)
{
    return manager.isEmpty() ? QCoreApplication::translate("HealthRules", "the default rule")
                             : QCoreApplication::translate("HealthRules", "the rule for %1").arg(manager);
}

} // namespace

struct HealthRules::Compiled
{
    struct Expression
    {
        std::vector<FilterNode> nodes;
        std::vector<int> slotOfNode; // a test node's condition type, as an index into types
        int root = -1;               // -1: never matches
    };
    struct CompiledRule
    {
        Rule rule;
        QStringList types;
        std::array<Expression, 3> expressions; // in healthRuleOrder
    };

    std::vector<CompiledRule> rules;
    QList<Rule> texts;
    int defaultRule = 0;

    bool matches(const Expression &e, int node, const ConditionStatus *statuses) const
    {
        const FilterNode &n = e.nodes[size_t(node)];
        switch (n.kind) {
        case FilterNode::Kind::And:
            for (const int child : n.children) {
                if (!matches(e, child, statuses))
                    return false;
            }
            return true;
        case FilterNode::Kind::Or:
            for (const int child : n.children) {
                if (matches(e, child, statuses))
                    return true;
            }
            return false;
        case FilterNode::Kind::Not:
            return !matches(e, n.children.front(), statuses);
        case FilterNode::Kind::Test: {
            const ConditionStatus status = statuses[e.slotOfNode[size_t(node)]];
            if (n.op == FilterOp::Exists)
                return status != ConditionStatus::Absent;
            const bool negated = n.op == FilterOp::NotEqual || n.op == FilterOp::NotIn;
            return ((n.statusMask >> unsigned(status)) & 1u) != negated;
        }
        case FilterNode::Kind::FreeText:
            break; // refused by compile()
        }
        return false;
    }
};

HealthRules::HealthRules()
{
    static const HealthRules builtIn = [] {
        HealthRules rules(nullptr);
        QStringList problems;
        const bool compiled = compile(builtInRules(), &rules, &problems);
        Q_ASSERT_X(compiled, "HealthRules", qPrintable(problems.join(u'\n')));
        return rules;
    }();
    m_compiled = builtIn.m_compiled;
}

QList<HealthRules::Rule> HealthRules::builtInRules()
{
    return {
        // OCM and KubeFleet write ControlPlaneHealthy (OCM also Joined); a producer
        // that writes only Joined says the cluster is a member, not that it is healthy.
        {QString(), QStringLiteral("ControlPlaneHealthy=False || Joined=False"),
         QStringLiteral("ControlPlaneHealthy=Unknown || Joined=Unknown"), QStringLiteral("ControlPlaneHealthy=True")},
        // GKE Fleet sync writes only Joined, from the membership's state.
        {QStringLiteral("gke-fleet"), QStringLiteral("Joined=False"), QStringLiteral("Joined=Unknown"),
         QStringLiteral("Joined=True")},
    };
}

bool HealthRules::compile(const QList<Rule> &rules, HealthRules *out, QStringList *problems)
{
    auto compiled = std::make_shared<Compiled>();
    QStringList found;
    QStringList managers;
    int defaults = 0;
    for (const Rule &rule : rules) {
        const QString manager = rule.manager.trimmed();
        const QString name = healthRuleName(manager);
        if (managers.contains(manager, Qt::CaseInsensitive))
            found << QCoreApplication::translate("HealthRules", "%1 is given twice").arg(name);
        managers << manager;
        if (manager.isEmpty()) {
            compiled->defaultRule = int(compiled->rules.size());
            ++defaults;
        }
        Compiled::CompiledRule out;
        out.rule = rule;
        out.rule.manager = manager;
        for (int which = 0; which < 3; ++which) {
            Compiled::Expression &e = out.expressions[size_t(which)];
            const QString text = ruleTextOf(rule, which).trimmed();
            const QString where = QCoreApplication::translate("HealthRules", "%1, %2").arg(name, healthVerdictWord(healthRuleOrder[which]));
            FilterParser parser(text);
            e.root = parser.parse(&e.nodes);
            if (e.root == -2) {
                found << where + QStringLiteral(": ") + parser.errorMessage();
                continue;
            }
            e.slotOfNode.assign(e.nodes.size(), 0);
            for (size_t i = 0; i < e.nodes.size(); ++i) {
                const FilterNode &node = e.nodes[i];
                if (node.kind == FilterNode::Kind::FreeText
                    || (node.kind == FilterNode::Kind::Test && node.field != FilterField::Condition)) {
                    found << where
                            + QCoreApplication::translate("HealthRules", ": only condition terms decide health "
                                                                         "(like Joined=True) at %1: '%2'")
                                  .arg(node.offset)
                                  .arg(text.mid(node.offset).section(u' ', 0, 0));
                    break;
                }
                if (node.kind != FilterNode::Kind::Test)
                    continue;
                int slot = int(out.types.indexOf(node.key));
                if (slot < 0) {
                    slot = int(out.types.size());
                    out.types << node.key;
                }
                e.slotOfNode[i] = slot;
            }
        }
        compiled->rules.push_back(std::move(out));
        compiled->texts << compiled->rules.back().rule;
    }
    if (defaults == 0)
        found << QCoreApplication::translate("HealthRules", "there is no default rule (a rule without a manager)");
    if (!found.isEmpty()) {
        if (problems)
            *problems << found;
        return false;
    }
    out->m_compiled = std::move(compiled);
    return true;
}

HealthRules HealthRules::load(QSettings &settings, QStringList *problems)
{
    const int size = settings.beginReadArray(healthRulesGroup);
    QList<Rule> rules;
    for (int i = 0; i < size; ++i) {
        settings.setArrayIndex(i);
        rules.append(Rule{settings.value(QStringLiteral("manager")).toString(),
                          settings.value(QStringLiteral("unhealthy")).toString(),
                          settings.value(QStringLiteral("unknown")).toString(),
                          settings.value(QStringLiteral("healthy")).toString()});
    }
    settings.endArray();
    HealthRules out;
    if (rules.isEmpty())
        return out;
    QStringList found;
    if (!compile(rules, &out, &found) && problems) {
        for (const QString &problem : std::as_const(found))
            *problems << QCoreApplication::translate("HealthRules", "health rules in the settings: %1; using the built-in rules")
                             .arg(problem);
    }
    return out;
}

void HealthRules::save(QSettings &settings) const
{
    settings.remove(healthRulesGroup);
    if (isBuiltIn())
        return;
    settings.beginWriteArray(healthRulesGroup, int(rules().size()));
    for (int i = 0; i < rules().size(); ++i) {
        const Rule &rule = rules()[i];
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("manager"), rule.manager);
        settings.setValue(QStringLiteral("unhealthy"), rule.unhealthy);
        settings.setValue(QStringLiteral("unknown"), rule.unknown);
        settings.setValue(QStringLiteral("healthy"), rule.healthy);
    }
    settings.endArray();
}

namespace {

HealthRules &activeRules()
{
    static HealthRules rules;
    return rules;
}

} // namespace

const HealthRules &HealthRules::active()
{
    return activeRules();
}

void HealthRules::setActive(const HealthRules &rules)
{
    activeRules() = rules;
}

const QList<HealthRules::Rule> &HealthRules::rules() const
{
    return m_compiled->texts;
}

bool HealthRules::isBuiltIn() const
{
    return rules() == builtInRules();
}

int HealthRules::ruleFor(QStringView manager) const
{
    if (!manager.isEmpty()) {
        for (size_t i = 0; i < m_compiled->rules.size(); ++i) {
            const QString &name = m_compiled->rules[i].rule.manager;
            if (!name.isEmpty() && manager.compare(name, Qt::CaseInsensitive) == 0)
                return int(i);
        }
    }
    return m_compiled->defaultRule;
}

const QStringList &HealthRules::typesRead(int rule) const
{
    return m_compiled->rules[size_t(rule)].types;
}

QStringList HealthRules::allTypesRead() const
{
    QStringList types;
    for (const Compiled::CompiledRule &rule : m_compiled->rules) {
        for (const QString &type : rule.types) {
            if (!types.contains(type))
                types << type;
        }
    }
    return types;
}

Health HealthRules::verdict(int rule, const ConditionStatus *statuses) const
{
    const Compiled::CompiledRule &r = m_compiled->rules[size_t(rule)];
    for (int which = 0; which < 3; ++which) {
        const Compiled::Expression &e = r.expressions[size_t(which)];
        if (e.root >= 0 && m_compiled->matches(e, e.root, statuses))
            return healthRuleOrder[which];
    }
    return Health::NotReported;
}

Health HealthRules::verdict(const ClusterProfile &profile, QStringView manager) const
{
    const int rule = ruleFor(manager);
    const QStringList &types = typesRead(rule);
    // A rule reads a handful of types; more than this many is a rule nobody writes.
    constexpr int inline_ = 8;
    std::array<ConditionStatus, inline_> small{};
    std::vector<ConditionStatus> large;
    ConditionStatus *statuses = small.data();
    if (types.size() > inline_) {
        large.resize(size_t(types.size()));
        statuses = large.data();
    }
    for (qsizetype i = 0; i < types.size(); ++i)
        statuses[i] = profile.conditionStatus(types[i]);
    return verdict(rule, statuses);
}

QString HealthRules::explain(const ClusterProfile &profile, QStringView manager) const
{
    const int index = ruleFor(manager);
    const Compiled::CompiledRule &rule = m_compiled->rules[size_t(index)];
    const QString name = healthRuleName(rule.rule.manager);
    const Health health = verdict(profile, manager);
    if (health != Health::NotReported) {
        const int which = health == Health::Unhealthy ? 0 : health == Health::Unknown ? 1 : 2;
        return QCoreApplication::translate("HealthRules", "%1 by %2: %3")
            .arg(healthName(health), name, ruleTextOf(rule.rule, which).trimmed());
    }
    QStringList reported;
    for (const Condition &c : profile.conditions)
        reported << c.type.toString() + u'=' + conditionStatusName(c.status);
    const QString reads = rule.types.join(QStringLiteral(", "));
    if (reported.isEmpty())
        return QCoreApplication::translate("HealthRules", "Not reported: the producer writes no conditions; %1 reads %2.")
            .arg(name, reads.isEmpty() ? QCoreApplication::translate("HealthRules", "none") : reads);
    return QCoreApplication::translate("HealthRules", "Not reported: %1 reads %2; the producer writes %3, which no "
                                                      "part of the rule matches.")
        .arg(name, reads, reported.join(QStringLiteral(", ")));
}

Health healthOf(const ClusterProfile &profile)
{
    return HealthRules::active().verdict(profile, managerOf(profile).name.toString());
}

} // namespace fleetscope
