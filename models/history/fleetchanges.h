#pragma once

#include "fleethubstate.h"

#include "api/clusterfacts.h"
#include "fleet/filter/healthrules.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

namespace fleetscope {

// One thing that changed in a recorded fleet between two moments.
struct FleetChange
{
    enum class Kind : quint8 {
        Appeared,  // a cluster present at the end that was not at the start
        Left,      // present at the start, gone at the end
        Health,    // a health verdict changed (each change, as it happened)
        Placement, // a placement chose other clusters at the end than at the start
    };

    Kind kind = Kind::Appeared;
    qint64 at = 0; // when (for Left: the moment it was removed)
    QString hub;
    QString namespaceName;
    QString name; // the cluster; for Placement the placement (its placement key)
    // Health: the verdicts (by the health rules) and what made them change.
    Health from = Health::NotReported;
    Health to = Health::NotReported;
    QString reason; // "ControlPlaneHealthy False: ReasonCode: message"
    // Placement: the clusters ("namespace/name") added and dropped.
    QStringList added;
    QStringList dropped;
};

// What changed in one hub's recorded fleet from a moment to a later one,
// collected while its fleet log is replayed from the first to the second.
// Presence and placements compare the two moments; health verdicts are every
// change in between, each given by the health rules on the cluster as recorded
// then, as the live fleet's verdicts are.
class FleetChangeCollector final
{
public:
    // `rules`: a copy of the health rules in use, taken on the thread that owns
    // them (a collector may run on a worker).
    FleetChangeCollector(const QString &hub, const HealthRules &rules)
        : m_hub(hub)
        , m_rules(rules)
    {
    }

    // The state at the first moment.
    void start(const FleetHubState &state, qint64 at);
    // Each event after it, with the state it applies to.
    void event(const FleetEvent &event, const FleetHubState &before);
    // A recorder's run ended at `at` (a later run starts from nothing: its
    // clusters' first sightings are compared with what this one knew).
    void streamEnded(const FleetHubState &state, qint64 at);
    // The state at the second moment; appends the changes, oldest first.
    void finish(const FleetHubState &state, qint64 at, QList<FleetChange> *changes);

    static QString clusterKey(const QString &namespaceName, const QString &name)
    {
        return namespaceName + u'/' + name;
    }

private:
    Health verdict(const RecordedCluster &cluster) const;
    QHash<QString, QSet<QString>> groups(const FleetHubState &state) const; // "namespace/group" → clusters

    QString m_hub;
    HealthRules m_rules;
    QHash<QString, Health> m_verdicts;   // by cluster key: the last verdict seen
    QSet<QString> m_present;             // at the start
    QHash<QString, qint64> m_appearedAt; // last appearance in the window
    QHash<QString, qint64> m_leftAt;     // last removal (or end of a run) in the window
    QHash<QString, QSet<QString>> m_startGroups;
    QHash<QString, qint64> m_groupChangedAt;
    QList<FleetChange> m_health;
};

} // namespace fleetscope
