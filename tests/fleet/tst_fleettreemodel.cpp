// The fleet tree: groups with counts and health roll-ups that follow live
// deltas incrementally, regrouping, and group scopes that select exactly the
// group's clusters in the table proxy.

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "producerfleet.h"
#include "syntheticfleet.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;

namespace {

using Level = FleetTreeModel::Level;

// Every leaf group's count and health roll-up match a recount of the store,
// every parent sums its children, and every group's scope selects its clusters.
void verifyTree(const FleetTreeModel &tree, const FleetStore &store, FleetRowFilter *filter,
                const QModelIndex &parent = QModelIndex())
{
    int sum = 0;
    for (int row = 0; row < tree.rowCount(parent); ++row) {
        const QModelIndex group = tree.index(row, 0, parent);
        QVERIFY(tree.clusterCount(group) > 0); // empty groups go away
        sum += tree.clusterCount(group);
        const ClusterScope scope = tree.scopeOf(group);
        int expected = 0;
        int unhealthy = 0;
        for (const FleetProfile &p : store.profiles()) {
            if (scope.matches(p)) {
                ++expected;
                unhealthy += p.health == Health::Unhealthy ? 1 : 0;
            }
        }
        QCOMPARE(tree.clusterCount(group), expected);
        QCOMPARE(tree.index(row, FleetTreeModel::UnhealthyColumn, parent).data().toInt(), unhealthy);
        if (filter && row == 0) {
            filter->setScope(scope);
            int shown = 0; // the group's clusters that also pass the proxy's filter
            for (int storeRow = 0; storeRow < store.profileCount(); ++storeRow)
                shown += scope.matches(store.profileAt(storeRow)) && filter->proxy()->acceptsSourceRow(storeRow) ? 1 : 0;
            QCOMPARE(filter->proxy()->rowCount(), shown);
            if (filter->filter().isEmpty())
                QCOMPARE(shown, expected);
        }
        verifyTree(tree, store, nullptr, group);
    }
    if (tree.rowCount(parent) > 0)
        QCOMPARE(sum, parent.isValid() ? tree.clusterCount(parent) : store.profileCount());
}

QStringList topGroups(const FleetTreeModel &tree)
{
    QStringList groups;
    for (int row = 0; row < tree.rowCount(); ++row)
        groups << tree.index(row, 0).data().toString();
    groups.sort();
    return groups;
}

} // namespace

class TestFleetTreeModel final : public QObject
{
    Q_OBJECT

private slots:
    void groupsByHubClusterSetAndManager();
    void regroupsAndHidesTheHubLevel();
    void followsRandomDeltasIncrementally();
    void groupsByInventory_data();
    void groupsByInventory();
};

void TestFleetTreeModel::groupsByHubClusterSetAndManager()
{
    FleetStore store;
    const int a = store.addHub("hub-a");
    const int b = store.addHub("hub-b");
    HubDelta delta;
    for (int i = 0; i < 30; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(a, delta);
    FleetTreeModel tree(&store);
    QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::Fatal);
    store.applyDelta(b, delta);
    QCOMPARE(topGroups(tree), (QStringList{"hub-a", "hub-b"}));
    const QModelIndex hubA = tree.index(0, 0);
    QCOMPARE(tree.clusterCount(hubA), 30);
    QCOMPARE(tree.index(0, FleetTreeModel::ClustersColumn).data().toInt(), 30);
    QCOMPARE(tree.headerData(FleetTreeModel::HealthyColumn, Qt::Horizontal).toString(), "Healthy");
    const QModelIndex set = tree.index(0, 0, hubA);
    const QModelIndex manager = tree.index(0, 0, set);
    QCOMPARE(tree.rowCount(manager), 0); // clusters live in the table
    const ClusterScope scope = tree.scopeOf(manager);
    QCOMPARE(scope.hub, a);
    QVERIFY(scope.clusterSet && scope.manager);

    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    verifyTree(tree, store, &filter);
}

void TestFleetTreeModel::regroupsAndHidesTheHubLevel()
{
    FleetStore store;
    const int hub = store.addHub("h");
    HubDelta delta;
    for (int i = 0; i < 40; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, delta);
    FleetTreeModel tree(&store);
    QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::Fatal);

    tree.setLevels({{Level::Kind::Manager, {}}, {Level::Kind::ClusterSet, {}}});
    QCOMPARE(topGroups(tree), (QStringList{"gke-fleet", "kubefleet", "ocm"}));
    verifyTree(tree, store, nullptr);

    tree.setLevels({{Level::Kind::Property, "location.topology.k8s.io"}});
    QCOMPARE(topGroups(tree), (QStringList{"cloud/ap-south-1", "cloud/eu-west-1", "cloud/us-east-1"}));
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    verifyTree(tree, store, &filter);

    tree.setLevels({{Level::Kind::ClusterSet, {}}});
    QVERIFY(topGroups(tree).contains("(none)")); // profiles without a clusterset
    verifyTree(tree, store, &filter);
}

void TestFleetTreeModel::followsRandomDeltasIncrementally()
{
    FleetStore store;
    const int hubs[] = {store.addHub("a"), store.addHub("b")};
    FleetTreeModel tree(&store);
    QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&tree, &QAbstractItemModel::modelReset);
    QVERIFY(filter.setFilterText("health!=healthy"));
    QRandomGenerator random(99);
    QSet<int> present[2];
    for (int round = 0; round < 150; ++round) {
        const int hub = hubs[random.bounded(2)];
        store.applyDelta(hub, synthetic::randomDelta(random, present[hub], round, 30, 90));
        if (round % 10 == 0)
            verifyTree(tree, store, &filter);
    }
    QCOMPARE(reset.size(), 0);
    verifyTree(tree, store, nullptr);
}

void TestFleetTreeModel::groupsByInventory_data()
{
    QTest::addColumn<QString>("servedVersion");
    QTest::newRow("v1alpha2") << QStringLiteral("v1alpha2");
    QTest::newRow("v1alpha1") << QStringLiteral("v1alpha1");
}

void TestFleetTreeModel::groupsByInventory()
{
    // An inventory is a namespace (KEP-4322), whatever clusterset its profiles
    // claim, and whichever version the hub serves them through.
    QFETCH(QString, servedVersion);
    FleetStore store;
    testing::fillProducerFleet(&store, servedVersion);
    FleetTreeModel tree(&store);
    QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QList<Level> preset = FleetTreeModel::levelsFromSpec("hub>inventory>manager");
    QCOMPARE(preset, (QList<Level>{{Level::Kind::Hub, {}}, {Level::Kind::Inventory, {}}, {Level::Kind::Manager, {}}}));
    QCOMPARE(FleetTreeModel::levelsToSpec(preset), QStringLiteral("hub>inventory>manager"));
    tree.setLevels(preset);
    const QModelIndex hub = tree.index(0, 0);
    QStringList inventories;
    for (int row = 0; row < tree.rowCount(hub); ++row) {
        const QModelIndex inventory = tree.index(row, 0, hub);
        inventories << QStringLiteral("%1 %2").arg(inventory.data().toString()).arg(tree.clusterCount(inventory));
    }
    inventories.sort();
    QCOMPARE(inventories, (QStringList{"acme-fleet-prod 1", "cluster-inventory 1", "fleet-cluster-inventory 2",
                                       "fleet-system 5", "legacy 2", "ocm-global 5", "ocm-team-a 1", "ocm-team-b 1"}));
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    verifyTree(tree, store, &filter);
    // A clusterset stays a level one can add: OCM's two profiles claim two sets in one inventory.
    tree.setLevels(FleetTreeModel::levelsFromSpec("inventory>clusterset"));
    QCOMPARE(topGroups(tree), (QStringList{"acme-fleet-prod", "cluster-inventory", "fleet-cluster-inventory",
                                           "fleet-system", "legacy", "ocm-global", "ocm-team-a", "ocm-team-b"}));
    verifyTree(tree, store, &filter);
}

QTEST_GUILESS_MAIN(TestFleetTreeModel)
#include "tst_fleettreemodel.moc"
