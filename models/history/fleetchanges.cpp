#include "fleetchanges.h"

#include "fleetrecordconversion.h"

#include "api/placementdecision.h"

#include <QCoreApplication>

#include <algorithm>

namespace fleetscope {
namespace {


// As the Placements tab groups slices: the placement key, else the decision
// key, else the object.
QString groupOf(const RecordedPlacement &p)
{
    for (const char16_t *label : {placement_labels::placementKey, placement_labels::decisionKey}) {
        const QStringView key(label);
        for (const auto &[k, v] : p.labels) {
            if (k == key && !v.isEmpty())
                return p.namespaceName + u'/' + v;
        }
    }
    return p.namespaceName + u'/' + p.name;
}

QString conditionText(const RecordedCondition &c)
{
    QString text = c.type + u'=' + conditionStatusName(c.status);
    if (!c.reason.isEmpty())
        text += QStringLiteral(" (") + c.reason + u')';
    if (!c.message.isEmpty())
        text += QStringLiteral(": ") + c.message;
    return text;
}

// What an event did, in words, for a verdict it changed.
QString describe(const FleetEvent &e)
{
    using Kind = FleetEvent::Kind;
    switch (e.kind) {
    case Kind::Condition:
        return conditionText(e.condition);
    case Kind::ConditionGone:
        return QCoreApplication::translate("History", "%1 no longer reported").arg(e.key);
    case Kind::Label:
        return QCoreApplication::translate("History", "label %1=%2").arg(e.key, e.value);
    case Kind::LabelGone:
        return QCoreApplication::translate("History", "label %1 removed").arg(e.key);
    case Kind::Property:
        return QCoreApplication::translate("History", "property %1=%2").arg(e.key, e.value);
    case Kind::PropertyGone:
        return QCoreApplication::translate("History", "property %1 removed").arg(e.key);
    case Kind::Field:
        return QCoreApplication::translate("History", "spec changed");
    default:
        break;
    }
    return QString();
}

} // namespace

Health FleetChangeCollector::verdict(const RecordedCluster &cluster) const
{
    // The verdict the live fleet gives a profile (FleetStore), on the profile
    // as it was recorded.
    const ClusterProfile recorded = fleet_records::toClusterProfile(cluster);
    return m_rules.verdict(recorded, managerOf(recorded).name.toString());
}

QHash<QString, QSet<QString>> FleetChangeCollector::groups(const FleetHubState &state) const
{
    QHash<QString, QSet<QString>> result;
    for (const auto &p : state.placements()) {
        QSet<QString> &clusters = result[groupOf(*p)];
        for (const RecordedDecision &d : p->decisions)
            clusters.insert(clusterKey(d.clusterNamespace.isEmpty() ? p->namespaceName : d.clusterNamespace,
                                       d.clusterName));
    }
    return result;
}

void FleetChangeCollector::start(const FleetHubState &state, qint64 at)
{
    Q_UNUSED(at);
    for (quint32 slot = 0; slot < state.slotCount(); ++slot) {
        if (const auto c = state.clusterAt(slot)) {
            const QString key = clusterKey(c->namespaceName, c->name);
            m_present.insert(key);
            m_verdicts.insert(key, verdict(*c));
        }
    }
    m_startGroups = groups(state);
}

void FleetChangeCollector::event(const FleetEvent &e, const FleetHubState &before)
{
    using Kind = FleetEvent::Kind;
    switch (e.kind) {
    case Kind::Appear: {
        const QString key = clusterKey(e.cluster->namespaceName, e.cluster->name);
        const Health now = verdict(*e.cluster);
        const auto known = m_verdicts.constFind(key);
        if (known == m_verdicts.constEnd()) {
            m_appearedAt.insert(key, e.at);
        } else if (*known != now) {
            // Known from an earlier run of the recorder: what it is now, first seen again.
            FleetChange change;
            change.kind = FleetChange::Kind::Health;
            change.at = e.at;
            change.hub = m_hub;
            change.namespaceName = e.cluster->namespaceName;
            change.name = e.cluster->name;
            change.from = *known;
            change.to = now;
            QStringList conditions;
            for (const RecordedCondition &c : e.cluster->conditions)
                conditions << conditionText(c);
            change.reason = QCoreApplication::translate("History", "as first seen after a gap: %1")
                                .arg(conditions.join(QStringLiteral("; ")));
            m_health.append(std::move(change));
        }
        m_verdicts.insert(key, now);
        return;
    }
    case Kind::Remove: {
        const auto c = before.clusterAt(e.slot);
        if (!c)
            return;
        const QString key = clusterKey(c->namespaceName, c->name);
        m_leftAt.insert(key, e.at);
        m_appearedAt.remove(key);
        m_verdicts.remove(key);
        return;
    }
    case Kind::Placement:
        m_groupChangedAt.insert(groupOf(*e.placement), e.at);
        return;
    case Kind::PlacementGone: {
        const auto p = before.placements().value(FleetHubState::placementKey(e.key, e.value));
        if (p)
            m_groupChangedAt.insert(groupOf(*p), e.at);
        return;
    }
    case Kind::Namespace:
    case Kind::NamespaceGone:
        return;
    default:
        break;
    }
    const auto c = before.clusterAt(e.slot);
    if (!c)
        return;
    RecordedCluster after = *c;
    FleetHubState::applyTo(&after, e);
    const QString key = clusterKey(c->namespaceName, c->name);
    const auto known = m_verdicts.constFind(key);
    const Health was = known != m_verdicts.constEnd() ? *known : verdict(*c);
    const Health now = verdict(after);
    if (was != now) {
        FleetChange change;
        change.kind = FleetChange::Kind::Health;
        change.at = e.at;
        change.hub = m_hub;
        change.namespaceName = c->namespaceName;
        change.name = c->name;
        change.from = was;
        change.to = now;
        change.reason = describe(e);
        m_health.append(std::move(change));
    }
    m_verdicts.insert(key, now);
}

void FleetChangeCollector::streamEnded(const FleetHubState &state, qint64 at)
{
    // Whatever the next run does not see again left while nobody watched; its
    // last sighting is the best time there is.
    for (quint32 slot = 0; slot < state.slotCount(); ++slot) {
        if (const auto c = state.clusterAt(slot))
            m_leftAt.insert(clusterKey(c->namespaceName, c->name), at);
    }
    for (auto it = state.placements().cbegin(); it != state.placements().cend(); ++it)
        m_groupChangedAt.insert(groupOf(**it), at);
}

void FleetChangeCollector::finish(const FleetHubState &state, qint64 at, QList<FleetChange> *changes)
{
    QList<FleetChange> result = std::move(m_health);
    QSet<QString> present;
    for (quint32 slot = 0; slot < state.slotCount(); ++slot) {
        const auto c = state.clusterAt(slot);
        if (!c)
            continue;
        const QString key = clusterKey(c->namespaceName, c->name);
        present.insert(key);
        if (m_present.contains(key))
            continue;
        FleetChange change;
        change.kind = FleetChange::Kind::Appeared;
        change.at = m_appearedAt.value(key, at);
        change.hub = m_hub;
        change.namespaceName = c->namespaceName;
        change.name = c->name;
        change.to = verdict(*c);
        result.append(std::move(change));
    }
    for (const QString &key : std::as_const(m_present)) {
        if (present.contains(key))
            continue;
        FleetChange change;
        change.kind = FleetChange::Kind::Left;
        change.at = m_leftAt.value(key, at);
        change.hub = m_hub;
        const qsizetype slash = key.indexOf(u'/');
        change.namespaceName = key.left(slash);
        change.name = key.mid(slash + 1);
        result.append(std::move(change));
    }
    const QHash<QString, QSet<QString>> endGroups = groups(state);
    QSet<QString> groupKeys(m_startGroups.keyBegin(), m_startGroups.keyEnd());
    for (auto it = endGroups.cbegin(); it != endGroups.cend(); ++it)
        groupKeys.insert(it.key());
    for (const QString &group : std::as_const(groupKeys)) {
        const QSet<QString> before = m_startGroups.value(group);
        const QSet<QString> after = endGroups.value(group);
        if (before == after)
            continue;
        FleetChange change;
        change.kind = FleetChange::Kind::Placement;
        change.at = m_groupChangedAt.value(group, at);
        change.hub = m_hub;
        const qsizetype slash = group.indexOf(u'/');
        change.namespaceName = group.left(slash);
        change.name = group.mid(slash + 1);
        for (const QString &c : after) {
            if (!before.contains(c))
                change.added << c;
        }
        for (const QString &c : before) {
            if (!after.contains(c))
                change.dropped << c;
        }
        change.added.sort();
        change.dropped.sort();
        result.append(std::move(change));
    }
    std::stable_sort(result.begin(), result.end(), [](const FleetChange &a, const FleetChange &b) {
        if (a.at != b.at)
            return a.at < b.at;
        if (a.kind != b.kind)
            return a.kind < b.kind;
        return a.name < b.name;
    });
    changes->append(result);
}

} // namespace fleetscope
