#include "healthseries.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace fleetscope {
namespace {

// A verdict, or not counted yet.
constexpr int notCounted = -1;

struct Event
{
    qint64 time;
    int from; // a Health, or notCounted
    int to;
};

} // namespace

QList<HealthPoint> healthSeries(const QList<ConditionTransition> &transitions, qint64 from, qint64 to, int budget,
                                const HealthRules &rules, const QHash<ClusterId, QString> &managers)
{
    QList<HealthPoint> points;
    if (to <= from || budget <= 0)
        return points;

    // Per cluster, its transitions in time order → health change events.
    QHash<ClusterId, std::vector<const ConditionTransition *>> perCluster;
    const QStringList typesRead = rules.allTypesRead();
    for (const ConditionTransition &t : transitions) {
        if (typesRead.contains(t.type))
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
        const int rule = rules.ruleFor(managers.value(it.key()));
        const QStringList &types = rules.typesRead(rule);
        std::vector<ConditionStatus> statuses(size_t(types.size()), ConditionStatus::Absent);
        int health = notCounted;
        for (size_t i = 0; i < list.size(); ++i) {
            const ConditionTransition *t = list[i];
            const qsizetype slot = types.indexOf(t->type);
            if (slot < 0)
                continue; // read by another manager's rule
            statuses[size_t(slot)] = t->to;
            if (i + 1 < list.size() && list[i + 1]->at <= knownFrom)
                continue; // not known yet: only the state at knownFrom counts
            const int next = int(rules.verdict(rule, statuses.data()));
            if (next != health) {
                events.push_back({std::max(t->at, knownFrom), health, next});
                health = next;
            }
        }
    }
    std::sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.time < b.time; });

    const int n = int(std::min<qint64>(budget, std::max<qint64>(1, to - from)));
    int counts[4] = {0, 0, 0, 0};
    size_t e = 0;
    points.reserve(n);
    for (int i = 0; i < n; ++i) {
        const qint64 edge = from + (to - from) * (i + 1) / n;
        while (e < events.size() && events[e].time <= edge) {
            if (events[e].from != notCounted)
                --counts[events[e].from];
            if (events[e].to != notCounted)
                ++counts[events[e].to];
            ++e;
        }
        points.append(HealthPoint{edge, counts[int(Health::Healthy)], counts[int(Health::Unhealthy)],
                                  counts[int(Health::Unknown)], counts[int(Health::NotReported)]});
    }
    return points;
}

} // namespace fleetscope
