#pragma once

#include "fleet/filter/clusterscope.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>
#include <QTimer>

#include <vector>

class TestPlacementModel;

namespace fleetscope {

class FleetStore;

// PlacementDecisions as people think of them: one row per placement (the
// multicluster.x-k8s.io/placement-key label, else the decision-key, else the
// object), its slices merged in decision-index order, with the scheduler, the
// chosen clusters and the references to profiles that do not exist (dangling).
// Live changes update rows in place; rows come and go with their placement.
class PlacementModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlacementModel)

public:
    enum Column { PlacementColumn, HubColumn, NamespaceColumn, SchedulerColumn, ClustersColumn, DanglingColumn, SlicesColumn, ColumnCount };

    struct Placement
    {
        int hub = -1;
        QString namespaceName;
        QString key;
        QString scheduler;
        int slices = 0;
        QList<ClusterRef> chosen;   // in decision-index order, then decision order
        QList<ClusterRef> dangling; // chosen refs whose ClusterProfile is not in the fleet
    };

    explicit PlacementModel(const FleetStore *store, QObject *parent = nullptr);

    const Placement &placementAt(int row) const { return m_rows[size_t(row)]; }
    // The table scope that shows this placement's clusters.
    ClusterScope scopeOf(int row) const;
    // How long after a chosen profile came or went its placements' dangling
    // references are checked (the changes of that time at once).
    static constexpr int defaultDanglingDelayMs = 500;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    friend class ::TestPlacementModel;
    void setDanglingDelayMs(int ms) { m_danglingTimer.setInterval(ms); }

    void refresh();
    void indexChosen();
    void touch(const ClusterRef &ref);
    void refreshDangling();
    std::vector<Placement> collect() const;

    const FleetStore *m_store;
    std::vector<Placement> m_rows;
    struct Choice
    {
        int row;
        int index; // in the row's `chosen`
    };
    QHash<ClusterRef, QList<Choice>> m_chosenBy; // a chosen profile → where it was chosen
    std::vector<QList<int>> m_danglingAt;        // per row: the indexes in `chosen` of its `dangling`, ascending
    QSet<ClusterRef> m_touched;                  // chosen profiles that came or went since the last check
    QTimer m_danglingTimer;
};

} // namespace fleetscope
