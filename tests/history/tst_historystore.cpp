// The history database and its threaded store: persistence across reopen,
// retention and the size cap, a 100k batch, corrupt / locked / unwritable files
// reported by name (and the store working on without history), migration from
// schema v1, and the worker's round trips.

#include "historytestutil.h"

#include "history/flapcounter.h"
#include "history/historydatabase.h"
#include "history/historystore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::historytest;

namespace {

// Leaves a database at `path` as another version of Fleetscope would: schema `version`,
// then `statements`. False (with the SQL error printed) when SQLite refuses one.
bool writeForeignDatabase(const QString &path, int version, const QStringList &statements = {})
{
    const QString connection = QStringLiteral("foreign");
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        ok = db.open();
        if (!ok)
            qWarning("%s", qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        const QStringList all = QStringList{QStringLiteral("CREATE TABLE schema_version (version INTEGER NOT NULL)"),
                                            QStringLiteral("INSERT INTO schema_version VALUES (%1)").arg(version)}
                                + statements;
        for (const QString &statement : all) {
            if (ok && !q.exec(statement)) {
                qWarning("%s: %s", qPrintable(statement), qPrintable(q.lastError().text()));
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

} // namespace

class TstHistoryStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString file(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void defaultPathIsInAppData()
    {
        QVERIFY(HistoryStore::defaultPath().endsWith(QLatin1String("/history.sqlite")));
    }

    void persistsAcrossReopen()
    {
        const QString path = file("reopen.sqlite");
        {
            HistoryDatabase db;
            QString error;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            QCOMPARE(db.foundVersion(), 0);
            QVERIFY(db.insert({transition(QStringLiteral("c1"), 1000, ConditionStatus::Absent, ConditionStatus::True),
                               transition(QStringLiteral("c1"), 2000, ConditionStatus::True, ConditionStatus::False)},
                              &error));
            const qint64 session = db.beginCoverage(QStringLiteral("hub-a"), 500, &error);
            QVERIFY(session > 0);
            QVERIFY(db.extendCoverage(session, 2500, &error));
        }
        HistoryDatabase db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.foundVersion(), HistoryDatabase::schemaVersion);
        QCOMPARE(db.transitionCount(), 2);
        const ClusterHistory h =
            db.clusterHistory({QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c1")}, 1500, 3000);
        QVERIFY(h.error.isEmpty());
        // The state the window starts in, then the change inside it.
        QCOMPARE(h.transitions.size(), 2);
        QCOMPARE(h.transitions[0].to, ConditionStatus::True);
        QCOMPARE(h.transitions[1], transition(QStringLiteral("c1"), 2000, ConditionStatus::True, ConditionStatus::False));
        QCOMPARE(h.coverage, (QList<CoverageInterval>{{500, 2500}}));
        QCOMPARE(db.latestTransitions(&error).size(), 1);
    }

    void retentionKeepsTheLatestState()
    {
        HistoryDatabase db;
        QString error;
        QVERIFY(db.open(file("retention.sqlite"), &error));
        QVERIFY(db.insert({transition(QStringLiteral("old"), 100, ConditionStatus::Absent, ConditionStatus::True),
                           transition(QStringLiteral("old"), 200, ConditionStatus::True, ConditionStatus::False),
                           transition(QStringLiteral("new"), 100, ConditionStatus::Absent, ConditionStatus::True),
                           transition(QStringLiteral("new"), 5000, ConditionStatus::True, ConditionStatus::False)},
                          &error));
        QVERIFY(db.prune(1000, 0, &error));
        QString readError;
        const QList<ConditionTransition> all = db.transitions({}, 0, 10000, {}, false, &readError);
        QStringList left;
        for (const ConditionTransition &t : all)
            left << t.cluster.name + u'@' + QString::number(t.at);
        // "old" keeps only its latest (the state it is in), "new" loses its first.
        QCOMPARE(left, (QStringList{QStringLiteral("old@200"), QStringLiteral("new@5000")}));
    }

    void sizeCapDropsTheOldest()
    {
        HistoryDatabase db;
        QString error;
        QVERIFY(db.open(file("cap.sqlite"), &error));
        QList<ConditionTransition> batch;
        for (int i = 0; i < 20000; ++i)
            batch.append(transition(QStringLiteral("c%1").arg(i % 50), 1000 + i, ConditionStatus::True,
                                    i % 2 ? ConditionStatus::False : ConditionStatus::True));
        QVERIFY(db.insert(batch, &error));
        const qint64 before = db.dataBytes();
        QVERIFY(before > 200 * 1024);
        QVERIFY(db.prune(0, 200 * 1024, &error));
        QVERIFY(db.dataBytes() <= 200 * 1024);
        QVERIFY(db.transitionCount() < 20000);
        QVERIFY(db.transitionCount() >= 50); // every cluster keeps its state
    }

    void batchOf100kTransitions()
    {
        HistoryDatabase db;
        QString error;
        QVERIFY(db.open(file("batch.sqlite"), &error));
        QList<ConditionTransition> batch;
        batch.reserve(100000);
        for (int i = 0; i < 100000; ++i)
            batch.append(transition(QStringLiteral("cluster-%1").arg(i % 5000), 1000 + i, ConditionStatus::True,
                                    ConditionStatus::False));
        QVERIFY2(db.insert(batch, &error), qPrintable(error));
        QCOMPARE(db.transitionCount(), 100000);
        // Loading flaps asks SQLite for one row per cluster and bucket, not one per transition.
        FlapCounter flaps(200000, 4);
        QVERIFY2(db.loadFlaps(&flaps, 0, &error), qPrintable(error));
        const QHash<ClusterId, int> counts = flaps.counts(101000);
        QCOMPARE(counts.size(), 5000);
        QCOMPARE(counts.value({QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("cluster-7")}), 20);
    }

    void corruptFileIsReportedByName()
    {
        const QString path = file("corrupt.sqlite");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("this is not a database, it is a shopping list\n").repeated(200));
        f.close();
        HistoryDatabase db;
        QString error;
        QVERIFY(!db.open(path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY(!db.isOpen());

        // The store reports it and keeps working without history.
        HistoryStore store;
        QSignalSpy changed(&store, &HistoryStore::stateChanged);
        store.open(path);
        QTRY_COMPARE(store.state(), HistoryStore::State::Failed);
        QVERIFY(store.statusMessage().contains(path));
        ClusterObservation o;
        o.cluster = {QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c1")};
        o.observedAt = 1000;
        o.conditions = {condition(QStringLiteral("Joined"), ConditionStatus::True, 500)};
        store.observe({o});
        store.flush();
        bool answered = false;
        store.fetchCluster(o.cluster, 0, 2000, this, [&answered](const ClusterHistory &h) {
            answered = true;
            QVERIFY(!h.error.isEmpty());
            QVERIFY(h.transitions.isEmpty());
        });
        QTRY_VERIFY(answered);
    }

    void lockedFileIsReported()
    {
        const QString path = file("locked.sqlite");
        HistoryDatabase first;
        QString error;
        QVERIFY2(first.open(path, &error), qPrintable(error));
        // A second Fleetscope on the same history would record everything twice.
        HistoryDatabase second;
        QVERIFY(!second.open(path, &error));
        QVERIFY2(error.contains(path) && error.contains(QLatin1String("locked")), qPrintable(error));
        first.close();
        QVERIFY2(second.open(path, &error), qPrintable(error));
    }

    void unwritableLocationIsReported()
    {
        const QString blocker = file("a-file");
        QFile f(blocker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString path = blocker + QStringLiteral("/history.sqlite");
        HistoryDatabase db;
        QString error;
        QVERIFY(!db.open(path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }

    void keepsItsFilesPrivate_data()
    {
        QTest::addColumn<bool>("existedWide");
        QTest::newRow("new folder and file") << false;
        QTest::newRow("folder 0755, files 0644 from an older run") << true;
    }

    // The history names every cluster of the fleet: 0600 files in a 0700 folder,
    // the WAL and shared-memory files included.
    void keepsItsFilesPrivate()
    {
        QFETCH(bool, existedWide);
        const QString folder = m_dir.filePath(existedWide ? QStringLiteral("wide") : QStringLiteral("fresh/nested"));
        const QString path = folder + QStringLiteral("/history.sqlite");
        const QFile::Permissions wideFolder = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
            | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther;
        const QFile::Permissions wideFile = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
        if (existedWide) {
            QVERIFY(QDir().mkpath(folder));
            QVERIFY(QFile::setPermissions(folder, wideFolder));
            {
                HistoryDatabase older;
                QString error;
                QVERIFY2(older.open(path, &error), qPrintable(error));
            }
            QFile stale(path + QStringLiteral("-wal"));
            QVERIFY(stale.open(QIODevice::WriteOnly));
            stale.close();
            QVERIFY(QFile::setPermissions(path, wideFile));
            QVERIFY(QFile::setPermissions(stale.fileName(), wideFile));
        }
        {
            HistoryDatabase db;
            QString error;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            QVERIFY2(db.insert({transition(QStringLiteral("c1"), 1000, ConditionStatus::Absent, ConditionStatus::True)}, &error),
                     qPrintable(error));
            const QFile::Permissions ownerOnly = QFile::ReadOwner | QFile::WriteOwner;
            const auto mode = [](const QString &file) {
                return QFileInfo(file).permissions() & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
            };
            QCOMPARE(mode(folder), ownerOnly | QFile::ExeOwner);
            QCOMPARE(mode(path), ownerOnly);
            // Open in WAL mode: the write-ahead log exists now, and so does the index.
            for (const QString &suffix : {QStringLiteral("-wal"), QStringLiteral("-shm")}) {
                if (QFileInfo::exists(path + suffix))
                    QCOMPARE(mode(path + suffix), ownerOnly);
            }
            QVERIFY(QFileInfo::exists(path + QStringLiteral("-wal")));
        }
    }

    void migratesFromVersion1()
    {
        const QString path = file("v1.sqlite");
        QVERIFY(writeForeignDatabase(
            path, 1,
            {QStringLiteral("CREATE TABLE transitions (id INTEGER PRIMARY KEY, hub TEXT, namespace TEXT, name TEXT, "
                            "type TEXT, old_status TEXT, new_status TEXT, reason TEXT, message TEXT, "
                            "transition_time INTEGER, observed_at INTEGER)"),
             QStringLiteral("INSERT INTO transitions VALUES (1, 'hub-a', 'fleet', 'c1', 'Joined', '', 'True', 'Joined', "
                            "NULL, 900, 1000), (2, 'hub-a', 'fleet', 'c1', 'Joined', 'True', 'False', 'Lost', 'gone', "
                            "1900, 2000)")}));
        HistoryDatabase db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.foundVersion(), 1);
        QCOMPARE(db.transitionCount(), 2);
        const QList<ConditionTransition> all = db.transitions({}, 0, 5000, {}, false, &error);
        QCOMPARE(all.size(), 2);
        QCOMPARE(all[0].from, ConditionStatus::Absent);
        QCOMPARE(all[0].to, ConditionStatus::True);
        QCOMPARE(all[1].from, ConditionStatus::True);
        QCOMPARE(all[1].to, ConditionStatus::False);
        QCOMPARE(all[1].message, QStringLiteral("gone"));
        QCOMPARE(all[1].at, 2000);
        QVERIFY(db.beginCoverage(QStringLiteral("hub-a"), 1, &error) > 0); // v2's table exists
        db.close();
        HistoryDatabase again;
        QVERIFY(again.open(path, &error));
        QCOMPARE(again.foundVersion(), HistoryDatabase::schemaVersion);
    }

    // v3 interns keys and texts and chains each key's transitions: a v2 file keeps
    // everything, reads as before, and new transitions extend its chains.
    void migratesFromVersion2()
    {
        const QString path = file("v2.sqlite");
        QVERIFY(writeForeignDatabase(
            path, 2,
            {QStringLiteral("CREATE TABLE transitions (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, namespace TEXT NOT NULL, "
                            "name TEXT NOT NULL, member_id TEXT NOT NULL DEFAULT '', type TEXT NOT NULL, "
                            "old_status INTEGER NOT NULL, new_status INTEGER NOT NULL, reason TEXT NOT NULL DEFAULT '', "
                            "message TEXT NOT NULL DEFAULT '', transition_time INTEGER NOT NULL DEFAULT 0, "
                            "observed_at INTEGER NOT NULL, at INTEGER NOT NULL, seeded INTEGER NOT NULL DEFAULT 0)"),
             QStringLiteral("CREATE TABLE coverage (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, started_at INTEGER NOT "
                            "NULL, ended_at INTEGER NOT NULL)"),
             QStringLiteral("CREATE INDEX transitions_by_cluster ON transitions (hub, namespace, name, type, at)"),
             QStringLiteral("CREATE INDEX transitions_by_time ON transitions (at)"),
             QStringLiteral("CREATE INDEX coverage_by_hub ON coverage (hub, ended_at)"),
             QStringLiteral("INSERT INTO transitions VALUES "
                            "(1, 'hub-a', 'fleet', 'c1', 'm-1', 'Joined', 0, 1, 'Joined', 'ok', 900, 1000, 1000, 1), "
                            "(2, 'hub-a', 'fleet', 'c1', 'm-1', 'ControlPlaneHealthy', 0, 1, 'Up', 'fine', 900, 1000, 1000, 1), "
                            "(3, 'hub-a', 'fleet', 'c1', 'm-1', 'ControlPlaneHealthy', 1, 2, 'Down', 'lost', 1900, 2000, 2000, 0), "
                            "(4, 'hub-a', 'fleet', 'c2', '', 'ControlPlaneHealthy', 0, 1, 'Up', 'fine', 900, 1000, 1000, 1), "
                            "(5, 'hub-a', 'fleet', 'c1', 'm-1', 'ControlPlaneHealthy', 2, 1, 'Up', 'back', 2900, 3000, 2950, 0)"),
             QStringLiteral("INSERT INTO coverage VALUES (1, 'hub-a', 500, 3500)")}));
        const ClusterId c1{QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c1")};
        ConditionTransition back;
        back.cluster = c1;
        back.memberId = QStringLiteral("m-1");
        back.type = QStringLiteral("ControlPlaneHealthy");
        back.from = ConditionStatus::False;
        back.to = ConditionStatus::True;
        back.reason = QStringLiteral("Up");
        back.message = QStringLiteral("back");
        back.lastTransitionTime = 2900;
        back.observedAt = 3000;
        back.at = 2950;
        HistoryDatabase db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.foundVersion(), 2);
        QCOMPARE(db.transitionCount(), 5);
        QCOMPARE(db.latestTransitions(&error).size(), 3);
        QVERIFY(db.latestTransitions(&error).contains(back));
        // Both types' states before the window (sorted by key), then the change inside it.
        ClusterHistory h = db.clusterHistory(c1, 2500, 4000);
        QVERIFY2(h.error.isEmpty(), qPrintable(h.error));
        QCOMPARE(h.transitions.size(), 3);
        QCOMPARE(h.transitions[0].type, QStringLiteral("ControlPlaneHealthy"));
        QCOMPARE(h.transitions[0].at, 2000);
        QCOMPARE(h.transitions[0].message, QStringLiteral("lost"));
        QCOMPARE(h.transitions[1].type, QStringLiteral("Joined"));
        QVERIFY(h.transitions[1].seeded);
        QCOMPARE(h.transitions[2], back);
        QCOMPARE(h.coverage, (QList<CoverageInterval>{{500, 3500}}));
        // Fleet health: every key's start state, then the window.
        const QList<ConditionTransition> health = db.transitions({}, 2500, 4000, {}, true, &error);
        QCOMPARE(health.size(), 4);
        QCOMPARE(health.last(), back);
        QCOMPARE(health[2].cluster.name, QStringLiteral("c2"));
        QCOMPARE(health[2].memberId, QString());
        // A new transition extends the migrated chain.
        ConditionTransition down = back;
        down.from = ConditionStatus::True;
        down.to = ConditionStatus::False;
        down.at = down.observedAt = down.lastTransitionTime = 4000;
        QVERIFY(db.insert({down}, &error));
        h = db.clusterHistory(c1, 3500, 5000);
        QCOMPARE(h.transitions.size(), 3);
        QCOMPARE(h.transitions[0], back);
        QCOMPARE(h.transitions[2], down);
        db.close();
        HistoryDatabase again;
        QVERIFY(again.open(path, &error));
        QCOMPARE(again.foundVersion(), HistoryDatabase::schemaVersion);
        QCOMPARE(again.transitionCount(), 6);
    }

    // Pruning ends chains where it deleted, and takes the texts only deleted rows used.
    void pruneEndsChainsAndForgetsTexts()
    {
        const QString path = file("prunechain.sqlite");
        auto at = [](qint64 time, const QString &message) {
            ConditionTransition t = transition(QStringLiteral("c1"), time, ConditionStatus::True,
                                               ConditionStatus::False);
            t.message = message;
            return t;
        };
        {
            HistoryDatabase db;
            QString error;
            QVERIFY(db.open(path, &error));
            QVERIFY(db.insert({at(100, QStringLiteral("first")), at(200, QStringLiteral("second"))}, &error));
            QVERIFY(db.insert({at(300, QStringLiteral("second")), at(5000, QStringLiteral("last"))}, &error));
            QVERIFY(db.prune(1000, 0, &error));
            QCOMPARE(db.transitionCount(), 1);
            const ClusterId c1{QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c1")};
            ClusterHistory h = db.clusterHistory(c1, 4000, 6000);
            QCOMPARE(h.transitions.size(), 1); // nothing left before the window
            QCOMPARE(h.transitions[0].message, QStringLiteral("last"));
            h = db.clusterHistory(c1, 6000, 7000);
            QCOMPARE(h.transitions.size(), 1); // the start state
            QCOMPARE(h.transitions[0].at, 5000);
            // A text that prune removed is written anew, not from a stale id.
            QVERIFY(db.insert({at(6000, QStringLiteral("first"))}, &error));
            h = db.clusterHistory(c1, 5500, 7000);
            QCOMPARE(h.transitions.size(), 2);
            QCOMPARE(h.transitions[1].message, QStringLiteral("first"));
            QVERIFY(db.prune(5500, 0, &error));
        }
        const QString connection = QStringLiteral("texts");
        QStringList texts;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(QStringLiteral("SELECT text FROM texts ORDER BY text"), db);
            while (q.next())
                texts << q.value(0).toString();
        }
        QSqlDatabase::removeDatabase(connection);
        QCOMPARE(texts, (QStringList{QString(), QStringLiteral("ControlPlaneHealthy"), QStringLiteral("Down"),
                                     QStringLiteral("first")}));
    }

    // The ids a write needs are cached in two bounded generations; a key that
    // fell out of both is found in the file, so its chain goes on.
    void chainsSurviveEvictedIds()
    {
        HistoryDatabase db;
        QString error;
        QVERIFY(db.open(file("evicted.sqlite"), &error));
        QVERIFY(db.insert({transition(QStringLiteral("c0"), 100, ConditionStatus::Absent, ConditionStatus::True)},
                          &error));
        QList<ConditionTransition> others;
        for (int i = 1; i <= 2 * HistoryIds::generation + 10; ++i)
            others.append(transition(QStringLiteral("c%1").arg(i), 200, ConditionStatus::Absent, ConditionStatus::True));
        QVERIFY(db.insert(others, &error));
        QVERIFY(db.insert({transition(QStringLiteral("c0"), 300, ConditionStatus::True, ConditionStatus::False)},
                          &error));
        const ClusterHistory h =
            db.clusterHistory({QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c0")}, 250, 400);
        QCOMPARE(h.transitions.size(), 2);
        QCOMPARE(h.transitions[0].at, 100); // the start state, reached along the chain
        QCOMPARE(h.transitions[1].at, 300);
        QCOMPARE(db.latestTransitions(&error).size(), 2 * HistoryIds::generation + 11);
    }

    // The Flaps column's counts follow what is recorded, and a restart finds them in the file.
    void flapCountsFollowRecordingAndSurviveReopening()
    {
        const QString path = file("flaps.sqlite");
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        auto observe = [now](HistoryStore &store, qint64 ago, ConditionStatus status,
                             const QString &name = QStringLiteral("flappy")) {
            ClusterObservation o;
            o.cluster = {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
            o.observedAt = now - ago;
            if (status != ConditionStatus::Absent) // Absent: deleted, no conditions any more
                o.conditions = {condition(QStringLiteral("ControlPlaneHealthy"), status, now - ago)};
            store.observe({o});
        };
        auto flapsOf = [this](HistoryStore &store, const QString &name = QStringLiteral("flappy")) {
            int count = -1;
            bool answered = false;
            store.fetchFlapCounts(this, [&](const QHash<ClusterId, int> &counts) {
                count = counts.value({QStringLiteral("hub-a"), QStringLiteral("fleet"), name}, -1);
                answered = true;
            });
            [&] { QTRY_VERIFY(answered); }();
            return count;
        };
        auto flapChanges = [this](HistoryStore &store) {
            store.flush(); // the answer is as of the last write
            QHash<ClusterId, int> changes;
            bool answered = false;
            store.fetchFlapChanges(this, [&](const QHash<ClusterId, int> &moved) {
                changes = moved;
                answered = true;
            });
            [&] { QTRY_VERIFY(answered); }();
            return changes;
        };
        const QString gone = QStringLiteral("gone");
        {
            HistoryStore store;
            store.open(path);
            QTRY_COMPARE(store.state(), HistoryStore::State::Ready);
            observe(store, 5000, ConditionStatus::True); // first sight: not a flap
            QCOMPARE(flapsOf(store), -1); // no flaps: not counted
            observe(store, 4000, ConditionStatus::False);
            observe(store, 3000, ConditionStatus::True);
            observe(store, 2000, ConditionStatus::Unknown);
            QCOMPARE(flapsOf(store), 3);
            // A deleted cluster's flaps are forgotten (no row shows them), so a
            // hub that churns through names does not grow the counts.
            // The refresh under churn asks for what moved since the last answer
            // only: 0 for a cluster whose flaps were forgotten.
            const ClusterId goneId{QStringLiteral("hub-a"), QStringLiteral("fleet"), gone};
            observe(store, 5000, ConditionStatus::True, gone);
            observe(store, 4000, ConditionStatus::False, gone);
            QCOMPARE(flapChanges(store), (QHash<ClusterId, int>{{goneId, 1}}));
            QCOMPARE(flapChanges(store), (QHash<ClusterId, int>{}));
            QCOMPARE(flapsOf(store, gone), 1);
            observe(store, 3000, ConditionStatus::Absent, gone);
            QCOMPARE(flapChanges(store), (QHash<ClusterId, int>{{goneId, 0}}));
            QCOMPARE(flapsOf(store, gone), -1);
        }
        HistoryStore reopened;
        reopened.open(path);
        QTRY_COMPARE(reopened.state(), HistoryStore::State::Ready);
        QCOMPARE(flapsOf(reopened), 3);
        QCOMPARE(flapsOf(reopened, gone), -1); // the file has its flaps, and that it ended
    }

    // The demo writes a simulated past: the file says which span is simulated, across
    // reopening, so that views can tell it from recorded history.
    void simulatedSpanIsNotedInTheFile()
    {
        const QString path = file("simulated.sqlite");
        {
            HistoryStore store;
            QSignalSpy simulated(&store, &HistoryStore::simulatedChanged);
            store.open(path);
            QTRY_COMPARE(store.state(), HistoryStore::State::Ready);
            QCOMPARE(store.simulatedUntil(), 0);
            qint64 last = -1;
            store.fetchLastRecorded(this, [&last](qint64 at) { last = at; });
            QTRY_COMPARE(last, 0); // nothing recorded yet: a demo would write its past
            store.beginCoverage(QStringLiteral("hub-a"), 1000);
            store.endCoverage(QStringLiteral("hub-a"), 9000);
            store.markSimulated(1000, 9000);
            QCOMPARE(simulated.count(), 1);
            QVERIFY(store.isSimulated(1000));
            QVERIFY(store.isSimulated(8999));
            QVERIFY(!store.isSimulated(9000));
            last = -1;
            store.fetchLastRecorded(this, [&last](qint64 at) { last = at; });
            QTRY_COMPARE(last, 9000);
        }
        HistoryStore reopened;
        QSignalSpy simulated(&reopened, &HistoryStore::simulatedChanged);
        reopened.open(path);
        QTRY_COMPARE(reopened.state(), HistoryStore::State::Ready);
        QCOMPARE(simulated.count(), 1); // before Ready: a view asking then gets the span
        QCOMPARE(reopened.simulatedFrom(), 1000);
        QCOMPARE(reopened.simulatedUntil(), 9000);
        // Another file has no simulated span.
        reopened.open(file("recorded.sqlite"));
        QCOMPARE(reopened.simulatedUntil(), 0);
        QTRY_COMPARE(reopened.state(), HistoryStore::State::Ready);
        QCOMPARE(reopened.simulatedUntil(), 0);
    }

    void newerSchemaIsRefused()
    {
        const QString path = file("future.sqlite");
        QVERIFY(writeForeignDatabase(path, 99));
        HistoryDatabase db;
        QString error;
        QVERIFY(!db.open(path, &error));
        QVERIFY2(error.contains(QLatin1String("99")), qPrintable(error));
    }

    void storeRecordsOffTheGuiThread()
    {
        const QString path = file("store.sqlite");
        HistoryStore store;
        store.open(path);
        QTRY_COMPARE(store.state(), HistoryStore::State::Ready);
        QSignalSpy recorded(&store, &HistoryStore::transitionsRecorded);
        QList<ClusterObservation> burst;
        for (int i = 0; i < 10000; ++i) {
            ClusterObservation o;
            o.cluster = {QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c%1").arg(i)};
            o.observedAt = 5000;
            o.conditions = {condition(QStringLiteral("ControlPlaneHealthy"), ConditionStatus::True, 4000)};
            burst.append(o);
        }
        store.observe(burst);
        QVERIFY(recorded.wait(10000));
        int total = 0;
        for (const QList<QVariant> &args : recorded)
            total += int(args.at(0).value<QList<ConditionTransition>>().size());
        QCOMPARE(total, 10000);
        QHash<ClusterId, int> flaps;
        bool answered = false;
        store.fetchFlapCounts(this, [&](const QHash<ClusterId, int> &counts) {
            flaps = counts;
            answered = true;
        });
        QTRY_VERIFY(answered);
        QVERIFY(flaps.isEmpty()); // seeds are not flaps
    }
};

QTEST_GUILESS_MAIN(TstHistoryStore)
#include "tst_historystore.moc"
