// The sort/filter proxy over the cluster table: what a user sees while the
// fleet changes underneath — row counts matching the filter and scope, typed
// sort orders (versions, node counts), and broken filters never applied.

#include "fleet/clusterfilterproxy.h"
#include "fleet/clustertablemodel.h"
#include "fleet/fleetstore.h"
#include "fleet/valueorder.h"
#include "syntheticfleet.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;

namespace {

int expectedRows(const FleetStore &store, const FleetFilter &filter, const ClusterScope &scope)
{
    int count = 0;
    for (const FleetProfile &p : store.profiles())
        count += scope.matches(p) && filter.matches(p, &store) ? 1 : 0;
    return count;
}

QStringList column(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << model.index(row, column).data(role).toString();
    return values;
}

// Each proxy row's key is not less than the previous row's (in sort order).
void verifySorted(const ClusterFilterProxy &proxy)
{
    const ClusterTableModel *table = proxy.tableModel();
    const int sortColumn = proxy.sortColumn();
    if (sortColumn < 0) { // the table's order
        for (int row = 1; row < proxy.rowCount(); ++row)
            QVERIFY(proxy.mapToSource(proxy.index(row - 1, 0)).row() < proxy.mapToSource(proxy.index(row, 0)).row());
        return;
    }
    for (int row = 1; row < proxy.rowCount(); ++row) {
        const int a = proxy.mapToSource(proxy.index(row - 1, 0)).row();
        const int b = proxy.mapToSource(proxy.index(row, 0)).row();
        const int c = table->compare(sortColumn, a, b);
        QVERIFY2(proxy.sortOrder() == Qt::AscendingOrder ? c <= 0 : c >= 0, qPrintable(QString::number(row)));
    }
}

// Exactly the accepted rows, each once, and every mapping inverts the other.
void verifyMapping(const ClusterFilterProxy &proxy)
{
    const ClusterTableModel *table = proxy.tableModel();
    QSet<int> seen;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const QModelIndex source = proxy.mapToSource(proxy.index(row, 1));
        QVERIFY(source.isValid());
        QVERIFY2(proxy.acceptsStoreRow(source.row()), qPrintable(QString::number(row)));
        QVERIFY(!seen.contains(source.row()));
        seen.insert(source.row());
        QCOMPARE(proxy.mapFromSource(source), proxy.index(row, 1));
    }
    for (int row = 0; row < table->rowCount(); ++row) {
        if (!seen.contains(row))
            QVERIFY(!proxy.mapFromSource(table->index(row, 0)).isValid());
    }
}

} // namespace

class TestClusterFilterProxy final : public QObject
{
    Q_OBJECT

private slots:
    void sortsVersionsAndNodesAsValues();
    void filtersAndScopes();
    void keepsTheLastGoodFilterOnErrors();
    void outlivesItsTable();
    void liveDeltasWhileFilteredAndSorted_data();
    void liveDeltasWhileFilteredAndSorted();
};

void TestClusterFilterProxy::sortsVersionsAndNodesAsValues()
{
    FleetStore store;
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int hub = store.addHub("h");
    HubDelta delta;
    for (int i = 0; i < 60; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, delta);

    proxy.sort(ClusterTableModel::VersionColumn, Qt::AscendingOrder);
    QStringList versions = column(proxy, ClusterTableModel::VersionColumn);
    versions.removeDuplicates();
    QCOMPARE(versions, (QStringList{"v1.4.0", "v1.9.1", "v1.29.4-gke.100", "v1.30.2", "v1.31.0", "v1.32.5"}));
    verifySorted(proxy);

    proxy.sort(ClusterTableModel::NodesColumn, Qt::DescendingOrder);
    verifySorted(proxy);
    double previous = std::numeric_limits<double>::max();
    for (const QString &nodes : column(proxy, ClusterTableModel::NodesColumn)) {
        QVERIFY2(nodes.toDouble() <= previous, qPrintable(nodes)); // 40 after 120, not before it
        previous = nodes.toDouble();
    }
    // Equal keys fall back to the name.
    proxy.sort(ClusterTableModel::ManagerColumn, Qt::AscendingOrder);
    for (int row = 1; row < proxy.rowCount(); ++row) {
        if (proxy.index(row, ClusterTableModel::ManagerColumn).data() == proxy.index(row - 1, ClusterTableModel::ManagerColumn).data())
            QVERIFY(proxy.index(row - 1, 0).data().toString() < proxy.index(row, 0).data().toString());
    }
}

void TestClusterFilterProxy::filtersAndScopes()
{
    FleetStore store;
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int a = store.addHub("a");
    const int b = store.addHub("b");
    HubDelta delta;
    for (int i = 0; i < 40; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(a, delta);
    store.applyDelta(b, delta);
    QCOMPARE(proxy.rowCount(), 80);

    QVERIFY(proxy.setFilterText("version>=1.30 && count.node.k8s.io>=100"));
    const int filtered = proxy.rowCount();
    QCOMPARE(filtered, expectedRows(store, proxy.filter(), proxy.scope()));
    QVERIFY(filtered > 0 && filtered < 80);
    for (int row = 0; row < proxy.rowCount(); ++row) {
        QVERIFY(VersionKey::parse(proxy.index(row, ClusterTableModel::VersionColumn).data().toString()).parts[1] >= 30);
        QVERIFY(proxy.index(row, ClusterTableModel::NodesColumn).data().toInt() >= 100);
    }

    ClusterScope scope;
    scope.hub = b;
    proxy.setScope(scope);
    QCOMPARE(proxy.rowCount(), filtered / 2);
    QVERIFY(column(proxy, ClusterTableModel::HubColumn).filter("a").isEmpty());

    scope.clusterSet = QString(); // "no clusterset" is a group of its own
    proxy.setScope(scope);
    for (const QString &set : column(proxy, ClusterTableModel::ClusterSetColumn))
        QCOMPARE(set, QString());
    QCOMPARE(proxy.rowCount(), expectedRows(store, proxy.filter(), scope));

    ClusterScope placement;
    placement.members = QSet<ClusterRef>{{a, {"fleet", "cluster-000003"}}, {b, {"fleet", "cluster-000004"}}};
    proxy.setScope(placement);
    QVERIFY(proxy.setFilterText(""));
    QCOMPARE(proxy.rowCount(), 2);

    // Setting what is already set touches nothing.
    QSignalSpy removed(&proxy, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&proxy, &QAbstractItemModel::rowsInserted);
    QSignalSpy layout(&proxy, &QAbstractItemModel::layoutChanged);
    proxy.setScope(placement);
    QVERIFY(proxy.setFilterText(""));
    QCOMPARE(removed.size() + inserted.size() + layout.size(), 0);
    QCOMPARE(proxy.rowCount(), 2);
    QVERIFY(proxy.setFilterText("name=cluster-000003"));
    QVERIFY(!layout.isEmpty()); // a real change re-filters
    QCOMPARE(proxy.rowCount(), 1);
}

void TestClusterFilterProxy::keepsTheLastGoodFilterOnErrors()
{
    FleetStore store;
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
    const int hub = store.addHub("h");
    HubDelta delta;
    for (int i = 0; i < 30; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, delta);
    QVERIFY(proxy.setFilterText("manager=ocm"));
    const int ocm = proxy.rowCount();
    QVERIFY(ocm > 0 && ocm < 30);

    FilterError error;
    QVERIFY(!proxy.setFilterText("manager=ocm ||", &error));
    QCOMPARE(error.offset, 14);
    QCOMPARE(error.message, "expected a term after '||' at 14");
    QCOMPARE(proxy.filter().text(), "manager=ocm");
    QCOMPARE(proxy.rowCount(), ocm);
}

void TestClusterFilterProxy::outlivesItsTable()
{
    // A window deletes its children in creation order: the table before the proxy.
    FleetStore store;
    auto *table = new ClusterTableModel(&store);
    ClusterFilterProxy proxy(table);
    const int hub = store.addHub("h");
    HubDelta delta;
    for (int i = 0; i < 20; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, delta);
    proxy.sort(ClusterTableModel::NameColumn);
    QPersistentModelIndex selected(proxy.index(3, 0));
    delete table; // silently: the rest of the window may be half destroyed
    QCOMPARE(proxy.rowCount(), 0);
    QCOMPARE(proxy.columnCount(), 0);
    QVERIFY(!selected.isValid());
    QVERIFY(proxy.setFilterText("manager=ocm"));
    proxy.sort(ClusterTableModel::VersionColumn);
    QCOMPARE(proxy.rowCount(), 0);
    store.applyDelta(hub, delta); // the store lives on; nothing reaches the proxy
}

void TestClusterFilterProxy::liveDeltasWhileFilteredAndSorted_data()
{
    // How many rows of one change the proxy announces one by one before it
    // switches to one sorted merge and a layout change: both paths, and the mix.
    QTest::addColumn<int>("maxRowSignals");
    QTest::newRow("always merged") << 0;
    QTest::newRow("mixed") << 8;
    QTest::newRow("always row by row") << 1000000;
}

void TestClusterFilterProxy::liveDeltasWhileFilteredAndSorted()
{
    QFETCH(int, maxRowSignals);
    FleetStore store;
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
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
    // fleet changes around them (the store refills a deleted row with its tail
    // row), and goes when they are deleted or filtered out.
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
            QVERIFY(proxy.setFilterText(filters[(round / 25) % 6]));
        if (round % 40 == 0)
            proxy.sort(sortColumns[(round / 40) % 5], round % 80 ? Qt::AscendingOrder : Qt::DescendingOrder);
        if (round == 60)
            table.addPropertyColumn("type.node.k8s.io");
        if (round == 90)
            table.addLabelColumn("env");
        if (round == 150)
            table.removeColumnAt(table.propertyColumn("type.node.k8s.io"));
        if (round == 200) {
            ClusterScope scope;
            scope.manager = QStringLiteral("kubefleet");
            proxy.setScope(scope);
        }
        QCOMPARE(proxy.rowCount(), expectedRows(store, proxy.filter(), proxy.scope()));
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

QTEST_GUILESS_MAIN(TestClusterFilterProxy)
#include "tst_clusterfilterproxy.moc"
