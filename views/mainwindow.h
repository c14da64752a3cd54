#pragma once

#include "fleet/filter/clusterscope.h"
#include "fleet/engine/hubselection.h"

#include <QMainWindow>

class QMenu;
class QSplitter;
class QTabWidget;

class TestHubsDialog;

namespace fleetscope {

class AccessController;
class ClusterActions;
class ClusterColumnDefaults;
class MemberActions;
class FleetRowFilter;
class SortFilterProxy;
class FleetFindings;
class ClusterTableModel;
class ClusterTableView;
class DetailsPane;
class EmptyFleetOverlay;
class FilterBar;
class FleetTreeView;
class FleetEngine;
class FleetStore;
class HistoryPanel;
class HistoryStore;
class HubStatusBar;
class PaneCycler;
class PlacementsView;
class ResourcesWindow;
class SavedViewStore;
class SavedViewsMenu;
struct SavedView;

// The dashboard's main window: the filter line and the cluster table in the
// middle, the selected cluster's details on the right, a chip per hub and the
// fleet counts at the bottom. With no hub configured the table says how to add one.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    // `store` and `engine` may be null: an empty window (no hubs).
    explicit MainWindow(FleetStore *store = nullptr, FleetEngine *engine = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    FleetStore *store() const { return m_store; }
    ClusterTableView *clusterTable() const { return m_table; }
    FleetRowFilter *clusterFilter() const { return m_rowFilter; }
    FilterBar *filterBar() const { return m_filterBar; }
    DetailsPane *detailsPane() const { return m_details; }
    FleetTreeView *fleetTree() const { return m_tree; }
    // Brings the groups (0) or placements (1) tab of the left pane to the front.
    void showLeftTab(int tab);
    HubStatusBar *hubStatusBar() const { return m_statusBar; }
    // Over the table with no hubs (how to add one) or when every hub failed (why),
    // with Reconnect and Hubs….
    EmptyFleetOverlay *emptyFleetOverlay() const { return m_emptyFleet; }
    QSplitter *splitter() const { return m_splitter; }
    // Groups and Placements.
    QTabWidget *leftTabs() const { return m_leftTabs; }
    ClusterActions *clusterActions() const { return m_clusterActions; }
    // A saved layout was restored: panes and columns stay as the person left them
    // (until then the panes keep their shares of the window as it is resized).
    void keepUserLayout();
    // What a saved view of the window right now would hold (without a name).
    SavedView currentView() const;
    void applyView(const SavedView &view);
    // Makes this row of the (sorted, filtered) table current.
    void selectClusterRow(int row);
    // Opens (or raises) the Hub details window of a hub.
    void showHubDetails(int hub);
    // Opens (or raises) Resources (View → Resources…, Ctrl+Shift+R): the selected
    // clusters' objects of a kind.
    ResourcesWindow *showResources();
    // Adds the History and Fleet health tabs and tray notifications (guicommand: after the store opened).
    void setHistory(HistoryStore *history);
    HistoryPanel *historyPanel() const { return m_historyPanel; }
    AccessController *accessController() const { return m_accessController; }
    MemberActions *memberActions() const { return m_memberActions; }
    // Whether applied choices are saved (guicommand: not for the demo).
    void setRememberHubs(bool remember) { m_rememberHubs = remember; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    friend class ::TestHubsDialog;
    // Makes the hubs watched those of `selection`: only what differs changes, and
    // hubs that would stop being watched are named in a question first. Remembered
    // (not for the demo, whose kubeconfig is private); errors are shown.
    void applyHubSelection(const HubSelection &selection);

    void createActions();
    void editPropertyAliases();
    void editHealthRules();
    void showAbout();
    void showHubsDialog();
    void removeHub(const QString &hub);
    bool confirmRemoval(const QList<HubChoice> &hubs);
    void changeHubs(const QList<HubChoice> &added, const QList<HubChoice> &removed, const QStringList &files);

    FleetStore *m_store;
    FleetEngine *m_engine;
    ClusterTableModel *m_tableModel = nullptr;
    SortFilterProxy *m_proxy = nullptr;
    FleetRowFilter *m_rowFilter = nullptr;
    FleetFindings *m_findings = nullptr;
    EmptyFleetOverlay *m_emptyFleet = nullptr;
    FilterBar *m_filterBar = nullptr;
    ClusterTableView *m_table = nullptr;
    ClusterColumnDefaults *m_columnDefaults = nullptr;
    FleetTreeView *m_tree = nullptr;
    PlacementsView *m_placements = nullptr;
    QTabWidget *m_leftTabs = nullptr;
    ClusterScope m_treeScope;
    DetailsPane *m_details = nullptr;
    HistoryPanel *m_historyPanel = nullptr;
    HubStatusBar *m_statusBar = nullptr;
    QSplitter *m_splitter = nullptr;
    ClusterActions *m_clusterActions = nullptr;
    SavedViewStore *m_savedViews = nullptr;
    SavedViewsMenu *m_savedViewsMenu = nullptr;
    AccessController *m_accessController = nullptr;
    MemberActions *m_memberActions = nullptr;
    QAction *m_hubsAction = nullptr;
    QAction *m_reconnectAction = nullptr;
    QAction *m_hubDetailsAction = nullptr;
    PaneCycler *m_panes = nullptr;
    QMenu *m_viewMenu = nullptr;
    bool m_rememberHubs = true;
    bool m_proportionalPanes = true;
};

} // namespace fleetscope
