#pragma once

#include "historytypes.h"

#include <QHash>
#include <QPair>
#include <QString>

namespace fleetscope {

// The ids a HistoryDatabase write needs (historyschema.h): of texts and cluster
// keys, interned on first use, and of each (cluster, type)'s latest transition,
// the head its next one chains to. Kept in memory after the first look-up, so a
// steady stream of transitions costs no reads; the caches are dropped when large
// (a hub churning through names) and whenever they might disagree with the file.
class HistoryIds final
{
public:
    explicit HistoryIds(const QString &connection)
        : m_connection(connection)
    {
    }

    // -1 with `error` set when SQLite fails.
    qint64 text(const QString &text, QString *error);
    qint64 cluster(const ClusterId &cluster, QString *error);
    // 0 when the key has no transition yet.
    qint64 latest(qint64 cluster, qint64 type, QString *error);
    void setLatest(qint64 cluster, qint64 type, qint64 id) { m_latest.insert({cluster, type}, id); }

    // Before a batch: keeps the caches under a fixed size.
    void bound();
    // After a rollback (ids of rows that are gone) or closing.
    void forget();
    // After prune deleted unused texts.
    void forgetTexts() { m_texts.clear(); }

private:
    QString m_connection;
    QHash<QString, qint64> m_texts;
    QHash<ClusterId, qint64> m_clusters;
    QHash<QPair<qint64, qint64>, qint64> m_latest;
};

} // namespace fleetscope
