// The dashboard without a mouse: F6 / Ctrl+Tab walk the panes (and Shift back),
// Connect, Check access and Run are in the Clusters menu, Enter connects from the
// table; in the dark palette the focused widget is marked visibly. With
// FLEETSCOPE_SCREENSHOT_DIR set, each step is saved there to be looked at.

#include "accesscontroller.h"
#include "windowparts.h"
#include "apppalette.h"
#include "clustertableview.h"
#include "detailspane.h"
#include "filterbar.h"
#include "focusring.h"
#include "fleettreeview.h"
#include "memberactions.h"
#include "mainwindow.h"
#include "panecycler.h"
#include "placementsview.h"
#include "smallfleet.h"
#include "historypanel.h"
#include "charts/clustertimelineview.h"
#include "charts/fleethealthchart.h"
#include "history/historystore.h"
#include "rundialog.h"
#include "shortcutsdialog.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTest>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestKeyboardReach final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void f6AndCtrlTabWalkThePanes();
    void clusterActionsAreInTheMenu();
    void tabGoesFromTheFilterToTheTableAndDownSelects();
    void theRightHandTabsHaveShortcuts();
    void helpListsEachPaneKeyOnce();
    void theRunDialogsCommandLabelIsAMnemonic();

private:
    void shoot(QWidget *window, const QString &step);
    int m_shot = 0;
};

void TestKeyboardReach::initTestCase()
{
    QVERIFY(AppPalette::apply(QStringLiteral("dark")));
}

void TestKeyboardReach::shoot(QWidget *window, const QString &step)
{
    const QString dir = qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        window->grab().save(QStringLiteral("%1/keyboard-%2-%3.png").arg(dir).arg(++m_shot).arg(step));
}

void TestKeyboardReach::f6AndCtrlTabWalkThePanes()
{
    FleetStore store;
    QList<ProfilePtr> profiles;
    for (int i = 0; i < 8; ++i)
        profiles << smallFleetCluster(QStringLiteral("cluster-%1").arg(i), i % 2 ? QStringLiteral("prod") : QStringLiteral("dev"));
    fillLiveHub(store, profiles);
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));

    window.clusterTable()->setFocus(Qt::OtherFocusReason);
    window.selectClusterRow(2);
    shoot(&window, QStringLiteral("table"));
    const auto focusIn = [](QWidget *area) {
        QWidget *focused = QApplication::focusWidget();
        return focused && (focused == area || area->isAncestorOf(focused));
    };
    QVERIFY(focusIn(window.clusterTable()));

    // The focused view wears the ring, visible in the dark palette too.
    auto *ring = window.findChild<FocusRing *>(QStringLiteral("focusRing"));
    QVERIFY(ring);
    QCOMPARE(ring->target(), window.clusterTable());
    QVERIFY(ring->isVisible());
    QCOMPARE(ring->geometry(), window.clusterTable()->rect());
    const QImage table = window.clusterTable()->grab().toImage();
    QCOMPARE(table.pixelColor(table.width() / 2, 1), window.palette().color(QPalette::Active, QPalette::Highlight));

    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QVERIFY(focusIn(window.detailsPane()));
    QVERIFY(ring->target() && window.detailsPane()->isAncestorOf(ring->target()));
    shoot(&window, QStringLiteral("details"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QCOMPARE(QApplication::focusWidget(), window.fleetTree()->tree());
    QCOMPARE(ring->target(), window.fleetTree()->tree());
    shoot(&window, QStringLiteral("groups"));
    // Ctrl+Tab does the same, even from an item view (where Tab moves within).
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
    QVERIFY(qobject_cast<QLineEdit *>(QApplication::focusWidget()));
    QVERIFY(focusIn(window.filterBar()));
    QVERIFY(!ring->isVisible()); // the line edit's own frame shows the focus
    shoot(&window, QStringLiteral("filter"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QCOMPARE(QApplication::focusWidget(), window.clusterTable());
    // And back.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, Qt::ShiftModifier);
    QVERIFY(focusIn(window.filterBar()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget(), window.fleetTree()->tree());

    // The placements tab, when in front, is the left pane's target.
    window.showLeftTab(1);
    window.clusterTable()->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QCOMPARE(QApplication::focusWidget(), part<PlacementsView>(&window)->view());
}

void TestKeyboardReach::clusterActionsAreInTheMenu()
{
    FleetStore store;
    MainWindow window(&store);
    QMenu *clusters = nullptr;
    QMenu *view = nullptr;
    for (QAction *menu : window.menuBar()->actions()) {
        if (menu->text() == u"&Clusters")
            clusters = menu->menu();
        if (menu->text() == u"&View")
            view = menu->menu();
    }
    QVERIFY(clusters && view);
    const QList<QAction *> actions = clusters->actions();
    QVERIFY(actions.contains(window.findChild<QAction *>(QStringLiteral("connectAction"))));
    QVERIFY(actions.contains(window.accessController()->checkSelectedAction()));
    QVERIFY(actions.contains(window.memberActions()->runAction()));
    QVERIFY(view->actions().contains(part<PaneCycler>(&window)->nextAction()));
    QCOMPARE(part<PaneCycler>(&window)->nextAction()->shortcuts().value(0), QKeySequence(Qt::Key_F6));
    // Enter on a table row connects.
    QAction *connect = window.findChild<QAction *>(QStringLiteral("connectAction"));
    QVERIFY(connect->shortcuts().contains(QKeySequence(Qt::Key_Return)));
    QVERIFY(window.clusterTable()->actions().contains(connect));
}

void TestKeyboardReach::tabGoesFromTheFilterToTheTableAndDownSelects()
{
    // A cluster picked, then a filter that leaves one other: Tab from the filter
    // reaches the table, and Down there picks the one row left (no row is
    // selected, though the table keeps a current row).
    FleetStore store;
    fillLiveHub(store, {smallFleetCluster(QStringLiteral("drop-me"), QStringLiteral("prod")),
                        smallFleetCluster(QStringLiteral("keep-me"), QStringLiteral("prod"))});
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 2);
    window.clusterTable()->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(window.clusterTable(), Qt::Key_Home);
    QCOMPARE(window.clusterTable()->selectedStoreRows().size(), 1);
    const int dropped = window.clusterTable()->currentStoreRow();
    window.filterBar()->setText(dropped == 0 ? QStringLiteral("keep-me") : QStringLiteral("drop-me"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 1);
    const int left = clusterProxy(window)->mapToSource(clusterProxy(window)->index(0, 0)).row();
    window.filterBar()->focusFilter();
    QVERIFY(qobject_cast<QLineEdit *>(QApplication::focusWidget()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), window.clusterTable());
    QVERIFY(window.clusterTable()->selectedStoreRows().isEmpty());
    QTest::keyClick(window.clusterTable(), Qt::Key_Down);
    QCOMPARE(window.clusterTable()->selectedStoreRows(), QList<int>{left});
    QCOMPARE(window.clusterTable()->currentStoreRow(), left);
    // The one row unselected with Ctrl+click, still current: Down picks it again.
    ClusterTableView *table = window.clusterTable();
    const QRect cell = table->visualRect(table->currentIndex());
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, cell.center());
    QVERIFY(table->selectedStoreRows().isEmpty());
    QCOMPARE(table->currentStoreRow(), left);
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->selectedStoreRows(), QList<int>{left});
    // The filter's help stays reachable: a Shift+Tab before the filter.
    window.filterBar()->focusFilter();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
    QVERIFY2(qobject_cast<QToolButton *>(QApplication::focusWidget()),
             QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "none");
    QCOMPARE(QApplication::focusWidget()->parentWidget(), window.filterBar());
}

void TestKeyboardReach::theRightHandTabsHaveShortcuts()
{
    // History and Fleet health from the keyboard, as Ctrl+L and Ctrl+P reach the
    // left tabs, and listed by F1.
    QTemporaryDir dir;
    HistoryStore history;
    history.open(dir.filePath(QStringLiteral("history.sqlite")));
    QTRY_COMPARE(history.state(), HistoryStore::State::Ready);
    FleetStore store;
    fillLiveHub(store, {smallFleetCluster(QStringLiteral("cluster-0"), QStringLiteral("prod"))});
    MainWindow window(&store);
    window.setHistory(&history);
    window.resize(1400, 900);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTabWidget *tabs = window.historyPanel()->tabs();
    QCOMPARE(tabs->currentIndex(), 0);
    QTest::keyClick(window.clusterTable(), Qt::Key_H, Qt::ControlModifier);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.historyPanel()->timeline()));
    QTest::keyClick(window.clusterTable(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.historyPanel()->healthChart()));
    const QStringList entries = ShortcutsDialog(&window).entries();
    QVERIFY2(entries.contains(QKeySequence(Qt::CTRL | Qt::Key_H).toString(QKeySequence::NativeText) + QStringLiteral("\tHistory")),
             qPrintable(entries.join(u'\n')));
    QVERIFY2(entries.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F).toString(QKeySequence::NativeText)
                              + QStringLiteral("\tFleet health")),
             qPrintable(entries.join(u'\n')));
}

void TestKeyboardReach::helpListsEachPaneKeyOnce()
{
    // F1 lists Ctrl+Tab for the next pane and Ctrl+Shift+Tab for the previous one,
    // however Qt delivers the latter.
    FleetStore store;
    MainWindow window(&store);
    const QStringList entries = ShortcutsDialog(&window).entries();
    const QString ctrlTab = QKeySequence(Qt::CTRL | Qt::Key_Tab).toString(QKeySequence::NativeText);
    const QString ctrlShiftTab = QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab).toString(QKeySequence::NativeText);
    QVERIFY2(entries.contains(ctrlTab + QStringLiteral("\tNext pane")), qPrintable(entries.join(u'\n')));
    QVERIFY2(!entries.contains(ctrlTab + QStringLiteral("\tPrevious pane")), qPrintable(entries.join(u'\n')));
    QCOMPARE(entries.count(ctrlShiftTab + QStringLiteral("\tPrevious pane")), 1);
    QCOMPARE(entries.count(QKeySequence(Qt::SHIFT | Qt::Key_F6).toString(QKeySequence::NativeText) + QStringLiteral("\tPrevious pane")), 1);
}

void TestKeyboardReach::theRunDialogsCommandLabelIsAMnemonic()
{
    // "Co&mmand:" shows as Command with an underlined m, and Alt+M goes to the field.
    RunDialog dialog({}, QString());
    QLabel *label = nullptr;
    for (QLabel *candidate : dialog.findChildren<QLabel *>()) {
        if (candidate->text() == u"Co&mmand:")
            label = candidate;
    }
    QVERIFY(label);
    QCOMPARE(label->buddy(), static_cast<QWidget *>(dialog.commandField()));
}

QTEST_MAIN(TestKeyboardReach)
#include "tst_keyboardreach.moc"
