#pragma once

#include "api/objectmeta.h"
#include "kube/hubdelta.h"

#include <QStringView>

#include <memory>
#include <vector>

namespace fleetscope {

// One kind of a hub's current objects by (namespace, name): what HubCache tells
// replays, changes and vanished objects apart with. It holds the decoded objects
// themselves (shared with the fleet store, so they cost nothing more) in an
// open-addressing table of 24-byte slots, and reads keys and resource versions
// from their metadata. A QHash<key, resourceVersion> kept a second key and
// version per object: ~190 bytes per profile at 100k, against ~30 here.
class ObjectTable
{
public:
    using Object = std::shared_ptr<const void>;
    // Where a kind keeps its ObjectMeta (ProfileRecord, PlacementDecision, KubeNamespace).
    using MetadataOf = const ObjectMeta &(*)(const void *object);

    explicit ObjectTable(MetadataOf metadataOf);

    qsizetype size() const { return m_size; }
    // The metadata of the object under that key, or null.
    const ObjectMeta *find(const ObjectKey &key) const;
    // Inserts `object`, or replaces the one with the same key.
    void insert(Object object);
    // False when nothing was under that key.
    bool remove(const ObjectKey &key);
    // The keys of the objects whose metadata `pick` accepts.
    template<typename Pick>
    QList<ObjectKey> keysWhere(Pick pick) const
    {
        QList<ObjectKey> keys;
        for (const Slot &slot : m_slots) {
            if (!slot.object)
                continue;
            const ObjectMeta &meta = m_metadataOf(slot.object.get());
            if (pick(meta))
                keys.append(ObjectKey{meta.namespaceName, meta.name});
        }
        return keys;
    }

private:
    struct Slot
    {
        Object object; // null: empty
        quint32 hash = 0;
    };
    static constexpr size_t notFound = size_t(-1);

    quint32 hashOf(QStringView namespaceName, QStringView name) const;
    size_t slotOf(const ObjectKey &key, quint32 hash) const;
    void grow();

    MetadataOf m_metadataOf;
    std::vector<Slot> m_slots; // empty, or a power of two
    qsizetype m_size = 0;
    size_t m_seed;
};

} // namespace fleetscope
