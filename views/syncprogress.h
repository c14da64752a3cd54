#pragma once

#include <QProgressBar>

namespace fleetscope {

class FleetStore;

// The status bar's progress while hubs sync their first (possibly huge) list:
// received of estimated objects over every syncing hub ("Syncing 12,400 of
// ~50,000"), busy when no hub gave an estimate, hidden once all are synced.
// The window stays responsive meanwhile: decoding happens on the hubs' threads.
class SyncProgress final : public QProgressBar
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncProgress)

public:
    explicit SyncProgress(const FleetStore *store, QWidget *parent = nullptr);

    void refresh();

private:
    const FleetStore *m_store;
};

} // namespace fleetscope
