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
    if (index < m_firstBucket)
        return; // already out of the window the counts cover
    Flaps &flaps = m_clusters[cluster];
    flaps.total += count;
    m_changed.insert(cluster);
    std::vector<Bucket> &buckets = flaps.buckets;
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
    // The oldest bucket still (partly) inside the window. Buckets leave it once
    // per bucket length (30 minutes by default): only then is every cluster walked.
    const qint64 first = (now - m_windowMs) / m_bucketMs;
    if (first <= m_firstBucket)
        return;
    m_firstBucket = first;
    for (auto it = m_clusters.begin(); it != m_clusters.end();) {
        Flaps &flaps = it.value();
        const auto keep = std::find_if(flaps.buckets.begin(), flaps.buckets.end(),
                                       [first](const Bucket &b) { return b.index >= first; });
        if (keep != flaps.buckets.begin()) {
            for (auto b = flaps.buckets.begin(); b != keep; ++b)
                flaps.total -= b->count;
            flaps.buckets.erase(flaps.buckets.begin(), keep);
            m_changed.insert(it.key());
        }
        if (flaps.buckets.empty())
            it = m_clusters.erase(it);
        else
            ++it;
    }
}

QHash<ClusterId, int> FlapCounter::counts(qint64 now)
{
    expire(now);
    m_changed.clear();
    QHash<ClusterId, int> result;
    result.reserve(m_clusters.size());
    for (auto it = m_clusters.cbegin(); it != m_clusters.cend(); ++it)
        result.insert(it.key(), it->total);
    return result;
}

QHash<ClusterId, int> FlapCounter::changes(qint64 now)
{
    expire(now);
    QHash<ClusterId, int> result;
    result.reserve(m_changed.size());
    for (const ClusterId &cluster : std::as_const(m_changed)) {
        const auto it = m_clusters.constFind(cluster);
        result.insert(cluster, it == m_clusters.cend() ? 0 : it->total);
    }
    m_changed.clear();
    return result;
}

} // namespace fleetscope
