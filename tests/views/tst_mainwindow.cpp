// The main window as a person first sees it, with no hubs configured.

#include "mainwindow.h"

#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>

using namespace fleetscope;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private slots:
    void showsEmptyFleetHint();
    void offersQuitAndAbout();
};

void TestMainWindow::showsEmptyFleetHint()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Fleetscope"));
    auto *hint = window.findChild<QLabel *>(QStringLiteral("emptyFleetHint"));
    QVERIFY(hint);
    QVERIFY(hint->isVisible());
    QVERIFY(hint->text().contains(u"No hubs connected"));
    QVERIFY(hint->text().contains(u"--context"));
    QVERIFY(hint->text().contains(u"--demo"));
    // Without an engine there is nothing to choose hubs for.
    auto *choose = window.findChild<QPushButton *>(QStringLiteral("emptyChooseHubs"));
    QVERIFY(choose);
    QVERIFY(choose->isVisible());
    QVERIFY(!choose->isEnabled());
    QVERIFY(!window.hubsAction()->isEnabled());
    QCOMPARE(window.hubsAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    // The SVG icon renders (the svg icon engine is installed and the resource is built in).
    QVERIFY(!window.windowIcon().pixmap(64, 64).isNull());
}

void TestMainWindow::offersQuitAndAbout()
{
    MainWindow window;
    QStringList actions;
    for (QAction *menu : window.menuBar()->actions()) {
        for (QAction *action : menu->menu()->actions())
            actions << action->text();
    }
    QVERIFY2(actions.contains(u"&Quit"), qPrintable(actions.join(u", ")));
    QVERIFY2(actions.contains(u"&About Fleetscope"), qPrintable(actions.join(u", ")));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
