#include "mainwindow.h"

#include "clustercolumndefaults.h"
#include "clustertableview.h"
#include "accesscontroller.h"
#include "memberactions.h"
#include "detailspane.h"
#include "emptyfleetoverlay.h"
#include "filterbar.h"
#include "focusring.h"
#include "fleettreeview.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/lint/fleetfindings.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "fleet/itemmodels/hubstatusmodel.h"
#include "fleetscope_version.h"
#include "history/healthchangewatcher.h"
#include "fleet/savedviews/savedviewstore.h"
#include "hubdetailsdialog.h"
#include "hubsdialog.h"
#include "hubstatusbar.h"
#include "historypanel.h"
#include "clusteractions.h"
#include "shortcutsdialog.h"
#include "syncprogress.h"
#include "panecycler.h"
#include "placementsview.h"
#include "propertyaliasesdialog.h"
#include "healthrulesdialog.h"
#include "resourceswindow.h"
#include "savedviewsmenu.h"
#include "screenfit.h"
#include "tabswitchkeys.h"

#include <QApplication>
#include <QHeaderView>
#include <QIcon>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

// The panes' shares of the window until the person drags the splitter or a saved
// layout comes back: the groups, the table, the details. At 1400 px the table gets
// the room for name, health, version, hub and manager; at 1024 px for the first four.
QList<int> proportionalSizes(int width)
{
    return {width * 22 / 100, width * 50 / 100, width * 28 / 100};
}

QList<int> defaultSplitterSizes()
{
    return proportionalSizes(1400);
}

} // namespace

MainWindow::MainWindow(FleetStore *store, FleetEngine *engine, QWidget *parent)
    : QMainWindow(parent)
    , m_store(store ? store : new FleetStore(this))
    , m_engine(engine)
{
    setWindowTitle(tr("Fleetscope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/fleetscope.svg")));
    setObjectName(QStringLiteral("MainWindow"));
    // Below this the table shows no column whole and the charts no axis: the layout's
    // own minimum (about 620x360) would let the window get that small.
    setMinimumSize(800, 560);

    m_tableModel = new ClusterTableModel(m_store, this);
    m_proxy = new SortFilterProxy(m_tableModel, this);
    m_rowFilter = new FleetRowFilter(m_tableModel, m_proxy);
    m_savedViews = new SavedViewStore(nullptr, this);

    auto *middle = new QWidget(this);
    auto *middleLayout = new QVBoxLayout(middle);
    middleLayout->setContentsMargins(0, 0, 0, 0);
    m_filterBar = new FilterBar(m_store, m_rowFilter, middle);
    m_table = new ClusterTableView(m_proxy, middle);
    m_columnDefaults = new ClusterColumnDefaults(m_table->header(), m_store, this);
    middleLayout->addWidget(m_filterBar);
    middleLayout->addWidget(m_table, 1);

    m_tree = new FleetTreeView(m_store, this);
    m_placements = new PlacementsView(m_store, this);
    m_leftTabs = new QTabWidget(this);
    m_leftTabs->setObjectName(QStringLiteral("leftTabs"));
    m_leftTabs->setDocumentMode(true);
    m_leftTabs->addTab(m_tree, tr("Groups"));
    m_leftTabs->addTab(m_placements, tr("Placements"));
    TabSwitchKeys::install(m_leftTabs);
    m_details = new DetailsPane(m_store, this);
    // The inventory lint: the `findings` filter key and what the details pane says.
    m_findings = new FleetFindings(m_store, this);
    m_store->addFilterFacts(m_findings);
    m_details->setFindings(m_findings);
    // The Findings column: the rules each cluster trips.
    m_tableModel->addSourceColumn(m_findings);
    connect(m_findings, &FleetFindings::changed, this, [this](const QList<int> &rows) {
        if (rows.isEmpty())
            return; // messages changed, the rules each row shows did not
        // Only the rows whose rules changed: a relint during churn touches a few.
        m_tableModel->sourceColumnChanged(m_findings, rows);
        // A filter on `findings` reads facts that just changed under it.
        if (m_rowFilter->filter().text().contains(FleetFindings::filterKey))
            m_rowFilter->reapply();
    });
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_leftTabs);
    m_splitter->addWidget(middle);
    m_splitter->addWidget(m_details);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setStretchFactor(2, 2);
    m_splitter->setSizes(defaultSplitterSizes());
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_proportionalPanes = false; });

    setCentralWidget(m_splitter);

    m_statusBar = new HubStatusBar(m_store, new HubStatusModel(m_store, this), m_proxy, this);
    connect(m_statusBar, &HubStatusBar::hubDetailsRequested, this, &MainWindow::showHubDetails);
    statusBar()->addWidget(m_statusBar, 1);
    statusBar()->addPermanentWidget(new SyncProgress(m_store, this));
    connect(m_statusBar, &HubStatusBar::reconnectRequested, this, [this](const QString &hub) {
        if (!m_engine)
            return;
        m_engine->reconnectHub(hub); // its chip shows it syncing again
    });
    // Queued: the chip whose menu asked goes with its hub, and must not be deleted
    // while its action is still being delivered.
    connect(m_statusBar, &HubStatusBar::removeRequested, this, &MainWindow::removeHub, Qt::QueuedConnection);

    connect(m_table, &ClusterTableView::currentClusterChanged, m_details, &DetailsPane::showCluster);
    // The table follows whichever left tab is in front: a tree group or a placement.
    connect(m_tree, &FleetTreeView::scopeChanged, this, [this](const ClusterScope &scope) {
        m_treeScope = scope;
        if (m_leftTabs->currentWidget() == m_tree)
            m_rowFilter->setScope(scope);
    });
    connect(m_placements, &PlacementsView::scopeChanged, this, [this](const ClusterScope &scope) {
        if (m_leftTabs->currentWidget() == m_placements)
            m_rowFilter->setScope(scope);
    });
    connect(m_leftTabs, &QTabWidget::currentChanged, this, [this] {
        m_rowFilter->setScope(m_leftTabs->currentWidget() == m_placements ? m_placements->currentScope() : m_treeScope);
    });
    connect(m_store, &FleetStore::deltaApplied, m_details, &DetailsPane::refresh);

    createActions();
    m_emptyFleet = new EmptyFleetOverlay(m_store, m_table);
    m_emptyFleet->setHubsAvailable(m_engine != nullptr);
    connect(m_emptyFleet, &EmptyFleetOverlay::reconnectRequested, m_reconnectAction, &QAction::trigger);
    connect(m_emptyFleet, &EmptyFleetOverlay::hubsRequested, this, &MainWindow::showHubsDialog);
    m_filterBar->setTabOrderAround(m_table);
    // Made for 1400x900; a smaller screen gets a window that fits it (the time bar
    // and the status bar at the bottom included). A saved geometry comes on top.
    ScreenFit::resize(this, QSize(1400, 900));
}

MainWindow::~MainWindow()
{
    m_store->removeFilterFacts(m_findings); // the store may outlive the window
}

void MainWindow::keepUserLayout()
{
    m_proportionalPanes = false;
    m_columnDefaults->keepUserLayout();
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (m_proportionalPanes)
        m_splitter->setSizes(proportionalSizes(m_splitter->width()));
}

void MainWindow::selectClusterRow(int row)
{
    const QModelIndex index = m_proxy->index(row, 0);
    if (index.isValid())
        m_table->setCurrentIndex(index);
}

void MainWindow::showLeftTab(int tab)
{
    m_leftTabs->setCurrentIndex(tab);
}

SavedView MainWindow::currentView() const
{
    SavedView view;
    view.filter = m_filterBar->text();
    view.grouping = m_tree->groupingSpec();
    view.group = m_tree->currentGroup();
    view.columns = m_table->extraColumns();
    view.headerState = m_table->saveLayout();
    return view;
}

void MainWindow::applyView(const SavedView &view)
{
    // Columns first: the header state refers to them.
    m_table->setExtraColumns(view.columns);
    // A view saved by an earlier version holds Qt's positional state: its columns
    // are taken, its layout left as it is.
    if (m_table->restoreLayout(view.headerState))
        m_columnDefaults->keepUserLayout();
    if (!view.grouping.isEmpty())
        m_tree->setGroupingSpec(view.grouping);
    m_tree->chooseGroup(view.group);
    m_filterBar->setText(view.filter);
}

void MainWindow::setHistory(HistoryStore *history)
{
    m_historyPanel = new HistoryPanel(history, m_store, m_table, m_proxy, this);
    // The tabs' charts ask for more width than the details did: keep the table's share
    // (before the first show the splitter has no sizes of its own yet).
    const QList<int> sizes = m_splitter->isVisible() ? m_splitter->sizes() : defaultSplitterSizes();
    m_splitter->replaceWidget(m_splitter->indexOf(m_details), m_historyPanel->tabs());
    m_historyPanel->wrap(m_details);
    TabSwitchKeys::install(m_historyPanel->tabs());
    m_panes->replaceArea(m_details, m_historyPanel->tabs());
    m_splitter->setSizes(sizes);
    connect(m_table, &ClusterTableView::currentClusterChanged, m_historyPanel, &HistoryPanel::showCluster);
    // The right-hand tabs from the keyboard, as Ctrl+L and Ctrl+P reach the left ones.
    const auto focusTab = [this] {
        if (QWidget *page = m_historyPanel->tabs()->currentWidget())
            page->setFocus(Qt::ShortcutFocusReason);
    };
    auto *historyTab = new QAction(tr("H&istory"), this);
    historyTab->setObjectName(QStringLiteral("historyTabAction"));
    historyTab->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(historyTab, &QAction::triggered, this, [this, focusTab] {
        m_historyPanel->showTimelineTab();
        focusTab();
    });
    auto *healthTab = new QAction(tr("Fleet h&ealth"), this);
    healthTab->setObjectName(QStringLiteral("fleetHealthTabAction"));
    healthTab->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(healthTab, &QAction::triggered, this, [this, focusTab] {
        m_historyPanel->showHealthTab();
        focusTab();
    });
    m_viewMenu->insertActions(m_reconnectAction, {historyTab, healthTab});

    // Desktop notifications for the saved views that ask for them; clicking one
    // selects the clusters it names. Without a system tray (offscreen) it stays silent.
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    auto *watcher = new HealthChangeWatcher(m_store, this);
    watcher->setViews(m_savedViews->views());
    connect(m_savedViews, &SavedViewStore::changed, watcher, [this, watcher] { watcher->setViews(m_savedViews->views()); });
    auto *tray = new QSystemTrayIcon(windowIcon(), this);
    tray->setToolTip(tr("Fleetscope"));
    auto notified = std::make_shared<QList<ClusterId>>();
    connect(tray, &QSystemTrayIcon::messageClicked, m_historyPanel, [this, notified] { m_historyPanel->selectClusters(*notified); });
    connect(watcher, &HealthChangeWatcher::notificationsReady, tray, [tray, notified](const QList<HealthNotification> &all) {
        if (all.isEmpty())
            return;
        // One balloon: the tray shows one message at a time, and a click selects what it names.
        HealthNotification combined = all.first();
        for (qsizetype i = 1; i < all.size(); ++i) {
            combined.title += QStringLiteral("; ") + all[i].title;
            for (const ClusterId &id : all[i].clusters) {
                if (!combined.clusters.contains(id))
                    combined.clusters.append(id);
            }
        }
        *notified = combined.clusters;
        tray->showMessage(combined.title, combined.text, QSystemTrayIcon::Warning, 10000);
    });
    tray->show();
}

void MainWindow::showHubsDialog()
{
    if (!m_engine)
        return;
    const HubSelection remembered = HubSelection::load();
    const QStringList files = m_rememberHubs ? remembered.files : QStringList();
    HubsDialog dialog(m_engine->defaultKubeconfig(), files, m_engine->watchedHubs(), !remembered.saved, this);
    if (dialog.exec() == QDialog::Accepted)
        changeHubs(dialog.addedHubs(), dialog.removedHubs(), dialog.selection().files);
}

void MainWindow::applyHubSelection(const HubSelection &selection)
{
    if (!m_engine)
        return;
    const QList<HubChoice> current = m_engine->hubs();
    QList<HubChoice> added;
    QList<HubChoice> removed;
    for (const HubChoice &hub : selection.hubs) {
        if (!current.contains(hub))
            added << hub;
    }
    for (const HubChoice &hub : current) {
        if (!selection.hubs.contains(hub))
            removed << hub;
    }
    changeHubs(added, removed, selection.files);
}

bool MainWindow::confirmRemoval(const QList<HubChoice> &hubs)
{
    QStringList names;
    QList<int> indexes;
    for (const HubChoice &hub : hubs) {
        names << hub.context;
        indexes << m_store->hubIndex(hub.context);
    }
    int clusters = 0;
    for (const FleetProfile &row : m_store->profiles())
        clusters += indexes.contains(row.hub) ? 1 : 0;
    QMessageBox box(QMessageBox::Question, tr("Stop watching hubs"),
                    tr("Stop watching %n hub(s): %1?", nullptr, int(names.size())).arg(names.join(QStringLiteral(", "))),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("confirmHubRemoval"));
    box.setInformativeText(tr("%n cluster(s) leave the window. File → Hubs… keeps listing the hub until you quit, "
                              "to bring it back.",
                              nullptr, clusters));
    QPushButton *remove = box.addButton(tr("Stop watching"), QMessageBox::DestructiveRole);
    box.setDefaultButton(box.addButton(QMessageBox::Cancel));
    box.exec();
    return box.clickedButton() == remove;
}

void MainWindow::changeHubs(const QList<HubChoice> &added, const QList<HubChoice> &removed, const QStringList &files)
{
    if (!m_engine || (!removed.isEmpty() && !confirmRemoval(removed)))
        return;
    for (const HubChoice &hub : removed)
        m_engine->removeHub(hub.context);
    QStringList errors;
    for (const HubChoice &hub : added) {
        QString error;
        if (!m_engine->addHub(hub, &error))
            errors << error;
    }
    if (m_rememberHubs) {
        HubSelection selection;
        selection.files = files;
        selection.hubs = m_engine->hubs();
        selection.saved = true;
        selection.save();
    }
    if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Hubs"), errors.join(u'\n'));
}

void MainWindow::removeHub(const QString &hub)
{
    if (!m_engine)
        return;
    HubChoice choice{QString(), hub};
    for (const HubChoice &chosen : m_engine->hubs()) {
        if (chosen.context == hub)
            choice = chosen;
    }
    changeHubs({}, {choice}, m_rememberHubs ? HubSelection::load().files : QStringList());
}

void MainWindow::createActions()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    m_clusterActions = new ClusterActions(m_store, m_proxy, m_table, m_tree, this);
    m_hubsAction = fileMenu->addAction(tr("&Hubs…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), this,
                                       &MainWindow::showHubsDialog);
    m_hubsAction->setObjectName(QStringLiteral("hubsAction"));
    m_hubsAction->setEnabled(m_engine != nullptr);
    fileMenu->addSeparator();
    fileMenu->addAction(m_clusterActions->exportAction());
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu = viewMenu;
    viewMenu->addAction(tr("&Filter clusters"), QKeySequence::Find, m_filterBar, &FilterBar::focusFilter);
    viewMenu->addAction(tr("Fleet &groups"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] {
        showLeftTab(0);
        m_tree->focusTree();
    });
    viewMenu->addAction(tr("&Placements"), QKeySequence(Qt::CTRL | Qt::Key_P), this, [this] {
        showLeftTab(1);
        m_placements->view()->setFocus(Qt::ShortcutFocusReason);
    });
    m_reconnectAction = viewMenu->addAction(tr("&Reconnect hubs"), QKeySequence::Refresh, this, [this] {
        if (!m_engine)
            return;
        m_engine->reconnectAll(); // the chips show each hub syncing again
    });
    m_reconnectAction->setToolTip(tr("Connect to every hub again and list its clusters afresh"));
    // The first hub that is not live is the one a person wonders about; with all
    // live, the hub of the selected cluster, else the first.
    m_hubDetailsAction = viewMenu->addAction(tr("&Hub details…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), this, [this] {
        int hub = -1;
        for (int i : m_store->activeHubs()) {
            if (hub < 0 && m_store->hubStatus(i).state != HubStatus::State::Live)
                hub = i;
        }
        if (const int row = m_table->currentStoreRow(); hub < 0 && row >= 0)
            hub = m_store->profileAt(row).hub;
        if (hub < 0 && !m_store->activeHubs().isEmpty())
            hub = m_store->activeHubs().first();
        if (hub >= 0)
            showHubDetails(hub);
    });
    const auto updateHubDetails = [this] {
        const bool any = !m_store->activeHubs().isEmpty();
        m_hubDetailsAction->setEnabled(any);
        m_hubDetailsAction->setToolTip(any ? tr("What each hub was asked, answered and why it is in its state")
                                           : tr("No hub is watched: add one in File → Hubs…"));
    };
    connect(m_store, &FleetStore::hubStatusChanged, this, updateHubDetails);
    connect(m_store, &FleetStore::hubRemoved, this, updateHubDetails);
    updateHubDetails();
    viewMenu->addAction(tr("Re&sources…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this, [this] {
        showResources();
    })->setObjectName(QStringLiteral("resourcesAction"));
    viewMenu->addSeparator();
    viewMenu->addAction(tr("Property &aliases…"), this, &MainWindow::editPropertyAliases);
    viewMenu->addAction(tr("Health r&ules…"), this, &MainWindow::editHealthRules)
        ->setObjectName(QStringLiteral("healthRulesAction"));
    m_reconnectAction->setEnabled(m_engine != nullptr);
    // F6 / Ctrl+Tab: groups, filter, table, details, and round again; the ring shows where.
    new FocusRing(this);
    m_panes = new PaneCycler(this);
    m_panes->addPane(m_leftTabs, [this] {
        if (m_leftTabs->currentWidget() == m_placements)
            m_placements->view()->setFocus(Qt::TabFocusReason);
        else
            m_tree->focusTree();
    });
    m_panes->addPane(m_filterBar, [this] { m_filterBar->focusFilter(); });
    m_panes->addPane(m_table, [this] { m_table->setFocus(Qt::TabFocusReason); });
    m_panes->addPane(m_details);
    viewMenu->addSeparator();
    viewMenu->addAction(m_panes->nextAction());
    viewMenu->addAction(m_panes->previousAction());

    QToolBar *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolBar"));
    toolbar->setMovable(false);
    m_accessController = new AccessController(m_store, m_rowFilter, m_table, m_clusterActions, this);
    m_memberActions = new MemberActions(m_store, m_table, m_clusterActions, this);
    QAction *connectAction = m_memberActions->connectAction();
    QAction *checkSelected = m_accessController->checkSelectedAction();
    QAction *checkShown = m_accessController->checkShownAction();
    toolbar->addActions({m_reconnectAction, connectAction, checkSelected, checkShown, m_memberActions->runAction()});
    QMenu *clustersMenu = menuBar()->addMenu(tr("&Clusters"));
    // In the menu too, so that Connect is reachable from the keyboard anywhere (Alt+C).
    clustersMenu->addAction(connectAction);
    clustersMenu->addSeparator();
    clustersMenu->addActions({checkSelected, checkShown});
    clustersMenu->addSeparator();
    clustersMenu->addActions({m_memberActions->runAction(), m_memberActions->exportAction()});

    m_savedViewsMenu = new SavedViewsMenu(m_savedViews, [this] { return currentView(); }, this);
    connect(m_savedViewsMenu, &SavedViewsMenu::applyRequested, this, &MainWindow::applyView);
    menuBar()->addMenu(m_savedViewsMenu);
    QAction *viewsButton = toolbar->addAction(QIcon::fromTheme(QStringLiteral("bookmarks")), tr("Views"));
    viewsButton->setMenu(m_savedViewsMenu);
    viewsButton->setToolTip(tr("Saved views: filter, grouping and columns"));
    if (auto *button = qobject_cast<QToolButton *>(toolbar->widgetForAction(viewsButton)))
        button->setPopupMode(QToolButton::InstantPopup);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
                        [this] { ShortcutsDialog(this, this).exec(); });
    helpMenu->addAction(tr("&About Fleetscope"), this, &MainWindow::showAbout);
}

void MainWindow::editPropertyAliases()
{
    PropertyAliasesDialog dialog(PropertyAliases::active(), this);
    if (dialog.exec() != QDialog::Accepted || dialog.aliases() == PropertyAliases::active())
        return;
    QSettings settings;
    dialog.aliases().save(settings);
    PropertyAliases::setActive(dialog.aliases());
    // Filters, groups and property columns read the table as they go: refresh them.
    m_rowFilter->reapply();
    m_tree->model()->regroup();
    m_table->viewport()->update();
}

void MainWindow::editHealthRules()
{
    HealthRulesDialog dialog(HealthRules::active(), this);
    if (dialog.exec() != QDialog::Accepted || dialog.rules() == HealthRules::active())
        return;
    QSettings settings;
    dialog.rules().save(settings);
    HealthRules::setActive(dialog.rules());
    // Every verdict again; the table, tree, counts and filter follow the store.
    m_store->reapplyHealthRules();
    m_rowFilter->reapply();
    m_details->refresh();
}

ResourcesWindow *MainWindow::showResources()
{
    // One window; asked again, it comes to the front.
    if (auto *open = findChild<ResourcesWindow *>()) {
        open->raise();
        open->activateWindow();
        return open;
    }
    auto *window = new ResourcesWindow(m_store, m_savedViews, [this] { return m_table->selectedStoreRows(); }, this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowFlag(Qt::Window);
    window->show();
    return window;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Fleetscope"),
                       tr("<h3>Fleetscope %1</h3><p>A native dashboard for fleets of Kubernetes clusters "
                          "published through the ClusterProfile API.</p>")
                           .arg(QStringLiteral(FLEETSCOPE_VERSION)));
}

void MainWindow::showHubDetails(int hub)
{
    if (hub < 0 || hub >= m_store->hubCount())
        return;
    // One window per hub, raised when asked again.
    const QString name = QStringLiteral("hubDetails-%1").arg(hub);
    if (auto *open = findChild<HubDetailsDialog *>(name)) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto *dialog = new HubDetailsDialog(m_store, hub, this);
    dialog->setObjectName(name);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

} // namespace fleetscope
