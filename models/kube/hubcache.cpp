#include "hubcache.h"

#include "api/namespacedecoder.h"
#include "api/placementdecoder.h"
#include "api/profiledecoder.h"
#include "api/responseobjects.h"

namespace fleetscope {
namespace {

const ObjectMeta &profileMetadata(const void *object)
{
    return static_cast<const ProfileRecord *>(object)->profile.metadata;
}

const ObjectMeta &namespaceMetadata(const void *object)
{
    return static_cast<const KubeNamespace *>(object)->metadata;
}

const ObjectMeta &placementMetadata(const void *object)
{
    return static_cast<const PlacementDecision *>(object)->metadata;
}

template<typename Object, typename Decoder>
std::shared_ptr<const void> decodeAs(Decoder &decoder, ResponseObjects &objects, ObjectMeta **meta)
{
    auto object = std::make_shared<Object>();
    if (!decoder.decode(objects, object.get()))
        return nullptr;
    *meta = &object->metadata;
    return object;
}

} // namespace

HubCache::HubCache(bool keepRawJson, std::function<void()> changed)
    // In ResourceKind order.
    : m_tables{Table(profileMetadata), Table(namespaceMetadata), Table(placementMetadata)}
    , m_profiles(std::make_unique<ProfileDecoder>())
    , m_placements(std::make_unique<PlacementDecoder>())
    , m_namespaces(std::make_unique<NamespaceDecoder>())
    , m_keepRawJson(keepRawJson)
    , m_changed(std::move(changed))
{
    static_assert(int(ResourceKind::ClusterProfiles) == 0 && int(ResourceKind::Namespaces) == 1
                  && int(ResourceKind::PlacementDecisions) == 2);
}

HubCache::~HubCache() = default;

bool HubCache::inScope(const ResourceSpec &spec, const ObjectKey &key)
{
    return spec.namespaceName.isEmpty() || spec.kind == ResourceKind::Namespaces
        || key.namespaceName == spec.namespaceName;
}

void HubCache::listStarted(const ResourceSpec &spec)
{
    m_lastListStamp = std::max(m_lastListStamp + 1, 1u); // 0 means "from no list"
    table(spec.kind).listing.insert(spec.namespaceName, m_lastListStamp);
}

void HubCache::objects(const ResourceSpec &spec, ObjectChange change, ResponseObjects &objects)
{
    if (change == ObjectChange::Deleted) {
        while (objects.next()) {
            ObjectKey key;
            if (decoder(spec.kind).peekKey(objects, &key.namespaceName, &key.name))
                remove(spec.kind, key);
        }
    } else {
        const quint32 listStamp = change == ObjectChange::Listed ? table(spec.kind).listing.value(spec.namespaceName) : 0;
        // The decoder's intern cache lives on between batches: a watch event is
        // a batch of one, and a churning hub repeats the same reasons, versions
        // and label values in event after event. Its 512 strings are all it
        // keeps alive past StringPool::purgeUnused(), until the next list ends.
        while (objects.next())
            upsert(spec, objects, listStamp);
    }
    m_changed();
}

OnDemandReader &HubCache::decoder(ResourceKind kind)
{
    OnDemandReader *const decoders[] = {m_profiles.get(), m_namespaces.get(), m_placements.get()}; // by ResourceKind
    return *decoders[int(kind)];
}

std::shared_ptr<const void> HubCache::decode(ResourceKind kind, ResponseObjects &objects, ObjectMeta **meta)
{
    switch (kind) {
    case ResourceKind::ClusterProfiles: {
        auto record = std::make_shared<ProfileRecord>();
        if (!m_profiles->decode(objects, &record->profile))
            return nullptr;
        // Compact (the hub's member order), then compressed: the details pane's copy.
        if (m_keepRawJson)
            record->rawJson = CompressedJson::minified(m_profiles->decodedText());
        *meta = &record->profile.metadata;
        return record;
    }
    case ResourceKind::PlacementDecisions:
        return decodeAs<PlacementDecision>(*m_placements, objects, meta);
    case ResourceKind::Namespaces:
        break;
    }
    return decodeAs<KubeNamespace>(*m_namespaces, objects, meta);
}

void HubCache::upsert(const ResourceSpec &spec, ResponseObjects &objects, quint32 listStamp)
{
    Table &t = table(spec.kind);
    ObjectMeta *meta = nullptr; // the new object's, not shared with anyone yet
    std::shared_ptr<const void> decoded = decode(spec.kind, objects, &meta);
    if (!decoded) {
        // Skipped and reported; a stale earlier version must not linger as if current.
        const OnDemandReader &reader = decoder(spec.kind);
        const ObjectKey key{reader.failedNamespace(), reader.failedName()};
        if (key.name.isEmpty()) {
            const QString what = objects.abandoned() ? QStringLiteral("an object that is not valid JSON")
                                                     : QStringLiteral("an object without metadata.name");
            m_decodeErrors.append(spec.describe() + QStringLiteral(": ") + what + QStringLiteral(" was skipped (")
                                  + reader.error() + u')');
            return;
        }
        m_decodeErrors.append(resourceKindName(spec.kind) + u' ' + key.toString() + QStringLiteral(": ") + reader.error());
        if (t.objects.find(key))
            remove(spec.kind, key);
        return;
    }
    const ObjectKey key{meta->namespaceName, meta->name};
    const ObjectMeta *known = listStamp ? t.objects.stamp(key, listStamp) : t.objects.find(key);
    // Same resourceVersion: a replay (relist, re-watch), not a change.
    if (known && !meta->resourceVersion.isEmpty() && known->resourceVersion == meta->resourceVersion)
        return;
    // Every event decodes the name afresh. Taking the one already held keeps one
    // copy per object for its whole life: whatever keys on it for a while (history's
    // per-cluster state, the Flaps column) would otherwise each hold the copy of
    // the event that made its entry, a warm-up that grows with the fleet.
    if (known)
        meta->name = known->name;
    t.objects.insert(decoded, listStamp);
    if (known) {
        t.pending.insert(key, std::move(decoded));
        return;
    }
    // Not in the table: at most its removal is pending, from earlier; this supersedes it.
    if (!t.pending.isEmpty())
        t.pending.remove(key);
    t.fresh.push_back(std::move(decoded));
}

void HubCache::listFinished(const ResourceSpec &spec)
{
    Table &t = table(spec.kind);
    const quint32 listStamp = t.listing.take(spec.namespaceName);
    const QList<ObjectKey> vanished = t.objects.keysWhere([&](const ObjectMeta &meta, quint32 stamp) {
        return stamp != listStamp && inScope(spec, {meta.namespaceName, meta.name});
    });
    for (const ObjectKey &key : vanished)
        remove(spec.kind, key);
    // A relist replaced what the objects held: let the purge free it.
    decoder(spec.kind).forgetCachedStrings();
    m_changed();
}

void HubCache::remove(ResourceKind kind, const ObjectKey &key)
{
    Table &t = table(kind);
    if (t.objects.remove(key))
        t.pending.insert(key, nullptr);
}

bool HubCache::hasPendingChanges() const
{
    if (!m_decodeErrors.isEmpty())
        return true;
    for (const Table &t : m_tables) {
        if (!t.fresh.empty() || !t.pending.isEmpty())
            return true;
    }
    return false;
}

qsizetype HubCache::objectCount(ResourceKind kind) const
{
    return m_tables[int(kind)].objects.size();
}

template<typename Object, typename RemovedList>
void HubCache::takeChanges(Table &t, QList<std::shared_ptr<const Object>> *upserted, RemovedList *removed)
{
    const auto upsert = [upserted](std::shared_ptr<const void> object) {
        upserted->append(std::static_pointer_cast<const Object>(std::move(object)));
    };
    for (std::shared_ptr<const void> &object : t.fresh) {
        // Changed or removed again since it arrived: the pending entry is its final state.
        if (!t.pending.isEmpty()) {
            const ObjectMeta &meta = t.objects.metadataOf(object.get());
            if (t.pending.contains(ObjectKey{meta.namespaceName, meta.name}))
                continue;
        }
        upsert(std::move(object));
    }
    for (auto it = t.pending.begin(); it != t.pending.end(); ++it) {
        if (it.value())
            upsert(std::move(it.value()));
        else if constexpr (std::is_same_v<RemovedList, QStringList>)
            removed->append(it.key().name); // namespaces are cluster-scoped
        else
            removed->append(it.key());
    }
    t.fresh.clear();
    t.pending.clear();
}

HubDelta HubCache::takeDelta()
{
    HubDelta delta;
    takeChanges(table(ResourceKind::ClusterProfiles), &delta.upsertedProfiles, &delta.removedProfiles);
    takeChanges(table(ResourceKind::PlacementDecisions), &delta.upsertedPlacements, &delta.removedPlacements);
    takeChanges(table(ResourceKind::Namespaces), &delta.upsertedNamespaces, &delta.removedNamespaces);
    delta.decodeErrors.swap(m_decodeErrors);
    return delta;
}

} // namespace fleetscope
