#include "objecttable.h"

#include "linearprobing.h"

#include <QHashFunctions>

namespace fleetscope {

ObjectTable::ObjectTable(MetadataOf metadataOf)
    : m_metadataOf(metadataOf)
    // Seeded like QHash: names come from the hub.
    , m_seed(QHashSeed::globalSeed())
{
}

quint32 ObjectTable::hashOf(QStringView namespaceName, QStringView name) const
{
    const size_t h = qHashMulti(m_seed, namespaceName, name);
    return quint32(h ^ (quint64(h) >> 32));
}

size_t ObjectTable::slotOf(const ObjectKey &key, quint32 hash) const
{
    if (m_slots.empty())
        return notFound;
    const size_t mask = m_slots.size() - 1;
    for (size_t i = hash & mask; m_slots[i].object; i = (i + 1) & mask) {
        if (m_slots[i].hash != hash)
            continue;
        const ObjectMeta &meta = m_metadataOf(m_slots[i].object.get());
        if (meta.name == key.name && meta.namespaceName == key.namespaceName)
            return i;
    }
    return notFound;
}

const ObjectMeta *ObjectTable::find(const ObjectKey &key) const
{
    const size_t slot = slotOf(key, hashOf(key.namespaceName, key.name));
    return slot == notFound ? nullptr : &m_metadataOf(m_slots[slot].object.get());
}

const ObjectMeta *ObjectTable::stamp(const ObjectKey &key, quint32 listStamp)
{
    const size_t slot = slotOf(key, hashOf(key.namespaceName, key.name));
    if (slot == notFound)
        return nullptr;
    m_slots[slot].listStamp = listStamp;
    return &m_metadataOf(m_slots[slot].object.get());
}

void ObjectTable::insert(Object object, quint32 listStamp)
{
    const ObjectMeta &meta = m_metadataOf(object.get());
    const ObjectKey key{meta.namespaceName, meta.name};
    const quint32 hash = hashOf(key.namespaceName, key.name);
    if (const size_t slot = slotOf(key, hash); slot != notFound) {
        m_slots[slot].object = std::move(object);
        m_slots[slot].listStamp = listStamp;
        return;
    }
    // At most 80 % full: probe runs stay short, and 100k objects fit 2^17 slots.
    if (size_t(m_size + 1) * 5 > m_slots.size() * 4)
        grow();
    const size_t mask = m_slots.size() - 1;
    size_t i = hash & mask;
    while (m_slots[i].object)
        i = (i + 1) & mask;
    m_slots[i] = Slot{std::move(object), hash, listStamp};
    ++m_size;
}

bool ObjectTable::remove(const ObjectKey &key)
{
    size_t hole = slotOf(key, hashOf(key.namespaceName, key.name));
    if (hole == notFound)
        return false;
    const size_t mask = m_slots.size() - 1;
    // Backward-shift deletion: later entries of the probe run move into the hole
    // when their home slot allows it, so lookups need no tombstones.
    for (size_t j = (hole + 1) & mask; m_slots[j].object; j = (j + 1) & mask) {
        if (linear_probing::mayMoveBack(m_slots[j].hash & mask, hole, j)) {
            m_slots[hole] = std::move(m_slots[j]);
            hole = j;
        }
    }
    m_slots[hole] = Slot{};
    --m_size;
    return true;
}

void ObjectTable::grow()
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots = std::vector<Slot>(old.empty() ? 16 : old.size() * 2);
    const size_t mask = m_slots.size() - 1;
    for (Slot &slot : old) {
        if (!slot.object)
            continue;
        size_t i = slot.hash & mask;
        while (m_slots[i].object)
            i = (i + 1) & mask;
        m_slots[i] = std::move(slot);
    }
}

} // namespace fleetscope
