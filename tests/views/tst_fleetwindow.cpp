// The main window with a fleet in it, used as a person would: type a filter,
// read the error under a bad one, pick a cluster and read its details.

#include "clustertableview.h"
#include "windowparts.h"
#include "detailspane.h"
#include "filterbar.h"
#include "fleettreeview.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/store/fleetstore.h"
#include "hubstatusbar.h"
#include "placementsview.h"
#include "mainwindow.h"
#include "savedviewsmenu.h"
#include "smallfleet.h"
#include "fleet/savedviews/savedviewstore.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/itemmodels/fleettreemodel.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QLineEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTreeView>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QTest>

#include <functional>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

ProfilePtr cluster(const QString &name, const QString &clusterSet, const QString &version, ConditionStatus controlPlane)
{
    auto record = smallFleetCluster(name, clusterSet);
    ClusterProfile &p = record->profile;
    p.kubernetesVersion = version;
    Condition c;
    c.type = QStringLiteral("ControlPlaneHealthy");
    c.status = controlPlane;
    c.reason = controlPlane == ConditionStatus::True ? QStringLiteral("ManagedClusterAvailable")
                                                     : QStringLiteral("ManagedClusterLeaseNotUpdated");
    c.message = QStringLiteral("lease last renewed 7m ago");
    p.conditions.append(c);
    p.properties.append(Property{QStringLiteral("location.topology.k8s.io"), QStringLiteral("eu-west-1"), 0});
    return record;
}

void fill(FleetStore &store)
{
    fillLiveHub(store, {
        cluster(QStringLiteral("prod-1"), QStringLiteral("prod"), QStringLiteral("v1.31.2"), ConditionStatus::True),
        cluster(QStringLiteral("prod-2"), QStringLiteral("prod"), QStringLiteral("v1.29.8"), ConditionStatus::False),
        cluster(QStringLiteral("stage-1"), QStringLiteral("staging"), QStringLiteral("v1.32.0"), ConditionStatus::True),
        cluster(QStringLiteral("dev-1"), QStringLiteral("dev"), QStringLiteral("v1.30.1"), ConditionStatus::Unknown),
    });
}

QStringList visibleNames(const MainWindow &window)
{
    QStringList names;
    QAbstractItemModel *model = window.clusterTable()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        names << model->index(row, 0).data().toString();
    return names;
}

// A churning hub as the window sees it: one delta every 5 ms, `changes` of
// them, each upserting `record(n)` for n = 1..changes. Returns the time it took (ms).
qint64 churn(FleetStore &store, int changes, const std::function<ProfilePtr(int)> &record)
{
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer timer;
    timer.setInterval(5);
    int applied = 0;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        HubDelta delta;
        delta.upsertedProfiles = {record(++applied)};
        store.applyDelta(0, delta);
        if (applied == changes)
            loop.quit();
    });
    timer.start();
    loop.exec();
    timer.stop();
    return clock.elapsed();
}

} // namespace

class TestFleetWindow final : public QObject
{
    Q_OBJECT

public:
    // Before QApplication exists: the window's QSettings live in a private
    // directory, so saved views never touch the user's configuration.
    static void initMain()
    {
        static QTemporaryDir config;
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(config.path()));
    }

private slots:
    void typingAFilterNarrowsTheTable();
    void treeCountsComeBackWithRoomAndWithTheFleet();
    void aSavedViewBringsBackFilterGroupingAndColumns();
    void aSavedViewBringsBackItsGroupOnceItIsThere();
    void choosingAPlacementScopesTheTableToItsClusters();
    void aSyntaxErrorIsShownWithACaretAndNotApplied();
    void detailsShowTheChosenClustersConditions();
    void statusBarCountsTheFleet();
    void selectingATreeGroupScopesTheTable();
    void aChurningFleetRepaintsTheTableAFewTimesASecond();
    void changesToRowsOffScreenPaintNothing();
    void rowsComingAndGoingOffScreenRepaintOncePerInterval();
    void homeAndEndGoToTheFirstAndLastCluster();
    void aChurningFleetRepaintsTheGroupsOnceASecond();
    void aChurningFleetRecountsTheStatusBarOnceASecond();
};

void TestFleetWindow::typingAFilterNarrowsTheTable()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(visibleNames(window), (QStringList{"dev-1", "prod-1", "prod-2", "stage-1"}));

    auto *edit = window.filterBar()->findChild<QLineEdit *>(QStringLiteral("filterEdit"));
    QVERIFY(edit);
    QTest::keyClicks(edit, QStringLiteral("clusterset=prod"));
    // Debounced: applied shortly after typing stops.
    QTRY_COMPARE(visibleNames(window), (QStringList{"prod-1", "prod-2"}));
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("version>=1.30, ControlPlaneHealthy!=False"));
    QTRY_COMPARE(visibleNames(window), (QStringList{"dev-1", "prod-1", "stage-1"}));
}

void TestFleetWindow::aSyntaxErrorIsShownWithACaretAndNotApplied()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    window.filterBar()->setText(QStringLiteral("clusterset=staging"));
    QCOMPARE(visibleNames(window), QStringList{"stage-1"});
    window.filterBar()->setText(QStringLiteral("clusterset in (prod"));
    const QString error = window.filterBar()->errorText();
    QVERIFY2(!error.isEmpty(), "no error shown");
    const QStringList lines = error.split(u'\n');
    QCOMPARE(lines.first(), QStringLiteral("clusterset in (prod"));
    QVERIFY2(lines.at(1).contains(u'^'), qPrintable(error));
    // The previous filter stays in place: never applied half-way.
    QCOMPARE(visibleNames(window), QStringList{"stage-1"});
}

void TestFleetWindow::detailsShowTheChosenClustersConditions()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    window.filterBar()->setText(QStringLiteral("prod-2"));
    QCOMPARE(visibleNames(window), QStringList{"prod-2"});
    window.selectClusterRow(0);
    const QString details = window.detailsPane()->plainText();
    QVERIFY2(details.contains(u"ControlPlaneHealthy"), qPrintable(details));
    QVERIFY2(details.contains(u"ManagedClusterLeaseNotUpdated"), qPrintable(details));
    QVERIFY2(details.contains(u"lease last renewed 7m ago"), qPrintable(details));
    QVERIFY2(details.contains(u"location.topology.k8s.io"), qPrintable(details));
    QVERIFY2(details.contains(u"hub-eu/fleet/prod-2"), qPrintable(details));

    // A live update to the shown cluster re-renders it.
    HubDelta fix;
    fix.upsertedProfiles = {cluster(QStringLiteral("prod-2"), QStringLiteral("prod"), QStringLiteral("v1.31.0"), ConditionStatus::True)};
    store.applyDelta(0, fix);
    QTRY_VERIFY(window.detailsPane()->plainText().contains(u"ManagedClusterAvailable"));
}

void TestFleetWindow::statusBarCountsTheFleet()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    window.filterBar()->setText(QStringLiteral("clusterset=prod"));
    QCOMPARE(countsText(&window),
             QStringLiteral("4 clusters · ✔ 2 healthy · ▲ 1 unhealthy · ? 1 unknown · 2 shown"));
    QCOMPARE(chipTexts(&window).size(), 1);
    QVERIFY(chipTexts(&window).first().contains(u"hub-eu"));
    QVERIFY(chipTexts(&window).first().contains(u"Live"));

    // A cluster the filter hides changes no shown row, only the fleet's counts:
    // they follow the delta in the next turn of the event loop.
    HubDelta more;
    more.upsertedProfiles = {cluster(QStringLiteral("dev-2"), QStringLiteral("dev"), QStringLiteral("v1.30.1"), ConditionStatus::True)};
    store.applyDelta(0, more);
    QTRY_COMPARE(countsText(&window),
                 QStringLiteral("5 clusters · ✔ 3 healthy · ▲ 1 unhealthy · ? 1 unknown · 2 shown"));
}

void TestFleetWindow::treeCountsComeBackWithRoomAndWithTheFleet()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTreeView *tree = window.fleetTree()->tree();
    // The pane's rule as a person sees it: group names keep 120 px, and a count
    // column that would fit beside them shows. Empty when the tree keeps it.
    const auto broken = [tree] {
        const int room = tree->viewport()->width() - 3 * tree->indentation();
        int used = 0;
        for (int column = FleetTreeModel::ClustersColumn; column < FleetTreeModel::ColumnCount; ++column)
            used += tree->isColumnHidden(column) ? 0 : tree->header()->sectionSize(column);
        for (int column : {int(FleetTreeModel::ClustersColumn), int(FleetTreeModel::UnhealthyColumn)}) {
            if (tree->isColumnHidden(column) || tree->header()->sectionSize(column) < 30)
                return QStringLiteral("column %1 is not shown whole").arg(column);
        }
        for (int column : {int(FleetTreeModel::HealthyColumn), int(FleetTreeModel::UnknownColumn)}) {
            if (tree->isColumnHidden(column) && room - used - 34 >= 120)
                return QStringLiteral("column %1 hidden with %2 px of room for %3 px of counts").arg(column).arg(room).arg(used);
        }
        return QString();
    };
    QTRY_VERIFY2(broken().isEmpty(), qPrintable(broken()));
    // Its hub goes, and the tree has no groups: then it comes back.
    store.removeHub(0);
    QCOMPARE(tree->model()->rowCount(), 0);
    fill(store);
    QTRY_VERIFY(tree->model()->rowCount() > 0);
    QTRY_VERIFY2(broken().isEmpty(), qPrintable(broken()));
    // Narrow, the counts give way to the names; hidden behind the Placements tab
    // while the window widens; back in front, they show again as they fit.
    window.resize(300, 700);
    QTRY_VERIFY(tree->isColumnHidden(FleetTreeModel::HealthyColumn));
    window.showLeftTab(1);
    window.resize(1400, 900);
    QTRY_COMPARE(window.width(), 1400);
    window.showLeftTab(0);
    QTRY_VERIFY2(broken().isEmpty(), qPrintable(broken()));
}

void TestFleetWindow::selectingATreeGroupScopesTheTable()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    QTreeView *tree = window.fleetTree()->tree();
    QAbstractItemModel *groups = tree->model();
    // hub-eu → clustersets; pick "prod".
    const QModelIndex hub = groups->index(0, 0);
    QCOMPARE(hub.data().toString(), QStringLiteral("hub-eu"));
    QModelIndex prod;
    for (int row = 0; row < groups->rowCount(hub); ++row) {
        if (groups->index(row, 0, hub).data().toString() == u"prod")
            prod = groups->index(row, 0, hub);
    }
    QVERIFY(prod.isValid());
    QCOMPARE(groups->index(prod.row(), 1, hub).data().toInt(), 2); // its count
    tree->setCurrentIndex(prod);
    QCOMPARE(visibleNames(window), (QStringList{"prod-1", "prod-2"}));
    // The filter narrows within the scope.
    window.filterBar()->setText(QStringLiteral("ControlPlaneHealthy=False"));
    QCOMPARE(visibleNames(window), QStringList{"prod-2"});
    // Back to the hub: the whole hub again (with the filter).
    tree->setCurrentIndex(hub);
    window.filterBar()->setText(QString());
    QCOMPARE(visibleNames(window).size(), 4);
}

void TestFleetWindow::aSavedViewBringsBackFilterGroupingAndColumns()
{
    FleetStore store;
    fill(store);
    const QString viewName = QStringLiteral("broken prod %1").arg(QCoreApplication::applicationPid());
    {
        MainWindow window(&store);
        window.show();
        window.filterBar()->setText(QStringLiteral("clusterset=prod"));
        QVERIFY(window.fleetTree()->setGroupingSpec(QStringLiteral("manager>property:location.topology.k8s.io")));
        window.clusterTable()->setExtraColumns({QStringLiteral("property:location.topology.k8s.io")});
        QHeaderView *header = window.clusterTable()->header();
        header->moveSection(header->visualIndex(ClusterTableModel::VersionColumn), 1);
        QVERIFY(part<SavedViewsMenu>(&window)->saveCurrentAs(viewName));
    }
    // A new window (as after a restart) starts plain, then the view restores it all.
    MainWindow window(&store);
    window.show();
    QCOMPARE(visibleNames(window).size(), 4);
    QCOMPARE(window.fleetTree()->groupingSpec(), QStringLiteral("hub>clusterset>manager"));
    QVERIFY(part<SavedViewsMenu>(&window)->applyView(viewName));
    QCOMPARE(visibleNames(window), (QStringList{"prod-1", "prod-2"}));
    QCOMPARE(window.filterBar()->text(), QStringLiteral("clusterset=prod"));
    QCOMPARE(window.fleetTree()->groupingSpec(), QStringLiteral("manager>property:location.topology.k8s.io"));
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("groupingChoice"))->currentText(), QStringLiteral("Manager › location.topology.k8s.io"));
    QCOMPARE(window.fleetTree()->tree()->model()->index(0, 0).data().toString(), QStringLiteral("ocm"));
    QCOMPARE(window.clusterTable()->extraColumns(), QStringList{"property:location.topology.k8s.io"});
    QCOMPARE(window.clusterTable()->header()->visualIndex(ClusterTableModel::VersionColumn), 1);
    // The view menu lists it, checked (it catches up in the event loop, never
    // inside the signal of the action that chose the view).
    const auto listed = [&window, &viewName] {
        for (QAction *action : part<SavedViewsMenu>(&window)->actions()) {
            if (action->text() == viewName && action->isChecked())
                return true;
        }
        return false;
    };
    QTRY_VERIFY(listed());
    QVERIFY(part<SavedViewStore>(&window)->remove(viewName));
}

void TestFleetWindow::aSavedViewBringsBackItsGroupOnceItIsThere()
{
    const QString viewName = QStringLiteral("prod group %1").arg(QCoreApplication::applicationPid());
    const QString wholeName = QStringLiteral("whole fleet %1").arg(QCoreApplication::applicationPid());
    {
        FleetStore store;
        fill(store);
        MainWindow window(&store);
        window.show();
        QVERIFY(part<SavedViewsMenu>(&window)->saveCurrentAs(wholeName));
        QAbstractItemModel *groups = window.fleetTree()->tree()->model();
        const QModelIndex hub = groups->index(0, 0);
        for (int row = 0; row < groups->rowCount(hub); ++row) {
            if (groups->index(row, 0, hub).data().toString() == u"prod")
                window.fleetTree()->tree()->setCurrentIndex(groups->index(row, 0, hub));
        }
        QCOMPARE(window.fleetTree()->currentGroup(), (QStringList{"hub-eu", "prod"}));
        QVERIFY(part<SavedViewsMenu>(&window)->saveCurrentAs(viewName));
    }
    // After a restart the view is chosen before its hub has synced: the group is
    // chosen when it appears, and the table is scoped to it.
    FleetStore store;
    MainWindow window(&store);
    window.show();
    QVERIFY(part<SavedViewsMenu>(&window)->applyView(viewName));
    QVERIFY(window.fleetTree()->currentGroup().isEmpty());
    fill(store);
    QTRY_COMPARE(window.fleetTree()->currentGroup(), (QStringList{"hub-eu", "prod"}));
    QCOMPARE(visibleNames(window), (QStringList{"prod-1", "prod-2"}));
    // The menu says which group the view holds.
    QString tip;
    for (QAction *action : part<SavedViewsMenu>(&window)->actions()) {
        if (action->text() == viewName)
            tip = action->toolTip();
    }
    QVERIFY2(tip.contains(u"hub-eu › prod"), qPrintable(tip));
    // A view saved with no group chosen shows the whole fleet again.
    QVERIFY(part<SavedViewsMenu>(&window)->applyView(wholeName));
    QTRY_VERIFY(window.fleetTree()->currentGroup().isEmpty());
    QCOMPARE(visibleNames(window).size(), 4);
    QVERIFY(part<SavedViewStore>(&window)->remove(viewName));
    QVERIFY(part<SavedViewStore>(&window)->remove(wholeName));
}

void TestFleetWindow::choosingAPlacementScopesTheTableToItsClusters()
{
    FleetStore store;
    fill(store);
    auto decision = std::make_shared<PlacementDecision>();
    decision->metadata.namespaceName = QStringLiteral("apps");
    decision->metadata.name = QStringLiteral("web-decision-1");
    decision->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/placement-key"), QStringLiteral("web"));
    decision->schedulerName = QStringLiteral("kube-fleet");
    for (const char *name : {"prod-2", "stage-1", "gone-7"})
        decision->decisions.append(ClusterDecision{QString::fromLatin1(name), QStringLiteral("fleet"), QString()});
    HubDelta delta;
    delta.upsertedPlacements = {decision};
    store.applyDelta(0, delta);

    MainWindow window(&store);
    window.show();
    window.showLeftTab(1);
    QTreeView *placements = part<PlacementsView>(&window)->view();
    QCOMPARE(placements->model()->rowCount(), 1);
    QCOMPARE(placements->model()->index(0, 0).data().toString(), QStringLiteral("apps/web"));
    placements->setCurrentIndex(placements->model()->index(0, 0));
    QCOMPARE(visibleNames(window), (QStringList{"prod-2", "stage-1"}));
    QVERIFY2(window.findChild<QLabel *>(QStringLiteral("placementSummary"))->text().contains(u"fleet/gone-7"), qPrintable(window.findChild<QLabel *>(QStringLiteral("placementSummary"))->text()));
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("placementSummary"))->text().contains(u"kube-fleet"));
    // The filter still narrows within the placement.
    window.filterBar()->setText(QStringLiteral("ControlPlaneHealthy=True"));
    QCOMPARE(visibleNames(window), QStringList{"stage-1"});
    window.filterBar()->setText(QString());
    // Back on the groups tab the table shows the tree's scope (all) again...
    window.showLeftTab(0);
    QCOMPARE(visibleNames(window).size(), 4);
    // ...and the placement's scope returns with its tab.
    window.showLeftTab(1);
    QCOMPARE(visibleNames(window).size(), 2);
    // A live change of the decision re-scopes the table.
    auto moved = std::make_shared<PlacementDecision>(*decision);
    moved->decisions.removeFirst();
    HubDelta change;
    change.upsertedPlacements = {moved};
    store.applyDelta(0, change);
    QCOMPARE(visibleNames(window), QStringList{"stage-1"});
}

QTEST_MAIN(TestFleetWindow)

namespace {

class PaintCounter final : public QObject
{
public:
    int paints = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

// A window that just opened may still paint (deferred layout, column sizing),
// later on a slow (sanitized, loaded) build: waits until the table has painted
// nothing for a few repaint intervals, so that what is counted after it is the
// test's doing.
bool waitUntilStill(PaintCounter &counter)
{
    const int slowdown = std::max(1, qEnvironmentVariableIntValue("FLEETSCOPE_TEST_SLOWDOWN"));
    const int quietMs = 3 * ClusterTableView::repaintIntervalMs * slowdown;
    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        const int before = counter.paints;
        QDeadlineTimer quiet(quietMs);
        while (!quiet.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (counter.paints == before)
            return true;
    }
    return false;
}

} // namespace

// A hub under churn changes shown rows many times a second: the table repaints a
// few times a second, not once per change, and the last change is still shown.
void TestFleetWindow::aChurningFleetRepaintsTheTableAFewTimesASecond()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QWidget *viewport = window.clusterTable()->viewport();
    PaintCounter counter;
    viewport->installEventFilter(&counter);

    const int changes = 100;
    const qint64 elapsed = churn(store, changes, [](int n) {
        return cluster(QStringLiteral("prod-1"), QStringLiteral("prod"), QStringLiteral("v1.31.%1").arg(n),
                       ConditionStatus::True);
    });
    const int paintsDuringChurn = counter.paints;
    QVERIFY2(paintsDuringChurn <= elapsed / ClusterTableView::repaintIntervalMs + 2,
             qPrintable(QStringLiteral("%1 paints in %2 ms for %3 changes").arg(paintsDuringChurn).arg(elapsed).arg(changes)));
    // The last change reaches the screen.
    QTRY_VERIFY(counter.paints > paintsDuringChurn);
    const QModelIndex row = window.clusterTable()->model()->match(window.clusterTable()->model()->index(0, 0),
                                                                  Qt::DisplayRole, QStringLiteral("prod-1"))
                                .value(0);
    QVERIFY(row.isValid());
    bool shown = false;
    for (int column = 0; column < window.clusterTable()->model()->columnCount(); ++column)
        shown = shown || row.siblingAtColumn(column).data().toString() == QStringLiteral("v1.31.%1").arg(changes);
    QVERIFY(shown);
}

void TestFleetWindow::changesToRowsOffScreenPaintNothing()
{
    FleetStore store;
    QList<ProfilePtr> many;
    for (int i = 0; i < 300; ++i)
        many << cluster(QStringLiteral("c-%1").arg(i, 3, 10, QLatin1Char('0')), QStringLiteral("prod"),
                        QStringLiteral("v1.31.0"), ConditionStatus::True);
    fillLiveHub(store, many);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QWidget *viewport = window.clusterTable()->viewport();
    PaintCounter counter;
    viewport->installEventFilter(&counter);
    QVERIFY(waitUntilStill(counter));
    counter.paints = 0;
    // c-299 sorts last, far below the first screenful.
    for (int i = 1; i <= 20; ++i) {
        HubDelta delta;
        delta.upsertedProfiles = {cluster(QStringLiteral("c-299"), QStringLiteral("prod"),
                                          QStringLiteral("v1.31.%1").arg(i), ConditionStatus::True)};
        store.applyDelta(0, delta);
        QCoreApplication::processEvents();
    }
    // Longer than a repaint interval: a repaint would have happened by now.
    QDeadlineTimer settle(3 * ClusterTableView::repaintIntervalMs);
    while (!settle.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QCOMPARE(counter.paints, 0);
}

// Under churn clusters come and go all the time, mostly far from the rows on
// screen: the table notes them (the scroll bar covers them) and repaints only
// when it follows the row count, at most once per geometry interval — not once
// per change.
void TestFleetWindow::rowsComingAndGoingOffScreenRepaintOncePerInterval()
{
    FleetStore store;
    QList<ProfilePtr> many;
    for (int i = 0; i < 300; ++i)
        many << cluster(QStringLiteral("c-%1").arg(i, 4, 10, QLatin1Char('0')), QStringLiteral("prod"),
                        QStringLiteral("v1.31.0"), ConditionStatus::True);
    fillLiveHub(store, many);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ClusterTableView *table = window.clusterTable();
    PaintCounter counter;
    table->viewport()->installEventFilter(&counter);
    const auto settle = [] {
        // Longer than a geometry interval: the row count has been followed by now.
        QDeadlineTimer deadline(2 * ClusterTableView::geometryIntervalMs);
        while (!deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    };
    QVERIFY(waitUntilStill(counter));
    counter.paints = 0;
    QElapsedTimer churn;
    churn.start();

    // 1000 clusters that sort below the first screenful, one delta each, and 50
    // of the existing ones far below the screen removed.
    for (int i = 0; i < 1000; ++i) {
        HubDelta delta;
        delta.upsertedProfiles = {cluster(QStringLiteral("z-%1").arg(i, 4, 10, QLatin1Char('0')), QStringLiteral("prod"),
                                          QStringLiteral("v1.31.0"), ConditionStatus::True)};
        store.applyDelta(0, delta);
        if (i % 100 == 0)
            QCoreApplication::processEvents();
    }
    for (int i = 200; i < 250; ++i) {
        HubDelta delta;
        delta.removedProfiles = {ObjectKey{QStringLiteral("fleet"), QStringLiteral("c-%1").arg(i, 4, 10, QLatin1Char('0'))}};
        store.applyDelta(0, delta);
    }
    settle();
    QCOMPARE(table->model()->rowCount(), 1250);
    // One repaint per followed row count (the first comes at once); a slow build
    // takes longer and follows more often, so the bound comes from the time taken.
    const qint64 follows = 2 + churn.elapsed() / ClusterTableView::geometryIntervalMs;
    QVERIFY2(counter.paints <= follows,
             qPrintable(QStringLiteral("%1 paints for 1050 changes in %2 ms").arg(counter.paints).arg(churn.elapsed())));

    // The bookkeeping is right: the last of the new rows is one scroll away.
    table->scrollToBottom();
    const QModelIndex last = table->model()->index(1249, ClusterTableModel::NameColumn);
    QCOMPARE(last.data().toString(), QStringLiteral("z-0999"));
    QTRY_VERIFY(table->viewport()->rect().contains(table->visualRect(last).center()));
    QTRY_VERIFY(counter.paints > 0);

    // A cluster arriving on screen is painted, once the repaint interval is over.
    table->scrollToTop();
    settle();
    counter.paints = 0;
    HubDelta first;
    first.upsertedProfiles = {cluster(QStringLiteral("a-first"), QStringLiteral("prod"), QStringLiteral("v1.31.0"),
                                      ConditionStatus::True)};
    store.applyDelta(0, first);
    QTRY_VERIFY(counter.paints > 0);
    QCOMPARE(table->indexAt(QPoint(1, 1)).siblingAtColumn(ClusterTableModel::NameColumn).data().toString(),
             QStringLiteral("a-first"));
}

// The table moves like a list: Home and End go to the first and last cluster.
void TestFleetWindow::homeAndEndGoToTheFirstAndLastCluster()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ClusterTableView *table = window.clusterTable();
    table->setFocus(Qt::OtherFocusReason);
    const int rows = table->model()->rowCount();
    QVERIFY(rows > 2);
    table->setCurrentIndex(table->model()->index(1, ClusterTableModel::VersionColumn));
    QTest::keyClick(table, Qt::Key_End);
    QCOMPARE(table->currentIndex().row(), rows - 1);
    QTest::keyClick(table, Qt::Key_Home);
    QCOMPARE(table->currentIndex().row(), 0);
    QVERIFY(table->selectionModel()->isRowSelected(0, QModelIndex()));
}

// Every batch under churn moves the groups' counts: the group tree repaints at
// most once a second, and shows the last counts.
void TestFleetWindow::aChurningFleetRepaintsTheGroupsOnceASecond()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTreeView *tree = window.fleetTree()->tree();
    PaintCounter counter;
    tree->viewport()->installEventFilter(&counter);

    const int changes = 100;
    // prod-2 flips health each time: the counts of its groups change.
    const qint64 elapsed = churn(store, changes, [](int n) {
        return cluster(QStringLiteral("prod-2"), QStringLiteral("prod"), QStringLiteral("v1.29.8"),
                       n % 2 ? ConditionStatus::True : ConditionStatus::False);
    });
    const int paintsDuringChurn = counter.paints;
    QVERIFY2(paintsDuringChurn <= elapsed / FleetTreeView::repaintIntervalMs + 2,
             qPrintable(QStringLiteral("%1 paints in %2 ms for %3 changes").arg(paintsDuringChurn).arg(elapsed).arg(changes)));
    // The last counts reach the screen.
    QTRY_VERIFY(counter.paints > paintsDuringChurn);
}

// Every delta of a churning hub changes the fleet's counts: the status bar
// recounts (walks the fleet, re-lays out and repaints its label) at most once
// per interval, the first change of a quiet fleet in the turn after its delta
// (not inside it: the delta's own turn is the longest a burst makes the window
// wait), the last one too.
void TestFleetWindow::aChurningFleetRecountsTheStatusBarOnceASecond()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *label = window.hubStatusBar()->findChild<QLabel *>(QStringLiteral("fleetCounts"));
    QVERIFY(label);
    const auto settle = [] {
        QDeadlineTimer deadline(2 * HubStatusBar::countsIntervalMs);
        while (!deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    };
    settle();
    PaintCounter counter;
    label->installEventFilter(&counter);

    // A quiet fleet: the change shows in the next turn of the event loop.
    HubDelta first;
    first.upsertedProfiles = {cluster(QStringLiteral("new-0"), QStringLiteral("prod"), QStringLiteral("v1.31.0"),
                                      ConditionStatus::True)};
    store.applyDelta(0, first);
    QVERIFY(countsText(&window).startsWith(QLatin1String("4 clusters")));
    QCoreApplication::sendPostedEvents(window.hubStatusBar(), QEvent::MetaCall);
    QVERIFY2(countsText(&window).startsWith(QLatin1String("5 clusters")),
             qPrintable(countsText(&window)));
    // Its paint is not the churn's.
    QTRY_VERIFY(counter.paints > 0);
    counter.paints = 0;

    const int changes = 100;
    const qint64 elapsed = churn(store, changes, [](int n) {
        return cluster(QStringLiteral("new-%1").arg(n), QStringLiteral("prod"), QStringLiteral("v1.31.0"),
                       ConditionStatus::True);
    });
    const int paintsDuringChurn = counter.paints;
    QVERIFY2(paintsDuringChurn <= elapsed / HubStatusBar::countsIntervalMs + 2,
             qPrintable(QStringLiteral("%1 paints in %2 ms for %3 changes").arg(paintsDuringChurn).arg(elapsed).arg(changes)));
    // The last change is counted.
    QTRY_VERIFY2(countsText(&window).startsWith(QLatin1String("105 clusters")),
                 qPrintable(countsText(&window)));
}

#include "tst_fleetwindow.moc"
