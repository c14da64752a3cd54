#include "stringpool.h"

#include "pooledstring.h"

#include <QMutexLocker>

namespace fleetscope {

std::atomic<StringPool::Slot *> StringPool::s_chunks[StringPool::chunkCount];

StringPool &StringPool::shared()
{
    // Never destroyed: handles in other statics may be released during exit.
    static StringPool *const pool = new StringPool;
    return *pool;
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
        retain(*it);
        return PooledString(*it);
    }
    quint32 id = 0;
    if (!m_freeIds.empty()) {
        id = m_freeIds.back();
        m_freeIds.pop_back();
    } else {
        // 128M distinct live strings would be 4 GiB of slots alone: no fleet gets there.
        if (m_nextId >= chunkSize * chunkCount)
            qFatal("fleetscope: the string table is full (%u strings)", m_nextId);
        id = m_nextId++;
        std::atomic<Slot *> &chunk = s_chunks[id >> chunkBits];
        if (!chunk.load(std::memory_order_relaxed))
            chunk.store(new Slot[chunkSize], std::memory_order_release);
    }
    Slot &s = slot(id);
    s.text = buffer ? *buffer : text.toString();
    // Only when there is slack: squeeze() also copies a buffer the caller still
    // shares, which is no waste (decoders drop their copy at once).
    if (s.text.capacity() > s.text.size())
        s.text.squeeze();
    s.refs.store(1, std::memory_order_relaxed);
    m_ids.insert(QStringView(s.text), id);
    return PooledString(id);
}

PooledString StringPool::pooledUtf8(std::string_view text)
{
    return pooled(QString::fromUtf8(text.data(), qsizetype(text.size())));
}

QString StringPool::intern(QStringView text)
{
    return pooled(text).toString();
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
        // No handle names the slot, so none can appear but through a lookup, which waits for the lock.
        if (slot(id).refs.load(std::memory_order_acquire) == 0) {
            // Erase first: the key is a view into the slot's text.
            it = m_ids.erase(it);
            slot(id).text = QString();
            m_freeIds.push_back(id);
            ++removed;
        } else {
            ++it;
        }
    }
    return removed;
}

} // namespace fleetscope
