#pragma once

#include "api/condition.h"

#include <QHashFunctions>
#include <QList>
#include <QMetaType>
#include <QString>

namespace fleetscope {

// One cluster as history knows it: (hub context, namespace, name). History keeps
// strings, not store rows, because rows move and hubs come and go between runs.
struct ClusterId
{
    QString hub;
    QString namespaceName;
    QString name;

    QString toString() const { return hub + u'/' + namespaceName + u'/' + name; }
    bool isValid() const { return !hub.isEmpty() && !name.isEmpty(); }
    friend bool operator==(const ClusterId &a, const ClusterId &b)
    {
        return a.name == b.name && a.namespaceName == b.namespaceName && a.hub == b.hub;
    }
    friend size_t qHash(const ClusterId &r, size_t seed = 0) { return qHashMulti(seed, r.hub, r.namespaceName, r.name); }
};

// One observed change of one condition of one cluster.
struct ConditionTransition
{
    ClusterId cluster;
    QString memberId;
    QString type;
    ConditionStatus from = ConditionStatus::Absent; // Absent for a seed (first sight)
    ConditionStatus to = ConditionStatus::Absent;
    QString reason;
    QString message;
    qint64 lastTransitionTime = 0; // as the cluster reported it (ms since epoch, 0 = not set)
    qint64 observedAt = 0;         // when Fleetscope saw it
    // When the new status began: the reported lastTransitionTime when it is
    // plausible (not in the future, not before what was recorded), else observedAt.
    qint64 at = 0;
    bool seeded = false; // first sight: the status is as old as its lastTransitionTime says

    friend bool operator==(const ConditionTransition &a, const ConditionTransition &b)
    {
        return a.cluster == b.cluster && a.memberId == b.memberId && a.type == b.type && a.from == b.from
            && a.to == b.to && a.reason == b.reason && a.message == b.message
            && a.lastTransitionTime == b.lastTransitionTime && a.observedAt == b.observedAt && a.at == b.at
            && a.seeded == b.seeded;
    }
};

// A current condition of a cluster as the recorder hands it to the store, which
// decides (against what it recorded, across restarts) whether it is a transition.
struct ConditionObservation
{
    ClusterId cluster;
    QString memberId;
    QString type;
    ConditionStatus status = ConditionStatus::Absent;
    QString reason;
    QString message;
    qint64 lastTransitionTime = 0;
    qint64 observedAt = 0;
};

// A period during which Fleetscope was watching a hub (listed and live). Outside
// of these, history has gaps that views must show as such.
struct CoverageInterval
{
    qint64 start = 0;
    qint64 end = 0;

    friend bool operator==(const CoverageInterval &a, const CoverageInterval &b)
    {
        return a.start == b.start && a.end == b.end;
    }
};

// Everything needed to draw one cluster's timeline over a window.
struct ClusterHistory
{
    ClusterId cluster;
    qint64 from = 0;
    qint64 to = 0;
    // Per type: the last transition before `from` (the state the window starts in)
    // and every transition inside it, oldest first.
    QList<ConditionTransition> transitions;
    QList<CoverageInterval> coverage;
    QString error; // the query failed (history off, database error)
};

// Each verdict's count of a scope at one instant.
struct HealthPoint
{
    qint64 time = 0;
    int healthy = 0;
    int unhealthy = 0;
    int unknown = 0;
    int notReported = 0;
    bool recorded = true; // false: no hub of the scope was watched then, so nothing is counted

    friend bool operator==(const HealthPoint &a, const HealthPoint &b)
    {
        return a.time == b.time && a.healthy == b.healthy && a.unhealthy == b.unhealthy && a.unknown == b.unknown
            && a.notReported == b.notReported && a.recorded == b.recorded;
    }
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::ClusterId)
Q_DECLARE_METATYPE(fleetscope::ConditionTransition)
Q_DECLARE_METATYPE(fleetscope::ClusterHistory)
