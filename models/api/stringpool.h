#pragma once

#include <QMutex>
#include <QSet>
#include <QString>

#include <string_view>

namespace fleetscope {

// Interns repeated strings (managers, clustersets, property names and values,
// condition types, reasons) so that 100k profiles share one copy of each.
//
// intern() returns a QString that shares the pool's buffer: copies cost a
// reference count, not an allocation. Thread-safe, because hubs decode on their
// own threads. purgeUnused() drops strings that only the pool still holds, so
// churning values (messages, versions) do not pile up forever.
class StringPool final
{
    Q_DISABLE_COPY_MOVE(StringPool)

public:
    StringPool() = default;

    // The process-wide pool used by the decoders.
    static StringPool &shared();

    QString intern(QStringView text);
    QString intern(const QString &text);
    QString internUtf8(const char *data, qsizetype size);

    qsizetype size() const;

    // Label keys and property names whose values identify one cluster (member
    // ids, cluster ids, endpoints): interning those shares nothing and costs a
    // lookup plus a pool entry per cluster, so decoders keep them as plain strings.
    static bool holdsUniqueValues(QStringView key);
    static bool holdsUniqueValues(std::string_view key);
    // Removes strings referenced by nobody but the pool; returns how many.
    qsizetype purgeUnused();

private:
    mutable QMutex m_mutex;
    QSet<QString> m_strings;
};

} // namespace fleetscope
