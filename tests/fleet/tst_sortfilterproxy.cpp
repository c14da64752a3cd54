// The sort/filter proxy over any flat model: checked against Qt's own
// QSortFilterProxyModel over different sources (the fleet table, a plain item
// model) while a predicate, a sort and live inserts, removals and edits change
// what shows; typed sort orders (versions, node counts); the exact signals.

#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/store/fleetstore.h"
#include "proxychecks.h"
#include "signalrecorder.h"
#include "syntheticfleet.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTest>

#include <memory>

using namespace fleetscope;
using namespace fleetscope::proxychecks;

namespace {

// Qt's own proxy as the reference: the same predicate, and a total order
// (equal sort values keep the source order) so that there is one right answer.
class ReferenceProxy final : public QSortFilterProxyModel
{
public:
    void setAccepts(std::function<bool(int)> accepts)
    {
        m_accepts = std::move(accepts);
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &) const override { return !m_accepts || m_accepts(row); }
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        if (QSortFilterProxyModel::lessThan(left, right))
            return true;
        if (QSortFilterProxyModel::lessThan(right, left))
            return false;
        return left.row() < right.row();
    }

private:
    std::function<bool(int)> m_accepts;
};

// One source model for the comparison with the reference: how it changes, which
// predicates select its rows and which columns sort it.
class Source
{
public:
    virtual ~Source() = default;
    virtual QAbstractItemModel *model() = 0;
    virtual int sortRole() const = 0;
    virtual QList<int> sortColumns() const = 0;
    virtual int predicateCount() const = 0;
    // Installs predicate `which` on the proxy (its own way) and the reference.
    virtual void select(int which, SortFilterProxy *proxy, ReferenceProxy *reference) = 0;
    // One live change: rows inserted, removed or edited.
    virtual void change(QRandomGenerator &random, int round) = 0;
};

// The fleet table, filtered by FleetRowFilter (its batch path included) and
// changed by hub deltas the store applies.
class FleetSource final : public Source
{
public:
    FleetSource()
    {
        m_envColumn = m_table.addLabelColumn("env");
        m_hubs[0] = m_store.addHub("a");
        m_hubs[1] = m_store.addHub("b");
    }
    FleetStore *store() { return &m_store; }
    QAbstractItemModel *model() override { return &m_table; }
    int sortRole() const override { return ClusterTableModel::SortRole; }
    QList<int> sortColumns() const override
    {
        return {ClusterTableModel::VersionColumn,   ClusterTableModel::NodesColumn,
                ClusterTableModel::NameColumn,      ClusterTableModel::LastTransitionColumn,
                ClusterTableModel::ClusterSetColumn, m_envColumn,
                ClusterTableModel::ControlPlaneHealthyColumn, -1};
    }
    int predicateCount() const override { return int(std::size(filters)); }
    void select(int which, SortFilterProxy *proxy, ReferenceProxy *reference) override
    {
        if (!m_filter)
            m_filter = new FleetRowFilter(&m_table, proxy); // the proxy's child
        ClusterScope scope;
        if (which % 3 == 2)
            scope.hub = m_hubs[1];
        const QString text = QString::fromLatin1(filters[which]);
        QVERIFY(m_filter->setFilterText(text));
        m_filter->setScope(scope);
        // Its own compiled copy: a filter's remembered verdicts are not shared.
        reference->setAccepts([this, filter = FleetFilter::compile(text), scope](int row) {
            const FleetProfile &p = m_table.profileAt(row);
            return scope.matches(p) && filter.matches(p, &m_store);
        });
    }
    void change(QRandomGenerator &random, int round) override
    {
        const int hub = m_hubs[random.bounded(2)];
        m_store.applyDelta(hub, synthetic::randomDelta(random, m_present[hub], round, 60, 200));
    }

private:
    // Terms that remember verdicts per value (versions, numbers, substrings,
    // lists, aliases) and ones that do not.
    static constexpr const char *filters[] = {
        "health=healthy", "version>=1.30, manager!=ocm", "",
        "clusterset in (prod,dev) || count.node.k8s.io<100", "type.node.k8s.io~H100",
        "kubernetes-version>=1.31 || !type.node.k8s.io~H100",
        "label:env in (prod, dev) location.topology.k8s.io!=nowhere",
        "!(count.node.k8s.io>=250) && label:nosuch!=x"};
    FleetStore m_store;
    ClusterTableModel m_table{&m_store};
    FleetRowFilter *m_filter = nullptr;
    int m_envColumn = -1;
    int m_hubs[2] = {};
    QSet<int> m_present[2];
};

// A plain item model (a number, a text and a flag per row) with predicates
// over each column: rows inserted anywhere, removed in ranges, edited in and out
// of the sort column and the predicate's, and re-sorted in place (a layout change).
class ItemSource final : public Source
{
public:
    QAbstractItemModel *model() override { return &m_model; }
    int sortRole() const override { return Qt::DisplayRole; }
    QList<int> sortColumns() const override { return {0, 1, 2, -1}; }
    int predicateCount() const override { return 4; }
    void select(int which, SortFilterProxy *proxy, ReferenceProxy *reference) override
    {
        std::function<bool(int)> accepts;
        if (which == 1)
            accepts = [this](int row) { return m_model.index(row, 0).data().toInt() % 3 != 0; };
        else if (which == 2)
            accepts = [this](int row) { return m_model.index(row, 1).data().toString().contains(QLatin1String("-1")); };
        else if (which == 3)
            accepts = [this](int row) { return m_model.index(row, 2).data().toInt() % 2 == 0; };
        proxy->setRowFilter(accepts);
        reference->setAccepts(accepts);
    }
    void change(QRandomGenerator &random, int round) override
    {
        const int rows = m_model.rowCount();
        switch (random.bounded(rows < 20 ? 2 : 7)) {
        case 0:
        case 1: {
            const int at = random.bounded(rows + 1);
            const int count = random.bounded(1, 6);
            for (int i = 0; i < count; ++i) {
                auto *value = new QStandardItem;
                value->setData(number(random), Qt::DisplayRole);
                auto *flag = new QStandardItem;
                flag->setData(random.bounded(4), Qt::DisplayRole);
                m_model.insertRow(at, QList<QStandardItem *>{value, new QStandardItem(text(random)), flag});
            }
            break;
        }
        case 2: {
            const int at = random.bounded(rows);
            m_model.removeRows(at, qMin(rows - at, random.bounded(1, 4)));
            break;
        }
        case 3:
        case 4:
            m_model.setData(m_model.index(random.bounded(rows), 0), number(random));
            break;
        case 5:
            m_model.setData(m_model.index(random.bounded(rows), 1), text(random));
            break;
        default:
            m_model.setData(m_model.index(random.bounded(rows), 2), random.bounded(4));
            break;
        }
        if (round % 50 == 25)
            m_model.sort(round % 100 == 25 ? 1 : 0); // the source permutes its rows
    }

private:
    // Values of the first two columns are unique, so that Qt's plain compare
    // and the proxy's typed one agree; the flags repeat (ties by source row).
    int number(QRandomGenerator &random) { return random.bounded(1000) * 10000 + ++m_unique; }
    QString text(QRandomGenerator &random) { return QStringLiteral("item-%1-%2").arg(random.bounded(100)).arg(++m_unique); }

    QStandardItemModel m_model{0, 3};
    int m_unique = 0;
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

class TestSortFilterProxy final : public QObject
{
    Q_OBJECT

private slots:
    void matchesQSortFilterProxyModel_data();
    void matchesQSortFilterProxyModel();
    void retestsOnlyWhatThePredicateReads();
    void sortsVersionsAndNodesAsValues();
    void outlivesItsTable();
    void signalsInOrder();
};

void TestSortFilterProxy::matchesQSortFilterProxyModel_data()
{
    // Both paths of the proxy (single-row signals, one layout change per
    // range), and for the fleet the store's announcements in narrow and wide ranges.
    QTest::addColumn<bool>("fleet");
    QTest::addColumn<int>("maxRowSignals");
    QTest::addColumn<int>("mergeGap");
    QTest::newRow("fleet table, row by row, narrow ranges") << true << 1000000 << 1;
    QTest::newRow("fleet table, row by row, wide ranges") << true << 1000000 << 64;
    QTest::newRow("fleet table, mixed") << true << 8 << 16;
    QTest::newRow("fleet table, always merged") << true << 0 << 8;
    QTest::newRow("item model, row by row") << false << 1000000 << 0;
    QTest::newRow("item model, mixed") << false << 2 << 0;
    QTest::newRow("item model, always merged") << false << 0 << 0;
}

void TestSortFilterProxy::matchesQSortFilterProxyModel()
{
    QFETCH(bool, fleet);
    QFETCH(int, maxRowSignals);
    QFETCH(int, mergeGap);
    std::unique_ptr<Source> source;
    if (fleet) {
        auto fleetSource = std::make_unique<FleetSource>();
        fleetSource->store()->setChangeMergeGap(mergeGap);
        source = std::move(fleetSource);
    } else {
        source = std::make_unique<ItemSource>();
    }
    SortFilterProxy proxy(source->model());
    proxy.setMaxRowSignals(maxRowSignals);
    proxy.setSortRole(source->sortRole());
    ReferenceProxy reference;
    reference.setSourceModel(source->model());
    reference.setSortRole(source->sortRole());
    const auto fatal = QAbstractItemModelTester::FailureReportingMode::Fatal;
    QAbstractItemModelTester proxyTester(&proxy, fatal);
    QSignalSpy reset(&proxy, &QAbstractItemModel::modelReset);
    const QList<int> sortColumns = source->sortColumns();

    // A row a user selected, in both proxies: it follows its source row, and
    // goes when the row is removed or filtered out, in both alike.
    QPersistentModelIndex followed;
    QPersistentModelIndex followedByReference;
    QRandomGenerator random(1919);
    int compared = 0;
    int shownAtMost = 0;
    const auto compare = [&](const char *step, int round) {
        const QString where = QStringLiteral("%1 in round %2").arg(QLatin1String(step)).arg(round);
        QVERIFY2(sourceRows(proxy) == sourceRows(reference), qPrintable(where));
        QVERIFY2(followed.isValid() == followedByReference.isValid(), qPrintable(where));
        if (followed.isValid())
            QVERIFY2(proxy.mapToSource(followed) == reference.mapToSource(followedByReference), qPrintable(where));
        else if (proxy.rowCount() > 0) {
            followed = proxy.index(random.bounded(proxy.rowCount()), 0);
            followedByReference = reference.mapFromSource(proxy.mapToSource(followed));
        }
        shownAtMost = qMax(shownAtMost, proxy.rowCount());
        ++compared;
    };
    for (int round = 0; round < 240; ++round) {
        if (round % 20 == 0) {
            source->select((round / 20) % source->predicateCount(), &proxy, &reference);
            compare("a new predicate", round);
        }
        if (round % 30 == 0) {
            const int column = sortColumns[(round / 30) % sortColumns.size()];
            const Qt::SortOrder order = round % 60 ? Qt::AscendingOrder : Qt::DescendingOrder;
            proxy.sort(column, order);
            reference.sort(column, order);
            compare("a sort", round);
        }
        source->change(random, round);
        compare("a change", round);
        if (QTest::currentTestFailed())
            return;
    }
    verifySorted(proxy);
    verifyMapping(proxy);
    QCOMPARE(reset.size(), 0); // live data never resets the view
    QVERIFY(compared > 240);
    QVERIFY2(shownAtMost > 20, qPrintable(QString::number(shownAtMost))); // the comparisons were not vacuous
}

void TestSortFilterProxy::retestsOnlyWhatThePredicateReads()
{
    // A predicate that reads column 0 and tests all rows at once when it can:
    // a refilter is one batch, an edit of column 0 one test, of column 1 none.
    QStandardItemModel source(0, 2);
    for (int row = 0; row < 10; ++row)
        source.appendRow({new QStandardItem(QString::number(row)), new QStandardItem(QStringLiteral("x"))});
    SortFilterProxy proxy(&source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    int single = 0;
    int batches = 0;
    const auto even = [&source](int row) { return source.index(row, 0).data().toInt() % 2 == 0; };
    proxy.setRowFilter([&](int row) { ++single; return even(row); },
                       [&](std::vector<char> *accepted) {
                           ++batches;
                           accepted->resize(size_t(source.rowCount()));
                           for (int row = 0; row < source.rowCount(); ++row)
                               (*accepted)[size_t(row)] = even(row) ? 1 : 0;
                       },
                       1);
    QCOMPARE(column(proxy, 0), (QStringList{"0", "2", "4", "6", "8"}));
    QCOMPARE(batches, 1);
    QCOMPARE(single, 0);
    source.setData(source.index(3, 1), QStringLiteral("y"));
    QCOMPARE(single, 0);
    source.setData(source.index(3, 0), QStringLiteral("12"));
    QCOMPARE(single, 1);
    QCOMPARE(column(proxy, 0), (QStringList{"0", "2", "12", "4", "6", "8"}));
    proxy.invalidateRowFilter();
    QCOMPARE(batches, 2);
    QCOMPARE(single, 1);
}

void TestSortFilterProxy::sortsVersionsAndNodesAsValues()
{
    FleetStore store;
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
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

void TestSortFilterProxy::outlivesItsTable()
{
    // A window deletes its children in creation order: the table before the proxy.
    FleetStore store;
    auto *table = new ClusterTableModel(&store);
    SortFilterProxy proxy(table);
    proxy.setSortRole(ClusterTableModel::SortRole);
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
    proxy.setRowFilter([](int) { return false; });
    proxy.sort(ClusterTableModel::VersionColumn);
    QCOMPARE(proxy.rowCount(), 0);
    store.applyDelta(hub, delta); // the store lives on; nothing reaches the proxy
}

void TestSortFilterProxy::signalsInOrder()
{
    FleetStore store;
    ClusterTableModel table(&store);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
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

    QVERIFY(filter.setFilterText("version>=1.22"));
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

QTEST_GUILESS_MAIN(TestSortFilterProxy)
#include "tst_sortfilterproxy.moc"
