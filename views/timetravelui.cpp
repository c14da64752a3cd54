#include "timetravelui.h"

#include "clustertableview.h"
#include "detailspane.h"
#include "fleettreeview.h"
#include "fleetchangesview.h"
#include "historypanel.h"
#include "mainwindow.h"
#include "timetravelbanner.h"
#include "timetravelbar.h"

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "history/fleetchangemodel.h"
#include "history/gonenowcolumn.h"
#include "history/timetravel.h"

#include <QAction>
#include <QDateTime>
#include <QDockWidget>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>

namespace fleetscope {

TimeTravelUi::TimeTravelUi(MainWindow *window, TimeTravel *travel, FleetTimeMachine *machine)
    : QObject(window)
    , m_window(window)
    , m_model(window->clusterFilter()->table())
    , m_travel(travel)
    , m_bar(new TimeTravelBar(travel, machine))
    , m_banner(new TimeTravelBanner(travel))
    , m_changes(new FleetChangesView(travel, machine))
    , m_dock(new QDockWidget(tr("Changes"), window))
    , m_barTools(new QToolBar(tr("Time"), window))
    , m_bannerTools(new QToolBar(tr("Moment shown"), window))
    , m_goneRefresh(new QTimer(this))
{
    m_barTools->setObjectName(QStringLiteral("timeToolBar"));
    m_barTools->setMovable(false);
    m_barTools->addWidget(m_bar);
    window->addToolBar(Qt::BottomToolBarArea, m_barTools);
    m_bannerTools->setObjectName(QStringLiteral("timeBannerToolBar"));
    m_bannerTools->setMovable(false);
    m_bannerTools->setFloatable(false);
    m_bannerTools->addWidget(m_banner);
    window->addToolBarBreak(Qt::TopToolBarArea);
    window->addToolBar(Qt::TopToolBarArea, m_bannerTools);
    m_bannerTools->hide();
    m_dock->setObjectName(QStringLiteral("changesDock"));
    m_dock->setWidget(m_changes);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();

    createMenu();
    connect(m_showChanges, &QAction::toggled, this, [this](bool shown) {
        m_dock->setVisible(shown);
        if (shown && m_changes->model()->rowCount() == 0) {
            // From the moment shown (else an hour ago) to now.
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            m_changes->compare(m_travel->isLive() ? now - 3600 * 1000 : m_travel->shownMoment(), now);
        }
    });
    // Closed by its own button: the action follows.
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible && !m_dock->isVisible())
            m_showChanges->setChecked(false);
    });
    connect(m_bar, &TimeTravelBar::rangeChanged, this, &TimeTravelUi::updateActions);
    connect(travel, &TimeTravel::momentShown, this, &TimeTravelUi::updateActions);
    connect(travel, &TimeTravel::liveShown, this, &TimeTravelUi::updateActions);
    connect(m_changes, &FleetChangesView::changeChosen, this, &TimeTravelUi::showChange);
    QTreeView *tree = window->fleetTree()->tree();
    rememberGroup(tree->currentIndex());
    connect(tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &TimeTravelUi::rememberGroup);
    connect(travel, &TimeTravel::aboutToShow, this, [this] { m_changingFleet = true; });
    connect(travel, &TimeTravel::momentShown, this, &TimeTravelUi::onMomentShown);
    connect(travel, &TimeTravel::liveShown, this, &TimeTravelUi::onLiveShown);
    // Clusters come and go in the live fleet meanwhile: "gone now" follows, a
    // second behind at most.
    m_goneRefresh->setSingleShot(true);
    m_goneRefresh->setInterval(1000);
    connect(m_goneRefresh, &QTimer::timeout, this, [this] {
        if (m_gone)
            m_window->clusterFilter()->table()->sourceColumnChanged(m_gone.get());
    });
    connect(travel, &TimeTravel::liveFleetChanged, this, [this] {
        if (!m_goneRefresh->isActive())
            m_goneRefresh->start();
    });
}

TimeTravelUi::~TimeTravelUi()
{
    // The window may stay (its owner ends the time travel first): nothing of
    // ours may be left in it to call back.
    if (const int column = goneColumn(); column >= 0)
        m_model->removeColumnAt(column);
    delete m_menu;
    delete m_dock;
    delete m_barTools;
    delete m_bannerTools;
}

void TimeTravelUi::rememberGroup(const QModelIndex &current)
{
    // A group gone with the rows of a moment (or the neighbour made current
    // instead) is no choice of the person's.
    if (!current.isValid() || m_changingFleet)
        return;
    m_groupPath.clear();
    for (QModelIndex index = current.siblingAtColumn(0); index.isValid(); index = index.parent())
        m_groupPath.prepend(index.data().toString());
}

void TimeTravelUi::restoreGroup()
{
    QTreeView *tree = m_window->fleetTree()->tree();
    if (m_groupPath.isEmpty() || tree->currentIndex().isValid())
        return;
    const QAbstractItemModel *model = tree->model();
    QModelIndex parent;
    for (const QString &name : std::as_const(m_groupPath)) {
        QModelIndex found;
        for (int row = 0; row < model->rowCount(parent) && !found.isValid(); ++row) {
            const QModelIndex index = model->index(row, 0, parent);
            if (index.data().toString() == name)
                found = index;
        }
        if (!found.isValid())
            return; // not at this moment; perhaps at the next one
        parent = found;
    }
    tree->setCurrentIndex(parent);
}

int TimeTravelUi::goneColumn() const
{
    return m_gone && m_model ? m_model->columnOf(m_gone.get()) : -1;
}

void TimeTravelUi::createMenu()
{
    m_menu = new QMenu(tr("&Time"), m_window);
    m_menu->setObjectName(QStringLiteral("timeMenu"));
    m_goTo = m_menu->addAction(tr("&Go to a moment…"), QKeySequence(Qt::CTRL | Qt::Key_G), m_bar,
                               &TimeTravelBar::focusTimeField);
    m_earlier = m_menu->addAction(tr("An hour &earlier"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Left), this,
                                  [this] { m_bar->moveBy(-3600 * 1000); });
    m_earlier->setObjectName(QStringLiteral("timeEarlier"));
    m_later = m_menu->addAction(tr("An hour &later"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Right), this,
                                [this] { m_bar->moveBy(3600 * 1000); });
    m_later->setObjectName(QStringLiteral("timeLater"));
    m_now = m_menu->addAction(tr("Back to &now"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_End), m_travel,
                              &TimeTravel::showLive);
    m_now->setObjectName(QStringLiteral("timeBackToNow"));
    m_menu->addSeparator();
    m_showChanges = m_menu->addAction(tr("&Changes…"));
    m_showChanges->setCheckable(true);
    m_showChanges->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_showChanges->setToolTip(tr("What changed between two moments: clusters that came and went, health, placements"));
    m_bar->changesButton()->setDefaultAction(m_showChanges);
    // Before Help, the menu bar's last menu by convention.
    const QList<QAction *> menus = m_window->menuBar()->actions();
    m_window->menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), m_menu);
    updateActions();
}

void TimeTravelUi::updateActions()
{
    const bool past = m_bar->hasPast();
    const bool live = m_travel->isLive();
    const QString nothing = tr("Nothing is recorded yet for the hubs shown");
    m_goTo->setEnabled(past);
    m_goTo->setToolTip(past ? tr("Type the moment to show the fleet as recorded then") : nothing);
    const bool earlier = past && (live || m_travel->shownMoment() > m_bar->rangeStart());
    m_earlier->setEnabled(earlier);
    m_earlier->setToolTip(!past ? nothing
                          : earlier ? tr("The fleet as recorded an hour before the moment shown")
                                    : tr("The moment shown is the oldest one recorded"));
    m_later->setEnabled(!live);
    m_later->setToolTip(live ? tr("The window shows the live fleet: there is nothing later")
                             : tr("The fleet as recorded an hour after the moment shown (live past now)"));
    m_now->setEnabled(!live);
    m_now->setToolTip(live ? tr("The window shows the live fleet already") : tr("Back to the live fleet"));
}

void TimeTravelUi::onMomentShown(qint64 at)
{
    m_changingFleet = false;
    if (m_liveTitle.isEmpty())
        m_liveTitle = m_window->windowTitle();
    m_window->setWindowTitle(tr("%1 — as recorded at %2")
                                 .arg(m_liveTitle,
                                      QLocale().toString(QDateTime::fromMSecsSinceEpoch(at),
                                                         QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
    m_bannerTools->show();
    ClusterTableModel *model = m_window->clusterFilter()->table();
    model->setNow(at);
    m_window->detailsPane()->setNow(at);
    if (!m_gone) {
        m_gone = std::make_unique<GoneNowColumn>(m_travel);
        const int column = model->addSourceColumn(m_gone.get());
        // Beside the name, where a person reads which cluster it is.
        QHeaderView *header = m_window->clusterTable()->header();
        header->moveSection(header->visualIndex(column), 1);
        header->resizeSection(column,
                              header->fontMetrics().horizontalAdvance(m_gone->goneText() + QStringLiteral("  ")) + 16);
    } else {
        model->sourceColumnChanged(m_gone.get());
    }
    m_window->clusterTable()->setColumnHidden(goneColumn(), false);
    m_window->clusterTable()->viewport()->update();
    restoreGroup();
    if (m_pendingChange && FleetChangeModel::momentOf(*m_pendingChange) == at) {
        const FleetChange change = *m_pendingChange;
        m_pendingChange.reset();
        if (change.kind == FleetChange::Kind::Placement) {
            m_window->showLeftTab(1);
        } else if (HistoryPanel *panel = m_window->historyPanel()) {
            panel->selectClusters({ClusterId{change.hub, change.namespaceName, change.name}});
        }
        Q_EMIT changeShown();
    }
}

void TimeTravelUi::onLiveShown()
{
    m_changingFleet = false;
    if (!m_liveTitle.isEmpty())
        m_window->setWindowTitle(m_liveTitle);
    m_liveTitle.clear();
    m_bannerTools->hide();
    m_window->clusterFilter()->table()->setNow(0);
    m_window->detailsPane()->setNow(0);
    restoreGroup();
    if (const int column = goneColumn(); column >= 0)
        m_window->clusterTable()->setColumnHidden(column, true);
    m_window->clusterTable()->viewport()->update();
}

void TimeTravelUi::showChange(const FleetChange &change)
{
    m_pendingChange = std::make_unique<FleetChange>(change);
    const qint64 at = FleetChangeModel::momentOf(change);
    if (!m_travel->isLive() && m_travel->shownMoment() == at)
        onMomentShown(at);
    else
        m_travel->showMoment(at);
}

} // namespace fleetscope
