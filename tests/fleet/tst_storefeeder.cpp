// The hand-over from hub threads to the store on the GUI thread: deltas and
// statuses in posting order, and one delta per event-loop turn so that input
// and painting are never stuck behind several hubs' bursts at once.

#include "fleet/store/fleetstore.h"
#include "fleet/store/storefeeder.h"
#include "syntheticfleet.h"

#include <QSignalSpy>
#include <QTest>

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
    QCOMPARE(feeder.pending(), 3);
    QCOMPARE(store.profileCount(), 0); // nothing applied inside postDelta
    QTRY_COMPARE_WITH_TIMEOUT(feeder.pending(), 0, 5000);
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
    QTRY_COMPARE_WITH_TIMEOUT(feeder.pending(), 0, 5000);
    QCOMPARE(store.profileCount(), 300);
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
    QTRY_COMPARE_WITH_TIMEOUT(feeder.pending(), 0, 5000);
    QCOMPARE(status.size(), 1);
    QCOMPARE(countWhenSynced, 100); // what `fleetscope list` prints once every hub is synced
    QVERIFY(store.allHubsSettled());
}

QTEST_GUILESS_MAIN(TestStoreFeeder)
#include "tst_storefeeder.moc"
