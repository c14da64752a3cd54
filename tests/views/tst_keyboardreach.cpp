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

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
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

QTEST_MAIN(TestKeyboardReach)
#include "tst_keyboardreach.moc"
