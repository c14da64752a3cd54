#include "healthseries.h"

#include <algorithm>
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
        ConditionStatus cph = ConditionStatus::Absent;
        ConditionStatus joined = ConditionStatus::Absent;
        H health = H::None;
        for (const ConditionTransition *t : list) {
            (t->type == QStringView(condition_types::joined) ? joined : cph) = t->to;
            const H next = healthFrom(cph, joined);
            if (next != health) {
                events.push_back({t->at, health, next});
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
