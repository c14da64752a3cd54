// Hubs coming and going while the fleet is shown: every model that reads the
// store stays consistent (QAbstractItemModelTester), a removed hub leaves no
// row, group, placement or status behind, and a hub added back gets its slot
// back without stale data.

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "fleet/itemmodels/hubstatusmodel.h"
#include "fleet/itemmodels/placementmodel.h"
#include "fleet/store/storefeeder.h"
#include "history/healthchangewatcher.h"
#include "syntheticfleet.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;

namespace {

PlacementPtr placement(const QString &name, const QStringList &clusters)
{
    auto p = std::make_shared<PlacementDecision>();
    p->metadata.namespaceName = QStringLiteral("apps");
    p->metadata.name = name;
    p->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/placement-key"), name);
    p->schedulerName = QStringLiteral("spread");
    for (const QString &c : clusters)
        p->decisions.append(ClusterDecision{c, QStringLiteral("fleet"), QString()});
    return p;
}

int rowsOfHub(const FleetStore &store, int hub)
{
    int rows = 0;
    for (const FleetProfile &p : store.profiles())
        rows += p.hub == hub ? 1 : 0;
    return rows;
}

QStringList treeHubGroups(const FleetTreeModel &tree)
{
    QStringList groups;
    for (int row = 0; row < tree.rowCount(); ++row)
        groups << tree.index(row, 0).data(Qt::DisplayRole).toString();
    return groups;
}

QStringList placementHubs(const PlacementModel &model)
{
    QStringList hubs;
    for (int row = 0; row < model.rowCount(); ++row)
        hubs << model.index(row, PlacementModel::HubColumn).data(Qt::DisplayRole).toString();
    return hubs;
}

} // namespace

class TestHubRemoval final : public QObject
{
    Q_OBJECT

private slots:
    void modelsFollowHubsComingAndGoing();
    void removedHubsLateDeltasAreDropped();
    void pendingNotificationsOfARemovedHubGo();
    void choiceFromAMissingFileIsAnErrorHubUntilFixed();
    void aHubWhoseKubeconfigWentComesBackAsOften();
};

void TestHubRemoval::modelsFollowHubsComingAndGoing()
{
    FleetStore store;
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    FleetTreeModel tree(&store);
    PlacementModel placements(&store);
    HubStatusModel statuses(&store);
    const auto fatal = QAbstractItemModelTester::FailureReportingMode::Fatal;
    QAbstractItemModelTester tableTester(&table, fatal);
    QAbstractItemModelTester proxyTester(&proxy, fatal);
    QAbstractItemModelTester treeTester(&tree, fatal);
    QAbstractItemModelTester placementTester(&placements, fatal);
    QAbstractItemModelTester statusTester(&statuses, fatal);
    QVERIFY(filter.setFilterText(QStringLiteral("health!=unhealthy")));

    const QStringList names{QStringLiteral("hub-a"), QStringLiteral("hub-b"), QStringLiteral("hub-c")};
    QList<int> hubs;
    QList<QSet<int>> present(names.size());
    QRandomGenerator random(23);
    for (const QString &name : names)
        hubs << store.addHub(name);
    for (int round = 0; round < 30; ++round) {
        for (int i = 0; i < hubs.size(); ++i) {
            if (!store.isHubActive(hubs[i]))
                continue;
            HubDelta delta = synthetic::randomDelta(random, present[i], round, 40, 120);
            if (round == 0)
                delta.upsertedPlacements.append(placement(QStringLiteral("web-") + names[i],
                                                          {QStringLiteral("cluster-000001")}));
            store.applyDelta(hubs[i], delta);
            store.setHubStatus(hubs[i], synthetic::syncedStatus(names[i]));
        }
        if (round == 10) {
            // hub-b goes while the table is scoped to it.
            ClusterScope scope;
            scope.hub = hubs[1];
            filter.setScope(scope);
            QSignalSpy removed(&store, &FleetStore::hubRemoved);
            store.removeHub(hubs[1]);
            QCOMPARE(removed.size(), 1);
            QCOMPARE(rowsOfHub(store, hubs[1]), 0);
            QCOMPARE(table.rowCount(), store.profileCount());
            QCOMPARE(proxy.rowCount(), 0);
            QVERIFY(!treeHubGroups(tree).join(u' ').contains(u"hub-b"));
            QVERIFY(!placementHubs(placements).contains(QStringLiteral("hub-b")));
            QCOMPARE(statuses.rowCount(), 2);
            QCOMPARE(store.hubIndex(QStringLiteral("hub-b")), -1);
            QVERIFY(!store.isHubActive(hubs[1]));
            QCOMPARE(store.activeHubs(), (QList<int>{hubs[0], hubs[2]}));
            QVERIFY(store.placements(hubs[1]).isEmpty());
            filter.setScope({});
            present[1].clear();
        }
        if (round == 20) {
            // It comes back: the same slot, empty, last in the status bar.
            QCOMPARE(store.addHub(QStringLiteral("hub-b")), hubs[1]);
            QVERIFY(store.isHubActive(hubs[1]));
            QCOMPARE(store.hubStatus(hubs[1]).state, HubStatus::State::Connecting);
            QCOMPARE(statuses.rowCount(), 3);
            QCOMPARE(statuses.index(2).data(HubStatusModel::HubNameRole).toString(), QStringLiteral("hub-b"));
            QCOMPARE(statuses.index(2).data(HubStatusModel::HubIndexRole).toInt(), hubs[1]);
            QCOMPARE(rowsOfHub(store, hubs[1]), 0);
        }
        for (int i = 0; i < hubs.size(); ++i) {
            if (store.isHubActive(hubs[i]))
                QCOMPARE(rowsOfHub(store, hubs[i]), int(present[i].size()));
        }
        QCOMPARE(table.rowCount(), store.profileCount());
    }
    // Everything goes: nothing at all is left.
    for (const int hub : std::as_const(hubs))
        store.removeHub(hub);
    QCOMPARE(store.profileCount(), 0);
    QCOMPARE(table.rowCount(), 0);
    QCOMPARE(proxy.rowCount(), 0);
    QCOMPARE(tree.rowCount(), 0);
    QCOMPARE(placements.rowCount(), 0);
    QCOMPARE(statuses.rowCount(), 0);
    QVERIFY(store.allHubsSettled());
}

void TestHubRemoval::removedHubsLateDeltasAreDropped()
{
    FleetStore store;
    StoreFeeder feeder(&store);
    ClusterTableModel table(&store);
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int a = store.addHub(QStringLiteral("hub-a"));
    const int b = store.addHub(QStringLiteral("hub-b"));
    HubDelta delta;
    delta.upsertedProfiles = {synthetic::profile(1), synthetic::profile(2)};
    feeder.postDelta(a, delta);
    feeder.postDelta(b, delta);
    feeder.postStatus(b, synthetic::syncedStatus(QStringLiteral("hub-b")));
    // hub-b goes before its queued delta was applied; one that arrives later still is ignored.
    feeder.dropHub(b);
    store.removeHub(b);
    QSignalSpy applied(&store, &FleetStore::deltaApplied);
    QTRY_COMPARE_WITH_TIMEOUT(applied.size(), 1, 5000); // hub-a's
    store.applyDelta(b, delta);
    store.setHubStatus(b, synthetic::syncedStatus(QStringLiteral("hub-b")));
    QCOMPARE(store.profileCount(), 2);
    QCOMPARE(rowsOfHub(store, b), 0);
    QVERIFY(!store.isHubActive(b));
    QCOMPARE(store.hubStatus(b).state, HubStatus::State::Connecting);
}

void TestHubRemoval::pendingNotificationsOfARemovedHubGo()
{
    FleetStore store;
    HealthChangeWatcher watcher(&store);
    qint64 now = 1'000'000;
    watcher.setClock([&now] { return now; });
    watcher.setSettleMs(0);
    SavedView view;
    view.name = QStringLiteral("all");
    view.notify = true;
    watcher.setViews({view});
    QSignalSpy notified(&watcher, &HealthChangeWatcher::notificationsReady);

    const int a = store.addHub(QStringLiteral("hub-a"));
    const int b = store.addHub(QStringLiteral("hub-b"));
    HubDelta first;
    first.upsertedProfiles = {synthetic::profile(1)};
    store.applyDelta(a, first);
    store.applyDelta(b, first);
    store.setHubStatus(a, synthetic::syncedStatus(QStringLiteral("hub-a")));
    store.setHubStatus(b, synthetic::syncedStatus(QStringLiteral("hub-b")));
    now += 1000;
    // The same cluster on both hubs becomes unhealthy, then hub-b is removed
    // before the notification goes out.
    auto record = std::make_shared<ProfileRecord>(*synthetic::profile(1));
    record->profile.conditions[0].status = ConditionStatus::False;
    HubDelta worse;
    worse.upsertedProfiles = {record};
    store.applyDelta(a, worse);
    store.applyDelta(b, worse);
    store.removeHub(b);
    watcher.flush();
    QCOMPARE(notified.size(), 1);
    const auto notifications = notified.first().first().value<QList<HealthNotification>>();
    QCOMPARE(notifications.size(), 1);
    QCOMPARE(notifications.first().clusters.size(), 1);
    QCOMPARE(notifications.first().clusters.first().hub, QStringLiteral("hub-a"));
}

void TestHubRemoval::choiceFromAMissingFileIsAnErrorHubUntilFixed()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gone.kubeconfig"));
    FleetStore store;
    HubStatusModel statuses(&store);
    QAbstractItemModelTester tester(&statuses, QAbstractItemModelTester::FailureReportingMode::Fatal);
    FleetEngine engine(&store);
    QString error;
    QVERIFY(!engine.addHub({path, QStringLiteral("remembered")}, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    // The hub says why instead of vanishing, and stays a choice.
    const int hub = store.hubIndex(QStringLiteral("remembered"));
    QVERIFY(hub >= 0);
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Error);
    QVERIFY(store.hubStatus(hub).message.contains(path));
    QCOMPARE(engine.hubs(), (QList<HubChoice>{{path, QStringLiteral("remembered")}}));
    QCOMPARE(statuses.rowCount(), 1);

    // Fixed on disk: Reconnect reads it again.
    QVERIFY(testing::writeRefusedKubeconfig(path, QStringLiteral("remembered"), "t"));
    engine.reconnectHub(QStringLiteral("remembered"));
    QCOMPARE(store.hubIndex(QStringLiteral("remembered")), hub);
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Connecting);
    QCOMPARE(engine.hubs(), (QList<HubChoice>{{path, QStringLiteral("remembered")}}));
    QCOMPARE(statuses.rowCount(), 1);
    engine.removeHub(QStringLiteral("remembered"));
    QVERIFY(engine.hubs().isEmpty());
    QCOMPARE(statuses.rowCount(), 0);
}

void TestHubRemoval::aHubWhoseKubeconfigWentComesBackAsOften()
{
    // The demo's way: the engine reads a KUBECONFIG list, then the files go (a
    // missing file in the list reads as an empty config, as kubectl reads it).
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("demo-hub-us.kubeconfig"));
    QVERIFY(testing::writeRefusedKubeconfig(path, QStringLiteral("demo-hub-us"), "t"));
    FleetStore store;
    HubStatusModel statuses(&store);
    QAbstractItemModelTester tester(&statuses, QAbstractItemModelTester::FailureReportingMode::Fatal);
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigList = path;
    options.allContexts = true;
    QString error;
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    QVERIFY(QFile::remove(path));
    engine.start();
    const int hub = store.hubIndex(QStringLiteral("demo-hub-us"));
    QVERIFY(hub >= 0);
    const QString server = engine.watchedHubs().value(0).server;
    QVERIFY(!server.isEmpty());
    for (int round = 0; round < 3; ++round) {
        engine.removeHub(QStringLiteral("demo-hub-us"));
        QCOMPARE(statuses.rowCount(), 0);
        const QList<WatchedHub> listed = engine.watchedHubs();
        QCOMPARE(listed.size(), 1);
        QVERIFY(!listed.first().watched);
        // Chosen again, as the Hubs dialog chooses it: the same hub as at the start.
        QVERIFY2(engine.addHub(listed.first().choice, &error), qPrintable(error));
        QCOMPARE(store.hubIndex(QStringLiteral("demo-hub-us")), hub);
        QVERIFY(store.isHubActive(hub));
        const HubStatus &status = store.hubStatus(hub);
        QVERIFY2(status.state != HubStatus::State::Error || !status.fatal, qPrintable(status.message));
        QVERIFY2(!status.message.contains(u"context was not found"), qPrintable(status.message));
        QCOMPARE(engine.watchedHubs().value(0).server, server);
        QVERIFY(engine.watchedHubs().value(0).watched);
        QCOMPARE(statuses.rowCount(), 1);
    }
}

QTEST_GUILESS_MAIN(TestHubRemoval)
#include "tst_hubremoval.moc"
