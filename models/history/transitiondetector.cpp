#include "transitiondetector.h"

#include <algorithm>

namespace fleetscope {

TransitionDetector::Last *TransitionDetector::find(std::vector<Last> &last, const QString &type)
{
    const auto it = std::find_if(last.begin(), last.end(), [&type](const Last &l) { return l.type == type; });
    return it == last.end() ? nullptr : &*it;
}

void TransitionDetector::prime(const ClusterId &cluster, const QString &type, ConditionStatus status, qint64 at)
{
    // A cluster whose every condition ended (deleted, or reporting none) is not
    // kept: its next sight is a first sight, and a fleet that churns through
    // names does not grow this map.
    if (status == ConditionStatus::Absent)
        return;
    std::vector<Last> &last = m_last[cluster];
    if (Last *known = find(last, type))
        *known = Last{type, status, at};
    else
        last.push_back(Last{type, status, at});
}

int TransitionDetector::observe(const ClusterObservation &observation, QList<ConditionTransition> *out)
{
    const qsizetype before = out->size();
    const auto entry = m_last.find(observation.cluster);
    if (entry == m_last.end() && observation.conditions.isEmpty())
        return 0; // not known, nothing reported: nothing to end, nothing to keep
    std::vector<Last> &last = entry == m_last.end() ? m_last[observation.cluster] : entry.value();
    const bool firstSight = last.empty();
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
        Last *known = find(last, condition.type);
        if (!known) {
            // First sight of this condition: it has held since its lastTransitionTime.
            // A condition that appears on a cluster we already know is a change we saw.
            ConditionTransition t = make(condition.type, ConditionStatus::Absent, &condition);
            t.seeded = firstSight;
            if (plausible && (firstSight || reported >= observation.observedAt - maxClockSkewMs))
                t.at = std::min(reported, observation.observedAt);
            last.push_back(Last{condition.type, condition.status, t.at});
            out->append(t);
            continue;
        }
        if (known->status == condition.status)
            continue;
        ConditionTransition t = make(condition.type, known->status, &condition);
        // The reported time is better than ours when the change happened while we
        // were not looking (a gap), as long as it is after what we recorded.
        if (plausible && reported > known->at)
            t.at = std::min(reported, observation.observedAt);
        known->status = condition.status;
        known->at = t.at;
        out->append(t);
    }
    // Conditions the cluster stopped reporting.
    bool anyReported = false;
    for (Last &l : last) {
        if (l.status == ConditionStatus::Absent)
            continue;
        const bool present = std::any_of(observation.conditions.begin(), observation.conditions.end(),
                                         [&l](const Condition &c) { return c.type == l.type; });
        if (present) {
            anyReported = true;
            continue;
        }
        out->append(make(l.type, l.status, nullptr));
        l.status = ConditionStatus::Absent;
        l.at = observation.observedAt;
    }
    if (!anyReported)
        m_last.remove(observation.cluster);
    return int(out->size() - before);
}

} // namespace fleetscope
