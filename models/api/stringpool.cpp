#include "stringpool.h"

#include <algorithm>

#include <QMutexLocker>

namespace fleetscope {

StringPool &StringPool::shared()
{
    static StringPool pool;
    return pool;
}

QString StringPool::intern(QStringView text)
{
    if (text.isEmpty())
        return QString();
    QMutexLocker lock(&m_mutex);
    // QSet has no heterogeneous lookup: build the key once, keep it when new.
    QString key = text.toString();
    const auto it = m_strings.constFind(key);
    if (it != m_strings.constEnd())
        return *it;
    key.squeeze();
    m_strings.insert(key);
    return key;
}

QString StringPool::intern(const QString &text)
{
    if (text.isEmpty())
        return QString();
    QMutexLocker lock(&m_mutex);
    const auto it = m_strings.constFind(text);
    if (it != m_strings.constEnd())
        return *it;
    QString key = text;
    key.squeeze();
    m_strings.insert(key);
    return key;
}

QString StringPool::internUtf8(const char *data, qsizetype size)
{
    if (size == 0)
        return QString();
    return intern(QString::fromUtf8(data, size));
}

qsizetype StringPool::size() const
{
    QMutexLocker lock(&m_mutex);
    return m_strings.size();
}

qsizetype StringPool::purgeUnused()
{
    QMutexLocker lock(&m_mutex);
    qsizetype removed = 0;
    for (auto it = m_strings.begin(); it != m_strings.end();) {
        // isDetached(): the pool's copy is the only reference left.
        if (it->isDetached()) {
            it = m_strings.erase(it);
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
