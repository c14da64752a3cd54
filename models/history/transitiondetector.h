#pragma once

#include "historytypes.h"

#include "api/packedlist.h"
#include "kube/hubdelta.h"

#include <QHash>
#include <QList>

#include <vector>

namespace fleetscope {

// All conditions of one cluster at one instant, as the recorder saw them.
struct ClusterObservation
{
    ClusterId cluster;
    QString memberId;
    qint64 observedAt = 0;
    PackedList<Condition> conditions;
    // For the fleet log (FleetLogWriter): the whole profile as the hub holds it,
    // null when it was deleted; only while the hub is watched, when `fleet` is set.
    ProfilePtr record;
    bool fleet = false;
};

// Decides which observations are transitions, against the last status recorded
// per (cluster, condition type), including what earlier runs recorded (prime()).
// A cluster never seen before is seeded from its lastTransitionTime; a status
// equal to the recorded one is no transition, however often it is re-reported
// (a relist after 410, a reconnect, a restart), so nothing is ever invented.
// What it keeps is bounded by the live fleet: a cluster whose conditions all
// ended (a deleted profile) is forgotten, and seen anew if it comes back.
class TransitionDetector final
{
public:
    // What the database says was recorded last for this cluster and type.
    void prime(const ClusterId &cluster, const QString &type, ConditionStatus status, qint64 at);
    // Appends the transitions this observation makes to `out`; returns how many.
    int observe(const ClusterObservation &observation, QList<ConditionTransition> *out);
    int clusterCount() const { return int(m_last.size()); }
    // Whether a condition of this cluster is live (it was not forgotten).
    bool knows(const ClusterId &cluster) const { return m_last.contains(cluster); }
    void clear() { m_last.clear(); }

    // Reported times more than this far in the future (clock skew between the
    // member, the hub and this machine) are not trusted.
    static constexpr qint64 maxClockSkewMs = 60'000;

private:
    struct Last
    {
        QString type; // shares the condition's text
        ConditionStatus status = ConditionStatus::Absent;
        qint64 at = 0;
    };
    static Last *find(std::vector<Last> &last, const QString &type);

    // A handful of condition types per cluster: a vector is a tenth of a QHash's
    // smallest allocation.
    QHash<ClusterId, std::vector<Last>> m_last;
};

} // namespace fleetscope
