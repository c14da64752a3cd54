#pragma once

#include "api/objectmeta.h"
#include "kube/hubdelta.h"
#include "kube/probingtable.h"

#include <QStringView>

#include <memory>

namespace fleetscope {

// One kind of a hub's current objects by (namespace, name): what HubCache tells
// replays, changes and vanished objects apart with. It holds the decoded objects
// themselves (shared with the fleet store, so they cost nothing more) in an
// open-addressing table of 24-byte slots, and reads keys and resource versions
// from their metadata. A QHash<key, resourceVersion> would keep a second key and
// version per object: ~190 bytes per profile at 100k, against ~30 here.
class ObjectTable
{
public:
    using Object = std::shared_ptr<const void>;
    // Where a kind keeps its ObjectMeta (ProfileRecord, PlacementDecision, KubeNamespace).
    using MetadataOf = const ObjectMeta &(*)(const void *object);

    explicit ObjectTable(MetadataOf metadataOf);

    qsizetype size() const { return m_table.size(); }
    const ObjectMeta &metadataOf(const void *object) const { return m_metadataOf(object); }
    // The metadata of the object under that key, or null.
    const ObjectMeta *find(const ObjectKey &key) const;
    // find(), and when found, stamps the object with `listStamp`: which list
    // delivered it last. A relist tells vanished objects by their old stamps, with
    // no set of the keys it saw (a QSet of 100k keys costs ~5 % of a cold sync).
    const ObjectMeta *stamp(const ObjectKey &key, quint32 listStamp);
    // Inserts `object` stamped `listStamp` (0: not from a list), or replaces the
    // one with the same key.
    void insert(Object object, quint32 listStamp = 0);
    // False when nothing was under that key.
    bool remove(const ObjectKey &key);
    // The keys of the objects that `pick(metadata, listStamp)` accepts.
    template<typename Pick>
    QList<ObjectKey> keysWhere(Pick pick) const
    {
        QList<ObjectKey> keys;
        for (const Slot &slot : m_table.slotArray()) {
            if (!slot.occupied())
                continue;
            const ObjectMeta &meta = m_metadataOf(slot.object.get());
            if (pick(meta, slot.listStamp))
                keys.append(ObjectKey{meta.namespaceName, meta.name});
        }
        return keys;
    }

private:
    struct Slot
    {
        Object object; // null: empty
        quint32 hash = 0;
        quint32 listStamp = 0; // fills what would otherwise be padding after `hash`
        bool occupied() const { return bool(object); }
    };

    quint32 hashOf(QStringView namespaceName, QStringView name) const;
    const Slot *slotOf(const ObjectKey &key, quint32 hash) const;
    Slot *slotOf(const ObjectKey &key, quint32 hash);

    MetadataOf m_metadataOf;
    ProbingTable<Slot> m_table;
    size_t m_seed;
};

} // namespace fleetscope
