#pragma once

#include "historytypes.h"

#include "api/packedlist.h"

#include <QHash>
#include <QList>

namespace fleetscope {

// All conditions of one cluster at one instant, as the recorder saw them.
struct ClusterObservation
{
    ClusterId cluster;
    QString memberId;
    qint64 observedAt = 0;
    PackedList<Condition> conditions;
};

// Decides which observations are transitions, against the last status recorded
// per (cluster, condition type), including what earlier runs recorded (prime()).
// A cluster never seen before is seeded from its lastTransitionTime; a status
// equal to the recorded one is no transition, however often it is re-reported
// (a relist after 410, a reconnect, a restart), so nothing is ever invented.
class TransitionDetector final
{
public:
    // What the database says was recorded last for this cluster and type.
    void prime(const ClusterId &cluster, const QString &type, ConditionStatus status, qint64 at);
    // Appends the transitions this observation makes to `out`; returns how many.
    int observe(const ClusterObservation &observation, QList<ConditionTransition> *out);
    int clusterCount() const { return int(m_last.size()); }
    void clear() { m_last.clear(); }

    // Reported times more than this far in the future (clock skew between the
    // member, the hub and this machine) are not trusted.
    static constexpr qint64 maxClockSkewMs = 60'000;

private:
    struct Last
    {
        ConditionStatus status = ConditionStatus::Absent;
        qint64 at = 0;
    };
    QHash<ClusterId, QHash<QString, Last>> m_last;
};

} // namespace fleetscope
