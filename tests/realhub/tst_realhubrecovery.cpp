// The engine when a real kube-apiserver goes away under it: restarted, with
// etcd compacted meanwhile. Each time the hub comes back by itself and the
// store again holds exactly what the server lists: nothing lost, nothing at
// an old resourceVersion, nothing the server deleted meanwhile.

#include "realhubsupport.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const QString teamA = QStringLiteral("team-a");

QString profilePath(const QString &name)
{
    return namespacedPath(QStringLiteral("v1alpha2"), teamA, QStringLiteral("clusterprofiles"), name);
}

// Deletes, updates and creates a few profiles (of those createProfiles() made
// as "seed"), so that a store that missed them differs from the server.
bool changeSome(ControlPlaneProcess &cp, const QString &tag)
{
    for (int i = 0; i < 3; ++i) {
        const auto removed = cp.remove(profilePath(QStringLiteral("seed-%1").arg(i)));
        const auto patched = cp.mergePatch(profilePath(QStringLiteral("seed-%1").arg(10 + i)),
                                           QStringLiteral(R"({"spec":{"displayName":"%1 %2"}})").arg(tag).arg(i).toUtf8());
        if (!removed.ok() || !patched.ok()) {
            qWarning("%s / %s", qPrintable(removed.describe()), qPrintable(patched.describe()));
            return false;
        }
    }
    return createProfiles(cp, teamA, tag, 3);
}

// Waits until the hub has been away and is live again.
bool waitBackLive(FleetStore &store, int hub, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (store.hubStatus(hub).state != HubStatus::State::Live && !deadline.hasExpired()) {
        QSignalSpy changed(&store, &FleetStore::hubStatusChanged);
        changed.wait(int(std::max<qint64>(1, std::min<qint64>(deadline.remainingTime(), 1000))));
    }
    return store.hubStatus(hub).state == HubStatus::State::Live;
}

int profileRelists(const FleetStore &store, int hub)
{
    const QList<HubJournal::Resource> resources = store.hubJournal(hub)->resources();
    const HubJournal::Resource *profiles = journalResource(resources, QStringLiteral("clusterprofiles"));
    return profiles ? profiles->relists : -1;
}

} // namespace

class TestRealHubRecovery final : public QObject
{
    Q_OBJECT

private slots:
    void apiserverRestart_data();
    void apiserverRestart();
    void compactedWhileAway_data();
    void compactedWhileAway();
    void etcdReplacedByEmpty();
};

void TestRealHubRecovery::apiserverRestart_data()
{
    QTest::addColumn<QStringList>("apiserverArguments");
    QTest::addColumn<bool>("relist");
    // A new kube-apiserver's watch cache starts at etcd's current revision, so a
    // watch from before the restart is "too old" (410): the engine relists.
    QTest::newRow("watch cache") << QStringList() << true;
    // Without it, watches read etcd's history, which still holds the revision:
    // the engine resumes where it was, no relist.
    QTest::newRow("--watch-cache=false") << QStringList{QStringLiteral("--watch-cache=false")} << false;
}

void TestRealHubRecovery::apiserverRestart()
{
    QFETCH(QStringList, apiserverArguments);
    QFETCH(bool, relist);
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp(apiserverArguments);
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    QVERIFY(createProfiles(cp, teamA, QStringLiteral("seed"), 20));
    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));
    FleetDifference d = waitForFleet(store, hub, cp.list(profilesV1alpha2, &error), 10000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    // The hub notices, and says so while the server is away.
    QList<HubStatus::State> states;
    connect(&store, &FleetStore::hubStatusChanged, this, [&](int changed) {
        if (changed == hub && (states.isEmpty() || states.last() != store.hubStatus(hub).state))
            states << store.hubStatus(hub).state;
    });
    const qint64 before = cp.apiserverPid();
    QVERIFY2(cp.restartApiserver(&error), qPrintable(error));
    QVERIFY(cp.apiserverPid() != before);
    QVERIFY(changeSome(cp, QStringLiteral("after-restart")));
    const auto server = cp.list(profilesV1alpha2, &error);
    QVERIFY2(!server.empty(), qPrintable(error));

    QVERIFY2(waitBackLive(store, hub, 30000), qPrintable(store.hubStatus(hub).summary()));
    d = waitForFleet(store, hub, server, 30000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));
    QVERIFY2(states.contains(HubStatus::State::Reconnecting) || profileRelists(store, hub) > 0 || !relist,
             qPrintable(journalLines(store, hub, HubJournal::Kind::Backoff).join(u'\n')));
    const QString backoffs = journalLines(store, hub, HubJournal::Kind::Backoff).join(u'\n');
    qInfo("relists %d; states seen %d; backoffs:\n%s", profileRelists(store, hub), int(states.size()), qPrintable(backoffs));
    if (relist) {
        QVERIFY2(profileRelists(store, hub) >= 1, qPrintable(backoffs));
        QVERIFY2(backoffs.contains(u"too old resource version"), qPrintable(backoffs));
    } else {
        QCOMPARE(profileRelists(store, hub), 0);
    }
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Live);
}

void TestRealHubRecovery::compactedWhileAway_data()
{
    QTest::addColumn<QStringList>("apiserverArguments");
    // The watch cache refuses any watch from before the restart; without it,
    // etcd refuses one from before the compaction ("The resourceVersion for the
    // provided watch is too old.").
    QTest::newRow("watch cache") << QStringList();
    QTest::newRow("--watch-cache=false") << QStringList{QStringLiteral("--watch-cache=false")};
}

void TestRealHubRecovery::compactedWhileAway()
{
    QFETCH(QStringList, apiserverArguments);
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp(apiserverArguments);
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    QVERIFY(createProfiles(cp, teamA, QStringLiteral("seed"), 20));
    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    // Slow retries: the writes below land while the engine waits to re-watch
    // from its old resourceVersion, so only its relist can bring them.
    InformerOptions informer = realInformer();
    informer.backoff.initialMs = 3000;
    informer.backoff.capMs = 3000;
    informer.backoff.jitter = 0;
    QVERIFY(syncAdmin(engine, store, cp, &hub, informer));
    FleetDifference d = waitForFleet(store, hub, cp.list(profilesV1alpha2, &error), 10000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    // Compacted past every resourceVersion the engine has seen, then restarted. The
    // harness compacts at a revision of its own, one past the newest: a write
    // the engine does not watch (a ConfigMap) puts that past the engine's too.
    const auto unwatched = cp.create(QStringLiteral("/api/v1/namespaces/team-b/configmaps"),
                                     R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"unwatched"}})");
    QVERIFY2(unwatched.ok(), qPrintable(unwatched.describe()));
    qint64 revision = 0;
    QVERIFY2(cp.compact(&error, &revision), qPrintable(error));
    QVERIFY(revision > 0);
    QVERIFY2(cp.restartApiserver(&error), qPrintable(error));
    QVERIFY(changeSome(cp, QStringLiteral("while-away")));
    const auto server = cp.list(profilesV1alpha2, &error);
    QVERIFY2(!server.empty(), qPrintable(error));

    QVERIFY2(waitBackLive(store, hub, 30000), qPrintable(store.hubStatus(hub).summary()));
    d = waitForFleet(store, hub, server, 30000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));
    const QString backoffs = journalLines(store, hub, HubJournal::Kind::Backoff).join(u'\n');
    qInfo("compacted at %lld; backoffs:\n%s", revision, qPrintable(backoffs));
    QVERIFY2(profileRelists(store, hub) >= 1, qPrintable(backoffs));
    QVERIFY2(backoffs.contains(QRegularExpression(QStringLiteral("Expired \\(410\\).*too old"))), qPrintable(backoffs));
    // The deleted profiles are gone from the rows, not left behind by the relist.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(store.rowOf(hub, teamA, QStringLiteral("seed-%1").arg(i)), -1);
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Live);
}

void TestRealHubRecovery::etcdReplacedByEmpty()
{
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    QVERIFY(createProfiles(cp, teamA, QStringLiteral("seed"), 20));
    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));
    // Writes the engine sees take its resourceVersion well past what the empty
    // etcd will reach below.
    for (int round = 0; round < 15; ++round) {
        for (int i = 0; i < 20; ++i) {
            const auto patched = cp.mergePatch(profilePath(QStringLiteral("seed-%1").arg(i)),
                                               QStringLiteral(R"({"spec":{"displayName":"round %1"}})").arg(round).toUtf8());
            QVERIFY2(patched.ok(), qPrintable(patched.describe()));
        }
    }
    QString before;
    FleetDifference d = waitForFleet(store, hub, cp.list(profilesV1alpha2, &error, &before), 20000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    QVERIFY2(cp.wipeEtcd(&error), qPrintable(error));
    // The new inventory: one profile of the old name, with other content, and new ones.
    const auto again = cp.create(namespacedPath(QStringLiteral("v1alpha2"), teamA, QStringLiteral("clusterprofiles")),
                                 profileJson(QStringLiteral("v1alpha2"), QStringLiteral("seed-5"), QStringLiteral("restored")));
    QVERIFY2(again.ok(), qPrintable(again.describe()));
    QVERIFY(createProfiles(cp, teamA, QStringLiteral("new"), 3));
    QString after;
    const auto server = cp.list(profilesV1alpha2, &error, &after);
    QCOMPARE(int(server.size()), 4);
    QVERIFY2(after.toLongLong() < before.toLongLong(), qPrintable(after + QStringLiteral(" < ") + before));

    d = waitForFleet(store, hub, server, 60000);
    const QString backoffs = journalLines(store, hub, HubJournal::Kind::Backoff).join(u'\n');
    qInfo("resourceVersion %s before, %s after; backoffs:\n%s", qPrintable(before), qPrintable(after), qPrintable(backoffs));
    QVERIFY2(d.none(), qPrintable(d.describe() + u'\n' + backoffs));
    const int row = store.rowOf(hub, teamA, QStringLiteral("seed-5"));
    QVERIFY(row >= 0);
    QCOMPARE(store.profileAt(row).profile().displayName.toString(), QStringLiteral("restored"));
    QVERIFY2(waitBackLive(store, hub, 30000), qPrintable(store.hubStatus(hub).summary()));
}

QTEST_GUILESS_MAIN(TestRealHubRecovery)
#include "tst_realhubrecovery.moc"
