#pragma once

#include "kube/hubdelta.h"
#include "kube/hubstatus.h"

#include <QObject>

#include <deque>
#include <optional>

namespace fleetscope {

class FleetStore;

// Hands the hubs' deltas and statuses to the store on the GUI thread, in the
// order they were posted, one delta per event-loop turn. When several hubs
// flush at once (a burst, a resync), applying all their deltas in one go
// would freeze input and painting for their sum; one per turn lets the
// events queued behind each delta (clicks, paints, timers) run in between.
// A status waits behind the deltas posted before it, so "synced" never
// overtakes the last page of a list.
class StoreFeeder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreFeeder)

public:
    explicit StoreFeeder(FleetStore *store, QObject *parent = nullptr);
    ~StoreFeeder() override;

    void postDelta(int hub, const HubDelta &delta);
    void postStatus(int hub, const HubStatus &status);
    // Forgets what is still waiting for a hub being removed.
    void dropHub(int hub);
    // Deltas and statuses not yet applied.
    int pending() const { return int(m_items.size()); }
    // While the store shows a recorded moment (time travel), the hubs' deltas go
    // to `live`, which holds the live fleet meanwhile; statuses go to both, so
    // that the hubs' states stay current. Null: back to the store alone.
    void setLiveStore(FleetStore *live) { m_live = live; }

private:
    struct Item
    {
        int hub;
        std::optional<HubDelta> delta; // else a status
        HubStatus status;
    };

    void schedule();
    void drain();

    FleetStore *m_store;
    FleetStore *m_live = nullptr;
    std::deque<Item> m_items;
    bool m_scheduled = false;
};

} // namespace fleetscope
