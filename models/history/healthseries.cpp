#include "healthseries.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace fleetscope {
namespace {

enum class H : qint8 { None = -1, Healthy = 0, Unhealthy = 1, Unknown = 2 };

H healthFrom(ConditionStatus cph, ConditionStatus joined)
{
    if (cph == ConditionStatus::False || joined == ConditionStatus::False)
        return H::Unhealthy;
    if (cph == ConditionStatus::True && (joined == ConditionStatus::True || joined == ConditionStatus::Absent))
        return H::Healthy;
    if (cph == ConditionStatus::Absent && joined == ConditionStatus::Absent)
        return H::None;
    return H::Unknown;
}

struct Event
{
    qint64 time;
    H from;
    H to;
};

} // namespace

QList<HealthPoint> healthSeries(const QList<ConditionTransition> &transitions, qint64 from, qint64 to, int budget)
{
    QList<HealthPoint> points;
    if (to <= from || budget <= 0)
        return points;

    // Per cluster, its transitions in time order → health change events.
    QHash<ClusterId, std::vector<const ConditionTransition *>> perCluster;
    for (const ConditionTransition &t : transitions) {
        if (t.type == QStringView(condition_types::controlPlaneHealthy) || t.type == QStringView(condition_types::joined))
            perCluster[t.cluster].push_back(&t);
    }
    std::vector<Event> events;
    events.reserve(size_t(transitions.size()));
    for (auto it = perCluster.begin(); it != perCluster.end(); ++it) {
        auto &list = it.value();
        std::stable_sort(list.begin(), list.end(),
                         [](const ConditionTransition *a, const ConditionTransition *b) { return a->at < b->at; });
        // First-sight seeds say how long each condition has held; before the newest
        // of them one condition's state is not known at all, so the cluster is
        // counted from there (not as "unknown" for the years before).
        qint64 knownFrom = std::numeric_limits<qint64>::min();
        for (const ConditionTransition *t : list) {
            if (t->seeded)
                knownFrom = std::max(knownFrom, t->at);
        }
        ConditionStatus cph = ConditionStatus::Absent;
        ConditionStatus joined = ConditionStatus::Absent;
        H health = H::None;
        for (size_t i = 0; i < list.size(); ++i) {
            const ConditionTransition *t = list[i];
            (t->type == QStringView(condition_types::joined) ? joined : cph) = t->to;
            if (i + 1 < list.size() && list[i + 1]->at <= knownFrom)
                continue; // not known yet: only the state at knownFrom counts
            const H next = healthFrom(cph, joined);
            if (next != health) {
                events.push_back({std::max(t->at, knownFrom), health, next});
                health = next;
            }
        }
    }
    std::sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.time < b.time; });

    const int n = int(std::min<qint64>(budget, std::max<qint64>(1, to - from)));
    int counts[3] = {0, 0, 0};
    size_t e = 0;
    points.reserve(n);
    for (int i = 0; i < n; ++i) {
        const qint64 edge = from + (to - from) * (i + 1) / n;
        while (e < events.size() && events[e].time <= edge) {
            if (events[e].from != H::None)
                --counts[int(events[e].from)];
            if (events[e].to != H::None)
                ++counts[int(events[e].to)];
            ++e;
        }
        points.append(HealthPoint{edge, counts[0], counts[1], counts[2]});
    }
    return points;
}

} // namespace fleetscope
