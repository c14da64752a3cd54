#include "historydatabase.h"

#include "flapcounter.h"
#include "timelinesegments.h"

#include "kube/privatefiles.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace fleetscope {
namespace {

QAtomicInt g_connectionCounter;

const QString kColumns = QStringLiteral(
    "hub, namespace, name, member_id, type, old_status, new_status, reason, message, transition_time, "
    "observed_at, at, seeded");

ConditionStatus statusFrom(const QVariant &value)
{
    const int v = value.toInt();
    return v >= 0 && v <= 3 ? ConditionStatus(v) : ConditionStatus::Unknown;
}

ConditionTransition readTransition(const QSqlQuery &q)
{
    ConditionTransition t;
    t.cluster = {q.value(0).toString(), q.value(1).toString(), q.value(2).toString()};
    t.memberId = q.value(3).toString();
    t.type = q.value(4).toString();
    t.from = statusFrom(q.value(5));
    t.to = statusFrom(q.value(6));
    t.reason = q.value(7).toString();
    t.message = q.value(8).toString();
    t.lastTransitionTime = q.value(9).toLongLong();
    t.observedAt = q.value(10).toLongLong();
    t.at = q.value(11).toLongLong();
    t.seeded = q.value(12).toBool();
    return t;
}

QString sqlError(const QSqlError &error)
{
    const QString db = error.databaseText();
    return db.isEmpty() ? error.text() : db;
}

} // namespace

HistoryDatabase::HistoryDatabase()
    : m_connection(QStringLiteral("fleetscope-history-%1").arg(g_connectionCounter.fetchAndAddRelaxed(1)))
{
}

HistoryDatabase::~HistoryDatabase()
{
    close();
}

QString HistoryDatabase::describe(const QString &what, const QString &detail) const
{
    return QCoreApplication::translate("History", "history database %1: %2: %3").arg(m_path, what, detail);
}

bool HistoryDatabase::open(const QString &path, QString *error)
{
    close();
    m_path = path;
    const QFileInfo info(path);
    if (info.exists() && !info.isFile()) {
        *error = describe(QCoreApplication::translate("History", "cannot open"),
                          QCoreApplication::translate("History", "not a file"));
        return false;
    }
    // The history names every cluster of the fleet: the user's alone, like the
    // fleet cache. SQLite gives the -wal and -shm files the database's mode;
    // ones left from an older run are tightened too.
    QString privacyError;
    if (!private_files::makeDirectory(info.absolutePath(), &privacyError)
        || !private_files::makeFile(path, true, &privacyError)
        || !private_files::makeFile(path + QStringLiteral("-wal"), false, &privacyError)
        || !private_files::makeFile(path + QStringLiteral("-shm"), false, &privacyError)) {
        *error = describe(QCoreApplication::translate("History", "cannot keep it private"), privacyError);
        return false;
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
        db.setDatabaseName(path);
        // A writer that holds the lock for longer than this is another program.
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000"));
        if (!db.open()) {
            *error = describe(QCoreApplication::translate("History", "cannot open"), sqlError(db.lastError()));
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_connection);
            return false;
        }
    }
    m_open = true;
    QString detail;
    // Reading the schema is the first thing that fails on a file that is not a
    // database ("file is not a database"), so it doubles as the corruption check.
    if (!exec(QStringLiteral("PRAGMA locking_mode=EXCLUSIVE"), &detail)
        || !exec(QStringLiteral("PRAGMA journal_mode=WAL"), &detail)
        || !exec(QStringLiteral("PRAGMA synchronous=NORMAL"), &detail) || !migrate(&detail)) {
        // SQLITE_BUSY: another connection holds the file (not "database table is locked").
        const bool locked = detail.contains(QLatin1String("database is locked"), Qt::CaseInsensitive);
        *error = locked ? describe(QCoreApplication::translate("History", "locked"),
                                   QCoreApplication::translate("History", "another program (another Fleetscope?) "
                                                                          "is using it"))
                        : describe(QCoreApplication::translate("History", "unusable"), detail);
        close();
        return false;
    }
    return true;
}

void HistoryDatabase::close()
{
    if (!QSqlDatabase::contains(m_connection))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
    m_open = false;
}

bool HistoryDatabase::exec(const QString &sql, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(sql)) {
        if (error)
            *error = sqlError(q.lastError());
        return false;
    }
    return true;
}

bool HistoryDatabase::migrate(QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' AND name='schema_version'"))) {
        *error = sqlError(q.lastError());
        return false;
    }
    m_foundVersion = 0;
    if (q.next()) {
        if (!q.exec(QStringLiteral("SELECT MAX(version) FROM schema_version")) || !q.next()) {
            *error = sqlError(q.lastError());
            return false;
        }
        m_foundVersion = q.value(0).toInt();
    }
    q.finish(); // an open statement would lock schema_version against the migration
    if (m_foundVersion > schemaVersion) {
        *error = QCoreApplication::translate("History", "written by a newer Fleetscope (schema %1, this one knows %2)")
                     .arg(m_foundVersion)
                     .arg(schemaVersion);
        return false;
    }
    // BEGIN IMMEDIATE takes the write lock now, so a locked file is found here.
    if (!exec(QStringLiteral("BEGIN IMMEDIATE"), error))
        return false;
    QStringList steps;
    if (m_foundVersion == 0) {
        steps << QStringLiteral("CREATE TABLE schema_version (version INTEGER NOT NULL)")
              << QStringLiteral("CREATE TABLE transitions (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, "
                                "namespace TEXT NOT NULL, name TEXT NOT NULL, member_id TEXT NOT NULL DEFAULT '', "
                                "type TEXT NOT NULL, old_status INTEGER NOT NULL, new_status INTEGER NOT NULL, "
                                "reason TEXT NOT NULL DEFAULT '', message TEXT NOT NULL DEFAULT '', "
                                "transition_time INTEGER NOT NULL DEFAULT 0, observed_at INTEGER NOT NULL, "
                                "at INTEGER NOT NULL, seeded INTEGER NOT NULL DEFAULT 0)");
    } else if (m_foundVersion == 1) {
        // v1 kept statuses as text and had neither member ids, start times nor coverage.
        steps << QStringLiteral("ALTER TABLE transitions RENAME TO transitions_v1")
              << QStringLiteral("CREATE TABLE transitions (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, "
                                "namespace TEXT NOT NULL, name TEXT NOT NULL, member_id TEXT NOT NULL DEFAULT '', "
                                "type TEXT NOT NULL, old_status INTEGER NOT NULL, new_status INTEGER NOT NULL, "
                                "reason TEXT NOT NULL DEFAULT '', message TEXT NOT NULL DEFAULT '', "
                                "transition_time INTEGER NOT NULL DEFAULT 0, observed_at INTEGER NOT NULL, "
                                "at INTEGER NOT NULL, seeded INTEGER NOT NULL DEFAULT 0)")
              << QStringLiteral(
                     "INSERT INTO transitions (id, hub, namespace, name, type, old_status, new_status, reason, "
                     "message, transition_time, observed_at, at) SELECT id, hub, namespace, name, type, "
                     "CASE old_status WHEN 'True' THEN 1 WHEN 'False' THEN 2 WHEN 'Unknown' THEN 3 ELSE 0 END, "
                     "CASE new_status WHEN 'True' THEN 1 WHEN 'False' THEN 2 WHEN 'Unknown' THEN 3 ELSE 0 END, "
                     "COALESCE(reason, ''), COALESCE(message, ''), COALESCE(transition_time, 0), observed_at, "
                     "observed_at FROM transitions_v1")
              << QStringLiteral("DROP TABLE transitions_v1") << QStringLiteral("DELETE FROM schema_version");
    }
    if (m_foundVersion < 2) {
        steps << QStringLiteral("CREATE TABLE coverage (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, "
                                "started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL)")
              << QStringLiteral("CREATE INDEX transitions_by_cluster ON transitions (hub, namespace, name, type, at)")
              << QStringLiteral("CREATE INDEX transitions_by_time ON transitions (at)")
              << QStringLiteral("CREATE INDEX coverage_by_hub ON coverage (hub, ended_at)")
              << QStringLiteral("INSERT INTO schema_version (version) VALUES (2)");
    }
    // A write in every open: in exclusive locking mode it is what takes (and keeps)
    // the lock, so that a second Fleetscope is told now rather than at its first write.
    steps << QStringLiteral("UPDATE schema_version SET version = version");
    for (const QString &sql : std::as_const(steps)) {
        if (!exec(sql, error)) {
            exec(QStringLiteral("ROLLBACK"), nullptr);
            return false;
        }
    }
    return exec(QStringLiteral("COMMIT"), error);
}

bool HistoryDatabase::insert(const QList<ConditionTransition> &transitions, QString *error)
{
    if (!m_open) {
        *error = describe(QCoreApplication::translate("History", "closed"), QString());
        return false;
    }
    if (transitions.isEmpty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), sqlError(db.lastError()));
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO transitions (") + kColumns
              + QStringLiteral(") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const ConditionTransition &t : transitions) {
        q.bindValue(0, t.cluster.hub);
        q.bindValue(1, t.cluster.namespaceName);
        q.bindValue(2, t.cluster.name);
        q.bindValue(3, t.memberId.isNull() ? QStringLiteral("") : t.memberId);
        q.bindValue(4, t.type);
        q.bindValue(5, int(t.from));
        q.bindValue(6, int(t.to));
        q.bindValue(7, t.reason.isNull() ? QStringLiteral("") : t.reason);
        q.bindValue(8, t.message.isNull() ? QStringLiteral("") : t.message);
        q.bindValue(9, t.lastTransitionTime);
        q.bindValue(10, t.observedAt);
        q.bindValue(11, t.at);
        q.bindValue(12, t.seeded ? 1 : 0);
        if (!q.exec()) {
            *error = describe(QCoreApplication::translate("History", "cannot write"), sqlError(q.lastError()));
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), sqlError(db.lastError()));
        db.rollback();
        return false;
    }
    return true;
}

qint64 HistoryDatabase::beginCoverage(const QString &hub, qint64 at, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO coverage (hub, started_at, ended_at) VALUES (?, ?, ?)"));
    q.bindValue(0, hub);
    q.bindValue(1, at);
    q.bindValue(2, at);
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), sqlError(q.lastError()));
        return -1;
    }
    return q.lastInsertId().toLongLong();
}

bool HistoryDatabase::extendCoverage(qint64 session, qint64 at, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE coverage SET ended_at = MAX(ended_at, ?) WHERE id = ?"));
    q.bindValue(0, at);
    q.bindValue(1, session);
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), sqlError(q.lastError()));
        return false;
    }
    return true;
}

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

bool HistoryDatabase::prune(qint64 cutoff, qint64 maxBytes, QString *error)
{
    const QString keepLatest = QStringLiteral(
        "id NOT IN (SELECT MAX(id) FROM transitions GROUP BY hub, namespace, name, type)");
    auto fail = [&](QSqlQuery &q) {
        *error = describe(QCoreApplication::translate("History", "cannot prune"), sqlError(q.lastError()));
        return false;
    };
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("DELETE FROM transitions WHERE at < ? AND ") + keepLatest);
    q.bindValue(0, cutoff);
    if (!q.exec())
        return fail(q);
    q.prepare(QStringLiteral("DELETE FROM coverage WHERE ended_at < ?"));
    q.bindValue(0, cutoff);
    if (!q.exec())
        return fail(q);
    for (int round = 0; maxBytes > 0 && round < 8; ++round) {
        const qint64 bytes = dataBytes();
        const qint64 count = transitionCount();
        if (bytes <= maxBytes || count <= 0)
            break;
        // The oldest share that should bring the file under the cap, and a tenth
        // more so that the next write does not start over at once.
        const double share = std::min(1.0, 1.0 - double(maxBytes) / double(bytes) + 0.1);
        q.prepare(QStringLiteral("DELETE FROM transitions WHERE id IN (SELECT id FROM transitions WHERE ")
                  + keepLatest + QStringLiteral(" ORDER BY at LIMIT ?)"));
        q.bindValue(0, std::max<qint64>(1, qint64(double(count) * share)));
        if (!q.exec())
            return fail(q);
        if (q.numRowsAffected() <= 0)
            break;
    }
    return true;
}

QList<ConditionTransition> HistoryDatabase::latestTransitions(QString *error) const
{
    QList<ConditionTransition> result;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // SQLite takes the other columns from the row holding MAX(id).
    if (!q.exec(QStringLiteral("SELECT ") + kColumns
                + QStringLiteral(", MAX(id) FROM transitions GROUP BY hub, namespace, name, type"))) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), sqlError(q.lastError()));
        return result;
    }
    while (q.next())
        result.append(readTransition(q));
    return result;
}

QList<CoverageInterval> HistoryDatabase::coverage(const QString &hub, qint64 from, qint64 to) const
{
    QList<CoverageInterval> result;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT started_at, ended_at FROM coverage WHERE hub = ? AND ended_at >= ? AND "
                             "started_at < ? ORDER BY started_at"));
    q.bindValue(0, hub);
    q.bindValue(1, from);
    q.bindValue(2, to);
    if (q.exec()) {
        while (q.next())
            result.append({q.value(0).toLongLong(), q.value(1).toLongLong()});
    }
    return result;
}

ClusterHistory HistoryDatabase::clusterHistory(const ClusterId &cluster, qint64 from, qint64 to) const
{
    ClusterHistory history;
    history.cluster = cluster;
    history.from = from;
    history.to = to;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // Binds the cluster, then `times`, and appends the rows; false (history.error said) when the query fails.
    const auto read = [&](const QString &sql, std::initializer_list<qint64> times) {
        q.prepare(sql);
        q.bindValue(0, cluster.hub);
        q.bindValue(1, cluster.namespaceName);
        q.bindValue(2, cluster.name);
        int index = 3;
        for (const qint64 time : times)
            q.bindValue(index++, time);
        if (!q.exec()) {
            history.error = describe(QCoreApplication::translate("History", "cannot read"), sqlError(q.lastError()));
            return false;
        }
        while (q.next())
            history.transitions.append(readTransition(q));
        return true;
    };
    // Each condition type's last change before the window (the state it starts in), then the window's changes.
    if (!read(QStringLiteral("SELECT ") + kColumns
                  + QStringLiteral(", MAX(at) FROM transitions WHERE hub = ? AND namespace = ? AND name = ? AND at < ? "
                                   "GROUP BY type"),
              {from})
        || !read(QStringLiteral("SELECT ") + kColumns
                     + QStringLiteral(" FROM transitions WHERE hub = ? AND namespace = ? AND name = ? AND at >= ? AND "
                                      "at < ? ORDER BY at, id"),
                 {from, to}))
        return history;
    history.coverage = coverage(cluster.hub, from, to);
    return history;
}

QList<ConditionTransition> HistoryDatabase::transitions(const QSet<ClusterId> &scope, qint64 from, qint64 to,
                                                        const QStringList &types, bool withStartState,
                                                        QString *error) const
{
    QList<ConditionTransition> result;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    auto run = [&](const QString &sql, bool before) {
        q.prepare(sql);
        if (before) {
            q.bindValue(0, from);
        } else {
            q.bindValue(0, from);
            q.bindValue(1, to);
        }
        if (!q.exec()) {
            *error = describe(QCoreApplication::translate("History", "cannot read"), sqlError(q.lastError()));
            return false;
        }
        while (q.next()) {
            ConditionTransition t = readTransition(q);
            if ((scope.isEmpty() || scope.contains(t.cluster)) && (types.isEmpty() || types.contains(t.type)))
                result.append(std::move(t));
        }
        return true;
    };
    if (withStartState
        && !run(QStringLiteral("SELECT ") + kColumns
                    + QStringLiteral(", MAX(at) FROM transitions WHERE at < ? GROUP BY hub, namespace, name, type"),
                true))
        return {};
    if (!run(QStringLiteral("SELECT ") + kColumns
                 + QStringLiteral(" FROM transitions WHERE at >= ? AND at < ? ORDER BY at, id"),
             false))
        return {};
    return result;
}

bool HistoryDatabase::loadFlaps(FlapCounter *counter, qint64 since, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // The same test as FlapCounter::isFlap, in SQL.
    q.prepare(QStringLiteral("SELECT hub, namespace, name, at / ?, COUNT(*) FROM transitions WHERE at >= ? AND seeded = 0 "
                             "AND old_status <> 0 AND new_status <> 0 AND old_status <> new_status "
                             "GROUP BY hub, namespace, name, at / ?"));
    q.bindValue(0, counter->bucketMs());
    q.bindValue(1, since);
    q.bindValue(2, counter->bucketMs());
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), sqlError(q.lastError()));
        return false;
    }
    while (q.next())
        counter->add({q.value(0).toString(), q.value(1).toString(), q.value(2).toString()},
                     q.value(3).toLongLong() * counter->bucketMs(), q.value(4).toInt());
    return true;
}

} // namespace fleetscope
