// The cluster table: columns and roles read the store's rows directly, dynamic
// columns come and go, and store deltas arrive as ranged, minimal signals that
// a QAbstractItemModelTester accepts (never a reset).

#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/filter/valueorder.h"
#include "syntheticfleet.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;

namespace {

// The column a saved view would name `spec` ("property:KEY", "label:KEY"), -1 if none.
int columnOfSpec(const ClusterTableModel &model, const QString &spec)
{
    for (int column = 0; column < model.columnCount(); ++column) {
        if (model.extraColumnSpec(column) == spec)
            return column;
    }
    return -1;
}

} // namespace

class TestClusterTableModel final : public QObject
{
    Q_OBJECT

private slots:
    void showsFixedColumns();
    void typedSortValues();
    void textOrder_data();
    void textOrder();
    void addsAndRemovesDynamicColumns();
    void coalescesChangedRowsIntoRanges();
    void randomDeltasPassTheModelTester();
};

void TestClusterTableModel::textOrder_data()
{
    // Text columns sort case-insensitively, exact order only breaking ties; the
    // ASCII fast path must agree with Qt's Unicode folding everywhere, and the
    // sort prefix (first 15 characters) must either agree or leave it to the text.
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");
    QTest::addColumn<bool>("prefixDecides");
    QTest::newRow("equal") << "cluster-001" << "cluster-001" << 0 << false;
    QTest::newRow("digits") << "cluster-001" << "cluster-010" << -1 << true;
    QTest::newRow("prefix first") << "prod" << "prod-eu" << -1 << true;
    QTest::newRow("case folded") << "Beta" << "alpha" << 1 << true;
    QTest::newRow("case breaks ties") << "Alpha" << "alpha" << -1 << false;
    QTest::newRow("empty first") << "" << "a" << -1 << true;
    QTest::newRow("punctuation") << "a_b" << "a-b" << 1 << true;
    QTest::newRow("letters around Z") << "Z" << "_" << 1 << true; // 'z' (0x7a) > '_' (0x5f) once folded
    QTest::newRow("non-ASCII after a common prefix") << QString::fromUtf8("zürich-1") << QString::fromUtf8("Zürich-2") << -1 << false;
    QTest::newRow("non-ASCII folded") << QString::fromUtf8("ÉTÉ") << QString::fromUtf8("été") << -1 << false;
    QTest::newRow("non-ASCII vs ASCII") << QString::fromUtf8("é") << "f" << 1 << false;
    QTest::newRow("differs at the 15th character") << "prod-euc1-00003" << "prod-euc1-00004" << -1 << true;
    QTest::newRow("differs at the 16th character") << "prod-euc1-000003" << "prod-euc1-000004" << -1 << false;
    QTest::newRow("15 equal, then shorter") << "prod-euc1-00003" << "prod-euc1-00003a" << -1 << false;
    QTest::newRow("14 equal, then shorter") << "prod-euc1-0000" << "prod-euc1-00003" << -1 << true;
    QTest::newRow("upper case in the second word") << "prod-euc1-ZZ" << "prod-euc1-aa" << 1 << true;
    QTest::newRow("NUL sorts first, by text") << QString(QChar(0)) << "" << 1 << false;
    QTest::newRow("non-ASCII late in the window") << QString::fromUtf8("cluster-zürich") << "cluster-a" << 1 << false;
    QTest::newRow("non-ASCII after the window") << QString::fromUtf8("prod-euc1-0001-ü") << "prod-euc1-0002" << -1 << true;
}

void TestClusterTableModel::textOrder()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QFETCH(bool, prefixDecides);
    QCOMPARE(compareText(a, b), expected);
    const TextSortPrefix pa = TextSortPrefix::of(a);
    const TextSortPrefix pb = TextSortPrefix::of(b);
    QCOMPARE(pa.decide(pb), prefixDecides ? expected : 0);
    QCOMPARE(pb.decide(pa), prefixDecides ? -expected : 0);
    QCOMPARE(compareText(b, a), -expected);
    const int folded = QString::compare(a, b, Qt::CaseInsensitive);
    const int reference = folded ? folded : QString::compare(a, b, Qt::CaseSensitive);
    QCOMPARE(compareText(a, b), reference < 0 ? -1 : (reference > 0 ? 1 : 0));
}

void TestClusterTableModel::showsFixedColumns()
{
    FleetStore store;
    ClusterTableModel model(&store);
    const int hub = store.addHub("hub-a");
    HubDelta delta;
    delta.upsertedProfiles = {synthetic::profile(7)};
    store.applyDelta(hub, delta);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), ClusterTableModel::fixedColumnCount());
    QCOMPARE(model.headerData(ClusterTableModel::VersionColumn, Qt::Horizontal).toString(), "Version");
    QCOMPARE(model.headerData(ClusterTableModel::LastTransitionColumn, Qt::Horizontal).toString(), "Last transition");

    const ClusterProfile &p = store.profileAt(0).profile();
    auto cell = [&](int column, int role = Qt::DisplayRole) { return model.index(0, column).data(role); };
    QCOMPARE(cell(ClusterTableModel::NameColumn).toString(), "cluster-000007");
    QCOMPARE(cell(ClusterTableModel::HubColumn).toString(), "hub-a");
    QCOMPARE(cell(ClusterTableModel::VersionColumn).toString(), p.kubernetesVersion);
    QCOMPARE(cell(ClusterTableModel::NodesColumn).toString(), p.propertyText(u"count.node.k8s.io").toString());
    QCOMPARE(cell(ClusterTableModel::LocationColumn).toString(), p.propertyText(u"location.topology.k8s.io").toString());
    QCOMPARE(cell(ClusterTableModel::ControlPlaneHealthyColumn).toString(),
             conditionStatusName(p.conditionStatus(u"ControlPlaneHealthy")));
    QCOMPARE(cell(ClusterTableModel::ManagerColumn).toString(), store.profileAt(0).manager);
    QCOMPARE(cell(ClusterTableModel::NameColumn, ClusterTableModel::HealthRole).toInt(),
             int(store.profileAt(0).health));
    QVERIFY(cell(ClusterTableModel::ControlPlaneHealthyColumn, Qt::ToolTipRole).toString().contains("since"));

    model.setNow(p.condition(u"ControlPlaneHealthy")->lastTransitionTime + 3 * 3600 * 1000);
    QCOMPARE(cell(ClusterTableModel::LastTransitionColumn).toString(), "3h");
    QVERIFY(!cell(ClusterTableModel::NameColumn, Qt::DecorationRole).isValid());
}

void TestClusterTableModel::typedSortValues()
{
    FleetStore store;
    ClusterTableModel model(&store);
    const int hub = store.addHub("h");
    HubDelta delta;
    delta.upsertedProfiles = {synthetic::profile(1)};
    store.applyDelta(hub, delta);
    const QVariant version = model.index(0, ClusterTableModel::VersionColumn).data(ClusterTableModel::SortRole);
    QCOMPARE(version.typeId(), QMetaType::LongLong);
    QCOMPARE(version.toLongLong(), VersionKey::parse(store.profileAt(0).profile().kubernetesVersion.view()).packed());
    // Nodes sort as numbers (thousandths): SortRole is what the proxy sorts by.
    const QVariant nodes = model.index(0, ClusterTableModel::NodesColumn).data(ClusterTableModel::SortRole);
    QCOMPARE(nodes.typeId(), QMetaType::LongLong);
    QCOMPARE(nodes.toLongLong(),
             qint64(store.profileAt(0).profile().propertyText(u"count.node.k8s.io").toString().toDouble() * 1000));
    QCOMPARE(model.index(0, ClusterTableModel::LastTransitionColumn).data(ClusterTableModel::SortRole).typeId(),
             QMetaType::LongLong);
    QCOMPARE(model.index(0, ClusterTableModel::NameColumn).data(ClusterTableModel::SortRole).typeId(),
             QMetaType::QString);
    QVERIFY(VersionKey::parse(u"v1.30.2").packed() > VersionKey::parse(u"v1.4.0").packed());
    QVERIFY(VersionKey::parse(u"v1.31.0-gke.1200").packed() > VersionKey::parse(u"1.30.9").packed());
    QCOMPARE(VersionKey::parse(u"latest").packed(), -1);
}

void TestClusterTableModel::addsAndRemovesDynamicColumns()
{
    FleetStore store;
    ClusterTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int hub = store.addHub("h");
    HubDelta delta;
    for (int i = 0; i < 5; ++i)
        delta.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, delta);

    const int typeColumn = model.addPropertyColumn("type.node.k8s.io");
    const int envColumn = model.addLabelColumn("env");
    QCOMPARE(typeColumn, ClusterTableModel::fixedColumnCount());
    QCOMPARE(envColumn, typeColumn + 1);
    QCOMPARE(model.addLabelColumn("env"), envColumn); // no duplicates
    QCOMPARE(model.columnCount(), envColumn + 1);
    QCOMPARE(model.headerData(envColumn, Qt::Horizontal).toString(), "env");
    QCOMPARE(model.headerData(envColumn, Qt::Horizontal, Qt::ToolTipRole).toString(), "Label env");
    QCOMPARE(model.index(2, envColumn).data().toString(), store.profileAt(2).profile().metadata.labels.value(u"env"));
    QCOMPARE(model.index(2, typeColumn).data().toString(), store.profileAt(2).profile().propertyText(u"type.node.k8s.io").toString());
    const int missing = model.addPropertyColumn("no.such.property");
    QCOMPARE(model.index(0, missing).data().toString(), QString());

    QVERIFY(!model.removeColumnAt(ClusterTableModel::NameColumn));
    QVERIFY(model.removeColumnAt(typeColumn));
    QCOMPARE(columnOfSpec(model, "label:env"), typeColumn);
    QCOMPARE(columnOfSpec(model, "property:type.node.k8s.io"), -1);
    QCOMPARE(model.columnCount(), ClusterTableModel::fixedColumnCount() + 2);
}

void TestClusterTableModel::coalescesChangedRowsIntoRanges()
{
    FleetStore store;
    ClusterTableModel model(&store);
    const int hub = store.addHub("h");
    HubDelta add;
    for (int i = 0; i < 100; ++i)
        add.upsertedProfiles.append(synthetic::profile(i));
    store.applyDelta(hub, add);

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    HubDelta update;
    for (int i : {10, 11, 12, 14, 60, 61})
        update.upsertedProfiles.append(synthetic::profile(i, 1));
    store.applyDelta(hub, update);
    QCOMPARE(changed.size(), 2);
    QCOMPARE(changed[0][0].toModelIndex().row(), 10);
    QCOMPARE(changed[0][1].toModelIndex().row(), 14);
    QCOMPARE(changed[0][1].toModelIndex().column(), model.columnCount() - 1);
    QCOMPARE(changed[1][0].toModelIndex().row(), 60);
    QCOMPARE(changed[1][1].toModelIndex().row(), 61);
    QCOMPARE(reset.size(), 0);
}

void TestClusterTableModel::randomDeltasPassTheModelTester()
{
    FleetStore store;
    ClusterTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    const int hubs[] = {store.addHub("a"), store.addHub("b")};
    QRandomGenerator random(77);
    QSet<int> present[2];
    for (int round = 0; round < 200; ++round) {
        const int hub = hubs[random.bounded(2)];
        store.applyDelta(hub, synthetic::randomDelta(random, present[hub], round, 40, 120));
        if (round == 50)
            model.addPropertyColumn("type.node.k8s.io");
        if (round == 120)
            model.removeColumnAt(model.addPropertyColumn("type.node.k8s.io")); // the existing column
        QCOMPARE(model.rowCount(), int(present[0].size() + present[1].size()));
        for (int row = 0; row < model.rowCount(); row += 17)
            QCOMPARE(model.index(row, 0).data().toString(), store.profileAt(row).profile().metadata.name);
    }
    QCOMPARE(reset.size(), 0);
}

QTEST_GUILESS_MAIN(TestClusterTableModel)
#include "tst_clustertablemodel.moc"
