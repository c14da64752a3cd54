#pragma once

#include "history/historytypes.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <memory>

class QTabWidget;
class QTimer;
class QWidget;

namespace fleetscope {

class SortFilterProxy;
class ClusterTableModel;
class ClusterTableView;
class ClusterTimelineView;
class FlapColumn;
class FleetHealthChart;
class FleetStore;
class HistoryStore;

// Condition history in the window: a "History" tab (the selected cluster's
// timeline) and a "Fleet health" tab (the table's current scope over time) next
// to the details, plus the flap counts the table's flapping column shows.
// MainWindow only creates it and hands it the details pane.
class HistoryPanel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryPanel)

public:
    HistoryPanel(HistoryStore *history, const FleetStore *store, ClusterTableView *table, SortFilterProxy *proxy,
                 QObject *parent = nullptr);
    ~HistoryPanel() override;

    // Tabs: `details`, History, Fleet health. Put tabs() where `details` was first.
    void wrap(QWidget *details);
    ClusterTimelineView *timeline() const { return m_timeline; }
    FleetHealthChart *healthChart() const { return m_health; }
    QTabWidget *tabs() const { return m_tabs; }

    void showCluster(int storeRow);
    // Selects these clusters in the table (a notification was clicked); the first becomes current.
    void selectClusters(const QList<fleetscope::ClusterId> &clusters);
    // Shows the History (or Fleet health) tab.
    void showTimelineTab();
    void showHealthTab();
    // Recomputes the fleet-health scope from the table's rows (debounced otherwise).
    void updateScope();

private:
    void refreshFlaps();
    void updateBadge();

    HistoryStore *m_history;
    const FleetStore *m_store;
    ClusterTableView *m_table;
    SortFilterProxy *m_proxy;
    // Guarded: once in the window, the splitter owns and may delete it first.
    QPointer<QTabWidget> m_tabs;
    ClusterTimelineView *m_timeline;
    FleetHealthChart *m_health;
    QTimer *m_scopeTimer;
    QTimer *m_flapTimer;
    bool m_flapsWhole = true; // the next refresh fetches every count, not the changes
    std::unique_ptr<FlapColumn> m_flapColumn;
    QPointer<ClusterTableModel> m_model;
    ClusterId m_shown;
};

} // namespace fleetscope
