#include "historyids.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace fleetscope {
namespace {

// Each cache is dropped beyond this many entries (a few MB at most).
constexpr int kMaxCached = 100000;

QString sqlError(const QSqlError &error)
{
    const QString db = error.databaseText();
    return db.isEmpty() ? error.text() : db;
}

// The columns are NOT NULL; a null QString would bind as NULL.
QString nonNull(const QString &text)
{
    return text.isNull() ? QStringLiteral("") : text;
}

} // namespace

void HistoryIds::bound()
{
    if (m_texts.size() > kMaxCached || m_clusters.size() > kMaxCached || m_latest.size() > kMaxCached)
        forget();
}

void HistoryIds::forget()
{
    m_texts.clear();
    m_clusters.clear();
    m_latest.clear();
}

qint64 HistoryIds::text(const QString &text, QString *error)
{
    const auto known = m_texts.constFind(text);
    if (known != m_texts.constEnd())
        return *known;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id FROM texts WHERE text = ?"));
    q.bindValue(0, nonNull(text));
    qint64 id = -1;
    if (q.exec() && q.next()) {
        id = q.value(0).toLongLong();
    } else if (q.lastError().isValid()) {
        *error = sqlError(q.lastError());
        return -1;
    } else {
        q.prepare(QStringLiteral("INSERT INTO texts (text) VALUES (?)"));
        q.bindValue(0, nonNull(text));
        if (!q.exec()) {
            *error = sqlError(q.lastError());
            return -1;
        }
        id = q.lastInsertId().toLongLong();
    }
    m_texts.insert(text, id);
    return id;
}

qint64 HistoryIds::cluster(const ClusterId &cluster, QString *error)
{
    const auto known = m_clusters.constFind(cluster);
    if (known != m_clusters.constEnd())
        return *known;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id FROM clusters WHERE hub = ? AND namespace = ? AND name = ?"));
    q.bindValue(0, nonNull(cluster.hub));
    q.bindValue(1, nonNull(cluster.namespaceName));
    q.bindValue(2, nonNull(cluster.name));
    qint64 id = -1;
    if (q.exec() && q.next()) {
        id = q.value(0).toLongLong();
    } else if (q.lastError().isValid()) {
        *error = sqlError(q.lastError());
        return -1;
    } else {
        q.prepare(QStringLiteral("INSERT INTO clusters (hub, namespace, name) VALUES (?, ?, ?)"));
        q.bindValue(0, nonNull(cluster.hub));
        q.bindValue(1, nonNull(cluster.namespaceName));
        q.bindValue(2, nonNull(cluster.name));
        if (!q.exec()) {
            *error = sqlError(q.lastError());
            return -1;
        }
        id = q.lastInsertId().toLongLong();
    }
    m_clusters.insert(cluster, id);
    return id;
}

qint64 HistoryIds::latest(qint64 cluster, qint64 type, QString *error)
{
    const auto known = m_latest.constFind({cluster, type});
    if (known != m_latest.constEnd())
        return *known;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id FROM latest WHERE cluster = ? AND type = ?"));
    q.bindValue(0, cluster);
    q.bindValue(1, type);
    if (!q.exec()) {
        *error = sqlError(q.lastError());
        return -1;
    }
    const qint64 id = q.next() ? q.value(0).toLongLong() : 0; // 0: the key's first transition
    m_latest.insert({cluster, type}, id);
    return id;
}

} // namespace fleetscope
