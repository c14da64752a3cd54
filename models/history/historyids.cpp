#include "historyids.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace fleetscope {
namespace {

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

void HistoryIds::forget()
{
    m_texts.clear();
    m_clusters.clear();
    m_latest.clear();
}

qint64 HistoryIds::text(const QString &text, QString *error)
{
    if (const qint64 *known = m_texts.find(text))
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
    if (const qint64 *known = m_clusters.find(cluster))
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
    if (const qint64 *known = m_latest.find({cluster, type}))
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
