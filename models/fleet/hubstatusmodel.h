#pragma once

#include <QAbstractListModel>

namespace fleetscope {

class FleetStore;

// One row per hub with its engine state, for the status bar chips and the hub
// list: DisplayRole is "hub: summary", ToolTipRole the last error and warnings,
// StateRole the HubStatus::State, SyncedRole whether it has synced once.
class HubStatusModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubStatusModel)

public:
    enum Role { StateRole = Qt::UserRole + 1, SyncedRole, HubNameRole, ProgressRole, EstimatedTotalRole };

    explicit HubStatusModel(FleetStore *store, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    FleetStore *m_store;
    int m_rows = 0; // hubs are only ever added
};

} // namespace fleetscope
