#include "storefeeder.h"

#include "fleetstore.h"

#include <algorithm>
#include <vector>

namespace fleetscope {

StoreFeeder::StoreFeeder(FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

StoreFeeder::~StoreFeeder() = default;

void StoreFeeder::postDelta(int hub, const HubDelta &delta)
{
    post({hub, delta, {}});
}

void StoreFeeder::postStatus(int hub, const HubStatus &status)
{
    post({hub, std::nullopt, status});
}

void StoreFeeder::dropHub(int hub)
{
    const QMutexLocker lock(&m_mutex);
    m_items.erase(std::remove_if(m_items.begin(), m_items.end(), [hub](const Item &item) { return item.hub == hub; }),
                  m_items.end());
}

void StoreFeeder::post(Item item)
{
    const QMutexLocker lock(&m_mutex);
    m_items.push_back(std::move(item));
    if (m_scheduled)
        return;
    m_scheduled = true;
    // A posted call made while Qt delivers posted events waits for the next
    // turn of the event loop, after whatever was queued meanwhile.
    QMetaObject::invokeMethod(this, &StoreFeeder::drain, Qt::QueuedConnection);
}

void StoreFeeder::drain()
{
    // One delta, with the statuses before it and those right behind it (they
    // belong to the same moment); the next delta waits for the next turn. The
    // lock is not held while the store applies, so hubs never wait on the GUI.
    std::vector<Item> batch;
    {
        const QMutexLocker lock(&m_mutex);
        bool hasDelta = false;
        while (!m_items.empty() && !(hasDelta && m_items.front().delta)) {
            hasDelta = hasDelta || m_items.front().delta;
            batch.push_back(std::move(m_items.front()));
            m_items.pop_front();
        }
    }
    for (Item &item : batch) {
        if (item.delta) {
            (m_live ? m_live : m_store)->applyDelta(item.hub, *item.delta);
        } else {
            m_store->setHubStatus(item.hub, item.status);
            if (m_live)
                m_live->setHubStatus(item.hub, item.status);
        }
    }
    const QMutexLocker lock(&m_mutex);
    m_scheduled = !m_items.empty();
    if (m_scheduled)
        QMetaObject::invokeMethod(this, &StoreFeeder::drain, Qt::QueuedConnection);
}

} // namespace fleetscope
