#include "objecttable.h"

#include <QHashFunctions>

#include <utility>

namespace fleetscope {

ObjectTable::ObjectTable(MetadataOf metadataOf)
    : m_metadataOf(metadataOf)
    // Seeded like QHash: names come from the hub.
    , m_seed(QHashSeed::globalSeed())
{
}

quint32 ObjectTable::hashOf(QStringView namespaceName, QStringView name) const
{
    return ProbingTable<Slot>::hashOf(m_seed, namespaceName, name);
}

const ObjectTable::Slot *ObjectTable::slotOf(const ObjectKey &key, quint32 hash) const
{
    return m_table.find(hash, [&](const Slot &slot) {
        const ObjectMeta &meta = m_metadataOf(slot.object.get());
        return meta.name == key.name && meta.namespaceName == key.namespaceName;
    });
}

ObjectTable::Slot *ObjectTable::slotOf(const ObjectKey &key, quint32 hash)
{
    return const_cast<Slot *>(std::as_const(*this).slotOf(key, hash));
}

const ObjectMeta *ObjectTable::find(const ObjectKey &key) const
{
    const Slot *slot = slotOf(key, hashOf(key.namespaceName, key.name));
    return slot ? &m_metadataOf(slot->object.get()) : nullptr;
}

const ObjectMeta *ObjectTable::stamp(const ObjectKey &key, quint32 listStamp)
{
    Slot *slot = slotOf(key, hashOf(key.namespaceName, key.name));
    if (!slot)
        return nullptr;
    slot->listStamp = listStamp;
    return &m_metadataOf(slot->object.get());
}

void ObjectTable::insert(Object object, quint32 listStamp)
{
    const ObjectMeta &meta = m_metadataOf(object.get());
    const ObjectKey key{meta.namespaceName, meta.name};
    const quint32 hash = hashOf(key.namespaceName, key.name);
    Slot *slot = slotOf(key, hash);
    if (!slot)
        slot = &m_table.emplace(hash);
    slot->object = std::move(object);
    slot->listStamp = listStamp;
}

bool ObjectTable::remove(const ObjectKey &key)
{
    Slot *slot = slotOf(key, hashOf(key.namespaceName, key.name));
    if (!slot)
        return false;
    m_table.erase(slot);
    return true;
}

} // namespace fleetscope
