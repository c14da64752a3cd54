// The fleet log in the history file: moments read back as they were recorded
// (in any order, across keyframes and recorder runs), what changed between two
// moments, retention and the size cap that keep the file flat, one writer with
// readers alongside, and the conversion of an older file that keeps its history.

#include "fleetlogtestutil.h"
#include "historytestutil.h"

#include "api/clusterfacts.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::fleetlogtest;

namespace {

const QString hubA = QStringLiteral("hub-a");

ObjectKey keyOf(const QString &name)
{
    return {QStringLiteral("fleet"), name};
}

// A recorded history and what the hub held at each recorded time.
struct Scenario
{
    QMap<qint64, QList<ProfilePtr>> truth; // at → every profile present from then on

    void record(FleetLogWriter *writer, qint64 at, const QList<ProfilePtr> &now, const QList<ProfilePtr> &before)
    {
        for (const ProfilePtr &p : now)
            writer->observeCluster(hubA, keyOf(p->profile.metadata.name), p, at);
        for (const ProfilePtr &old : before) {
            const bool still = std::any_of(now.begin(), now.end(), [&](const ProfilePtr &p) {
                return p->profile.metadata.name == old->profile.metadata.name;
            });
            if (!still)
                writer->observeCluster(hubA, keyOf(old->profile.metadata.name), nullptr, at);
        }
        truth.insert(at, now);
    }

    QList<ProfilePtr> at(qint64 t) const
    {
        auto it = truth.upperBound(t);
        if (it == truth.cbegin())
            return {};
        return *std::prev(it);
    }
};

} // namespace

class TstFleetLog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString file(const QString &name) const { return m_dir.filePath(name); }

    // Four steps of one hub: health flips, a property and a label change, one
    // cluster leaves and another comes, the first comes back; placements and a
    // namespace's clusterset along the way.
    bool writeScenario(const QString &path, Scenario *scenario, qint64 keyframeEvents)
    {
        HistoryDatabase db;
        QString error;
        if (!db.open(path, &error)) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        FleetLogWriter writer;
        writer.setKeyframeEvents(keyframeEvents);
        QHash<QString, qint64> streams;
        const QList<ProfilePtr> step1{profile(QStringLiteral("c1")),
                                      profile(QStringLiteral("c2"), ConditionStatus::False)};
        scenario->record(&writer, 1000, step1, {});
        writer.observeNamespaces(hubA, {namespaceWithSet(QStringLiteral("fleet"), QStringLiteral("prod"))}, 1000);
        writer.observePlacements(hubA, {placement(QStringLiteral("web-0"), {QStringLiteral("c1")})}, 1000);
        bool ok = flush(&db, &writer, &streams, 1000, &error);

        const QList<ProfilePtr> step2{profile(QStringLiteral("c1"), ConditionStatus::True, 5, QStringLiteral("gold")),
                                      profile(QStringLiteral("c2"), ConditionStatus::True, 3, QString(), 2000)};
        scenario->record(&writer, 2000, step2, step1);
        ok = ok && flush(&db, &writer, &streams, 1000, &error);

        const QList<ProfilePtr> step3{step2[1], profile(QStringLiteral("c3"), ConditionStatus::Unknown, 8)};
        scenario->record(&writer, 3000, step3, step2);
        writer.observePlacements(hubA, {placement(QStringLiteral("web-0"), {QStringLiteral("c2"), QStringLiteral("c3")})},
                                 3000);
        ok = ok && flush(&db, &writer, &streams, 1000, &error);

        const QList<ProfilePtr> step4{step3[0], step3[1], profile(QStringLiteral("c1"), ConditionStatus::False, 5,
                                                                   QStringLiteral("gold"), 4000)};
        scenario->record(&writer, 4000, step4, step3);
        ok = ok && flush(&db, &writer, &streams, 1000, &error);
        ok = ok && db.fleetLog().extendStream(streams.value(hubA), 5000, &error);
        if (!ok)
            qWarning("%s", qPrintable(error));
        return ok;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void momentsAreWhatWasRecorded_data()
    {
        QTest::addColumn<qint64>("keyframeEvents");
        QTest::newRow("no keyframe") << qint64(1'000'000);
        QTest::newRow("a keyframe after every few changes") << qint64(3);
    }

    void momentsAreWhatWasRecorded()
    {
        QFETCH(qint64, keyframeEvents);
        const QString path = file(QStringLiteral("moments-%1.sqlite").arg(keyframeEvents));
        Scenario scenario;
        QVERIFY(writeScenario(path, &scenario, keyframeEvents));

        FleetHistoryReader reader;
        QString error;
        QVERIFY2(reader.open(path, &error), qPrintable(error));
        const QList<FleetHistoryReader::HubRange> ranges = reader.ranges(&error);
        QCOMPARE(ranges.size(), 1);
        QCOMPARE(ranges[0].hub, hubA);
        QCOMPARE(ranges[0].from, 1000);
        QCOMPARE(ranges[0].to, 5000);
        QVERIFY(ranges[0].bytes > 0);

        // Forwards, backwards and jumping about: a moment read after another is
        // the same as one read alone.
        const QList<qint64> times{1000, 1500, 2000, 2999, 3000, 4000, 5000, 1200, 3500, 2500, 4500, 1000};
        for (const qint64 t : times) {
            const FleetMoment moment = reader.momentAt({hubA}, t, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(moment.hubs.size(), 1);
            const HubMoment &hub = moment.hubs[0];
            QCOMPARE(hub.coverage, HubMoment::Coverage::NotWatched); // no coverage rows in this file
            const QString diff = difference(factsOf(hub), factsOf(scenario.at(t)));
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("at %1: %2").arg(t).arg(diff)));
            FleetHistoryReader fresh;
            QVERIFY(fresh.open(path, &error));
            QCOMPARE(factsOf(fresh.momentAt({hubA}, t, &error).hubs[0]), factsOf(hub));
        }

        const HubMoment early = reader.momentAt({}, 999, &error).hubs.value(0);
        QCOMPARE(early.hub, hubA);
        QCOMPARE(early.coverage, HubMoment::Coverage::NotRecorded);
        QVERIFY(early.profiles.isEmpty());
        QCOMPARE(reader.momentAt({}, 5001, &error).hubs.value(0).coverage, HubMoment::Coverage::NotRecorded);
        QCOMPARE(reader.momentAt({QStringLiteral("never")}, 2000, &error).hubs.value(0).coverage,
                 HubMoment::Coverage::NotRecorded);

        // Placements and namespaces as they were, and the health verdict the
        // live fleet would give each profile.
        const HubMoment at2500 = reader.momentAt({hubA}, 2500, &error).hubs[0];
        QCOMPARE(at2500.namespaces.size(), 1);
        QCOMPARE(at2500.namespaces[0]->metadata.labels.value(u"multicluster.x-k8s.io/clusterset"), QStringLiteral("prod"));
        QCOMPARE(at2500.placements.size(), 1);
        QCOMPARE(at2500.placements[0]->decisions.size(), 1);
        QCOMPARE(at2500.placements[0]->decisions[0].clusterProfileName.toString(), QStringLiteral("c1"));
        const HubMoment at3500 = reader.momentAt({hubA}, 3500, &error).hubs[0];
        QCOMPARE(at3500.placements[0]->decisions.size(), 2);
        for (const ProfilePtr &p : at3500.profiles) {
            const Health expected = p->profile.metadata.name == u"c3" ? Health::Unknown : Health::Healthy;
            QCOMPARE(healthOf(p->profile), expected);
        }
    }

    void unchangedClustersKeepTheirProfiles()
    {
        const QString path = file(QStringLiteral("reuse.sqlite"));
        Scenario scenario;
        QVERIFY(writeScenario(path, &scenario, 1'000'000));
        FleetHistoryReader reader;
        QString error;
        QVERIFY(reader.open(path, &error));
        const HubMoment a = reader.momentAt({hubA}, 3000, &error).hubs[0];
        const HubMoment b = reader.momentAt({hubA}, 3900, &error).hubs[0];
        QCOMPARE(a.profiles.size(), b.profiles.size());
        for (const ProfilePtr &p : b.profiles)
            QVERIFY(a.profiles.contains(p)); // the same objects: a store shown both sees no change
        const HubMoment c = reader.momentAt({hubA}, 4000, &error).hubs[0];
        QCOMPARE(c.profiles.size(), 3);
        int kept = 0;
        for (const ProfilePtr &p : c.profiles)
            kept += b.profiles.contains(p) ? 1 : 0;
        QCOMPARE(kept, 2);
    }

    void jsonIsMadeOfTheRecordedFacts()
    {
        const QString path = file(QStringLiteral("json.sqlite"));
        Scenario scenario;
        QVERIFY(writeScenario(path, &scenario, 1'000'000));
        FleetHistoryReader reader;
        QString error;
        QVERIFY(reader.open(path, &error));
        const HubMoment hub = reader.momentAt({hubA}, 2000, &error).hubs[0];
        QVERIFY(!hub.profiles.isEmpty());
        const QByteArray json = hub.profiles[0]->json();
        QVERIFY2(json.contains("\"kind\":\"ClusterProfile\"") && json.contains("\"ControlPlaneHealthy\"")
                     && json.contains("\"count.node.k8s.io\""),
                 json.constData());
    }

    void changesBetweenTwoMoments()
    {
        const QString path = file(QStringLiteral("changes.sqlite"));
        Scenario scenario;
        QVERIFY(writeScenario(path, &scenario, 3));
        FleetHistoryReader reader;
        QString error;
        QVERIFY(reader.open(path, &error));
        QStringList outside;
        const QList<FleetChange> changes = reader.changes({}, 1000, 3500, HealthRules::active(), &outside, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(outside.isEmpty());
        QStringList seen;
        for (const FleetChange &c : changes) {
            switch (c.kind) {
            case FleetChange::Kind::Appeared:
                seen << QStringLiteral("%1 appeared %2 %3").arg(c.at).arg(c.name, healthName(c.to));
                break;
            case FleetChange::Kind::Left:
                seen << QStringLiteral("%1 left %2").arg(c.at).arg(c.name);
                break;
            case FleetChange::Kind::Health:
                seen << QStringLiteral("%1 %2 %3 -> %4: %5")
                            .arg(c.at)
                            .arg(c.name, healthName(c.from), healthName(c.to), c.reason);
                break;
            case FleetChange::Kind::Placement:
                seen << QStringLiteral("%1 placement %2/%3 +%4 -%5")
                            .arg(c.at)
                            .arg(c.namespaceName, c.name, c.added.join(u','), c.dropped.join(u','));
                break;
            }
        }
        QCOMPARE(seen, (QStringList{
                           QStringLiteral("2000 c2 Unhealthy -> Healthy: ControlPlaneHealthy=True (Up): Cluster is available."),
                           QStringLiteral("3000 appeared c3 Unknown"),
                           QStringLiteral("3000 left c1"),
                           QStringLiteral("3000 placement fleet/web +fleet/c2,fleet/c3 -fleet/c1"),
                       }));
        // c1 comes back unhealthy: after 3000 it is a new appearance, not a change.
        const QList<FleetChange> later = reader.changes({hubA}, 3500, 4500, HealthRules::active(), &outside, &error);
        QCOMPARE(later.size(), 1);
        QCOMPARE(later[0].kind, FleetChange::Kind::Appeared);
        QCOMPARE(later[0].name, QStringLiteral("c1"));
        QCOMPARE(later[0].to, Health::Unhealthy);
        // Outside the recorded range the hub is named, not guessed at.
        QVERIFY(reader.changes({hubA}, 500, 2000, HealthRules::active(), &outside, &error).isEmpty());
        QCOMPARE(outside, QStringList{hubA});
    }

    void laterRunsContinueTheRecord()
    {
        const QString path = file(QStringLiteral("runs.sqlite"));
        QString error;
        {
            HistoryDatabase db;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            FleetLogWriter first;
            QHash<QString, qint64> streams;
            for (const QString &name : {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")})
                first.observeCluster(hubA, keyOf(name), profile(name), 1000);
            QVERIFY(flush(&db, &first, &streams, 1000, &error));
            QVERIFY(db.fleetLog().extendStream(streams.value(hubA), 2000, &error));
        }
        {
            // The next run starts from nothing and sees the hub anew: b went
            // unhealthy and c was deleted while nobody watched.
            HistoryDatabase db;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            FleetLogWriter second;
            QHash<QString, qint64> streams;
            second.observeCluster(hubA, keyOf(QStringLiteral("a")), profile(QStringLiteral("a")), 5000);
            second.observeCluster(hubA, keyOf(QStringLiteral("b")), profile(QStringLiteral("b"), ConditionStatus::False), 5000);
            QVERIFY(flush(&db, &second, &streams, 5000, &error));
            QVERIFY(db.fleetLog().extendStream(streams.value(hubA), 6000, &error));
        }
        FleetHistoryReader reader;
        QVERIFY(reader.open(path, &error));
        QCOMPARE(reader.momentAt({hubA}, 1500, &error).hubs[0].profiles.size(), 3);
        QCOMPARE(reader.momentAt({hubA}, 3000, &error).hubs[0].coverage, HubMoment::Coverage::NotRecorded);
        QCOMPARE(reader.momentAt({hubA}, 5500, &error).hubs[0].profiles.size(), 2);
        QStringList outside;
        const QList<FleetChange> changes = reader.changes({hubA}, 1500, 5500, HealthRules::active(), &outside, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes[0].kind, FleetChange::Kind::Left);
        QCOMPARE(changes[0].name, QStringLiteral("c"));
        QCOMPARE(changes[0].at, 2000); // its last sighting
        QCOMPARE(changes[1].kind, FleetChange::Kind::Health);
        QCOMPARE(changes[1].name, QStringLiteral("b"));
        QCOMPARE(changes[1].at, 5000);
        QCOMPARE(changes[1].to, Health::Unhealthy);
        // A moment in the gap is outside; the hub is named.
        QVERIFY(reader.changes({hubA}, 3000, 5500, HealthRules::active(), &outside, &error).isEmpty());
        QCOMPARE(outside, QStringList{hubA});
    }

    void retentionCutsAtKeyframes()
    {
        const QString path = file(QStringLiteral("retention.sqlite"));
        QString error;
        HistoryDatabase db;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        FleetLogWriter writer;
        writer.setKeyframeEvents(50);
        QHash<QString, qint64> streams;
        QRandomGenerator random(7);
        QMap<qint64, QMap<QString, RecordedCluster>> truth;
        QMap<QString, ProfilePtr> live;
        for (qint64 t = 1000; t <= 20000; t += 100) {
            for (int i = 0; i < 5; ++i) {
                const QString name = QStringLiteral("c%1").arg(random.bounded(20));
                if (random.bounded(10) == 0 && live.contains(name)) {
                    writer.observeCluster(hubA, keyOf(name), nullptr, t);
                    live.remove(name);
                } else {
                    const ProfilePtr p = profile(name, random.bounded(2) ? ConditionStatus::True : ConditionStatus::False,
                                                  int(random.bounded(1, 9)), QString(), t);
                    writer.observeCluster(hubA, keyOf(name), p, t);
                    live.insert(name, p);
                }
            }
            QVERIFY2(flush(&db, &writer, &streams, 1000, &error), qPrintable(error));
            truth.insert(t, factsOf(live.values()));
        }
        QVERIFY(db.fleetLog().extendStream(streams.value(hubA), 20000, &error));
        const qint64 before = db.fleetLog().bytes();
        QVERIFY(db.pruneFleetLog(10000, 0, &error));
        const qint64 after = db.fleetLog().bytes();
        QVERIFY2(after < before * 3 / 4, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        const qint64 oldest = db.fleetLog().oldest();
        QVERIFY2(oldest <= 10000 && oldest > 1000, qPrintable(QString::number(oldest)));
        db.close();

        FleetHistoryReader reader;
        QVERIFY(reader.open(path, &error));
        for (qint64 t = 10000; t <= 20000; t += 700) {
            const qint64 recorded = (t / 100) * 100;
            const HubMoment hub = reader.momentAt({hubA}, t, &error).hubs[0];
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QString diff = difference(factsOf(hub), truth.value(recorded));
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("at %1: %2").arg(t).arg(diff)));
        }
        QCOMPARE(reader.momentAt({hubA}, oldest - 1, &error).hubs[0].coverage, HubMoment::Coverage::NotRecorded);
    }

    void sizeCapKeepsTheFileFlat()
    {
        const QString path = file(QStringLiteral("cap.sqlite"));
        QString error;
        HistoryDatabase db;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        FleetLogWriter writer;
        writer.setKeyframeEvents(400);
        QHash<QString, qint64> streams;
        const qint64 cap = 60 * 1024;
        qint64 largest = 0;
        for (qint64 t = 1000; t < 400000; t += 1000) {
            for (int i = 0; i < 40; ++i) {
                const QString name = QStringLiteral("churn-%1").arg(t + i); // a new name each time, as a churning hub
                writer.observeCluster(hubA, keyOf(name), profile(name), t);
                writer.observeCluster(hubA, keyOf(name), nullptr, t);
            }
            QVERIFY2(flush(&db, &writer, &streams, 1000, &error), qPrintable(error));
            QVERIFY(db.pruneFleetLog(0, cap, &error));
            largest = std::max(largest, db.fleetLog().bytes());
        }
        QVERIFY2(largest <= cap, qPrintable(QStringLiteral("%1 bytes").arg(largest)));
        QVERIFY(db.fleetLog().oldest() > 200000);
    }

    void oneWriterAndReadersAlongside()
    {
        const QString path = file(QStringLiteral("writers.sqlite"));
        HistoryDatabase writer;
        QString error;
        QVERIFY2(writer.open(path, &error), qPrintable(error));
        HistoryDatabase second;
        QVERIFY(!second.open(path, &error));
        const QString lockedError = error;
        error.clear();
        QVERIFY2(lockedError.contains(path) && lockedError.contains(QLatin1String("locked"))
                     && lockedError.contains(QStringLiteral("pid %1").arg(QCoreApplication::applicationPid())),
                 qPrintable(lockedError));
        QCOMPARE(second.lockedBy().pid, QCoreApplication::applicationPid());

        // Readers read while it writes, and see each commit.
        FleetHistoryReader reader;
        QVERIFY2(reader.open(path, &error), qPrintable(error));
        FleetLogWriter log;
        QHash<QString, qint64> streams;
        log.observeCluster(hubA, keyOf(QStringLiteral("c1")), profile(QStringLiteral("c1")), 1000);
        QVERIFY(flush(&writer, &log, &streams, 1000, &error));
        QString readError;
        const FleetMoment first = reader.momentAt({hubA}, 1000, &readError);
        QVERIFY2(readError.isEmpty(), qPrintable(readError));
        QCOMPARE(first.hubs.value(0).profiles.size(), 1);
        log.observeCluster(hubA, keyOf(QStringLiteral("c2")), profile(QStringLiteral("c2")), 2000);
        QVERIFY(flush(&writer, &log, &streams, 1000, &error));
        const FleetMoment later = reader.momentAt({hubA}, 2000, &readError);
        QVERIFY2(readError.isEmpty(), qPrintable(readError));
        QCOMPARE(later.hubs.value(0).profiles.size(), 2);
        HistoryDatabase reading;
        QVERIFY2(reading.openForReading(path, &error), qPrintable(error));
        QString writeError;
        QVERIFY(!reading.insert({historytest::transition(QStringLiteral("c1"), 3000, ConditionStatus::Absent,
                                                         ConditionStatus::True)},
                                &writeError));

        writer.close();
        QVERIFY2(second.open(path, &error), qPrintable(error)); // free once the first is gone
    }

    void olderFileKeepsItsHistory()
    {
        const QString path = file(QStringLiteral("v3.sqlite"));
        QString error;
        {
            HistoryDatabase db;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            QVERIFY(db.insert({historytest::transition(QStringLiteral("c1"), 1000, ConditionStatus::Absent, ConditionStatus::True),
                               historytest::transition(QStringLiteral("c1"), 2000, ConditionStatus::True, ConditionStatus::False)},
                              &error));
        }
        {
            // Back to what schema 3 had: no fleet log.
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(q.exec(QStringLiteral("DROP TABLE fleet_frames")));
            QVERIFY(q.exec(QStringLiteral("DROP TABLE fleet_streams")));
            QVERIFY(q.exec(QStringLiteral("UPDATE schema_version SET version = 3")));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        {
            FleetHistoryReader reader;
            QVERIFY(!reader.open(path, &error));
            QVERIFY2(error.contains(QLatin1String("older Fleetscope")), qPrintable(error));
        }
        HistoryDatabase db;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.foundVersion(), 3);
        QCOMPARE(db.transitionCount(), 2);
        const ClusterHistory h = db.clusterHistory({hubA, QStringLiteral("fleet"), QStringLiteral("c1")}, 0, 3000);
        QCOMPARE(h.transitions.size(), 2);
        QString readError;
        QVERIFY(db.fleetLog().streams(QString(), &readError).isEmpty());
        QVERIFY2(readError.isEmpty(), qPrintable(readError));
        FleetLogWriter log;
        QHash<QString, qint64> streams;
        log.observeCluster(hubA, keyOf(QStringLiteral("c1")), profile(QStringLiteral("c1")), 4000);
        QVERIFY2(flush(&db, &log, &streams, 4000, &error), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TstFleetLog)
#include "tst_fleetlog.moc"
