#include "transitiondetector.h"

namespace fleetscope {

void TransitionDetector::prime(const ClusterId &cluster, const QString &type, ConditionStatus status, qint64 at)
{
    m_last[cluster].insert(type, Last{status, at});
}

int TransitionDetector::observe(const ClusterObservation &observation, QList<ConditionTransition> *out)
{
    const qsizetype before = out->size();
    QHash<QString, Last> &last = m_last[observation.cluster];
    const bool firstSight = last.isEmpty();
    auto make = [&](const QString &type, ConditionStatus from, const Condition *now) {
        ConditionTransition t;
        t.cluster = observation.cluster;
        t.memberId = observation.memberId;
        t.type = type;
        t.from = from;
        t.observedAt = observation.observedAt;
        t.at = observation.observedAt;
        if (now) {
            t.to = now->status;
            t.reason = now->reason;
            t.message = now->message;
            t.lastTransitionTime = now->lastTransitionTime;
        }
        return t;
    };
    for (const Condition &condition : observation.conditions) {
        const qint64 reported = condition.lastTransitionTime;
        const bool plausible = reported > 0 && reported <= observation.observedAt + maxClockSkewMs;
        auto it = last.find(condition.type);
        if (it == last.end()) {
            // First sight of this condition: it has held since its lastTransitionTime.
            // A condition that appears on a cluster we already know is a change we saw.
            ConditionTransition t = make(condition.type, ConditionStatus::Absent, &condition);
            t.seeded = firstSight;
            if (plausible && (firstSight || reported >= observation.observedAt - maxClockSkewMs))
                t.at = std::min(reported, observation.observedAt);
            last.insert(condition.type, Last{condition.status, t.at});
            out->append(t);
            continue;
        }
        if (it->status == condition.status)
            continue;
        ConditionTransition t = make(condition.type, it->status, &condition);
        // The reported time is better than ours when the change happened while we
        // were not looking (a gap), as long as it is after what we recorded.
        if (plausible && reported > it->at)
            t.at = std::min(reported, observation.observedAt);
        it->status = condition.status;
        it->at = t.at;
        out->append(t);
    }
    // Conditions the cluster stopped reporting.
    for (auto it = last.begin(); it != last.end(); ++it) {
        if (it->status == ConditionStatus::Absent)
            continue;
        bool present = false;
        for (const Condition &condition : observation.conditions) {
            if (condition.type == it.key()) {
                present = true;
                break;
            }
        }
        if (present)
            continue;
        out->append(make(it.key(), it->status, nullptr));
        it->status = ConditionStatus::Absent;
        it->at = observation.observedAt;
    }
    return int(out->size() - before);
}

} // namespace fleetscope
