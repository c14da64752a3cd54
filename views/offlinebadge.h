#pragma once

#include <QLabel>

namespace fleetscope {

class FleetCache;
class FleetStore;

// A status-bar badge while hubs are shown from the on-disk cache (started without
// network): "Offline · hub-eu last seen 25.11. 23:10 · read-only". It disappears
// hub by hub as they answer and their live fleet replaces the cached one.
class OfflineBadge final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OfflineBadge)

public:
    OfflineBadge(const FleetStore *store, const FleetCache *cache, QWidget *parent = nullptr);

    void refresh();

private:
    const FleetStore *m_store;
    const FleetCache *m_cache;
};

} // namespace fleetscope
