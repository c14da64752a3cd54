// Every action a person can reach in the dashboard, on the live demo fleet (two
// in-process hubs with churn), triggered as a person would: the window must
// survive (this test runs under ASan + UBSan in CI, so a use-after-free fails
// it), each enabled action must do something a person notices and each disabled
// one must say why. The walk finds the actions at run time (see ActionWalker):
// a new menu item, toolbar button or context menu entry is covered without
// editing this test.

#include "actionwalker.h"
#include "clustertableview.h"
#include "dashboard.h"
#include "detailspane.h"
#include "filterbar.h"
#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"
#include "fleet/savedviewstore.h"
#include "guioptions.h"
#include "mainwindow.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QInputDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>

using namespace fleetscope;
using fleetscope::testing::ActionWalker;

class TestActionWalk final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void walksEveryReachableAction();
    void cleanupTestCase();

private:
    std::unique_ptr<Dashboard> m_dashboard;
    int m_hubStateChanges = 0;
};

void TestActionWalk::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    // A terminal that does nothing, for Connect's "Open terminal".
    qputenv("TERMINAL", "/bin/true");
    GuiOptions options;
    options.demo = true;
    options.geometry = QSize(1400, 900);
    m_dashboard = std::make_unique<Dashboard>();
    QStringList problems;
    QString startupError;
    QVERIFY2(m_dashboard->open(options, &problems, &startupError), qPrintable(problems.join(u'\n')));
    QVERIFY2(startupError.isEmpty(), qPrintable(startupError));
    FleetStore *store = m_dashboard->store();
    QDeadlineTimer deadline(60000);
    while (!(store->hubCount() == 2 && store->allHubsSettled()) && !deadline.hasExpired())
        QTest::qWait(50);
    QVERIFY(store->allHubsSettled());
    QVERIFY(store->profileCount() > 400);
    QApplication::setActiveWindow(m_dashboard->window());
    QVERIFY(QTest::qWaitForWindowActive(m_dashboard->window()));
    connect(store, &FleetStore::hubStatusChanged, this, [this, store](int hub) {
        if (store->hubStatus(hub).state != HubStatus::State::Live)
            ++m_hubStateChanges;
    });
}

void TestActionWalk::cleanupTestCase()
{
    m_dashboard.reset();
}

void TestActionWalk::walksEveryReachableAction()
{
    MainWindow *window = m_dashboard->window();
    FleetStore *store = m_dashboard->store();
    FleetEngine *engine = m_dashboard->engine();
    ActionWalker walker(window);
    // Leaving the application ends the test's own event loop: the quit scenario
    // is its own test (tst_hublifecycle).
    walker.skip(QStringLiteral("menu File/Quit"));
    walker.answerDialog(QStringLiteral("QInputDialog"), [](QWidget *dialog) {
        auto *input = static_cast<QInputDialog *>(dialog);
        input->setTextValue(QStringLiteral("walked view"));
        input->accept();
        return true;
    });
    walker.setExtraState([this, store, engine, window] {
        QStringList state;
        for (int hub = 0; hub < store->hubCount(); ++hub)
            state << store->hubName(hub) + (store->isHubActive(hub) ? QStringLiteral(" active") : QStringLiteral(" gone"));
        for (const HubChoice &hub : engine->hubs())
            state << QStringLiteral("chosen ") + hub.context;
        state << QStringLiteral("reconnects %1").arg(m_hubStateChanges);
        state << QStringLiteral("saved views %1").arg(window->savedViews()->views().size());
        return state;
    });
    walker.setReset([window, engine] {
        // A hub the walk stopped watching (a chip's Remove hub, confirmed) comes
        // back the way a person brings it back: File → Hubs… lists it to check.
        for (const WatchedHub &hub : engine->watchedHubs()) {
            QString error;
            if (!hub.watched)
                QVERIFY2(engine->addHub(hub.choice, &error), qPrintable(error));
        }
        window->filterBar()->setText(QString());
        window->showLeftTab(0);
        if (auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("detailsTabs")))
            tabs->setCurrentIndex(0);
        window->selectClusterRow(0);
        window->activateWindow();
        window->clusterTable()->setFocus();
        window->statusBar()->clearMessage();
        QTest::qWait(20);
    });
    walker.walk();
    for (const QString &line : walker.walked())
        qInfo().noquote() << "walked:" << line;
    QVERIFY2(walker.walked().size() > 40, qPrintable(QString::number(walker.walked().size())));
    QVERIFY2(walker.findings().isEmpty(), qPrintable(walker.findings().join(u'\n')));
    // Removing a hub asks first, and a removed hub can come back.
    QVERIFY(walker.dialogsSeen().join(u'\n').contains(u"confirmHubRemoval"));
    QTRY_COMPARE_WITH_TIMEOUT(store->activeHubs().size(), 2, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(store->allHubsSettled(), 30000);
}

QTEST_MAIN(TestActionWalk)
#include "tst_actionwalk.moc"
