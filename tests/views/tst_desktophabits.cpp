// The habits of a desktop app, as a person meets them: Ctrl+C copies rows as TSV,
// the filtered view exports as CSV and JSON, rows and groups have context menus,
// Help lists the shortcuts, the window comes back as it was left, sync progress
// shows in the status bar, and health stays readable on a dark palette.

#include "apppalette.h"
#include "windowparts.h"
#include "clusteractions.h"
#include "clustertableview.h"
#include "filterbar.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/clustercolumnsource.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/store/fleetstore.h"
#include "fleettreeview.h"
#include "healthstyle.h"
#include "mainwindow.h"
#include "resourceswindow.h"
#include "fleet/savedviews/savedviewstore.h"
#include "shortcutsdialog.h"
#include "smallfleet.h"
#include "syncprogress.h"
#include "windowsettings.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTreeView>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

ProfilePtr cluster(const QString &name, const QString &clusterSet, ConditionStatus controlPlane)
{
    auto record = smallFleetCluster(name, clusterSet);
    ClusterProfile &p = record->profile;
    p.kubernetesVersion = QStringLiteral("v1.31.2");
    Condition c;
    c.type = QStringLiteral("ControlPlaneHealthy");
    c.status = controlPlane;
    p.conditions.append(c);
    record->rawJson = CompressedJson(QStringLiteral(R"({"kind":"ClusterProfile","metadata":{"name":"%1","namespace":"fleet"}})")
                                         .arg(name)
                                         .toUtf8());
    return record;
}

void fill(FleetStore &store)
{
    fillLiveHub(store, {cluster(QStringLiteral("prod-1"), QStringLiteral("prod"), ConditionStatus::True),
                        cluster(QStringLiteral("prod-2"), QStringLiteral("prod"), ConditionStatus::False),
                        cluster(QStringLiteral("dev-1"), QStringLiteral("dev"), ConditionStatus::True)});
}

// The window started again on the same settings, as the dashboard starts it:
// the fleet there first, the saved layout restored, then shown.
struct RestartedWindow
{
    RestartedWindow()
    {
        restored = settings.restore();
        window.keepUserLayout(); // as the dashboard does after a restore
        window.show();
    }

    FleetStore store;
    bool filled = (fill(store), true);
    MainWindow window{&store};
    WindowSettings settings{&window};
    bool restored = false;
};

void filterTo(MainWindow &window, const QString &text)
{
    auto *line = window.filterBar()->findChild<QLineEdit *>();
    QVERIFY(line);
    line->setText(text);
    QTRY_VERIFY_WITH_TIMEOUT(clusterProxy(window)->rowCount() < 3, 5000);
}

// WCAG relative-luminance contrast of two colours.
double contrast(const QColor &a, const QColor &b)
{
    auto luminance = [](const QColor &c) {
        auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a) + 0.05;
    const double lb = luminance(b) + 0.05;
    return la > lb ? la / lb : lb / la;
}

} // namespace

class TestDesktopHabits final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void ctrlCCopiesSelectedRowsAsTsv();
    void exportsTheFilteredViewAsCsvAndJson();
    void exportWritesOffTheGuiThread();
    void rowsAndGroupsHaveContextMenus();
    void helpListsTheShortcuts();
    void windowComesBackAsItWasLeft();
    void columnsKeepTheirPlacesWhenAColumnComesLater();
    void everyPieceOfTheWindowComesBackAfterARestart();
    void syncProgressShowsWhileHubsSync();
    void healthReadsOnLightAndDarkPalettes();

private:
    QTemporaryDir m_home;
};

void TestDesktopHabits::initTestCase()
{
    // Never touch the user's settings.
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_home.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_home.path());
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_desktophabits"));
}

void TestDesktopHabits::ctrlCCopiesSelectedRowsAsTsv()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    filterTo(window, QStringLiteral("clusterset=prod"));
    ClusterTableView *table = window.clusterTable();
    table->setFocus();
    table->selectAll();
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    const QString tsv = QGuiApplication::clipboard()->text();
    const QStringList lines = tsv.trimmed().split(u'\n');
    QCOMPARE(lines.size(), 3); // header + two rows
    QVERIFY2(lines[0].startsWith(QStringLiteral("Name\t")), qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith(QStringLiteral("prod-1\t")), qPrintable(tsv));
    QVERIFY2(lines[2].startsWith(QStringLiteral("prod-2\t")), qPrintable(tsv));
    // Hidden columns stay out, visible ones are all there.
    QCOMPARE(lines[1].count(u'\t'), lines[0].count(u'\t'));
    QVERIFY(!lines[0].contains(QStringLiteral("Namespace")));

    QAction *copyNames = window.clusterTable()->findChild<QAction *>(QStringLiteral("copyNames"));
    QVERIFY(copyNames);
    copyNames->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("hub-eu/fleet/prod-1\nhub-eu/fleet/prod-2"));
}

// The error of one export, waited for (empty: written).
QString exportAndWait(ClusterActions *actions, const QString &path, FleetPrinter::Format format)
{
    QSignalSpy finished(actions, &ClusterActions::exportFinished);
    actions->exportShown(path, format);
    if (!finished.wait(10000))
        return QStringLiteral("no exportFinished");
    return finished.at(0).at(0).toString() == path ? finished.at(0).at(1).toString() : QStringLiteral("other path");
}

void TestDesktopHabits::exportsTheFilteredViewAsCsvAndJson()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    filterTo(window, QStringLiteral("clusterset=prod"));
    QTemporaryDir dir;
    ClusterActions *actions = window.clusterActions();
    const QString csvPath = dir.filePath(QStringLiteral("fleet.csv"));
    QString error = exportAndWait(actions, csvPath, FleetPrinter::Format::Csv);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = csv.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 3);
    QVERIFY(rows[1].contains("prod-1") && rows[2].contains("prod-2"));

    const QString jsonPath = dir.filePath(QStringLiteral("fleet.json"));
    error = exportAndWait(actions, jsonPath, FleetPrinter::Format::Json);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QFile json(jsonPath);
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray items = QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("items")).toArray();
    QCOMPARE(items.size(), 2);
    QCOMPARE(items[0].toObject().value(QStringLiteral("hub")).toString(), QStringLiteral("hub-eu"));

    error = exportAndWait(actions, dir.filePath(QStringLiteral("no/such/dir/x.csv")), FleetPrinter::Format::Csv);
    QVERIFY2(error.contains(QStringLiteral("x.csv")), qPrintable(error));
}

void TestDesktopHabits::exportWritesOffTheGuiThread()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    filterTo(window, QStringLiteral("clusterset=prod"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fleet.csv"));
    ClusterActions *actions = window.clusterActions();
    QSemaphore entered;
    QSemaphore gate;
    QThread *worker = nullptr;
    actions->setExportProbe([&] {
        worker = QThread::currentThread();
        entered.release();
        gate.tryAcquire(1, 10000); // bounded: an export on this thread would wait here
    });
    QSignalSpy finished(actions, &ClusterActions::exportFinished);
    actions->exportShown(path, FleetPrinter::Format::Csv);
    // The call has returned while the worker waits at the gate: nothing written yet.
    QVERIFY(entered.tryAcquire(1, 10000));
    QVERIFY(worker && worker != QThread::currentThread());
    // What the view shows now is not what was asked for.
    QVERIFY(window.clusterFilter()->setFilterText(QString()));
    QCoreApplication::processEvents();
    QVERIFY(finished.isEmpty());
    QVERIFY(!QFileInfo::exists(path));
    gate.release();
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(1).toString(), QString());
    QFile csv(path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().trimmed().split('\n').size(), 3); // the header and the two rows shown when asked
    actions->setExportProbe({});
}

void TestDesktopHabits::rowsAndGroupsHaveContextMenus()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    ClusterTableView *table = window.clusterTable();
    QCOMPARE(table->contextMenuPolicy(), Qt::ActionsContextMenu);
    QVERIFY(table->actions().contains(window.clusterTable()->findChild<QAction *>(QStringLiteral("copyRows"))));
    QVERIFY(table->actions().contains(window.clusterActions()->exportAction()));
    QTreeView *tree = window.fleetTree()->tree();
    QCOMPARE(tree->contextMenuPolicy(), Qt::ActionsContextMenu);
    QStringList treeActions;
    for (QAction *action : tree->actions())
        treeActions << action->text();
    QVERIFY2(treeActions.contains(QStringLiteral("&Copy group name")), qPrintable(treeActions.join(u", ")));
    QVERIFY2(treeActions.contains(QStringLiteral("&Expand all")), qPrintable(treeActions.join(u", ")));
}

void TestDesktopHabits::helpListsTheShortcuts()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    ShortcutsDialog dialog(&window);
    const QString all = dialog.entries().join(u'\n');
    for (const QKeySequence &key : {QKeySequence(QKeySequence::Find), QKeySequence(Qt::CTRL | Qt::Key_L),
                                    QKeySequence(QKeySequence::Refresh), QKeySequence(QKeySequence::Copy),
                                    QKeySequence(Qt::CTRL | Qt::Key_E)}) {
        QVERIFY2(all.contains(key.toString(QKeySequence::NativeText) + u'\t'),
                 qPrintable(key.toString() + QStringLiteral(" missing from:\n") + all));
    }
    QVERIFY2(all.contains(QStringLiteral("Filter clusters")), qPrintable(all));
}

void TestDesktopHabits::windowComesBackAsItWasLeft()
{
    QSettings().clear();
    QList<int> sizes;
    {
        FleetStore store;
        fill(store);
        MainWindow window(&store);
        WindowSettings settings(&window);
        QVERIFY(!settings.restore()); // nothing saved yet
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.splitter()->setSizes({111, 600, 289});
        sizes = window.splitter()->sizes();
        QHeaderView *tableHeader = window.clusterTable()->header();
        tableHeader->moveSection(tableHeader->visualIndex(2), 0); // column 2 first, wherever it stood

        window.clusterTable()->setColumnHidden(3, true);
        window.close(); // saves
    }
    QSettings settings;
    QVERIFY(settings.contains(QStringLiteral("window/geometry")));
    QVERIFY(settings.contains(QStringLiteral("window/splitter")));
    QVERIFY(settings.contains(QStringLiteral("table/columns")));

    RestartedWindow restarted;
    QVERIFY(restarted.restored);
    MainWindow &window = restarted.window;
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1000, 700));
    QCOMPARE(window.splitter()->sizes(), sizes);
    QCOMPARE(window.clusterTable()->header()->logicalIndex(0), 2);
    QVERIFY(window.clusterTable()->isColumnHidden(3));
}

namespace {

// A column from outside the store that comes after the window's settings were
// restored, as history's Flaps column does once the history has opened.
class FlapsLike final : public ClusterColumnSource
{
public:
    QString key() const override { return QStringLiteral("flaps"); }
    QString header() const override { return QStringLiteral("Flaps"); }
    QString toolTip() const override { return {}; }
    const QString *value(const FleetProfile &) const override { return &m_text; }

private:
    QString m_text = QStringLiteral("3");
};

ClusterTableModel *tableModel(MainWindow &window)
{
    return qobject_cast<ClusterTableModel *>(static_cast<SortFilterProxy *>(window.clusterTable()->model())->sourceModel());
}

// Each column by key, in visual order, with its width and whether it shows.
QStringList layoutOf(MainWindow &window)
{
    const QHeaderView *header = window.clusterTable()->header();
    QStringList columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        columns << QStringLiteral("%1 %2 %3")
                       .arg(tableModel(window)->columnKey(logical))
                       .arg(header->sectionSize(logical))
                       .arg(header->isSectionHidden(logical) ? QStringLiteral("hidden") : QStringLiteral("shown"));
    }
    return columns;
}

} // namespace

void TestDesktopHabits::columnsKeepTheirPlacesWhenAColumnComesLater()
{
    // A column that comes after the restore (Flaps, once the history opened; Gone
    // now in time travel): Qt's positional header state shifted every column
    // after it (Namespace hidden, Access shown "not checked"); by key, each keeps
    // its own, and the late column takes its place when it comes.
    QSettings().clear();
    FlapsLike flaps;
    QStringList before;
    {
        FleetStore store;
        fill(store);
        MainWindow window(&store);
        WindowSettings settings(&window);
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ClusterTableView *table = window.clusterTable();
        const int flapsColumn = tableModel(window)->addSourceColumn(&flaps);
        table->setColumnHidden(flapsColumn, false);
        table->header()->moveSection(table->header()->visualIndex(flapsColumn), 1);
        table->header()->resizeSection(flapsColumn, 137);
        table->setColumnHidden(ClusterTableModel::NamespaceColumn, false);
        table->setColumnHidden(ClusterTableModel::VersionColumn, true);
        table->header()->resizeSection(ClusterTableModel::HubColumn, 151);
        table->sortByColumn(ClusterTableModel::VersionColumn, Qt::DescendingOrder);
        before = layoutOf(window);
        window.close(); // saves
    }
    const QString saved = QSettings().value(QStringLiteral("table/columns")).toString();
    QVERIFY2(saved.contains(u"\"source:flaps\""), qPrintable(saved));

    FleetStore store;
    fill(store);
    MainWindow window(&store);
    WindowSettings restored(&window);
    QVERIFY(restored.restore());
    window.keepUserLayout();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Before the Flaps column comes: every other column as it was left.
    QStringList withoutFlaps = before;
    withoutFlaps.removeIf([](const QString &column) { return column.startsWith(u"source:flaps"); });
    QCOMPARE(layoutOf(window).join(u"\n"), withoutFlaps.join(u"\n"));
    const QHeaderView *header = window.clusterTable()->header();
    QCOMPARE(header->sortIndicatorSection(), int(ClusterTableModel::VersionColumn));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    // The history opens: its column comes back where it was.
    tableModel(window)->addSourceColumn(&flaps);
    QCOMPARE(layoutOf(window).join(u"\n"), before.join(u"\n"));
}

namespace {

// Everything of the window a restart is to keep, as text a failure message can show.
struct WindowPieces
{
    QSize size;
    QList<int> panes;
    QStringList columns;
    QString grouping;
    QStringList treeColumns; // "Healthy shown", ...
    int leftTab = -1;
    QSize resources;

    static WindowPieces of(MainWindow &window, const QSize &resources)
    {
        WindowPieces p;
        p.size = window.size();
        p.panes = window.splitter()->sizes();
        p.columns = layoutOf(window);
        p.grouping = window.fleetTree()->groupingSpec();
        p.leftTab = window.leftTabs()->currentIndex();
        // The tree fits its count columns to its width when shown: read them on its tab.
        window.leftTabs()->setCurrentIndex(0);
        QApplication::processEvents();
        const QHeaderView *tree = window.fleetTree()->tree()->header();
        for (int c = 0; c < tree->count(); ++c)
            p.treeColumns << QStringLiteral("%1 %2").arg(c).arg(tree->isSectionHidden(c) ? QStringLiteral("hidden")
                                                                                      : QStringLiteral("shown"));
        window.leftTabs()->setCurrentIndex(p.leftTab);
        p.resources = resources;
        return p;
    }
    QString text() const
    {
        QStringList widths;
        for (int w : panes)
            widths << QString::number(w);
        return QStringLiteral("size %1x%2\npanes %3\ncolumns\n%4\ngrouping %5\ntree %6\nleft tab %7\nresources %8x%9")
            .arg(size.width())
            .arg(size.height())
            .arg(widths.join(u' '), columns.join(u'\n'), grouping, treeColumns.join(u", "))
            .arg(leftTab)
            .arg(resources.width())
            .arg(resources.height());
    }
};

} // namespace

void TestDesktopHabits::everyPieceOfTheWindowComesBackAfterARestart()
{
    // The person's whole arrangement: window and panes, the table's columns, the
    // tree's grouping and columns, Placements in front, a saved view with its
    // group, the Resources window's size. Closed and started again, each piece is
    // as it was left.
    QSettings().clear();
    QString before;
    SavedView saved;
    {
        FleetStore store;
        fill(store);
        MainWindow window(&store);
        WindowSettings settings(&window);
        QVERIFY(!settings.restore());
        window.resize(1180, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.splitter()->setSizes({250, 600, 330});
        ClusterTableView *table = window.clusterTable();
        table->setColumnHidden(ClusterTableModel::NamespaceColumn, false);
        table->setColumnHidden(ClusterTableModel::VersionColumn, true);
        table->header()->moveSection(table->header()->visualIndex(ClusterTableModel::HubColumn), 0);
        table->header()->resizeSection(ClusterTableModel::HubColumn, 163);
        table->sortByColumn(ClusterTableModel::HubColumn, Qt::AscendingOrder);
        QVERIFY(window.fleetTree()->setGroupingSpec(QStringLiteral("clusterset>manager")));
        window.fleetTree()->chooseGroup({QStringLiteral("prod")});
        QTRY_COMPARE(window.fleetTree()->currentGroup(), QStringList{QStringLiteral("prod")});
        saved = window.currentView();
        saved.name = QStringLiteral("prod by manager");
        QVERIFY(SavedViewStore().save(saved));
        window.leftTabs()->setCurrentIndex(1);
        ResourcesWindow *resources = window.showResources();
        QVERIFY(QTest::qWaitForWindowExposed(resources));
        resources->resize(700, 480); // within the offscreen screen, as a person leaves it
        const QSize resourcesSize = resources->size();
        resources->close();
        QApplication::processEvents();
        before = WindowPieces::of(window, resourcesSize).text();
        window.close(); // saves
    }

    RestartedWindow restarted;
    QVERIFY(restarted.restored);
    MainWindow &window = restarted.window;
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ResourcesWindow *resources = window.showResources();
    QVERIFY(QTest::qWaitForWindowExposed(resources));
    const QString after = WindowPieces::of(window, resources->size()).text();
    // Line by line: QTest cuts long messages.
    const QStringList was = before.split(u'\n');
    const QStringList is = after.split(u'\n');
    for (qsizetype i = 0; i < std::max(was.size(), is.size()); ++i)
        QVERIFY2(was.value(i) == is.value(i), qPrintable(QStringLiteral("left \"%1\", came back \"%2\"").arg(was.value(i), is.value(i))));
    const std::optional<SavedView> view = SavedViewStore().find(QStringLiteral("prod by manager"));
    QVERIFY(view.has_value());
    QCOMPARE(view->group, saved.group);
    QCOMPARE(view->grouping, QStringLiteral("clusterset>manager"));
    QVERIFY(*view == saved);
    resources->close();
}

void TestDesktopHabits::syncProgressShowsWhileHubsSync()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("hub-big"));
    SyncProgress progress(&store);
    HubStatus status;
    status.hub = QStringLiteral("hub-big");
    status.state = HubStatus::State::Syncing;
    status.received = 12000;
    status.estimatedTotal = 48000;
    store.setHubStatus(hub, status);
    QVERIFY(!progress.isHidden());
    QCOMPARE(progress.value(), 250);
    QVERIFY2(progress.text().contains(QLocale().toString(12000)), qPrintable(progress.text()));
    status.state = HubStatus::State::Live;
    status.synced = true;
    store.setHubStatus(hub, status);
    QVERIFY(progress.isHidden());
}

void TestDesktopHabits::healthReadsOnLightAndDarkPalettes()
{
    // Shapes differ (never colour alone) and every colour keeps a 3:1 contrast
    // (WCAG's minimum for graphics) against the light and the dark base.
    QSet<quint64> shapes;
    for (Health health : {Health::Healthy, Health::Unhealthy, Health::Unknown, Health::NotReported}) {
        const QImage image = HealthStyle::icon(health).pixmap(16, 16).toImage().convertToFormat(QImage::Format_Alpha8);
        quint64 mask = 0; // a fingerprint: unsigned, so wrapping is defined
        for (int y = 0; y < 16; y += 2)
            for (int x = 0; x < 16; x += 2)
                mask = mask * 3 + (image.pixelColor(x, y).alpha() > 128 ? 1 : 0);
        shapes.insert(mask);
        const QColor colour = HealthStyle::color(health);
        for (const QPalette &palette : {AppPalette::light(), AppPalette::dark()}) {
            const double ratio = contrast(colour, palette.color(QPalette::Base));
            if (health != Health::NotReported) // "no data" is deliberately quiet
                QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("%1 on %2: %3").arg(HealthStyle::text(health), palette.color(QPalette::Base).name()).arg(ratio)));
        }
    }
    QCOMPARE(shapes.size(), 4);
    // Dark: the window background is darker than its text.
    const auto isDark = [](const QPalette &palette) {
        return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
    };
    QVERIFY(isDark(AppPalette::dark()));
    QVERIFY(!isDark(AppPalette::light()));
}

QTEST_MAIN(TestDesktopHabits)
#include "tst_desktophabits.moc"
