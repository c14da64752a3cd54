// The main window as a person first sees it, with no hubs configured.

#include "mainwindow.h"
#include "windowparts.h"

#include "emptyfleetoverlay.h"

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "api/kubetime.h"
#include "fleet/lint/fleetfindings.h"
#include "producerfleet.h"

#include <QMenuBar>
#include <QPushButton>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private slots:
    void showsEmptyFleetHint();
    void offersQuitAndAbout();
    void showsFindingsAsAColumn();
};

void TestMainWindow::showsEmptyFleetHint()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Fleetscope"));
    EmptyFleetOverlay *hint = window.emptyFleetOverlay();
    QVERIFY(hint->isVisible());
    QVERIFY(hint->text().contains(u"No hubs connected"));
    QVERIFY(hint->text().contains(u"--context"));
    QVERIFY(hint->text().contains(u"--demo"));
    QVERIFY(!reconnectButton(hint)->isVisible());
    // Without an engine there is nothing to choose hubs for.
    QPushButton *choose = hubsButton(hint);
    QVERIFY(choose->isVisible());
    QVERIFY(!choose->isEnabled());
    QVERIFY(!hubsAction(&window)->isEnabled());
    QCOMPARE(hubsAction(&window)->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
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

void TestMainWindow::showsFindingsAsAColumn()
{
    FleetStore store;
    testing::fillProducerFleet(&store);
    MainWindow window(&store);
    // A filter on findings set before the lint ran follows it when it does.
    QVERIFY(window.clusterFilter()->setFilterText(QStringLiteral("findings!=\"\"")));
    QCOMPARE(clusterProxy(window)->rowCount(), 0);
    KubeTime now = 0;
    QVERIFY(parseKubeTime(testing::producerFleetNow, &now));
    part<FleetFindings>(&window)->relint(now); // the instant the fixture describes: its new profile still settling
    QCOMPARE(clusterProxy(window)->rowCount(), 9);
    QVERIFY(window.clusterFilter()->setFilterText(QString()));
    const QAbstractItemModel *model = window.clusterFilter()->table();
    int column = -1;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() == u"Findings")
            column = c;
    }
    QVERIFY(column >= 0);
    QStringList cells;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString text = model->index(row, column).data().toString();
        if (!text.isEmpty())
            cells << model->index(row, 0).data().toString() + u'=' + text;
    }
    cells.sort();
    QVERIFY2(cells.contains(u"member-2=manager-mismatch"), qPrintable(cells.join(u", ")));
    QVERIFY2(cells.contains(u"member-4=invalid-server"), qPrintable(cells.join(u", ")));
    QCOMPARE(cells.size(), 9); // OCM's normal shapes, GKE's, member-3 and guide-eu-1 are clean
    // manager-mismatch, missing-manager-label, invalid-manager-name
    QVERIFY(window.clusterFilter()->setFilterText(QStringLiteral("findings~manager")));
    QCOMPARE(clusterProxy(window)->rowCount(), 3);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
