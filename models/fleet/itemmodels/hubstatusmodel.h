#pragma once

#include "kube/hubstatus.h"

#include <QAbstractListModel>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QTimer>

namespace fleetscope {

class FleetStore;

// One row per active hub with its engine state, for the status bar chips:
// DisplayRole is "hub: summary", ToolTipRole the last error and warnings,
// StateRole the HubStatus::State, HubIndexRole the store's hub index. Hubs
// appear in the order they were added and leave when removed. A hub waiting to
// reconnect counts its wait down ("Reconnecting in 42 s", 41, …) from when its
// status came, since the engine says it once, not every second.
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
    // A hub's status as it stands now: its retry wait less the time since it came.
    HubStatus statusNow(int hub) const;

    // How often a waiting hub's remaining time is looked at (it is shown in whole seconds).
    static constexpr int countdownIntervalMs = 250;

private:
    void onHubStatusChanged(int hub);
    void onHubRemoved(int hub);
    void countDown();

    FleetStore *m_store;
    QList<int> m_hubs; // row → store hub index
    QElapsedTimer m_clock;
    QHash<int, qint64> m_statusAt; // store hub index → m_clock's ms when its status came
    QHash<int, QString> m_shown;   // store hub index → the summary last announced
    QTimer m_countdown;
};

} // namespace fleetscope
