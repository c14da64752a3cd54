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

// The key and version are read before decoding so that even an undecodable
// object can be tracked (and removed when it is deleted).
bool keyAndVersion(const nlohmann::json &object, ObjectKey *key, QByteArray *version)
{
    const auto meta = object.find("metadata");
    if (meta == object.end() || !meta->is_object())
        return false;
    key->name = textAt(*meta, "name");
    key->namespaceName = textAt(*meta, "namespace");
    *version = textAt(*meta, "resourceVersion").toLatin1();
    return !key->name.isEmpty();
}

} // namespace

HubCache::HubCache(bool keepRawJson)
    : m_keepRawJson(keepRawJson)
{
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
        QByteArray version;
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

void HubCache::upsertDecoded(const ResourceSpec &spec, const ObjectKey &key, QByteArray version,
                             std::shared_ptr<const void> decoded)
{
    Table &t = table(spec.kind);
    // As keyAndVersion(): the version goes through QString::toLatin1().
    for (const char c : std::as_const(version)) {
        if (static_cast<unsigned char>(c) >= 0x80) {
            version = QString::fromUtf8(version).toLatin1();
            break;
        }
    }
    t.seenInList[spec.namespaceName].insert(key);
    const auto known = t.versions.constFind(key);
    if (known != t.versions.cend() && !version.isEmpty() && *known == version)
        return;
    t.versions.insert(key, version);
    t.pending.insert(key, std::move(decoded));
}

void HubCache::listFinished(const ResourceSpec &spec)
{
    Table &t = table(spec.kind);
    const QSet<ObjectKey> seen = t.seenInList.take(spec.namespaceName);
    QList<ObjectKey> vanished;
    for (auto it = t.versions.cbegin(); it != t.versions.cend(); ++it) {
        if (inScope(spec, it.key()) && !seen.contains(it.key()))
            vanished.append(it.key());
    }
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
    QByteArray version;
    if (keyAndVersion(object, &key, &version))
        remove(spec.kind, key);
}

void HubCache::upsert(const ResourceSpec &spec, nlohmann::json &object, bool fromList)
{
    Table &t = table(spec.kind);
    ObjectKey key;
    QByteArray version;
    if (!keyAndVersion(object, &key, &version)) {
        m_decodeErrors.append(spec.describe() + QStringLiteral(": an object without metadata.name was skipped"));
        return;
    }
    if (fromList)
        t.seenInList[spec.namespaceName].insert(key);
    const auto known = t.versions.constFind(key);
    // Same resourceVersion: a replay (relist, re-watch), not a change.
    if (known != t.versions.cend() && !version.isEmpty() && *known == version)
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
        if (known != t.versions.cend())
            remove(spec.kind, key);
        return;
    }
    t.versions.insert(key, version);
    t.pending.insert(key, std::move(decoded));
}

void HubCache::remove(ResourceKind kind, const ObjectKey &key)
{
    Table &t = table(kind);
    if (t.versions.remove(key))
        t.pending.insert(key, nullptr);
}

void HubCache::dropScope(const ResourceSpec &spec)
{
    Table &t = table(spec.kind);
    QList<ObjectKey> dropped;
    for (auto it = t.versions.cbegin(); it != t.versions.cend(); ++it) {
        if (inScope(spec, it.key()))
            dropped.append(it.key());
    }
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
    return m_tables[int(kind)].versions.size();
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
