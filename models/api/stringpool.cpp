#include "stringpool.h"

#include <QMutexLocker>

#include <algorithm>

namespace fleetscope {

StringPool &StringPool::shared()
{
    // Never destroyed, like the slots: handles in statics outlive function-local statics.
    static StringPool *const pool = new StringPool;
    return *pool;
}

StringPool::~StringPool()
{
    QMutexLocker lock(&m_mutex);
    for (const quint32 id : std::as_const(m_ids))
        StringSlots::disown(id);
}

PooledString StringPool::pooled(QStringView text)
{
    return pooled(text, nullptr);
}

PooledString StringPool::pooled(const QString &text)
{
    return pooled(text, &text);
}

PooledString StringPool::pooled(QStringView text, const QString *buffer)
{
    if (text.isEmpty())
        return PooledString();
    QMutexLocker lock(&m_mutex);
    const auto it = m_ids.constFind(text);
    if (it != m_ids.constEnd()) {
        // Under the lock: purgeUnused() cannot free a slot between lookup and retain.
        StringSlots::retain(*it);
        return PooledString(*it);
    }
    const quint32 id = StringSlots::allocate(buffer ? *buffer : text.toString(), true);
    m_ids.insert(QStringView(StringSlots::text(id)), id);
    return PooledString(id);
}

PooledString StringPool::pooledUtf8(std::string_view text)
{
    if (text.empty())
        return PooledString();
    return pooled(QString::fromUtf8(text.data(), qsizetype(text.size())));
}

qsizetype StringPool::size() const
{
    QMutexLocker lock(&m_mutex);
    return m_ids.size();
}

qsizetype StringPool::purgeUnused()
{
    QMutexLocker lock(&m_mutex);
    qsizetype removed = 0;
    for (auto it = m_ids.begin(); it != m_ids.end();) {
        const quint32 id = *it;
        if (StringSlots::referenceCount(id) == 0) {
            // Erase first: the key is a view into the slot's text.
            it = m_ids.erase(it);
            StringSlots::freeIfUnused(id);
            ++removed;
        } else {
            ++it;
        }
    }
    return removed;
}

namespace {

// KEP-2149's cluster id, the ids of the inventory drafts, the proposed endpoint
// list property, and the inventory member label (clusterprofile-api.md §1.6–1.7).
constexpr std::string_view uniqueValuedKeys[] = {
    "multicluster.x-k8s.io/inventory-member-id",
    "cluster.clusterset.k8s.io",
    "id.k8s.io",
    "clusterset.k8s.io/cluster-id",
    "cluster-endpoints.k8s.io",
};

} // namespace

bool StringPool::holdsUniqueValues(std::string_view key)
{
    return std::find(std::begin(uniqueValuedKeys), std::end(uniqueValuedKeys), key) != std::end(uniqueValuedKeys);
}

bool StringPool::holdsUniqueValues(QStringView key)
{
    for (const std::string_view known : uniqueValuedKeys) {
        if (key == QLatin1StringView(known.data(), qsizetype(known.size())))
            return true;
    }
    return false;
}

} // namespace fleetscope
