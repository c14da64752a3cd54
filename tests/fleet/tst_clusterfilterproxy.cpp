// The sort/filter proxy over the cluster table and over other models: what a
// user sees while the fleet changes underneath — row counts matching the filter
// and scope, typed sort orders (versions, node counts), broken filters never
// applied — checked against Qt's own QSortFilterProxyModel on the same source,
// and the exact order of the signals it sends.

#include "fleet/clusterfilterproxy.h"
#include "fleet/clustertablemodel.h"
#include "fleet/fleetstore.h"
#include "fleet/sortkey.h"
#include "fleet/valueorder.h"
#include "signalrecorder.h"
#include "syntheticfleet.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
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

// Each proxy row's sort value is not less than the previous row's (in sort order).
void verifySorted(const ClusterFilterProxy &proxy)
{
    const int sortColumn = proxy.sortColumn();
    if (sortColumn < 0) { // the table's order
        for (int row = 1; row < proxy.rowCount(); ++row)
            QVERIFY(proxy.mapToSource(proxy.index(row - 1, 0)).row() < proxy.mapToSource(proxy.index(row, 0)).row());
        return;
    }
    for (int row = 1; row < proxy.rowCount(); ++row) {
        const SortKey a(proxy.index(row - 1, sortColumn).data(ClusterTableModel::SortRole));
        const SortKey b(proxy.index(row, sortColumn).data(ClusterTableModel::SortRole));
        const int c = SortKey::compare(a, b);
        QVERIFY2(proxy.sortOrder() == Qt::AscendingOrder ? c <= 0 : c >= 0, qPrintable(QString::number(row)));
    }
}

// Exactly the accepted rows, each once, and every mapping inverts the other.
void verifyMapping(const ClusterFilterProxy &proxy)
{
    const QAbstractItemModel *table = proxy.sourceModel();
    QSet<int> seen;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const QModelIndex source = proxy.mapToSource(proxy.index(row, 1));
        QVERIFY(source.isValid());
        QVERIFY2(proxy.acceptsSourceRow(source.row()), qPrintable(QString::number(row)));
        QVERIFY(!seen.contains(source.row()));
        seen.insert(source.row());
        QCOMPARE(proxy.mapFromSource(source), proxy.index(row, 1));
    }
    for (int row = 0; row < table->rowCount(); ++row) {
        if (!seen.contains(row))
            QVERIFY(!proxy.mapFromSource(table->index(row, 0)).isValid());
    }
}

QList<int> sourceRows(const QAbstractProxyModel &proxy)
{
    QList<int> rows;
    for (int row = 0; row < proxy.rowCount(); ++row)
        rows << proxy.mapToSource(proxy.index(row, 0)).row();
    return rows;
}

// Qt's own proxy as the reference: the same filter and scope, and a total order
// (equal sort values keep the source order) so that there is one right answer.
class ReferenceProxy final : public QSortFilterProxyModel
{
public:
    explicit ReferenceProxy(ClusterTableModel *table)
        : m_table(table)
    {
        setSourceModel(table);
        setSortRole(ClusterTableModel::SortRole);
    }

    void setFleetFilter(const FleetFilter &filter, const ClusterScope &scope)
    {
        m_filter = filter;
        m_scope = scope;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &) const override
    {
        const FleetProfile &p = m_table->profileAt(row);
        return m_scope.matches(p) && m_filter.matches(p, &m_table->store());
    }
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        if (QSortFilterProxyModel::lessThan(left, right))
            return true;
        if (QSortFilterProxyModel::lessThan(right, left))
            return false;
        return left.row() < right.row();
    }

private:
    ClusterTableModel *m_table;
    FleetFilter m_filter;
    ClusterScope m_scope;
};

// A profile with the given name and version (and the synthetic rest).
ProfilePtr cluster(const QString &name, const QString &version)
{
    auto record = std::make_shared<ProfileRecord>(*synthetic::profile(0));
    record->profile.metadata.name = name;
    record->profile.kubernetesVersion = StringPool::shared().pooled(version);
    return record;
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
    void matchesQSortFilterProxyModel_data();
    void matchesQSortFilterProxyModel();
    void sortsAnyModelLikeQSortFilterProxyModel();
    void signalsInOrder();
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
    // Equal values keep the table's order (here, the names').
    proxy.sort(ClusterTableModel::ManagerColumn, Qt::AscendingOrder);
    for (int row = 1; row < proxy.rowCount(); ++row) {
        if (proxy.index(row, ClusterTableModel::ManagerColumn).data() == proxy.index(row - 1, ClusterTableModel::ManagerColumn).data()) {
            QVERIFY(proxy.mapToSource(proxy.index(row - 1, 0)).row() < proxy.mapToSource(proxy.index(row, 0)).row());
            QVERIFY(proxy.index(row - 1, 0).data().toString() < proxy.index(row, 0).data().toString());
        }
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
        QCOMPARE(set, noValueText()); // the word the tree and the details use too
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
    // How many rows of one change the proxy places one by one before it
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

void TestClusterFilterProxy::matchesQSortFilterProxyModel_data()
{
    // Both paths of the proxy (single-row signals, one layout change per
    // range), and the store's announcements in narrow and wide ranges.
    QTest::addColumn<int>("maxRowSignals");
    QTest::addColumn<int>("mergeGap");
    QTest::newRow("row by row, narrow ranges") << 1000000 << 1;
    QTest::newRow("row by row, wide ranges") << 1000000 << 64;
    QTest::newRow("mixed") << 8 << 16;
    QTest::newRow("always merged") << 0 << 8;
}

void TestClusterFilterProxy::matchesQSortFilterProxyModel()
{
    QFETCH(int, maxRowSignals);
    QFETCH(int, mergeGap);
    FleetStore store;
    store.setChangeMergeGap(mergeGap);
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
    proxy.setMaxRowSignals(maxRowSignals);
    ReferenceProxy reference(&table);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int envColumn = table.addLabelColumn("env");

    // Terms that remember verdicts per value (versions, numbers, substrings,
    // lists, aliases) and ones that do not; the reference compiles its own copy.
    const char *const filters[] = {"health=healthy", "version>=1.30, manager!=ocm", "",
                                   "clusterset in (prod,dev) || count.node.k8s.io<100", "type.node.k8s.io~H100",
                                   "kubernetes-version>=1.31 || !type.node.k8s.io~H100",
                                   "label:env in (prod, dev) location.topology.k8s.io!=nowhere",
                                   "!(count.node.k8s.io>=250) && label:nosuch!=x"};
    const int sortColumns[] = {ClusterTableModel::VersionColumn, ClusterTableModel::NodesColumn,
                               ClusterTableModel::NameColumn,    ClusterTableModel::LastTransitionColumn,
                               ClusterTableModel::ClusterSetColumn, envColumn,
                               ClusterTableModel::ControlPlaneHealthyColumn, -1};
    const int hubs[] = {store.addHub("a"), store.addHub("b")};
    QRandomGenerator random(1919);
    QSet<int> present[2];
    for (int round = 0; round < 240; ++round) {
        if (round % 20 == 0) {
            const QString text = QString::fromLatin1(filters[(round / 20) % 8]);
            ClusterScope scope;
            if (round % 60 == 40)
                scope.hub = hubs[1];
            proxy.setFilter(FleetFilter::compile(text));
            proxy.setScope(scope);
            reference.setFleetFilter(FleetFilter::compile(text), scope);
        }
        if (round % 30 == 0) {
            const int column = sortColumns[(round / 30) % 8];
            const Qt::SortOrder order = round % 60 ? Qt::AscendingOrder : Qt::DescendingOrder;
            proxy.sort(column, order);
            reference.sort(column, order);
        }
        const int hub = hubs[random.bounded(2)];
        store.applyDelta(hub, synthetic::randomDelta(random, present[hub], round, 60, 200));
        QCOMPARE(sourceRows(proxy), sourceRows(reference));
    }
    QVERIFY(proxy.rowCount() > 20);
}

void TestClusterFilterProxy::sortsAnyModelLikeQSortFilterProxyModel()
{
    // A source that is not the fleet table: rows inserted anywhere, removed in
    // ranges, edited (in and out of the sort column) and re-sorted in place
    // (a layout change). Values are unique, so a plain QSortFilterProxyModel
    // has one right order too.
    QStandardItemModel source(0, 2);
    ClusterFilterProxy proxy(&source);
    QSortFilterProxyModel reference;
    reference.setSourceModel(&source);
    QAbstractItemModelTester sourceTester(&source, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(proxy.sortRole(), int(Qt::DisplayRole));
    QRandomGenerator random(26);
    int unique = 0;
    const auto number = [&] { return random.bounded(1000) * 10000 + ++unique; };
    const auto text = [&] { return QStringLiteral("item-%1-%2").arg(random.bounded(100)).arg(++unique); };
    proxy.sort(0);
    reference.sort(0);
    QPersistentModelIndex followed;
    QPersistentModelIndex followedSource;
    for (int round = 0; round < 400; ++round) {
        const int rows = source.rowCount();
        switch (random.bounded(rows < 20 ? 2 : 6)) {
        case 0:
        case 1: {
            const int at = random.bounded(rows + 1);
            const int count = random.bounded(1, 6);
            for (int i = 0; i < count; ++i) {
                QStandardItem *value = new QStandardItem;
                value->setData(number(), Qt::DisplayRole);
                source.insertRow(at, QList<QStandardItem *>{value, new QStandardItem(text())});
            }
            break;
        }
        case 2: {
            const int at = random.bounded(rows);
            source.removeRows(at, qMin(rows - at, random.bounded(1, 4)));
            break;
        }
        case 3:
        case 4:
            source.setData(source.index(random.bounded(rows), 0), number());
            break;
        default:
            source.setData(source.index(random.bounded(rows), 1), text());
            break;
        }
        if (round % 50 == 25)
            source.sort(round % 100 == 25 ? 1 : 0); // the source permutes its rows
        if (round % 80 == 79) {
            const int column = (round / 80) % 2;
            const Qt::SortOrder order = round % 160 == 79 ? Qt::DescendingOrder : Qt::AscendingOrder;
            proxy.sort(column, order);
            reference.sort(column, order);
        }
        QCOMPARE(sourceRows(proxy), sourceRows(reference));
        // A persistent index follows its source row through all of it.
        QCOMPARE(followed.isValid(), followedSource.isValid());
        if (followed.isValid()) {
            QCOMPARE(proxy.mapToSource(followed), QModelIndex(followedSource));
        } else if (proxy.rowCount() > 0) {
            followed = proxy.index(random.bounded(proxy.rowCount()), 0);
            followedSource = proxy.mapToSource(followed);
        }
    }
    QVERIFY(source.rowCount() > 20);
}

void TestClusterFilterProxy::signalsInOrder()
{
    FleetStore store;
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int hub = store.addHub("h");
    HubDelta add;
    for (int i = 0; i < 6; ++i)
        add.upsertedProfiles.append(cluster(QStringLiteral("c%1").arg(i), QStringLiteral("v1.2%1").arg(i)));
    store.applyDelta(hub, add);
    proxy.sort(ClusterTableModel::VersionColumn);
    SignalRecorder tableSignals(&table);
    SignalRecorder proxySignals(&proxy);
    const int last = table.columnCount() - 1;

    // c1 goes to the top version, c3 goes, c6 comes with the lowest.
    HubDelta delta;
    delta.upsertedProfiles = {cluster("c1", "v1.30"), cluster("c6", "v1.10")};
    delta.removedProfiles = {{"fleet", "c3"}};
    store.applyDelta(hub, delta);
    QCOMPARE(tableSignals.takeLines(),
             (QStringList{QStringLiteral("dataChanged(1,0 1,%1)").arg(last), "rowsAboutToBeRemoved(3,3)",
                          "rowsRemoved(3,3)", "rowsAboutToBeInserted(5,5)", "rowsInserted(5,5)"}));
    QCOMPARE(proxySignals.takeLines(),
             (QStringList{"rowsAboutToBeMoved(1,1 to 6)", "rowsMoved(1,1 to 6)", "rowsAboutToBeRemoved(2,2)",
                          "rowsRemoved(2,2)", "rowsAboutToBeInserted(0,0)", "rowsInserted(0,0)"}));
    QCOMPARE(column(proxy, ClusterTableModel::NameColumn), (QStringList{"c6", "c0", "c2", "c4", "c5", "c1"}));

    QVERIFY(proxy.setFilterText("version>=1.22"));
    QCOMPARE(proxySignals.takeLines(), (QStringList{"layoutAboutToBeChanged", "layoutChanged"}));
    QCOMPARE(column(proxy, ClusterTableModel::NameColumn), (QStringList{"c2", "c4", "c5", "c1"}));

    // Store rows c0 c1 c2 c4 c5 c6: c0 (hidden) rises into view, c4 falls out of
    // it, c1 and c2 (between them, one range) stay.
    HubDelta more;
    more.upsertedProfiles = {cluster("c0", "v1.40"), cluster("c4", "v1.05")};
    store.applyDelta(hub, more);
    QCOMPARE(tableSignals.takeLines(), (QStringList{QStringLiteral("dataChanged(0,0 3,%1)").arg(last)}));
    QCOMPARE(proxySignals.takeLines(),
             (QStringList{"rowsAboutToBeInserted(4,4)", "rowsInserted(4,4)", "rowsAboutToBeRemoved(1,1)",
                          "rowsRemoved(1,1)", QStringLiteral("dataChanged(0,0 2,%1)").arg(last)}));
    QCOMPARE(column(proxy, ClusterTableModel::NameColumn), (QStringList{"c2", "c5", "c1", "c0"}));
}

QTEST_GUILESS_MAIN(TestClusterFilterProxy)
#include "tst_clusterfilterproxy.moc"
