// The hand-over from hub threads to the store on the GUI thread: deltas and
// statuses in posting order, and one delta per event-loop turn so that input
// and painting are never stuck behind several hubs' bursts at once.

#include "fleet/store/fleetstore.h"
#include "fleet/store/storefeeder.h"
#include "syntheticfleet.h"

#include <QSignalSpy>
#include <QThread>
#include <QTest>

#include <memory>
#include <vector>

using namespace fleetscope;

namespace {

HubDelta upserts(int first, int count, int round = 0)
{
    HubDelta delta;
    for (int i = first; i < first + count; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i, round));
    return delta;
}


} // namespace

class TestStoreFeeder final : public QObject
{
    Q_OBJECT

private slots:
    void appliesEverythingInOrder();
    void letsOtherEventsRunBetweenDeltas();
    void statusNeverOvertakesADelta();
    void takesPostsFromHubThreads();
};

void TestStoreFeeder::appliesEverythingInOrder()
{
    FleetStore store;
    const int a = store.addHub("a");
    const int b = store.addHub("b");
    StoreFeeder feeder(&store);
    feeder.postDelta(a, upserts(0, 10));
    feeder.postDelta(b, upserts(0, 5));
    HubDelta removal;
    for (int i = 0; i < 4; ++i)
        removal.removedProfiles.append(ObjectKey{"fleet", synthetic::profile(i)->profile.metadata.name});
    feeder.postDelta(a, removal); // must come after a's upserts, or it removes nothing
    QCOMPARE(store.profileCount(), 0); // nothing applied inside postDelta
    QSignalSpy applied(&store, &FleetStore::deltaApplied);
    QTRY_COMPARE_WITH_TIMEOUT(applied.size(), 3, 5000);
    QCOMPARE(store.profileCount(), 6 + 5);
}

void TestStoreFeeder::letsOtherEventsRunBetweenDeltas()
{
    FleetStore store;
    const int hub = store.addHub("h");
    StoreFeeder feeder(&store);
    // Three hubs' flushes land at once, then a click (any posted event) arrives.
    feeder.postDelta(hub, upserts(0, 100));
    feeder.postDelta(hub, upserts(100, 100));
    feeder.postDelta(hub, upserts(200, 100));
    int countAtClick = -1;
    QMetaObject::invokeMethod(this, [&] { countAtClick = store.profileCount(); }, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(store.profileCount(), 300, 5000);
    // The click ran after the first delta, not after all three.
    QCOMPARE(countAtClick, 100);
}

void TestStoreFeeder::statusNeverOvertakesADelta()
{
    FleetStore store;
    const int hub = store.addHub("h");
    StoreFeeder feeder(&store);
    QSignalSpy status(&store, &FleetStore::hubStatusChanged);
    feeder.postDelta(hub, upserts(0, 50));
    feeder.postDelta(hub, upserts(50, 50));
    feeder.postStatus(hub, synthetic::syncedStatus("h")); // the informer's "listed" after its last page
    int countWhenSynced = -1;
    connect(&store, &FleetStore::hubStatusChanged, this, [&] {
        if (store.hubStatus(hub).synced)
            countWhenSynced = store.profileCount();
    });
    QTRY_COMPARE_WITH_TIMEOUT(status.size(), 1, 5000);
    QCOMPARE(countWhenSynced, 100); // what `fleetscope list` prints once every hub is synced
    QVERIFY(store.allHubsSettled());
}

void TestStoreFeeder::takesPostsFromHubThreads()
{
    // Hubs post from their own threads, as the engine wires them: each hub's
    // deltas arrive whole and in its order (its last round wins), and its
    // "synced" comes after its last delta.
    FleetStore store;
    StoreFeeder feeder(&store);
    constexpr int hubs = 4;
    constexpr int rounds = 40;
    QList<int> hubIndex;
    for (int h = 0; h < hubs; ++h)
        hubIndex.append(store.addHub(QStringLiteral("hub-%1").arg(h)));
    auto isLastRound = [&store, &hubIndex](int h, int i) {
        const int row = store.rowOf(hubIndex[h], QStringLiteral("fleet"), synthetic::profile(i)->profile.metadata.name);
        const ProfilePtr expected = synthetic::profile(i, rounds - 1);
        return row >= 0 && store.profileAt(row).profile().conditions == expected->profile.conditions
               && store.profileAt(row).profile().kubernetesVersion == expected->profile.kubernetesVersion;
    };
    QList<bool> completeWhenSynced(hubs, false);
    connect(&store, &FleetStore::hubStatusChanged, this, [&](int hub) {
        const int h = hubIndex.indexOf(hub);
        if (store.hubStatus(hub).synced)
            completeWhenSynced[h] = isLastRound(h, h * 100) && isLastRound(h, h * 100 + 99);
    });
    std::vector<std::unique_ptr<QThread>> threads;
    for (int h = 0; h < hubs; ++h) {
        threads.emplace_back(QThread::create([&feeder, &hubIndex, h] {
            for (int round = 0; round < rounds; ++round)
                feeder.postDelta(hubIndex[h], upserts(h * 100, 100, round));
            feeder.postStatus(hubIndex[h], synthetic::syncedStatus(QStringLiteral("hub-%1").arg(h)));
        }));
        threads.back()->start();
    }
    for (const auto &thread : threads)
        QVERIFY(thread->wait(QDeadlineTimer(20000)));
    QTRY_VERIFY_WITH_TIMEOUT(store.allHubsSettled(), 10000);
    QCOMPARE(store.profileCount(), hubs * 100);
    for (int h = 0; h < hubs; ++h) {
        QVERIFY2(completeWhenSynced[h], qPrintable(QStringLiteral("hub-%1 was synced before its last delta").arg(h)));
        for (int i = h * 100; i < h * 100 + 100; ++i)
            QVERIFY2(isLastRound(h, i), qPrintable(QStringLiteral("cluster %1 of hub-%2").arg(i).arg(h)));
    }
}

QTEST_GUILESS_MAIN(TestStoreFeeder)
#include "tst_storefeeder.moc"
