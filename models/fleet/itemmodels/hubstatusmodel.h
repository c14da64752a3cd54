#pragma once

#include <QAbstractListModel>
#include <QList>

namespace fleetscope {

class FleetStore;

// One row per active hub with its engine state, for the status bar chips:
// DisplayRole is "hub: summary", ToolTipRole the last error and warnings,
// StateRole the HubStatus::State, HubIndexRole the store's hub index. Hubs
// appear in the order they were added and leave when removed.
class HubStatusModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubStatusModel)

public:
    enum Role { StateRole = Qt::UserRole + 1, HubNameRole, SummaryRole, HubIndexRole };

    explicit HubStatusModel(FleetStore *store, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // The row of a store hub index, or -1.
    int rowOfHub(int hub) const { return int(m_hubs.indexOf(hub)); }

private:
    void onHubStatusChanged(int hub);
    void onHubRemoved(int hub);

    FleetStore *m_store;
    QList<int> m_hubs; // row → store hub index
};

} // namespace fleetscope
