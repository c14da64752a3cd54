#include "flapcounter.h"

#include <algorithm>

namespace fleetscope {

FlapCounter::FlapCounter(qint64 windowMs, int bucketCount)
    : m_windowMs(std::max<qint64>(windowMs, 1))
    , m_bucketMs(std::max<qint64>(m_windowMs / std::max(bucketCount, 1), 1))
{
}

bool FlapCounter::isFlap(const ConditionTransition &t)
{
    return !t.seeded && t.from != ConditionStatus::Absent && t.to != ConditionStatus::Absent && t.from != t.to;
}

void FlapCounter::add(const ClusterId &cluster, qint64 at, int count)
{
    if (count <= 0)
        return;
    const qint64 index = at / m_bucketMs;
    std::vector<Bucket> &buckets = m_clusters[cluster];
    // Transitions arrive in time order nearly always: the last bucket is the one.
    if (!buckets.empty() && buckets.back().index == index) {
        buckets.back().count += count;
        return;
    }
    const auto at_ = std::lower_bound(buckets.begin(), buckets.end(), index,
                                      [](const Bucket &b, qint64 i) { return b.index < i; });
    if (at_ != buckets.end() && at_->index == index)
        at_->count += count;
    else
        buckets.insert(at_, Bucket{index, count});
}

void FlapCounter::addTransitions(const QList<ConditionTransition> &transitions)
{
    for (const ConditionTransition &t : transitions) {
        if (isFlap(t))
            add(t.cluster, t.at);
    }
}

void FlapCounter::expire(qint64 now)
{
    // The oldest bucket still (partly) inside the window.
    const qint64 first = (now - m_windowMs) / m_bucketMs;
    for (auto it = m_clusters.begin(); it != m_clusters.end();) {
        std::vector<Bucket> &buckets = it.value();
        const auto keep = std::find_if(buckets.begin(), buckets.end(), [first](const Bucket &b) { return b.index >= first; });
        buckets.erase(buckets.begin(), keep);
        if (buckets.empty())
            it = m_clusters.erase(it);
        else
            ++it;
    }
}

QHash<ClusterId, int> FlapCounter::counts(qint64 now)
{
    expire(now);
    QHash<ClusterId, int> result;
    result.reserve(m_clusters.size());
    for (auto it = m_clusters.cbegin(); it != m_clusters.cend(); ++it) {
        int total = 0;
        for (const Bucket &b : it.value())
            total += b.count;
        result.insert(it.key(), total);
    }
    return result;
}

} // namespace fleetscope
