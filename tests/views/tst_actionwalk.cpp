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
#include "guihistory.h"
#include "detailspane.h"
#include "emptyfleetoverlay.h"
#include "filterbar.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/savedviews/savedviewstore.h"
#include "guioptions.h"
#include "hubstatusbar.h"
#include "mainwindow.h"
#include "windowparts.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QInputDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QWindow>

#include <functional>
#include <utility>

using namespace fleetscope;
using namespace fleetscope::testing;
using fleetscope::testing::ActionWalker;
using fleetscope::testing::hubsButton;

namespace {

// Calls back at a window's first paint on the screen (a grab() paints it too).
class FirstPaintSeen final : public QObject
{
public:
    FirstPaintSeen(QWidget *window, std::function<void()> then)
        : m_window(window)
        , m_then(std::move(then))
    {
        window->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && m_then && m_window->windowHandle() && m_window->windowHandle()->isExposed())
            std::exchange(m_then, {})();
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget *m_window;
    std::function<void()> m_then;
};

} // namespace

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
    MainWindow *window = m_dashboard->window();
    // The window comes first, saying that the demo's hubs are starting; they start
    // once it has painted, and their fleet follows.
    QVERIFY(window->isVisible());
    QVERIFY(!m_dashboard->demoStarted());
    QCOMPARE(store->hubCount(), 0);
    // What the first frame shows: the demo's hubs starting, not a window without hubs.
    bool painted = false;
    bool paintedBeforeDemo = false;
    QString overlayAtPaint;
    QString messageAtPaint;
    const QString shots = qEnvironmentVariable("FLEETSCOPE_SCREENSHOTS");
    FirstPaintSeen paintSeen(window, [&] {
        painted = true;
        if (window->emptyFleetOverlay()->isVisible() && !hubsButton(window->emptyFleetOverlay())->isVisible())
            overlayAtPaint = window->emptyFleetOverlay()->text();
        messageAtPaint = window->statusBar()->currentMessage();
        if (!shots.isEmpty()) {
            // The frame as it reached the screen, before anything else runs.
            QTimer::singleShot(0, window, [this, window, shots] {
                if (!m_dashboard->demoStarted())
                    window->grab().save(QDir(shots).filePath(QStringLiteral("demo-starting-1400.png")));
            });
        }
    });
    bool demoStarted = false;
    m_dashboard->whenDemoStarted([&] {
        demoStarted = true;
        paintedBeforeDemo = painted;
    });
    QTRY_VERIFY_WITH_TIMEOUT(demoStarted, 30000);
    QVERIFY(paintedBeforeDemo);
    QVERIFY2(overlayAtPaint.contains(u"Starting the demo"), qPrintable(overlayAtPaint));
    QVERIFY2(messageAtPaint.contains(u"Starting the demo"), qPrintable(messageAtPaint));
    QVERIFY(m_dashboard->demoError().isEmpty());
    QCOMPARE(store->hubCount(), 2);
    QVERIFY(!window->emptyFleetOverlay()->isVisible());
    QVERIFY(window->statusBar()->currentMessage().isEmpty());
    QDeadlineTimer deadline(60000);
    while (!(store->hubCount() == 2 && store->allHubsSettled()) && !deadline.hasExpired())
        QTest::qWait(50);
    QVERIFY(store->allHubsSettled());
    QVERIFY(store->profileCount() > 400);
    // A first launch writes the demo's simulated past: walk once it is written, as
    // the walk judges each action by what shows within a second and a half.
    bool recording = false;
    m_dashboard->history()->whenReady([&recording] { recording = true; });
    QTRY_VERIFY_WITH_TIMEOUT(recording, 60000);
    if (!shots.isEmpty()) {
        window->hubStatusBar()->updateCounts();
        QVERIFY(window->grab().save(QDir(shots).filePath(QStringLiteral("demo-started-1400.png"))));
    }
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
        state << QStringLiteral("saved views %1").arg(part<SavedViewStore>(window)->views().size());
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
