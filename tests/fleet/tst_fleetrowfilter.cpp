// The fleet's filter and scope as a proxy's row filter: what a user sees while
// the fleet changes underneath — row counts matching the filter and scope,
// broken filters never applied, selections that stay on their clusters.

#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/store/fleetstore.h"
#include "fleet/filter/valueorder.h"
#include "proxychecks.h"
#include "syntheticfleet.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::proxychecks;

namespace {

int expectedRows(const FleetStore &store, const FleetFilter &filter, const ClusterScope &scope)
{
    int count = 0;
    for (const FleetProfile &p : store.profiles())
        count += scope.matches(p) && filter.matches(p, &store) ? 1 : 0;
    return count;
}

} // namespace

class TestFleetRowFilter final : public QObject
{
    Q_OBJECT

private slots:
    void filtersAndScopes();
    void keepsTheLastGoodFilterOnErrors();
    void liveDeltasWhileFilteredAndSorted_data();
    void liveDeltasWhileFilteredAndSorted();
};

void TestFleetRowFilter::filtersAndScopes()
{
    FleetStore store;
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int a = store.addHub("a");
    const int b = store.addHub("b");
    HubDelta delta;
    for (int i = 0; i < 40; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(a, delta);
    store.applyDelta(b, delta);
    QCOMPARE(proxy.rowCount(), 80);

    QVERIFY(filter.setFilterText("version>=1.30 && count.node.k8s.io>=100"));
    const int filtered = proxy.rowCount();
    QCOMPARE(filtered, expectedRows(store, filter.filter(), filter.scope()));
    QVERIFY(filtered > 0 && filtered < 80);
    for (int row = 0; row < proxy.rowCount(); ++row) {
        QVERIFY(VersionKey::parse(proxy.index(row, ClusterTableModel::VersionColumn).data().toString()).parts[1] >= 30);
        QVERIFY(proxy.index(row, ClusterTableModel::NodesColumn).data().toInt() >= 100);
    }

    ClusterScope scope;
    scope.hub = b;
    filter.setScope(scope);
    QCOMPARE(proxy.rowCount(), filtered / 2);
    QVERIFY(column(proxy, ClusterTableModel::HubColumn).filter("a").isEmpty());

    scope.clusterSet = QString(); // "no clusterset" is a group of its own
    filter.setScope(scope);
    for (const QString &set : column(proxy, ClusterTableModel::ClusterSetColumn))
        QCOMPARE(set, noValueText()); // the word the tree and the details use too
    QCOMPARE(proxy.rowCount(), expectedRows(store, filter.filter(), scope));

    ClusterScope placement;
    placement.members = QSet<ClusterRef>{{a, {"fleet", "cluster-000003"}}, {b, {"fleet", "cluster-000004"}}};
    filter.setScope(placement);
    QVERIFY(filter.setFilterText(""));
    QCOMPARE(proxy.rowCount(), 2);

    // Setting what is already set touches nothing.
    QSignalSpy removed(&proxy, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&proxy, &QAbstractItemModel::rowsInserted);
    QSignalSpy layout(&proxy, &QAbstractItemModel::layoutChanged);
    filter.setScope(placement);
    QVERIFY(filter.setFilterText(""));
    QCOMPARE(removed.size() + inserted.size() + layout.size(), 0);
    QCOMPARE(proxy.rowCount(), 2);
    QVERIFY(filter.setFilterText("name=cluster-000003"));
    QVERIFY(!layout.isEmpty()); // a real change re-filters
    QCOMPARE(proxy.rowCount(), 1);
}

void TestFleetRowFilter::keepsTheLastGoodFilterOnErrors()
{
    FleetStore store;
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    const int hub = store.addHub("h");
    HubDelta delta;
    for (int i = 0; i < 30; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, delta);
    QVERIFY(filter.setFilterText("manager=ocm"));
    const int ocm = proxy.rowCount();
    QVERIFY(ocm > 0 && ocm < 30);

    FilterError error;
    QVERIFY(!filter.setFilterText("manager=ocm ||", &error));
    QCOMPARE(error.offset, 14);
    QCOMPARE(error.message, "expected a term after '||' at 14");
    QCOMPARE(filter.filter().text(), "manager=ocm");
    QCOMPARE(proxy.rowCount(), ocm);
}

void TestFleetRowFilter::liveDeltasWhileFilteredAndSorted_data()
{
    // How many rows of one change the proxy places one by one before it
    // switches to one sorted merge and a layout change: both paths, and the mix.
    QTest::addColumn<int>("maxRowSignals");
    QTest::newRow("always merged") << 0;
    QTest::newRow("mixed") << 8;
    QTest::newRow("always row by row") << 1000000;
}

void TestFleetRowFilter::liveDeltasWhileFilteredAndSorted()
{
    QFETCH(int, maxRowSignals);
    FleetStore store;
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    proxy.setMaxRowSignals(maxRowSignals);
    QAbstractItemModelTester tableTester(&table, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&proxy, &QAbstractItemModel::modelReset);
    proxy.sort(ClusterTableModel::VersionColumn, Qt::DescendingOrder);

    const char *const filters[] = {"health=healthy", "version>=1.30, manager!=ocm", "",
                                   "clusterset in (prod,dev) || count.node.k8s.io<100",
                                   "type.node.k8s.io~H100", "!label:multicluster.x-k8s.io/clusterset"};
    const int sortColumns[] = {ClusterTableModel::VersionColumn, ClusterTableModel::NodesColumn,
                               ClusterTableModel::NameColumn, ClusterTableModel::LastTransitionColumn, -1};
    const int hubs[] = {store.addHub("a"), store.addHub("b")};
    QRandomGenerator random(2026);
    QSet<int> present[2];
    // Rows a user selected: the selection stays on the same clusters while the
    // fleet changes around them (rows move up as rows before them go), and goes
    // when they are deleted or filtered out.
    struct Selected
    {
        QPersistentModelIndex index;
        int hub;
        ObjectKey key;
    };
    QList<Selected> selected;
    qsizetype followed = 0;
    for (int round = 0; round < 250; ++round) {
        const int hub = hubs[random.bounded(2)];
        store.applyDelta(hub, synthetic::randomDelta(random, present[hub], round, 40, 150));
        if (round % 25 == 0)
            QVERIFY(filter.setFilterText(filters[(round / 25) % 6]));
        if (round % 40 == 0)
            proxy.sort(sortColumns[(round / 40) % 5], round % 80 ? Qt::AscendingOrder : Qt::DescendingOrder);
        if (round == 60)
            table.addPropertyColumn("type.node.k8s.io");
        if (round == 90)
            table.addLabelColumn("env");
        if (round == 150)
            table.removeColumnAt(table.addPropertyColumn("type.node.k8s.io")); // the existing column
        if (round == 200) {
            ClusterScope scope;
            scope.manager = QStringLiteral("kubefleet");
            filter.setScope(scope);
        }
        QCOMPARE(proxy.rowCount(), expectedRows(store, filter.filter(), filter.scope()));
        verifySorted(proxy);
        verifyMapping(proxy);
        for (const Selected &s : selected) {
            const int row = store.rowOf(s.hub, s.key);
            if (row < 0)
                QVERIFY2(!s.index.isValid(), qPrintable(s.key.name)); // deleted: not another cluster
            else if (s.index.isValid())
                QCOMPARE(proxy.mapToSource(s.index).row(), row);
            // else: filtered out at some point; a lost selection stays lost.
        }
        followed += std::count_if(selected.begin(), selected.end(), [](const Selected &s) { return s.index.isValid(); });
        if (round % 5 == 0 && proxy.rowCount() > 0) {
            const QModelIndex index = proxy.index(random.bounded(proxy.rowCount()), 0);
            const FleetProfile &p = store.profileAt(proxy.mapToSource(index).row());
            selected.append({QPersistentModelIndex(index), p.hub,
                             ObjectKey{p.profile().metadata.namespaceName, p.profile().metadata.name}});
        }
    }
    QCOMPARE(reset.size(), 0);
    QVERIFY2(followed > 500, qPrintable(QString::number(followed))); // the check above was not vacuous
}

QTEST_GUILESS_MAIN(TestFleetRowFilter)
#include "tst_fleetrowfilter.moc"
