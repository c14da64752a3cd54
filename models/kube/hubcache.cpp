#include "hubcache.h"

#include "api/apidecoder.h"
#include "api/yamljson.h"

#include <optional>

namespace fleetscope {
namespace {

QString textAt(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return QString();
    const auto &s = it->get_ref<const std::string &>();
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// The key and version are read before decoding so that replays skip the
// decoder, and an object that fails to decode still replaces its older version.
// The version is read from the same bytes as the decoders read it, so that they compare.
bool keyAndVersion(const nlohmann::json &object, ObjectKey *key, ResourceVersion *version)
{
    const auto meta = object.find("metadata");
    if (meta == object.end() || !meta->is_object())
        return false;
    key->name = textAt(*meta, "name");
    key->namespaceName = textAt(*meta, "namespace");
    const auto rv = meta->find("resourceVersion");
    *version = rv != meta->end() && rv->is_string() ? ResourceVersion(rv->get_ref<const std::string &>())
                                                     : ResourceVersion();
    return !key->name.isEmpty();
}

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

} // namespace

HubCache::HubCache(bool keepRawJson)
    // In ResourceKind order.
    : m_tables{Table(profileMetadata), Table(namespaceMetadata), Table(placementMetadata)}
    , m_keepRawJson(keepRawJson)
{
    static_assert(int(ResourceKind::ClusterProfiles) == 0 && int(ResourceKind::Namespaces) == 1
                  && int(ResourceKind::PlacementDecisions) == 2);
}

bool HubCache::inScope(const ResourceSpec &spec, const ObjectKey &key)
{
    return spec.namespaceName.isEmpty() || spec.kind == ResourceKind::Namespaces
        || key.namespaceName == spec.namespaceName;
}

void HubCache::listStarted(const ResourceSpec &spec)
{
    table(spec.kind).seenInList.insert(spec.namespaceName, {});
}

void HubCache::listPage(const ResourceSpec &spec, nlohmann::json &items)
{
    for (nlohmann::json &item : items)
        upsert(spec, item, true);
}

bool HubCache::listPageText(const ResourceSpec &spec, const std::vector<std::string_view> &items)
{
    // Every item is checked before any is applied: a page with one broken item is
    // refused whole (the informer then reports its syntax error, as before).
    struct Staged
    {
        std::shared_ptr<const void> decoded; // null: the DOM path, with `object`
        nlohmann::json object;
        ObjectKey key;
        ResourceVersion version;
    };
    std::vector<Staged> staged(items.size());
    // Decoders per page: their intern caches must not keep strings alive (and out
    // of StringPool::purgeUnused()'s reach) between lists.
    std::optional<ProfileBytesDecoder> profiles;
    std::optional<PlacementBytesDecoder> placements;
    for (size_t i = 0; i < items.size(); ++i) {
        const std::string_view item = items[i];
        Staged &s = staged[i];
        if (spec.kind == ResourceKind::ClusterProfiles) {
            if (!profiles)
                profiles.emplace();
            auto record = std::make_shared<ProfileRecord>();
            if (profiles->decode(item, &record->profile)) {
                const ObjectMeta &meta = record->profile.metadata;
                s.key = ObjectKey{meta.namespaceName, meta.name};
                s.version = meta.resourceVersion;
                // The raw JSON is kept as the DOM prints it (sorted keys, compact), as before.
                if (m_keepRawJson)
                    record->rawJson = compactJson(nlohmann::json::parse(item.begin(), item.end(), nullptr, false));
                s.decoded = std::move(record);
                continue;
            }
        } else if (spec.kind == ResourceKind::PlacementDecisions) {
            if (!placements)
                placements.emplace();
            auto decision = std::make_shared<PlacementDecision>();
            if (placements->decode(item, decision.get())) {
                s.key = ObjectKey{decision->metadata.namespaceName, decision->metadata.name};
                s.version = decision->metadata.resourceVersion;
                s.decoded = std::move(decision);
                continue;
            }
        }
        // Errors, unusual shapes and the other kinds: the DOM path, which names problems.
        s.object = nlohmann::json::parse(item.begin(), item.end(), nullptr, false);
        if (s.object.is_discarded())
            return false;
    }
    for (Staged &s : staged) {
        if (s.decoded)
            upsertDecoded(spec, s.key, std::move(s.version), std::move(s.decoded));
        else
            upsert(spec, s.object, true);
    }
    return true;
}

void HubCache::upsertDecoded(const ResourceSpec &spec, const ObjectKey &key, ResourceVersion version,
                             std::shared_ptr<const void> decoded)
{
    Table &t = table(spec.kind);
    t.seenInList[spec.namespaceName].insert(key);
    const ObjectMeta *known = t.objects.find(key);
    if (known && !version.isEmpty() && known->resourceVersion == version)
        return;
    t.objects.insert(decoded);
    t.pending.insert(key, std::move(decoded));
}

void HubCache::listFinished(const ResourceSpec &spec)
{
    Table &t = table(spec.kind);
    const QSet<ObjectKey> seen = t.seenInList.take(spec.namespaceName);
    const QList<ObjectKey> vanished = t.objects.keysWhere([&](const ObjectMeta &meta) {
        const ObjectKey key{meta.namespaceName, meta.name};
        return inScope(spec, key) && !seen.contains(key);
    });
    for (const ObjectKey &key : vanished)
        remove(spec.kind, key);
}

void HubCache::watchEvent(const ResourceSpec &spec, WatchEventType type, nlohmann::json &object)
{
    if (type != WatchEventType::Deleted) {
        upsert(spec, object, false);
        return;
    }
    ObjectKey key;
    ResourceVersion version;
    if (keyAndVersion(object, &key, &version))
        remove(spec.kind, key);
}

void HubCache::upsert(const ResourceSpec &spec, nlohmann::json &object, bool fromList)
{
    Table &t = table(spec.kind);
    ObjectKey key;
    ResourceVersion version;
    if (!keyAndVersion(object, &key, &version)) {
        m_decodeErrors.append(spec.describe() + QStringLiteral(": an object without metadata.name was skipped"));
        return;
    }
    if (fromList)
        t.seenInList[spec.namespaceName].insert(key);
    const ObjectMeta *known = t.objects.find(key);
    // Same resourceVersion: a replay (relist, re-watch), not a change.
    if (known && !version.isEmpty() && known->resourceVersion == version)
        return;

    QString error;
    std::shared_ptr<const void> decoded;
    switch (spec.kind) {
    case ResourceKind::ClusterProfiles: {
        auto record = std::make_shared<ProfileRecord>();
        if (decodeClusterProfile(object, &record->profile, &error)) {
            if (m_keepRawJson)
                record->rawJson = compactJson(object);
            decoded = std::move(record);
        }
        break;
    }
    case ResourceKind::PlacementDecisions: {
        auto decision = std::make_shared<PlacementDecision>();
        if (decodePlacementDecision(object, decision.get(), &error))
            decoded = std::move(decision);
        break;
    }
    case ResourceKind::Namespaces: {
        auto ns = std::make_shared<KubeNamespace>();
        if (decodeNamespace(object, ns.get(), &error))
            decoded = std::move(ns);
        break;
    }
    }
    if (!decoded) {
        // Skipped and reported; a stale earlier version must not linger as if current.
        m_decodeErrors.append(resourceKindName(spec.kind) + u' ' + key.toString() + QStringLiteral(": ") + error);
        if (known)
            remove(spec.kind, key);
        return;
    }
    t.objects.insert(decoded);
    t.pending.insert(key, std::move(decoded));
}

void HubCache::remove(ResourceKind kind, const ObjectKey &key)
{
    Table &t = table(kind);
    if (t.objects.remove(key))
        t.pending.insert(key, nullptr);
}

void HubCache::dropScope(const ResourceSpec &spec)
{
    Table &t = table(spec.kind);
    const QList<ObjectKey> dropped =
        t.objects.keysWhere([&](const ObjectMeta &meta) { return inScope(spec, {meta.namespaceName, meta.name}); });
    for (const ObjectKey &key : dropped)
        remove(spec.kind, key);
}

bool HubCache::hasPendingChanges() const
{
    if (!m_decodeErrors.isEmpty())
        return true;
    for (const Table &t : m_tables) {
        if (!t.pending.isEmpty())
            return true;
    }
    return false;
}

qsizetype HubCache::objectCount(ResourceKind kind) const
{
    return m_tables[int(kind)].objects.size();
}

HubDelta HubCache::takeDelta()
{
    HubDelta delta;
    for (auto it = table(ResourceKind::ClusterProfiles).pending.cbegin();
         it != table(ResourceKind::ClusterProfiles).pending.cend(); ++it) {
        if (it.value())
            delta.upsertedProfiles.append(std::static_pointer_cast<const ProfileRecord>(it.value()));
        else
            delta.removedProfiles.append(it.key());
    }
    for (auto it = table(ResourceKind::PlacementDecisions).pending.cbegin();
         it != table(ResourceKind::PlacementDecisions).pending.cend(); ++it) {
        if (it.value())
            delta.upsertedPlacements.append(std::static_pointer_cast<const PlacementDecision>(it.value()));
        else
            delta.removedPlacements.append(it.key());
    }
    for (auto it = table(ResourceKind::Namespaces).pending.cbegin(); it != table(ResourceKind::Namespaces).pending.cend();
         ++it) {
        if (it.value())
            delta.upsertedNamespaces.append(std::static_pointer_cast<const KubeNamespace>(it.value()));
        else
            delta.removedNamespaces.append(it.key().name);
    }
    for (Table &t : m_tables)
        t.pending.clear();
    delta.decodeErrors.swap(m_decodeErrors);
    return delta;
}

} // namespace fleetscope
