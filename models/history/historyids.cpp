#include "historyids.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace fleetscope {
namespace {

QString sqlErrorText(const QSqlError &error)
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

void HistoryIds::forgetEnded(const QList<ConditionTransition> &endings)
{
    // Every heads entry first: they are found by the cluster's id.
    for (const ConditionTransition &t : endings) {
        const qint64 *cluster = m_clusters.peek(t.cluster);
        const qint64 *type = cluster ? m_texts.peek(t.type) : nullptr;
        if (type)
            m_latest.remove({*cluster, *type});
    }
    for (const ConditionTransition &t : endings) {
        m_clusters.remove(t.cluster);
        m_texts.remove(t.memberId);
    }
}

namespace {

// The id of the row that `select` finds with `values`, inserted by `insert`
// with the same values when there is none; -1 with `error` set when SQLite fails.
qint64 findOrInsert(const QString &connection, const QString &select, const QString &insert,
                    const QStringList &values, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(connection, false));
    const auto bind = [&q, &values] {
        for (int i = 0; i < values.size(); ++i)
            q.bindValue(i, nonNull(values.at(i)));
    };
    q.prepare(select);
    bind();
    if (q.exec() && q.next())
        return q.value(0).toLongLong();
    if (!q.lastError().isValid()) {
        q.prepare(insert);
        bind();
        if (q.exec())
            return q.lastInsertId().toLongLong();
    }
    *error = sqlErrorText(q.lastError());
    return -1;
}

} // namespace

qint64 HistoryIds::text(const QString &text, QString *error)
{
    if (const qint64 *known = m_texts.find(text))
        return *known;
    const qint64 id = findOrInsert(m_connection, QStringLiteral("SELECT id FROM texts WHERE text = ?"),
                                   QStringLiteral("INSERT INTO texts (text) VALUES (?)"), {text}, error);
    if (id >= 0)
        m_texts.insert(text, id);
    return id;
}

qint64 HistoryIds::cluster(const ClusterId &cluster, QString *error)
{
    if (const qint64 *known = m_clusters.find(cluster))
        return *known;
    const qint64 id = findOrInsert(
        m_connection, QStringLiteral("SELECT id FROM clusters WHERE hub = ? AND namespace = ? AND name = ?"),
        QStringLiteral("INSERT INTO clusters (hub, namespace, name) VALUES (?, ?, ?)"),
        {cluster.hub, cluster.namespaceName, cluster.name}, error);
    if (id >= 0)
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
        *error = sqlErrorText(q.lastError());
        return -1;
    }
    const qint64 id = q.next() ? q.value(0).toLongLong() : 0; // 0: the key's first transition
    m_latest.insert({cluster, type}, id);
    return id;
}

} // namespace fleetscope
