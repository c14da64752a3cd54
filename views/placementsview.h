#pragma once

#include "fleet/filter/clusterscope.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace fleetscope {

class FleetStore;
class PlacementModel;
class SortFilterProxy;

// The placements tab of the left pane: every placement (its decision slices
// merged) with its scheduler and how many clusters it chose. Selecting one
// scopes the cluster table to exactly those clusters; the line below names the
// chosen clusters that have no ClusterProfile (dangling references).
class PlacementsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlacementsView)

public:
    explicit PlacementsView(const FleetStore *store, QWidget *parent = nullptr);

    PlacementModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    // The scope of the selected placement (empty when none is selected).
    ClusterScope currentScope() const;

signals:
    void scopeChanged(const fleetscope::ClusterScope &scope);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The hub column takes what its names need up to a share of the pane; the
    // placement's name has the rest.
    void fitHubColumn();
    static constexpr int minimumNameWidth = 110;
    void updateSummary();
    int currentModelRow() const;

    PlacementModel *m_model;
    SortFilterProxy *m_sorted;
    QTreeView *m_view;
    QLabel *m_summary;
    ClusterScope m_lastScope;
};

} // namespace fleetscope
