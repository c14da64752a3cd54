#include "storefeeder.h"

#include "fleetstore.h"

#include <algorithm>

namespace fleetscope {

StoreFeeder::StoreFeeder(FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

StoreFeeder::~StoreFeeder() = default;

void StoreFeeder::postDelta(int hub, const HubDelta &delta)
{
    m_items.push_back({hub, delta, {}});
    schedule();
}

void StoreFeeder::postStatus(int hub, const HubStatus &status)
{
    m_items.push_back({hub, std::nullopt, status});
    schedule();
}

void StoreFeeder::dropHub(int hub)
{
    m_items.erase(std::remove_if(m_items.begin(), m_items.end(), [hub](const Item &item) { return item.hub == hub; }),
                  m_items.end());
}

void StoreFeeder::schedule()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    // A posted call made while Qt delivers posted events waits for the next
    // turn of the event loop, after whatever was queued meanwhile.
    QMetaObject::invokeMethod(this, &StoreFeeder::drain, Qt::QueuedConnection);
}

void StoreFeeder::drain()
{
    m_scheduled = false;
    // One delta, with the statuses before it and those right behind it (they
    // belong to the same moment); the next delta waits for the next turn.
    bool applied = false;
    while (!m_items.empty() && !(applied && m_items.front().delta)) {
        Item item = std::move(m_items.front());
        m_items.pop_front();
        if (item.delta) {
            (m_live ? m_live : m_store)->applyDelta(item.hub, *item.delta);
            applied = true;
        } else {
            m_store->setHubStatus(item.hub, item.status);
            if (m_live)
                m_live->setHubStatus(item.hub, item.status);
        }
    }
    if (!m_items.empty())
        schedule();
}

} // namespace fleetscope
