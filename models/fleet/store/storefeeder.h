#pragma once

#include "kube/hubdelta.h"
#include "kube/hubstatus.h"

#include <QMutex>
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
// overtakes the last page of a list. The hubs' threads post straight into this
// queue (it is the only one between a hub and the store); applying happens on
// the feeder's thread.
class StoreFeeder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreFeeder)

public:
    explicit StoreFeeder(FleetStore *store, QObject *parent = nullptr);
    ~StoreFeeder() override;

    // Thread-safe: called on the hubs' threads.
    void postDelta(int hub, const HubDelta &delta);
    void postStatus(int hub, const HubStatus &status);
    // Forgets what is still waiting for a hub whose connection has stopped.
    void dropHub(int hub);
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

    void post(Item item);
    void drain();

    FleetStore *m_store;
    FleetStore *m_live = nullptr;
    QMutex m_mutex; // guards the two below
    std::deque<Item> m_items;
    bool m_scheduled = false;
};

} // namespace fleetscope
