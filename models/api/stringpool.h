#pragma once

#include "pooledstring.h"

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringView>

#include <string_view>

namespace fleetscope {

// Deduplicates repeated strings (managers, clustersets, property names and values,
// condition types, reasons) so that 100k profiles share one copy of each.
//
// pooled() returns a 4-byte PooledString naming the one copy; intern() a QString
// sharing its buffer, for code that keeps QStrings. Thread-safe, because hubs
// decode on their own threads. purgeUnused() frees strings no handle names any
// more, so churning values (messages, versions) do not pile up forever; the fleet
// store calls it as hubs settle and on a timer.
class StringPool final
{
    Q_DISABLE_COPY_MOVE(StringPool)

public:
    StringPool() = default;
    ~StringPool();

    // The process-wide pool used by the decoders.
    static StringPool &shared();

    PooledString pooled(QStringView text);
    PooledString pooled(const QString &text); // a new slot shares the buffer of `text`
    PooledString pooledUtf8(std::string_view text);
    QString intern(QStringView text) { return pooled(text).toString(); }

    // Distinct strings held, in use or not yet purged.
    qsizetype size() const;

    // Label keys and property names whose values identify one cluster (member
    // ids, cluster ids, endpoints): pooling those shares nothing and costs a
    // lookup plus a pool entry per cluster, so decoders keep them as
    // PooledString::unique().
    static bool holdsUniqueValues(QStringView key);
    static bool holdsUniqueValues(std::string_view key);
    // Frees strings no handle names any more; returns how many.
    qsizetype purgeUnused();

private:
    PooledString pooled(QStringView text, const QString *buffer);

    mutable QMutex m_mutex;
    // Views into the slots' texts, which stay put while the slot is pooled.
    QHash<QStringView, quint32> m_ids;
};

} // namespace fleetscope
