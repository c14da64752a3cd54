// The cluster table's first-run columns: what a 1400 px window with the details
// pane open shows, Display name only when it says more than the name, and a
// restored layout left alone.

#include "clustercolumndefaults.h"
#include "windowparts.h"
#include "clustertableview.h"
#include "detailspane.h"
#include "fleet/itemmodels/clustercolumnsource.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "mainwindow.h"
#include "smallfleet.h"

#include <QDir>
#include <QHeaderView>
#include <QScrollBar>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

QList<ProfilePtr> fleet(bool ownDisplayNames)
{
    QList<ProfilePtr> profiles;
    for (int i = 0; i < 60; ++i) {
        auto record = smallFleetCluster(QStringLiteral("cluster-%1").arg(i, 2, 10, QLatin1Char('0')),
                                        i % 2 ? QStringLiteral("prod") : QStringLiteral("staging"));
        record->profile.clusterManagerName = QStringLiteral("open-cluster-management");
        record->profile.kubernetesVersion = QStringLiteral("v1.31.4");
        // OCM repeats the name as the display name; others write a human one.
        record->profile.displayName = ownDisplayNames ? QStringLiteral("Payments %1 (Frankfurt)").arg(i)
                                                      : record->profile.metadata.name;
        for (const QString &type : {QStringLiteral("ControlPlaneHealthy"), QStringLiteral("Joined")}) {
            Condition c;
            c.type = type;
            c.status = ConditionStatus::True;
            record->profile.conditions.append(c);
        }
        profiles << record;
    }
    return profiles;
}

// The columns whose whole width shows in the table's viewport, in visual order.
QList<int> fullyVisibleColumns(const ClusterTableView *table)
{
    const QHeaderView *header = table->header();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (header->isSectionHidden(logical))
            continue;
        if (header->sectionViewportPosition(logical) + header->sectionSize(logical) <= table->viewport()->width())
            columns << logical;
    }
    return columns;
}

// GKE Fleet's shape: only Joined, no clusterset, no properties; the region in the name.
QList<ProfilePtr> gkeFleet(int count, const QString &ns = QStringLiteral("fleet-cluster-inventory"))
{
    QList<ProfilePtr> profiles;
    for (int i = 0; i < count; ++i) {
        auto record = std::make_shared<ProfileRecord>();
        ClusterProfile &p = record->profile;
        p.metadata.namespaceName = ns;
        p.metadata.name = QStringLiteral("gke-%1-us-central1").arg(i);
        p.metadata.labels.insert(QStringLiteral("x-k8s.io/cluster-manager"), QStringLiteral("gke-fleet"));
        p.clusterManagerName = QStringLiteral("gke-fleet");
        p.kubernetesVersion = QStringLiteral("v1.33.5-gke.1201000");
        Condition joined;
        joined.type = QStringLiteral("Joined");
        joined.status = ConditionStatus::True;
        p.conditions.append(joined);
        profiles << record;
    }
    return profiles;
}

// A column from outside the store, as history's flap counts are.
class FlapsLike final : public ClusterColumnSource
{
public:
    QString key() const override { return QStringLiteral("flaps"); }
    QString header() const override { return QStringLiteral("Flaps"); }
    QString toolTip() const override { return {}; }
    const QString *value(const FleetProfile &) const override { return nullptr; }
};

} // namespace

class TestClusterColumnDefaults final : public QObject
{
    Q_OBJECT

private slots:
    void showsHealthManagerAndVersionAt1400();
    void showsDisplayNameWhenItSaysMore();
    void leavesARestoredLayoutAlone();
    void hidesColumnsNoProducerFills();
    void aColumnThePersonHidStaysHidden();
    void showsNamespaceWhenNamesCollide();
};

void TestClusterColumnDefaults::showsHealthManagerAndVersionAt1400()
{
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    fillLiveHub(store, fleet(false));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 60);
    QVERIFY(window.detailsPane()->isVisible());
    const QList<int> expected = {ClusterTableModel::NameColumn, ClusterTableModel::ControlPlaneHealthyColumn,
                                 ClusterTableModel::VersionColumn, ClusterTableModel::HubColumn,
                                 ClusterTableModel::ManagerColumn};
    QCOMPARE(fullyVisibleColumns(window.clusterTable()), expected);
    // Display name only repeated the name: it stays out of the way.
    QVERIFY(window.clusterTable()->isColumnHidden(ClusterTableModel::DisplayNameColumn));
    QVERIFY(window.clusterTable()->isColumnHidden(ClusterTableModel::NamespaceColumn));
    // The health column is wide enough for its header, so the word shows beside the icon.
    const QHeaderView *header = window.clusterTable()->header();
    const QString title = header->model()->headerData(ClusterTableModel::ControlPlaneHealthyColumn, Qt::Horizontal).toString();
    QVERIFY(header->sectionSize(ClusterTableModel::ControlPlaneHealthyColumn) >= header->fontMetrics().horizontalAdvance(title) + 16);
    // A column added later (history's flap counts) goes to the end and changes nothing else.
    FlapsLike flaps;
    const int flapsColumn = window.clusterFilter()->table()->addSourceColumn(&flaps);
    QCOMPARE(fullyVisibleColumns(window.clusterTable()), expected);
    QVERIFY(!window.clusterTable()->isColumnHidden(flapsColumn));
    QCOMPARE(window.grab().save(QDir::temp().filePath(QStringLiteral("fleetscope-columns-1400.png"))), true);
    window.clusterFilter()->table()->removeColumnAt(flapsColumn);
}

void TestClusterColumnDefaults::showsDisplayNameWhenItSaysMore()
{
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    fillLiveHub(store, fleet(true));
    QVERIFY(!window.clusterTable()->isColumnHidden(ClusterTableModel::DisplayNameColumn));
    const QHeaderView *header = window.clusterTable()->header();
    // After the columns that must fit.
    QCOMPARE(header->visualIndex(ClusterTableModel::DisplayNameColumn),
             header->visualIndex(ClusterTableModel::ManagerColumn) + 1);
    QVERIFY(ClusterColumnDefaults::displayNamesAddInformation(store));
}

void TestClusterColumnDefaults::leavesARestoredLayoutAlone()
{
    FleetStore store;
    MainWindow window(&store);
    QHeaderView *header = window.clusterTable()->header();
    header->setSectionHidden(ClusterTableModel::ManagerColumn, true);
    const QByteArray saved = header->saveState();
    QList<int> order;
    for (int column = 0; column < header->count(); ++column)
        order << header->visualIndex(column);
    // As WindowSettings and saved views do: restore, then tell the defaults.
    part<ClusterColumnDefaults>(&window)->keepUserLayout();
    header->restoreState(saved);
    fillLiveHub(store, fleet(true));
    QVERIFY(window.clusterTable()->isColumnHidden(ClusterTableModel::DisplayNameColumn));
    QVERIFY(window.clusterTable()->isColumnHidden(ClusterTableModel::ManagerColumn));
    for (int column = 0; column < header->count(); ++column)
        QCOMPARE(header->visualIndex(column), order.value(column));
    QVERIFY(part<ClusterColumnDefaults>(&window)->keepsUserLayout());
}

void TestClusterColumnDefaults::hidesColumnsNoProducerFills()
{
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    fillLiveHub(store, gkeFleet(5), QStringLiteral("hub-gke"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 5);
    const ClusterTableView *table = window.clusterTable();
    for (const int empty : {int(ClusterTableModel::ControlPlaneHealthyColumn), int(ClusterTableModel::ClusterSetColumn),
                            int(ClusterTableModel::NodesColumn), int(ClusterTableModel::LocationColumn)})
        QVERIFY2(table->isColumnHidden(empty), qPrintable(QString::number(empty)));
    QVERIFY(!table->isColumnHidden(ClusterTableModel::JoinedColumn));
    QVERIFY(fullyVisibleColumns(table).contains(ClusterTableModel::JoinedColumn));
    QCOMPARE(window.grab().save(QDir::temp().filePath(QStringLiteral("fleetscope-columns-gke-1400.png"))), true);

    // An OCM hub joins: its clusters fill ControlPlaneHealthy and ClusterSet, which appear.
    fillLiveHub(store, fleet(false), QStringLiteral("hub-ocm"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 65);
    QVERIFY(!table->isColumnHidden(ClusterTableModel::ControlPlaneHealthyColumn));
    QVERIFY(!table->isColumnHidden(ClusterTableModel::ClusterSetColumn));
    QVERIFY(table->isColumnHidden(ClusterTableModel::NodesColumn));
}

void TestClusterColumnDefaults::aColumnThePersonHidStaysHidden()
{
    // A column filled from the start, hidden from the header's menu, must not come
    // back when the next clusters that fill it arrive.
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    fillLiveHub(store, fleet(false), QStringLiteral("hub-ocm"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 60);
    ClusterTableView *table = window.clusterTable();
    QVERIFY(!table->isColumnHidden(ClusterTableModel::ClusterSetColumn));
    table->setColumnHidden(ClusterTableModel::ClusterSetColumn, true);
    fillLiveHub(store, fleet(false), QStringLiteral("hub-ocm-2"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 120);
    QVERIFY(table->isColumnHidden(ClusterTableModel::ClusterSetColumn));
    // What the defaults hid themselves still appears with the data.
    fillLiveHub(store, gkeFleet(5), QStringLiteral("hub-gke"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 125);
    QVERIFY(table->isColumnHidden(ClusterTableModel::ClusterSetColumn));
}

void TestClusterColumnDefaults::showsNamespaceWhenNamesCollide()
{
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The same cluster name on two hubs is told apart by the hub column.
    fillLiveHub(store, gkeFleet(3), QStringLiteral("hub-a"));
    fillLiveHub(store, gkeFleet(3), QStringLiteral("hub-b"));
    QVERIFY(window.clusterTable()->isColumnHidden(ClusterTableModel::NamespaceColumn));
    // OCM binds one cluster into two inventories: two rows, one name, one hub.
    const int hub = store.hubCount() - 1;
    HubDelta delta;
    delta.upsertedProfiles = gkeFleet(1, QStringLiteral("team-b"));
    store.applyDelta(hub, delta);
    QVERIFY(!window.clusterTable()->isColumnHidden(ClusterTableModel::NamespaceColumn));
    const QHeaderView *header = window.clusterTable()->header();
    QCOMPARE(header->visualIndex(ClusterTableModel::NamespaceColumn), header->visualIndex(ClusterTableModel::NameColumn) + 1);
    QVERIFY(ClusterColumnDefaults::namesCollide(store));
}

QTEST_MAIN(TestClusterColumnDefaults)
#include "tst_clustercolumndefaults.moc"
