#include "historydatabase.h"

#include "chainruns.h"
#include "flapcounter.h"
#include "historyrows.h"
#include "historyschema.h"
#include "startstates.h"
#include "timelinesegments.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

namespace fleetscope {

using history_rows::Names;

namespace {

static_assert(HistoryDatabase::schemaVersion == history_schema::version);

QAtomicInt g_connectionCounter;

} // namespace

HistoryDatabase::HistoryDatabase()
    : m_connection(QStringLiteral("fleetscope-history-%1").arg(g_connectionCounter.fetchAndAddRelaxed(1)))
    , m_ids(m_connection)
    , m_fleet(m_connection)
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
    m_readOnly = false;
    m_ids.forget();
    m_writerLock.release();
}

bool HistoryDatabase::exec(const QString &sql, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(sql)) {
        if (error)
            *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    return true;
}

bool HistoryDatabase::migrate(QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' AND name='schema_version'"))) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    m_foundVersion = 0;
    if (q.next()) {
        if (!q.exec(QStringLiteral("SELECT MAX(version) FROM schema_version")) || !q.next()) {
            *error = history_schema::sqlErrorText(q.lastError());
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
    // BEGIN IMMEDIATE takes the write lock now, so a file an older Fleetscope
    // holds whole is found here.
    if (!exec(QStringLiteral("BEGIN IMMEDIATE"), error))
        return false;
    QStringList steps = history_schema::upgradeSteps(m_foundVersion);
    for (const QString &sql : std::as_const(steps)) {
        if (!exec(sql, error)) {
            exec(QStringLiteral("ROLLBACK"), nullptr);
            return false;
        }
    }
    if (!exec(QStringLiteral("COMMIT"), error))
        return false;
    // A file migrated to interned texts (v3) shrinks to a quarter: give the space back
    // once, now. Later migrations only add tables.
    return m_foundVersion == 0 || m_foundVersion >= 3 || exec(QStringLiteral("VACUUM"), error);
}

bool HistoryDatabase::insert(const QList<ConditionTransition> &transitions, QString *error)
{
    return write(transitions, {}, error);
}

bool HistoryDatabase::write(const QList<ConditionTransition> &transitions, const QList<FleetLogTables::Frame> &frames,
                            QString *error)
{
    if (!m_open || m_readOnly) {
        *error = describe(m_open ? QCoreApplication::translate("History", "read-only")
                                 : QCoreApplication::translate("History", "closed"),
                          QString());
        return false;
    }
    if (transitions.isEmpty() && frames.isEmpty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), history_schema::sqlErrorText(db.lastError()));
        return false;
    }
    const auto failed = [&](const QString &detail) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), detail);
        db.rollback();
        m_ids.forget(); // they may name rows the rollback removed
        return false;
    };
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO transitions (cluster, type, prev, member, old_status, new_status, reason, "
                             "message, transition_time, observed_at, at, seeded) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    // Each key's new head, written once per batch.
    QHash<QPair<qint64, qint64>, qint64> heads;
    QString detail;
    for (const ConditionTransition &t : transitions) {
        const qint64 cluster = m_ids.cluster(t.cluster, &detail);
        const qint64 type = cluster < 0 ? -1 : m_ids.text(t.type, &detail);
        const qint64 member = type < 0 ? -1 : m_ids.text(t.memberId, &detail);
        const qint64 reason = member < 0 ? -1 : m_ids.text(t.reason, &detail);
        const qint64 message = reason < 0 ? -1 : m_ids.text(t.message, &detail);
        const qint64 prev = message < 0 ? -1 : m_ids.latest(cluster, type, &detail);
        if (prev < 0)
            return failed(detail);
        q.bindValue(0, cluster);
        q.bindValue(1, type);
        q.bindValue(2, prev > 0 ? QVariant(prev) : QVariant());
        q.bindValue(3, member);
        q.bindValue(4, int(t.from));
        q.bindValue(5, int(t.to));
        q.bindValue(6, reason);
        q.bindValue(7, message);
        q.bindValue(8, t.lastTransitionTime);
        q.bindValue(9, t.observedAt);
        q.bindValue(10, t.at);
        q.bindValue(11, t.seeded ? 1 : 0);
        if (!q.exec())
            return failed(history_schema::sqlErrorText(q.lastError()));
        const qint64 id = q.lastInsertId().toLongLong();
        m_ids.setLatest(cluster, type, id);
        heads.insert({cluster, type}, id);
    }
    q.prepare(QStringLiteral("INSERT INTO latest (cluster, type, id) VALUES (?, ?, ?) "
                             "ON CONFLICT (cluster, type) DO UPDATE SET id = excluded.id"));
    for (auto it = heads.cbegin(); it != heads.cend(); ++it) {
        q.bindValue(0, it.key().first);
        q.bindValue(1, it.key().second);
        q.bindValue(2, it.value());
        if (!q.exec())
            return failed(history_schema::sqlErrorText(q.lastError()));
    }
    for (const FleetLogTables::Frame &frame : frames) {
        if (!m_fleet.insertFrame(frame, &detail))
            return failed(detail);
    }
    if (!db.commit())
        return failed(history_schema::sqlErrorText(db.lastError()));
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
        *error = describe(QCoreApplication::translate("History", "cannot write"), history_schema::sqlErrorText(q.lastError()));
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
        *error = describe(QCoreApplication::translate("History", "cannot write"), history_schema::sqlErrorText(q.lastError()));
        return false;
    }
    return true;
}

QList<ConditionTransition> HistoryDatabase::latestTransitions(QString *error) const
{
    QList<ConditionTransition> result;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT ") + history_rows::columns()
                + QStringLiteral(" FROM latest l JOIN transitions t ON t.id = l.id") + history_rows::joins())) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
        return result;
    }
    while (q.next())
        result.append(history_rows::read(q));
    return result;
}

QList<ConditionTransition> HistoryDatabase::transitionsAfter(qint64 *lastId, QString *error) const
{
    QList<ConditionTransition> result;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT ") + history_rows::columns() + QStringLiteral(" FROM transitions t")
              + history_rows::joins() + QStringLiteral("WHERE t.id > ? ORDER BY t.id LIMIT 100000"));
    q.bindValue(0, *lastId);
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
        return result;
    }
    while (q.next()) {
        result.append(history_rows::read(q));
        *lastId = q.value(history_rows::idColumn).toLongLong();
    }
    return result;
}

qint64 HistoryDatabase::lastTransitionId() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (q.exec(QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM transitions")) && q.next())
        return q.value(0).toLongLong();
    return 0;
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

qint64 HistoryDatabase::lastCoverageEnd(QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("SELECT MAX(ended_at) FROM coverage")) || !q.next()) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
        return 0;
    }
    return q.value(0).toLongLong();
}

qint64 HistoryDatabase::note(const QString &name, qint64 missing) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT value FROM notes WHERE name = ?"));
    q.bindValue(0, name);
    return q.exec() && q.next() ? q.value(0).toLongLong() : missing;
}

bool HistoryDatabase::setNote(const QString &name, qint64 value, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO notes (name, value) VALUES (?, ?)"));
    q.bindValue(0, name);
    q.bindValue(1, value);
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot write"), history_schema::sqlErrorText(q.lastError()));
        return false;
    }
    return true;
}

bool HistoryDatabase::walkChains(const ClusterId &cluster, qint64 since, qint64 before,
                                 const std::function<void(ConditionTransition &&, qint64)> &keep, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // From each key's head back along `prev` while the rows were recorded at or
    // after `since`, and one more: a transition that began at or after `since`
    // was observed then too (at ≤ observed_at), and the one more is the state
    // the key was in at `since`. A pruned predecessor ends a chain.
    q.prepare(QStringLiteral("WITH RECURSIVE walk(id) AS (SELECT l.id FROM latest l JOIN clusters k ON "
                             "k.id = l.cluster WHERE k.hub = ? AND k.namespace = ? AND k.name = ? UNION ALL "
                             "SELECT t.prev FROM walk w JOIN transitions t ON t.id = w.id "
                             "WHERE t.observed_at >= ? AND t.prev IS NOT NULL) "
                             "SELECT ")
              + history_rows::columns() + QStringLiteral(" FROM walk w JOIN transitions t ON t.id = w.id")
              + history_rows::joins()
              + QStringLiteral("WHERE t.at < ?"));
    q.bindValue(0, cluster.hub);
    q.bindValue(1, cluster.namespaceName);
    q.bindValue(2, cluster.name);
    q.bindValue(3, since);
    q.bindValue(4, before);
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
        return false;
    }
    while (q.next())
        keep(history_rows::read(q), q.value(history_rows::idColumn).toLongLong());
    return true;
}

ClusterHistory HistoryDatabase::clusterHistory(const ClusterId &cluster, qint64 from, qint64 to) const
{
    ClusterHistory history;
    history.cluster = cluster;
    history.from = from;
    history.to = to;
    // Each condition type's last change before the window (the state it starts
    // in), then the window's changes, oldest first.
    StartStates start(from);
    QList<std::pair<ConditionTransition, qint64>> window;
    QString error;
    const bool read = walkChains(
        cluster, from, to,
        [&](ConditionTransition &&t, qint64 id) {
            if (t.at < from)
                start.offer(std::move(t), id);
            else if (t.at < to)
                window.append({std::move(t), id});
        },
        &error);
    if (!read) {
        history.error = error;
        return history;
    }
    std::sort(window.begin(), window.end(), [](const auto &a, const auto &b) {
        return a.first.at != b.first.at ? a.first.at < b.first.at : a.second < b.second;
    });
    history.transitions = start.take();
    history.transitions.reserve(history.transitions.size() + window.size());
    for (auto &entry : window)
        history.transitions.append(std::move(entry.first));
    history.coverage = coverage(cluster.hub, from, to);
    return history;
}

QList<ConditionTransition> HistoryDatabase::transitions(const QSet<ClusterId> &scope, qint64 from, qint64 to,
                                                        const QStringList &types, bool withStartState,
                                                        QString *error) const
{
    Names names;
    QString detail;
    if (!names.load(QSqlDatabase::database(m_connection, false), &detail)) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), detail);
        return {};
    }
    // Per (cluster, type), once rather than per row: its names, whether it is
    // wanted, and the last run (chainruns.h) of its chain that the scan read.
    struct Key
    {
        history_rows::KeyNames names;
        bool wanted = false;
        int lastRun = -1;
    };
    QHash<QPair<qint64, qint64>, Key> keys;
    const auto key = [&](qint64 cluster, qint64 type) -> Key & {
        auto it = keys.find({cluster, type});
        if (it == keys.end()) {
            Key k;
            k.names.cluster = names.clusters.value(cluster);
            k.names.type = names.texts.value(type);
            k.wanted = (scope.isEmpty() || scope.contains(k.names.cluster))
                && (types.isEmpty() || types.contains(k.names.type));
            it = keys.insert({cluster, type}, k);
        }
        return *it;
    };
    QList<ConditionTransition> result;
    QList<qint64> heads;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    const auto failed = [&] {
        *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
        return QList<ConditionTransition>();
    };
    if (withStartState) {
        if (!q.exec(QStringLiteral("SELECT cluster, type, id FROM latest")))
            return failed();
        while (q.next()) {
            if (key(q.value(0).toLongLong(), q.value(1).toLongLong()).wanted)
                heads.append(q.value(2).toLongLong());
        }
        // A place for each wanted key's start state ahead of the window's rows,
        // which are read first: filled and trimmed in place, the (large) list is
        // not moved again.
        result.resize(heads.size());
    }
    // Each key's state at `from` is what walkChains() from its head back to
    // `from` finds. That walk passes every row the scan reads, one primary-key
    // look-up each (on a busy fleet, twice the scan's cost): the scan keeps their
    // links instead (ChainRuns), and the walk reads only the rows it did not.
    // So the rows that began after the window are scanned too, for their links.
    q.prepare(QStringLiteral("SELECT ") + history_rows::rawColumns()
              + QStringLiteral(" FROM transitions t WHERE t.at >= ?")
              + (withStartState ? QString() : QStringLiteral(" AND t.at < ?"))
              + QStringLiteral(" ORDER BY t.at, t.id"));
    q.bindValue(0, from);
    if (!withStartState)
        q.bindValue(1, to);
    if (!q.exec())
        return failed();
    ChainRuns runs(from);
    while (q.next()) {
        Key &k = key(q.value(history_rows::rawCluster).toLongLong(), q.value(history_rows::rawType).toLongLong());
        if (!k.wanted)
            continue;
        if (withStartState)
            runs.add(q.value(history_rows::rawId).toLongLong(), q.value(history_rows::rawPrev).toLongLong(),
                     q.value(history_rows::rawObservedAt).toLongLong(), &k.lastRun);
        if (q.value(history_rows::rawAt).toLongLong() < to)
            result.append(history_rows::readRaw(q, names, &k.names));
    }
    if (!withStartState)
        return result;
    runs.index();
    StartStates start(from);
    if (!readStartStates(heads, runs, from, names,
                         [&](qint64 cluster, qint64 type) { return key(cluster, type).wanted; }, &start, error))
        return {};
    QList<ConditionTransition> states = start.take();
    const qsizetype unused = heads.size() - states.size();
    std::move(states.begin(), states.end(), result.begin() + unused);
    result.remove(0, unused);
    return result;
}

bool HistoryDatabase::readStartStates(const QList<qint64> &heads, const ChainRuns &runs, qint64 since,
                                      const Names &names, const std::function<bool(qint64, qint64)> &wanted,
                                      StartStates *start, QString *error) const
{
    // walkChains() from every head, reading only the rows the scan did not:
    // each round reads the rows the walks have reached, in one statement.
    QList<qint64> reached;
    for (const qint64 head : heads) {
        if (const qint64 id = runs.follow(head))
            reached.append(id);
    }
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    while (!reached.isEmpty()) {
        QList<qint64> next;
        // Ids are numbers this function produced: written into the statement,
        // they need no variables (of which older SQLite allows 999).
        constexpr qsizetype chunk = 20000;
        for (qsizetype begin = 0; begin < reached.size(); begin += chunk) {
            QString sql = QStringLiteral("SELECT ") + history_rows::rawColumns()
                + QStringLiteral(" FROM transitions t WHERE t.id IN (");
            const qsizetype end = std::min(reached.size(), begin + chunk);
            for (qsizetype i = begin; i < end; ++i) {
                if (i > begin)
                    sql += u',';
                sql += QString::number(reached[i]);
            }
            sql += u')';
            if (!q.exec(sql)) {
                *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
                return false;
            }
            // A row that is gone (pruned) is not found: its chain ends, as in the walk.
            while (q.next()) {
                const qint64 id = q.value(history_rows::rawId).toLongLong();
                const qint64 prev = q.value(history_rows::rawPrev).toLongLong();
                const bool goesOn =
                    q.value(history_rows::rawObservedAt).toLongLong() >= since && prev > 0 && prev < id;
                if (q.value(history_rows::rawAt).toLongLong() < since
                    && wanted(q.value(history_rows::rawCluster).toLongLong(),
                              q.value(history_rows::rawType).toLongLong()))
                    start->offer(history_rows::readRaw(q, names), id);
                if (goesOn) {
                    if (const qint64 below = runs.follow(prev))
                        next.append(below);
                }
            }
        }
        reached = std::move(next);
    }
    return true;
}

bool HistoryDatabase::loadFlaps(FlapCounter *counter, qint64 since, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // The same test as FlapCounter::isFlap, in SQL.
    q.prepare(QStringLiteral("SELECT c.hub, c.namespace, c.name, f.bucket, f.flaps FROM (SELECT cluster, at / ? AS "
                             "bucket, COUNT(*) AS flaps FROM transitions WHERE at >= ? AND seeded = 0 "
                             "AND old_status <> 0 AND new_status <> 0 AND old_status <> new_status "
                             "GROUP BY cluster, at / ?) f JOIN clusters c ON c.id = f.cluster"));
    q.bindValue(0, counter->bucketMs());
    q.bindValue(1, since);
    q.bindValue(2, counter->bucketMs());
    if (!q.exec()) {
        *error = describe(QCoreApplication::translate("History", "cannot read"), history_schema::sqlErrorText(q.lastError()));
        return false;
    }
    while (q.next())
        counter->add({q.value(0).toString(), q.value(1).toString(), q.value(2).toString()},
                     q.value(3).toLongLong() * counter->bucketMs(), q.value(4).toInt());
    return true;
}

} // namespace fleetscope
