#pragma once

#include "kube/hubdelta.h"
#include "kube/informer.h"
#include "kube/objecttable.h"

#include <QHash>

#include <functional>
#include <memory>
#include <vector>

namespace fleetscope {

class NamespaceDecoder;
class OnDemandReader;
class PlacementDecoder;
class ProfileDecoder;

// A hub's current objects, as its informers report them, turned into deltas.
//
// The decoded objects are kept here by key (shared with the fleet store, so
// they live once): their resource versions tell a real change from a replay.
// A relist after 410 is diffed against them, so unchanged objects produce no
// delta at all and vanished ones produce removals. Lives on the hub's thread.
// `changed` runs after each batch of objects and each finished list: the owner
// arms its flush timer there.
class HubCache final : public InformerSink
{
public:
    explicit HubCache(bool keepRawJson = false, std::function<void()> changed = [] {});
    ~HubCache() override;

    // What an informer reports: a (re)list as listStarted → objects(Listed)… →
    // listFinished, which replaces all that is known of the resource (diffed: only
    // real changes travel on); watch events as objects(Added/Modified/Deleted).
    // The objects are read during the call (responseobjects.h), each decoded on
    // its own: the ones that cannot be are reported.
    void listStarted(const ResourceSpec &spec) override;
    void objects(const ResourceSpec &spec, ObjectChange change, ResponseObjects &objects) override;
    void listFinished(const ResourceSpec &spec) override;

    bool hasPendingChanges() const;
    // Everything that changed since the last call, coalesced per key.
    HubDelta takeDelta();

    qsizetype objectCount(ResourceKind kind) const;

private:
    struct Table
    {
        explicit Table(ObjectTable::MetadataOf metadataOf)
            : objects(metadataOf)
        {
        }
        ObjectTable objects; // the current objects, by key, stamped by the list that delivered them
        // The stamp of each list in progress, by the namespace it lists ("" for all):
        // namespaced informers of one kind list at the same time (e.g. after a 403 on
        // the cluster-wide list), and one finishing must not forget the others' objects.
        QHash<QString, quint32> listing;
        // Objects whose keys were new, in arrival order: a cold list hands its
        // objects on in the server's order, without a hash insert each.
        std::vector<std::shared_ptr<const void>> fresh;
        // Changes of keys that were known; null → removed. An entry here is later
        // than any fresh object of its key (a fresh object drops its key from here).
        QHash<ObjectKey, std::shared_ptr<const void>> pending;
    };

    Table &table(ResourceKind kind) { return m_tables[int(kind)]; }
    // Decodes one object; null (and the error named in m_decodeErrors) if it cannot.
    std::shared_ptr<const void> decode(ResourceKind kind, ResponseObjects &objects, ObjectMeta **meta);
    OnDemandReader &decoder(ResourceKind kind);
    // listStamp: the list delivering it, 0 for a watch event.
    void upsert(const ResourceSpec &spec, ResponseObjects &objects, quint32 listStamp);
    void remove(ResourceKind kind, const ObjectKey &key);
    static bool inScope(const ResourceSpec &spec, const ObjectKey &key);
    // A table's fresh objects and pending changes, coalesced per key, emptied into
    // a delta's lists.
    template<typename Object, typename RemovedList>
    static void takeChanges(Table &t, QList<std::shared_ptr<const Object>> *upserted, RemovedList *removed);

    Table m_tables[3]; // by ResourceKind
    std::unique_ptr<ProfileDecoder> m_profiles;
    std::unique_ptr<PlacementDecoder> m_placements;
    std::unique_ptr<NamespaceDecoder> m_namespaces;
    QStringList m_decodeErrors;
    quint32 m_lastListStamp = 0;
    bool m_keepRawJson;
    std::function<void()> m_changed;
};

} // namespace fleetscope
