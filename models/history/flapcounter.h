#pragma once

#include "historytypes.h"

#include <QHash>
#include <QList>
#include <QSet>

#include <vector>

namespace fleetscope {

// Flaps (real status changes, see isFlap) per cluster over a sliding window,
// kept in memory in time buckets so that the table's Flaps column costs the
// same after a week of churn as after a minute: asking SQLite to count a day
// of transitions every few seconds grows with the day (300 events/s are 26M
// rows), these counts do not.
//
// A count covers whole buckets (the window / bucketCount), so a flap up to one
// bucket older than the window may still be counted: with the default 24 h
// window and 48 buckets, 30 minutes at most, 2 % of the window.
class FlapCounter final
{
public:
    static constexpr int defaultBucketCount = 48;

    explicit FlapCounter(qint64 windowMs = 24 * 3600 * 1000, int bucketCount = defaultBucketCount);

    static bool isFlap(const ConditionTransition &t);

    qint64 windowMs() const { return m_windowMs; }
    qint64 bucketMs() const { return m_bucketMs; }

    void clear()
    {
        m_clusters.clear();
        m_changed.clear();
    }
    // Drops a cluster's flaps: the counts follow the live fleet, so a hub that
    // churns through names does not grow them for a whole window.
    void forget(const ClusterId &cluster)
    {
        if (m_clusters.remove(cluster))
            m_changed.insert(cluster);
    }
    template<typename Gone>
    void forgetIf(Gone gone)
    {
        m_clusters.removeIf([this, &gone](const auto &it) {
            if (!gone(it.key()))
                return false;
            m_changed.insert(it.key());
            return true;
        });
    }
    // Counts `count` flaps of `cluster` in the bucket that holds `at`.
    void add(const ClusterId &cluster, qint64 at, int count = 1);
    // Adds the flaps among `transitions`.
    void addTransitions(const QList<ConditionTransition> &transitions);
    // Flaps per cluster in the window that ends at `now` (clusters without any
    // left out), after dropping the buckets that left the window. What changes()
    // reports next is what changed after this.
    QHash<ClusterId, int> counts(qint64 now);
    // The counts that changed since the last counts() or changes(), 0 for a
    // cluster that has none left: a refresh every few seconds sends the few
    // hundred that moved, not every cluster that ever flapped (under churn the
    // whole fleet, within a window). For one reader, which applies them in order.
    QHash<ClusterId, int> changes(qint64 now);
    // Clusters with at least one bucket in memory (bounded by the fleet, with forget()).
    qsizetype clusterCount() const { return m_clusters.size(); }

private:
    struct Bucket
    {
        qint64 index;
        int count;
    };
    struct Flaps
    {
        std::vector<Bucket> buckets; // ascending, only those with flaps
        int total = 0;
    };
    void expire(qint64 now);

    qint64 m_windowMs;
    qint64 m_bucketMs;
    qint64 m_firstBucket = 0; // the oldest bucket index kept at the last expire()
    QHash<ClusterId, Flaps> m_clusters;
    QSet<ClusterId> m_changed; // since the last counts() or changes()
};

} // namespace fleetscope
