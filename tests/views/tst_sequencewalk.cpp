// Sequences of what a person does, on the demo while it churns: random, seeded
// and replayable. Each step is one thing a person does — select a row, a tree
// node or a point of the Fleet health chart; filter; regroup; save and open a
// view; remove a hub (from its chip, confirmed) and bring it back; travel in
// time; open and close any dialog of the menus; Resources; Connect and Run —
// while the hubs' churn adds and deletes clusters, relints run in slices and
// the walk itself takes a hub down (it answers 503 to everything) and up again.
//
// What it checks is what a person would notice first: the window survives
// (under ASan + UBSan in CI a use-after-free or an out-of-range row fails it),
// the details pane never shows a cluster the store no longer has, and at the
// end every hub is back, live and settled.
//
// FLEETSCOPE_WALK_SEED picks the sequence (printed at the start; a failing
// seed replays the same steps), FLEETSCOPE_WALK_SECONDS how long it walks.

#include "clustertableview.h"
#include "dashboard.h"
#include "demofleet.h"
#include "detailspane.h"
#include "filterbar.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleettreeview.h"
#include "guihistory.h"
#include "guioptions.h"
#include "hubserver.h"
#include "hubstatusbar.h"
#include "mainwindow.h"
#include "testsupport.h"
#include "windowparts.h"
#include "faults.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDeadlineTimer>
#include <QDialog>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRandomGenerator>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <functional>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

// Answers whatever a step opens, as a person would after a moment: a hub
// removal is confirmed about half the time, a name is typed, anything else is
// closed. Runs on a timer, so it also answers dialogs that block in exec().
class DialogAnswerer final : public QObject
{
public:
    explicit DialogAnswerer(QRandomGenerator *random)
        : m_random(random)
    {
        m_timer.setInterval(40);
        connect(&m_timer, &QTimer::timeout, this, [this] { answer(); });
        m_timer.start();
    }

private:
    void answer()
    {
        if (QWidget *popup = QApplication::activePopupWidget()) {
            popup->close();
            return;
        }
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || m_random->bounded(3) == 0)
            return; // a person reads before answering
        if (auto *box = qobject_cast<QMessageBox *>(modal)) {
            if (box->objectName() == u"confirmHubRemoval" && m_random->bounded(2) == 0) {
                for (QAbstractButton *button : box->buttons()) {
                    if (box->buttonRole(button) == QMessageBox::DestructiveRole) {
                        button->click();
                        return;
                    }
                }
            }
            box->reject();
            return;
        }
        if (auto *input = qobject_cast<QInputDialog *>(modal)) {
            input->setTextValue(QStringLiteral("walked view %1").arg(m_random->bounded(3)));
            input->accept();
            return;
        }
        if (auto *dialog = qobject_cast<QDialog *>(modal))
            dialog->reject();
        else
            modal->close();
    }

    QRandomGenerator *m_random;
    QTimer m_timer;
};

void collectActions(QMenu *menu, const QString &path, QList<QPair<QString, QPointer<QAction>>> *out)
{
    emit menu->aboutToShow(); // menus built on demand (saved views, recent moments)
    for (QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        const QString name = path + u'/' + action->text().remove(u'&');
        if (action->menu())
            collectActions(action->menu(), name, out);
        else
            out->append({name, action});
    }
    emit menu->aboutToHide();
}

} // namespace

class TestSequenceWalk final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void walksRandomSequencesWhileTheDemoChurns();
    void cleanupTestCase();

private:
    using Step = std::function<QString()>; // does one thing; says what, for the log

    QString selectRow();
    QString selectTreeNode();
    QString clickHealthChart();
    QString filter();
    QString menuAction();
    QString removeHubFromChip();
    QString bringHubsBack();
    QString takeHubDownOrUp();
    void setHubDown(int index, bool down);
    QString timeTravel();
    QString closeWindows();
    QString letTimePass();
    // What a person would notice is wrong right now, or empty.
    QString problem() const;

    std::unique_ptr<Dashboard> m_dashboard;
    QRandomGenerator m_random;
    QList<bool> m_hubDown;
};

void TestSequenceWalk::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    // Connect's "Open terminal" runs a terminal that does nothing, whatever the machine has.
    qputenv("TERMINAL", "/bin/true");
    GuiOptions options;
    options.demo = true;
    options.geometry = QSize(1400, 900);
    m_dashboard = std::make_unique<Dashboard>();
    QStringList problems;
    QString startupError;
    QVERIFY2(m_dashboard->open(options, &problems, &startupError), qPrintable(problems.join(u'\n')));
    bool started = false;
    m_dashboard->whenDemoStarted([&started] { started = true; });
    QTRY_VERIFY_WITH_TIMEOUT(started, 30000 * slowdown());
    FleetStore *store = m_dashboard->store();
    QTRY_VERIFY_WITH_TIMEOUT(store->hubCount() == 2 && store->allHubsSettled(), 60000 * slowdown());
    bool recording = false;
    m_dashboard->history()->whenReady([&recording] { recording = true; });
    QTRY_VERIFY_WITH_TIMEOUT(recording, 60000 * slowdown());
    m_hubDown = QList<bool>(qsizetype(m_dashboard->demo()->hubs().size()), false);
}

void TestSequenceWalk::cleanupTestCase()
{
    m_dashboard.reset();
}

QString TestSequenceWalk::selectRow()
{
    MainWindow *window = m_dashboard->window();
    const int rows = clusterProxy(*window)->rowCount();
    if (rows == 0)
        return QStringLiteral("select row: the table is empty");
    const int row = m_random.bounded(rows);
    window->clusterTable()->setFocus();
    window->selectClusterRow(row);
    return QStringLiteral("select row %1 of %2").arg(row).arg(rows);
}

QString TestSequenceWalk::selectTreeNode()
{
    auto *tree = m_dashboard->window()->findChild<QTreeView *>(QStringLiteral("groupTree"));
    QAbstractItemModel *model = tree->model();
    QList<QModelIndex> nodes;
    std::function<void(const QModelIndex &)> collect = [&](const QModelIndex &parent) {
        for (int row = 0; row < model->rowCount(parent); ++row) {
            const QModelIndex index = model->index(row, 0, parent);
            nodes << index;
            if (tree->isExpanded(index))
                collect(index);
        }
    };
    collect({});
    if (nodes.isEmpty())
        return QStringLiteral("select tree node: no nodes");
    const QModelIndex node = nodes.at(m_random.bounded(int(nodes.size())));
    tree->scrollTo(node);
    const QRect rect = tree->visualRect(node);
    if (!rect.isValid())
        return QStringLiteral("select tree node: not on screen");
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    return QStringLiteral("click tree node %1").arg(node.data().toString());
}

QString TestSequenceWalk::clickHealthChart()
{
    MainWindow *window = m_dashboard->window();
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("detailsTabs"));
    auto *chart = window->findChild<QWidget *>(QStringLiteral("fleetHealthView"));
    if (!tabs || !chart)
        return QStringLiteral("chart: no Fleet health tab");
    tabs->setCurrentIndex(tabs->count() - 1);
    auto *view = qobject_cast<QAbstractScrollArea *>(chart);
    QWidget *surface = view ? view->viewport() : chart;
    if (surface->width() < 10 || surface->height() < 10)
        return QStringLiteral("chart: not shown");
    const QPoint at(10 + m_random.bounded(surface->width() - 10), 5 + m_random.bounded(surface->height() - 5));
    QTest::mouseClick(surface, Qt::LeftButton, {}, at);
    return QStringLiteral("click the Fleet health chart at %1,%2").arg(at.x()).arg(at.y());
}

QString TestSequenceWalk::filter()
{
    static const QStringList filters{
        QString(),
        QStringLiteral("clusterset=prod, count.node.k8s.io>=50, version>=1.32"),
        QStringLiteral("health=unhealthy"),
        QStringLiteral("findings!=\"\""),
        QStringLiteral("version<1.31"),
        QStringLiteral("clusterset=prod"),
        QStringLiteral("ControlPlaneHealthy=False"),
        QStringLiteral("name~=edge"),
        QStringLiteral("this is not ((( a filter"),
    };
    FilterBar *bar = m_dashboard->window()->filterBar();
    const QString text = filters.at(m_random.bounded(int(filters.size())));
    bar->setText(text);
    if (auto *edit = bar->findChild<QLineEdit *>())
        QTest::keyClick(edit, Qt::Key_Return);
    return QStringLiteral("filter '%1'").arg(text);
}

QString TestSequenceWalk::menuAction()
{
    MainWindow *window = m_dashboard->window();
    QList<QPair<QString, QPointer<QAction>>> actions;
    for (QAction *top : window->menuBar()->actions()) {
        if (top->menu())
            collectActions(top->menu(), top->text().remove(u'&'), &actions);
    }
    actions.removeIf([](const QPair<QString, QPointer<QAction>> &a) {
        // Leaving ends the test's own event loop; its own test is tst_hublifecycle.
        return a.first.contains(u"Quit") || !a.second || !a.second->isEnabled();
    });
    if (actions.isEmpty())
        return QStringLiteral("menu: nothing enabled");
    const auto &[path, action] = actions.at(m_random.bounded(int(actions.size())));
    if (action)
        action->trigger(); // a dialog it opens is answered by the DialogAnswerer
    return QStringLiteral("menu %1").arg(path);
}

QString TestSequenceWalk::removeHubFromChip()
{
    const QList<QLabel *> chips = hubChips(m_dashboard->window());
    if (chips.isEmpty())
        return QStringLiteral("remove hub: no chips");
    QLabel *chip = chips.at(m_random.bounded(int(chips.size())));
    const QString name = chip->text();
    for (QAction *action : chip->actions()) {
        if (action->text().remove(u'&').startsWith(u"Remove")) {
            action->trigger(); // asks first: the answerer confirms or cancels
            return QStringLiteral("remove hub from its chip (%1)").arg(name.left(30));
        }
    }
    return QStringLiteral("remove hub: the chip has no Remove");
}

QString TestSequenceWalk::bringHubsBack()
{
    FleetEngine *engine = m_dashboard->engine();
    QStringList back;
    for (const WatchedHub &hub : engine->watchedHubs()) {
        if (hub.watched)
            continue;
        QString error;
        if (!engine->addHub(hub.choice, &error))
            return QStringLiteral("FAILED to bring %1 back: %2").arg(hub.choice.context, error);
        back << hub.choice.context;
    }
    return QStringLiteral("bring back: %1").arg(back.isEmpty() ? QStringLiteral("none removed") : back.join(u' '));
}

QString TestSequenceWalk::takeHubDownOrUp()
{
    const int index = m_random.bounded(int(m_hubDown.size()));
    setHubDown(index, !m_hubDown[index]);
    return QStringLiteral("demo hub %1 %2").arg(index).arg(m_hubDown[index] ? u"down" : u"up");
}

void TestSequenceWalk::setHubDown(int index, bool down)
{
    m_hubDown[index] = down;
    hub::HubServer *server = m_dashboard->demo()->hubs().at(size_t(index));
    hub::FaultSpec spec;
    spec.probability = down ? 1.0 : 0.0;
    server->faults().set(hub::FaultKind::ServiceUnavailable, spec);
    // Open watches end too, as when an apiserver goes away.
    server->faults().set(hub::FaultKind::WatchDrop, spec);
}

QString TestSequenceWalk::timeTravel()
{
    if (QAction *now = nowAction(m_dashboard->window()); now && now->isEnabled() && m_random.bounded(3) == 0) {
        now->trigger();
        return QStringLiteral("back to now");
    }
    auto *slider = m_dashboard->window()->findChild<QSlider *>(QStringLiteral("timeSlider"));
    if (!slider || !slider->isVisible() || slider->maximum() <= slider->minimum())
        return QStringLiteral("time travel: the time bar is hidden");
    const int value = slider->minimum() + m_random.bounded(slider->maximum() - slider->minimum() + 1);
    slider->setValue(value);
    return QStringLiteral("time slider to %1 of %2..%3").arg(value).arg(slider->minimum()).arg(slider->maximum());
}

QString TestSequenceWalk::closeWindows()
{
    QStringList closed;
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (top != m_dashboard->window() && top->isVisible() && !QApplication::activeModalWidget()) {
            closed << top->metaObject()->className();
            top->close();
        }
    }
    return QStringLiteral("close %1").arg(closed.isEmpty() ? QStringLiteral("nothing") : closed.join(u' '));
}

QString TestSequenceWalk::letTimePass()
{
    const int ms = 50 + m_random.bounded(400);
    QTest::qWait(ms); // churn, relints and reconnects go on meanwhile: that is the point
    return QStringLiteral("wait %1 ms").arg(ms);
}

QString TestSequenceWalk::problem() const
{
    const MainWindow *window = m_dashboard->window();
    const FleetStore *store = m_dashboard->store();
    // The details pane names a cluster the table can still find, or says it is gone.
    const QString shown = window->detailsPane()->plainText();
    const int current = window->clusterTable()->currentStoreRow();
    if (current >= store->profileCount())
        return QStringLiteral("the table's current row %1 is past the store's %2 rows").arg(current).arg(store->profileCount());
    if (shown.isEmpty())
        return QStringLiteral("the details pane is blank");
    return {};
}

void TestSequenceWalk::walksRandomSequencesWhileTheDemoChurns()
{
    const quint32 seed = qEnvironmentVariableIsSet("FLEETSCOPE_WALK_SEED")
        ? quint32(qEnvironmentVariableIntValue("FLEETSCOPE_WALK_SEED"))
        : 1u; // within a minute it removes the hub of the cluster the details pane shows
    const int seconds = qEnvironmentVariableIsSet("FLEETSCOPE_WALK_SECONDS")
        ? qEnvironmentVariableIntValue("FLEETSCOPE_WALK_SECONDS")
        : 90;
    qInfo("sequence walk: seed %u for %d s (FLEETSCOPE_WALK_SEED=%u replays it)", seed, seconds, seed);
    m_random.seed(seed);
    DialogAnswerer answerer(&m_random);

    const QList<QPair<int, Step>> steps{
        {6, [this] { return selectRow(); }},
        {4, [this] { return selectTreeNode(); }},
        {3, [this] { return clickHealthChart(); }},
        {3, [this] { return filter(); }},
        {6, [this] { return menuAction(); }},
        {2, [this] { return removeHubFromChip(); }},
        {2, [this] { return bringHubsBack(); }},
        {1, [this] { return takeHubDownOrUp(); }},
        {2, [this] { return timeTravel(); }},
        {2, [this] { return closeWindows(); }},
        {4, [this] { return letTimePass(); }},
    };
    int total = 0;
    for (const auto &step : steps)
        total += step.first;

    QElapsedTimer elapsed;
    elapsed.start();
    int count = 0;
    QStringList recent;
    while (elapsed.elapsed() < qint64(seconds) * 1000) {
        int pick = m_random.bounded(total);
        auto it = steps.cbegin();
        while (pick >= it->first) {
            pick -= it->first;
            ++it;
        }
        const QString did = it->second();
        ++count;
        // Every step in the log: what a crash report shows last is what was done last.
        qInfo("step %d: %s", count, qPrintable(did));
        recent << QStringLiteral("%1: %2").arg(count).arg(did);
        if (recent.size() > 12)
            recent.removeFirst();
        QVERIFY2(!did.startsWith(u"FAILED"), qPrintable(recent.join(u'\n')));
        QCoreApplication::processEvents();
        const QString wrong = problem();
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong + QStringLiteral("\nafter:\n") + recent.join(u'\n')));
    }
    qInfo("sequence walk: %d steps; then every hub back", count);
    QVERIFY(count > 20);

    // The end: live again, every hub up and back, and the fleet as a fresh start has it.
    closeWindows();
    if (QAction *now = nowAction(m_dashboard->window()); now && now->isEnabled())
        now->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dashboard->store()->isShowingPast(), 10000 * slowdown());
    for (int i = 0; i < int(m_hubDown.size()); ++i)
        setHubDown(i, false);
    const QString back = bringHubsBack();
    QVERIFY2(!back.startsWith(u"FAILED"), qPrintable(back));
    FleetStore *store = m_dashboard->store();
    FleetEngine *engine = m_dashboard->engine();
    for (const QString &hub : {QStringLiteral("demo-hub-eu"), QStringLiteral("demo-hub-us")})
        engine->reconnectHub(hub);
    const auto hubStates = [store] {
        QStringList states;
        for (const int hub : store->activeHubs())
            states << store->hubName(hub) + QStringLiteral(": ") + store->hubStatus(hub).summary();
        return states.join(QStringLiteral("; "));
    };
    QTRY_VERIFY2_WITH_TIMEOUT(store->activeHubs().size() == 2 && store->allHubsSettled(), qPrintable(hubStates()),
                              60000 * slowdown());
    for (const int hub : store->activeHubs())
        QVERIFY2(store->hubStatus(hub).state == HubStatus::State::Live, qPrintable(store->hubName(hub)));
    QVERIFY(store->profileCount() > 400);
}

QTEST_MAIN(TestSequenceWalk)
#include "tst_sequencewalk.moc"
