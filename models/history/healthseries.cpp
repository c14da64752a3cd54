#include "healthseries.h"

#include "timelinesegments.h"

#include <algorithm>
#include <array>
#include <tuple>
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
    int hub; // an index into the hubs seen
    int cluster; // an index into the clusters seen
};

// Each verdict change of each cluster, in time order; `hubs` and `clusters` receive
// what the events' indexes point at.
std::vector<Event> verdictEvents(const QList<ConditionTransition> &transitions, const HealthRules &rules,
                                 const QHash<ClusterId, QString> &managers, QStringList *hubs,
                                 QList<ClusterId> *clusters)
{
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
        int hub = int(hubs->indexOf(it.key().hub));
        if (hub < 0) {
            hub = int(hubs->size());
            hubs->append(it.key().hub);
        }
        const int cluster = int(clusters->size());
        clusters->append(it.key());
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
                events.push_back({std::max(t->at, knownFrom), health, next, hub, cluster});
                health = next;
            }
        }
    }
    std::sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.time < b.time; });
    return events;
}

// When a hub was watched: its merged coverage, asked about moments in increasing order.
class CoverageCursor
{
public:
    explicit CoverageCursor(QList<CoverageInterval> intervals)
        : m_intervals(mergeIntervals(std::move(intervals)))
    {
    }
    const QList<CoverageInterval> &intervals() const { return m_intervals; }

    // The latest moment in (after, until] the hub was watched, or `none`: `until`
    // itself when it was watched then, else the end of the last watch that ended
    // inside. A bucket with a watch of a few seconds in it is recorded.
    qint64 lastWatched(qint64 after, qint64 until)
    {
        while (m_next < m_intervals.size() && m_intervals[m_next].end <= after)
            ++m_next;
        qint64 latest = none;
        for (qsizetype i = m_next; i < m_intervals.size() && m_intervals[i].start <= until; ++i)
            latest = std::min(until, m_intervals[i].end);
        return latest;
    }

    static constexpr qint64 none = std::numeric_limits<qint64>::min();

private:
    QList<CoverageInterval> m_intervals;
    qsizetype m_next = 0;
};

} // namespace

QList<HealthPoint> healthSeries(const QList<ConditionTransition> &transitions,
                                const QHash<QString, QList<CoverageInterval>> &coverage, qint64 from, qint64 to,
                                int budget, const HealthRules &rules, const QHash<ClusterId, QString> &managers)
{
    QList<HealthPoint> points;
    if (to <= from || budget <= 0)
        return points;
    QStringList hubs;
    QList<ClusterId> seen;
    const std::vector<Event> events = verdictEvents(transitions, rules, managers, &hubs, &seen);
    // Counts are kept per hub, and a hub adds its own only where it was watched:
    // what nobody recorded is never counted as a verdict. A hub watched for part of
    // a bucket adds its counts as of the last moment it was watched in it, so
    // that a short watch shows at any zoom; each watch's end is a checkpoint.
    using Counts = std::array<int, 4>;
    std::vector<Counts> counts(size_t(hubs.size()), Counts{0, 0, 0, 0});
    std::vector<CoverageCursor> watched;
    struct Checkpoint
    {
        qint64 time;
        int hub;
    };
    std::vector<Checkpoint> checkpoints;
    watched.reserve(size_t(hubs.size()));
    for (int h = 0; h < hubs.size(); ++h) {
        watched.emplace_back(coverage.value(hubs[h]));
        for (const CoverageInterval &i : watched.back().intervals()) {
            if (i.end >= from && i.end <= to)
                checkpoints.push_back({i.end, h});
        }
    }
    std::sort(checkpoints.begin(), checkpoints.end(),
              [](const Checkpoint &a, const Checkpoint &b) { return a.time < b.time; });
    std::vector<Counts> atLastWatch(size_t(hubs.size()), Counts{0, 0, 0, 0});

    const int n = int(std::min<qint64>(budget, std::max<qint64>(1, to - from)));
    size_t e = 0;
    size_t c = 0;
    qint64 previous = from;
    points.reserve(n);
    for (int i = 0; i < n; ++i) {
        const qint64 edge = from + (to - from) * (i + 1) / n;
        // Events and checkpoints in time order; at equal times the event first, so a
        // checkpoint holds the state at the watch's end.
        while (true) {
            const bool eventNext = e < events.size() && events[e].time <= edge;
            const bool checkpointNext = c < checkpoints.size() && checkpoints[c].time <= edge;
            if (eventNext && (!checkpointNext || events[e].time <= checkpoints[c].time)) {
                Counts &hub = counts[size_t(events[e].hub)];
                if (events[e].from != notCounted)
                    --hub[size_t(events[e].from)];
                if (events[e].to != notCounted)
                    ++hub[size_t(events[e].to)];
                ++e;
            } else if (checkpointNext) {
                atLastWatch[size_t(checkpoints[c].hub)] = counts[size_t(checkpoints[c].hub)];
                ++c;
            } else {
                break;
            }
        }
        HealthPoint point;
        point.time = edge;
        point.recorded = false;
        for (size_t h = 0; h < counts.size(); ++h) {
            const qint64 last = watched[h].lastWatched(previous, edge);
            if (last == CoverageCursor::none)
                continue;
            const Counts &shown = last == edge ? counts[h] : atLastWatch[h];
            point.recorded = true;
            point.healthy += shown[size_t(Health::Healthy)];
            point.unhealthy += shown[size_t(Health::Unhealthy)];
            point.unknown += shown[size_t(Health::Unknown)];
            point.notReported += shown[size_t(Health::NotReported)];
        }
        points.append(point);
        previous = edge;
    }
    return points;
}

QList<ClusterId> clustersWithHealth(const QList<ConditionTransition> &transitions,
                                    const QHash<QString, QList<CoverageInterval>> &coverage, qint64 since,
                                    qint64 at, Health health, const HealthRules &rules,
                                    const QHash<ClusterId, QString> &managers)
{
    QStringList hubs;
    QList<ClusterId> seen;
    const std::vector<Event> events = verdictEvents(transitions, rules, managers, &hubs, &seen);
    // Each hub is judged as of the last moment in (since, at] it was watched.
    std::vector<qint64> asOf;
    for (const QString &hub : std::as_const(hubs))
        asOf.push_back(CoverageCursor(coverage.value(hub)).lastWatched(since, at));
    QHash<int, int> verdicts;
    for (const Event &event : events) {
        if (event.time <= asOf[size_t(event.hub)])
            verdicts.insert(event.cluster, event.to);
    }
    QList<ClusterId> clusters;
    for (auto it = verdicts.cbegin(); it != verdicts.cend(); ++it) {
        if (it.value() == int(health))
            clusters.append(seen[it.key()]);
    }
    std::sort(clusters.begin(), clusters.end(), [](const ClusterId &a, const ClusterId &b) {
        return std::tie(a.hub, a.namespaceName, a.name) < std::tie(b.hub, b.namespaceName, b.name);
    });
    return clusters;
}

} // namespace fleetscope
