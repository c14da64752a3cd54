#include "historydatabase.h"
#include "historyschema.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <limits>

// HistoryDatabase's retention and size caps: what keeps the file's size flat.

namespace fleetscope {
qint64 HistoryDatabase::dataBytes() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    qint64 pages = 0, freePages = 0, pageSize = 0;
    if (q.exec(QStringLiteral("PRAGMA page_count")) && q.next())
        pages = q.value(0).toLongLong();
    if (q.exec(QStringLiteral("PRAGMA freelist_count")) && q.next())
        freePages = q.value(0).toLongLong();
    if (q.exec(QStringLiteral("PRAGMA page_size")) && q.next())
        pageSize = q.value(0).toLongLong();
    return (pages - freePages) * pageSize;
}

qint64 HistoryDatabase::transitionCount() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM transitions")) && q.next())
        return q.value(0).toLongLong();
    return -1;
}

bool HistoryDatabase::pruneTransitionsBefore(qint64 cutoff, bool *deleted, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    const auto fail = [&] {
        *error = describe(QCoreApplication::translate("History", "cannot prune"), history_schema::sqlErrorText(q.lastError()));
        return false;
    };
    // Clusters whose every condition ended (deleted profiles) before `cutoff`:
    // their last rows go too, and their keys. Their earlier rows began before
    // the ending, so the retention below takes them.
    if (!q.exec(QStringLiteral("CREATE TEMP TABLE IF NOT EXISTS ended_clusters (id INTEGER PRIMARY KEY)"))
        || !q.exec(QStringLiteral("DELETE FROM ended_clusters")))
        return fail();
    q.prepare(QStringLiteral("INSERT INTO ended_clusters (id) SELECT l.cluster FROM latest l JOIN transitions t ON "
                             "t.id = l.id GROUP BY l.cluster HAVING MAX(t.new_status) = 0 AND MAX(t.at) < ?"));
    q.bindValue(0, cutoff);
    if (!q.exec())
        return fail();
    if (q.numRowsAffected() > 0) {
        if (!q.exec(QStringLiteral("DELETE FROM transitions WHERE id IN (SELECT l.id FROM latest l JOIN "
                                   "ended_clusters e ON e.id = l.cluster)"))
            || !q.exec(QStringLiteral("DELETE FROM latest WHERE cluster IN (SELECT id FROM ended_clusters)"))
            || !q.exec(QStringLiteral("DELETE FROM clusters WHERE id IN (SELECT id FROM ended_clusters)")))
            return fail();
        *deleted = true;
        m_ids.forget(); // ids of keys and heads that are gone
    }
    q.prepare(QStringLiteral("DELETE FROM transitions WHERE at < ? AND id NOT IN (SELECT id FROM latest)"));
    q.bindValue(0, cutoff);
    if (!q.exec())
        return fail();
    *deleted = *deleted || q.numRowsAffected() > 0;
    return true;
}

bool HistoryDatabase::prune(qint64 cutoff, qint64 maxBytes, QString *error)
{
    auto fail = [&](QSqlQuery &q) {
        *error = describe(QCoreApplication::translate("History", "cannot prune"), history_schema::sqlErrorText(q.lastError()));
        return false;
    };
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    bool deleted = false;
    if (!pruneTransitionsBefore(cutoff, &deleted, error))
        return false;
    q.prepare(QStringLiteral("DELETE FROM coverage WHERE ended_at < ?"));
    q.bindValue(0, cutoff);
    if (!q.exec())
        return fail(q);
    for (int round = 0; maxBytes > 0 && round < 8; ++round) {
        // The cap is the transitions': the fleet log has its own (pruneFleetLog()).
        const qint64 bytes = dataBytes() - m_fleet.bytes();
        const qint64 count = transitionCount();
        if (bytes <= maxBytes || count <= 0)
            break;
        // The oldest share that should bring the file under the cap, and a tenth
        // more so that the next write does not start over at once: everything
        // that began before the transition at that share.
        const double share = std::min(1.0, 1.0 - double(maxBytes) / double(bytes) + 0.1);
        q.prepare(QStringLiteral("SELECT at FROM transitions ORDER BY at LIMIT 1 OFFSET ?"));
        q.bindValue(0, std::min(count - 1, std::max<qint64>(0, qint64(double(count) * share))));
        if (!q.exec())
            return fail(q);
        if (!q.next())
            break;
        const qint64 capCutoff = q.value(0).toLongLong() + 1;
        q.finish();
        const qint64 before = count;
        if (!pruneTransitionsBefore(capCutoff, &deleted, error))
            return false;
        if (transitionCount() >= before)
            break;
    }
    if (deleted) {
        // Texts only the deleted transitions used (messages that name a time or a
        // count are many, member ids of deleted clusters) go too, so that the cap
        // holds for them as well.
        if (!q.exec(QStringLiteral("DELETE FROM texts WHERE id NOT IN (SELECT type FROM transitions UNION "
                                   "SELECT member FROM transitions UNION SELECT reason FROM transitions UNION "
                                   "SELECT message FROM transitions)")))
            return fail(q);
        m_ids.forgetTexts();
    }
    return true;
}

bool HistoryDatabase::pruneFleetLog(qint64 cutoff, qint64 maxBytes, QString *error)
{
    QString detail;
    const auto failed = [&] {
        *error = describe(QCoreApplication::translate("History", "cannot prune"), detail);
        return false;
    };
    if (!m_fleet.prune(cutoff, &detail))
        return failed();
    for (int round = 0; maxBytes > 0 && round < 8; ++round) {
        const qint64 bytes = m_fleet.bytes();
        if (bytes <= maxBytes)
            break;
        const QList<FleetLogTables::Stream> streams = m_fleet.streams(QString(), &detail);
        if (!detail.isEmpty())
            return failed();
        qint64 oldest = std::numeric_limits<qint64>::max();
        qint64 newest = std::numeric_limits<qint64>::min();
        for (const FleetLogTables::Stream &s : streams) {
            oldest = std::min(oldest, s.startedAt);
            newest = std::max(newest, s.endedAt);
        }
        if (streams.isEmpty() || newest <= oldest)
            break;
        const double share = std::min(1.0, 1.0 - double(maxBytes) / double(bytes) + 0.1);
        if (!m_fleet.prune(oldest + qint64(double(newest - oldest) * share), &detail))
            return failed();
        if (m_fleet.bytes() >= bytes)
            break; // no keyframe to cut at yet
    }
    return true;
}

} // namespace fleetscope
