#include "objectstore.h"

#include "hubutil.h"
#include "jsonfields.h"
#include "patches.h"
#include "resourcetypes.h"
#include "validation.h"

#include <algorithm>

namespace fleetscope::hub {

const char *eventTypeName(EventType type)
{
    switch (type) {
    case EventType::Added:
        return "ADDED";
    case EventType::Modified:
        return "MODIFIED";
    case EventType::Deleted:
        return "DELETED";
    }
    return "ADDED";
}

std::string objectKey(const std::string &namespaceName, const std::string &name)
{
    return namespaceName.empty() ? name : namespaceName + "/" + name;
}

namespace {


// Everything but metadata and status: a change here bumps metadata.generation.
nlohmann::json specPart(const nlohmann::json &object)
{
    nlohmann::json copy = object;
    copy.erase("metadata");
    copy.erase("status");
    copy.erase("apiVersion");
    copy.erase("kind");
    return copy;
}

const ResourceType &namespaceType()
{
    return *findResourceType("", "namespaces");
}

} // namespace

ObjectStore::ObjectStore(std::size_t historyLimit)
    : m_historyLimit(std::max<std::size_t>(historyLimit, 1))
{
}

void ObjectStore::setContinueTtl(std::chrono::milliseconds ttl)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_continueTtl = ttl;
}

void ObjectStore::setHistoryLimit(std::size_t limit)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_historyLimit = std::max<std::size_t>(limit, 1);
}

bool ObjectStore::load(nlohmann::json object, std::string *error)
{
    std::string version;
    const ResourceType *type = findResourceTypeForObject(object.value("apiVersion", std::string()),
                                                         object.value("kind", std::string()), &version);
    if (!type) {
        *error = "unsupported object apiVersion=" + object.value("apiVersion", std::string())
            + " kind=" + object.value("kind", std::string());
        return false;
    }
    std::lock_guard<std::mutex> lock(m_mutex);
    std::string ns = metadataString(object, "namespace");
    if (type->namespaced) {
        if (ns.empty())
            ns = "default";
        // Fleet files may omit their namespaces; a real hub would have them.
        if (!m_objects[&namespaceType()].count(ns)) {
            nlohmann::json nsObject = {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns}}}};
            createLocked(namespaceType(), {}, nsObject, false, false);
        }
    }
    if (type->kind == "Namespace") {
        // Several fleet files may declare the same namespace: merge their labels.
        Bucket &bucket = m_objects[type];
        const auto existing = bucket.find(metadataString(object, "name"));
        if (existing != bucket.end()) {
            nlohmann::json merged = *existing->second;
            if (object["metadata"].contains("labels") && object["metadata"]["labels"].is_object())
                merged["metadata"]["labels"].update(object["metadata"]["labels"]);
            existing->second = std::make_shared<const nlohmann::json>(std::move(merged));
            return true;
        }
    }
    StoreResult result = createLocked(*type, type->namespaced ? ns : std::string(), std::move(object), true, false);
    if (!result.error.ok()) {
        *error = result.error.message;
        return false;
    }
    // Watches may only start after what was loaded.
    m_historyStartRv = m_rv;
    return true;
}

StoreResult ObjectStore::create(const ResourceType &type, const std::string &namespaceName, nlohmann::json object,
                                bool keepStatus, const std::string &version)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return createLocked(type, namespaceName, std::move(object), keepStatus, true, version);
}

StoreResult ObjectStore::createLocked(const ResourceType &type, const std::string &namespaceName,
                                      nlohmann::json object, bool keepStatus, bool record, const std::string &version)
{
    StoreResult result;
    if (!object.is_object()) {
        result.error = errors::badRequest("the body of the request is not a JSON object");
        return result;
    }
    if (!object.contains("metadata") || !object["metadata"].is_object())
        object["metadata"] = nlohmann::json::object();
    nlohmann::json &meta = object["metadata"];
    std::string ns;
    if (type.namespaced) {
        const std::string bodyNs = metadataString(object, "namespace");
        if (!bodyNs.empty() && !namespaceName.empty() && bodyNs != namespaceName) {
            result.error = errors::badRequest(
                "the namespace of the provided object does not match the namespace sent on the request");
            return result;
        }
        ns = namespaceName.empty() ? bodyNs : namespaceName;
        meta["namespace"] = ns;
        if (!m_objects[&namespaceType()].count(ns)) {
            result.error = errors::notFound(namespaceType(), ns);
            return result;
        }
    } else {
        meta.erase("namespace");
    }
    std::string name = metadataString(object, "name");
    if (name.empty() && !metadataString(object, "generateName").empty()) {
        name = metadataString(object, "generateName") + randomAlnum(5);
        meta["name"] = name;
    }
    if (name.empty()) {
        result.error = errors::invalid(type.qualifiedKind(), "",
                                       {{"metadata.name", "FieldValueRequired",
                                         "Required value: name or generateName is required"}});
        return result;
    }
    Bucket &bucket = m_objects[&type];
    const std::string key = objectKey(ns, name);
    if (bucket.count(key)) {
        result.error = errors::alreadyExists(type, name);
        return result;
    }
    object["apiVersion"] = type.groupVersion(type.storageVersion);
    object["kind"] = type.kind;
    // The status subresource makes the main resource ignore status on create (CRD strategy).
    if (type.hasStatus && !keepStatus && type.isCustomResource)
        object.erase("status");
    if (type.kind == "Namespace") {
        object["spec"] = {{"finalizers", {"kubernetes"}}};
        object["status"] = {{"phase", "Active"}};
        if (!meta.contains("labels") || !meta["labels"].is_object())
            meta["labels"] = nlohmann::json::object();
        meta["labels"]["kubernetes.io/metadata.name"] = name;
    }
    pruneForVersion(type, version, &object);
    result.error = validateObject(type, object, nullptr, version);
    if (!result.error.ok())
        return result;
    meta["uid"] = randomUuid();
    if (!meta.contains("creationTimestamp") || !meta["creationTimestamp"].is_string() || record)
        meta["creationTimestamp"] = nowTimestamp();
    if (type.isCustomResource)
        meta["generation"] = 1;
    meta["resourceVersion"] = std::to_string(++m_rv);
    auto stored = std::make_shared<const nlohmann::json>(std::move(object));
    bucket[key] = stored;
    if (record)
        recordLocked(EventType::Added, type, stored, nullptr);
    result.object = stored;
    result.created = true;
    return result;
}

StoreResult ObjectStore::get(const ResourceType &type, const std::string &namespaceName,
                             const std::string &name) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    StoreResult result;
    const auto bucket = m_objects.find(&type);
    const std::string key = objectKey(type.namespaced ? namespaceName : std::string(), name);
    if (bucket == m_objects.end() || !bucket->second.count(key))
        result.error = errors::notFound(type, name);
    else
        result.object = bucket->second.at(key);
    return result;
}

StoreResult ObjectStore::update(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                                nlohmann::json object, Subresource subresource, const std::string &version)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    StoreResult result;
    const std::string ns = type.namespaced ? namespaceName : std::string();
    Bucket &bucket = m_objects[&type];
    const auto it = bucket.find(objectKey(ns, name));
    if (!object.is_object()) {
        result.error = errors::badRequest("the body of the request is not a JSON object");
        return result;
    }
    const std::string bodyName = metadataString(object, "name");
    if (!bodyName.empty() && bodyName != name) {
        result.error = errors::badRequest("the name of the object (" + bodyName
                                          + ") does not match the name on the URL (" + name + ")");
        return result;
    }
    if (it == bucket.end()) {
        // CRDs do not allow create-on-update.
        result.error = errors::notFound(type, name);
        return result;
    }
    const nlohmann::json &old = *it->second;
    const std::string bodyRv = metadataString(object, "resourceVersion");
    if (bodyRv.empty() && type.isCustomResource) {
        result.error = errors::invalid(type.qualifiedKind(), name,
                                       {{"metadata.resourceVersion", "FieldValueInvalid",
                                         "Invalid value: 0x0: must be specified for an update"}});
        return result;
    }
    if (!bodyRv.empty() && bodyRv != metadataString(old, "resourceVersion")) {
        result.error = errors::staleObject(type, name);
        return result;
    }
    return writeLocked(type, &old, std::move(object), subresource, version);
}

StoreResult ObjectStore::writeLocked(const ResourceType &type, const nlohmann::json *old, nlohmann::json next,
                                     Subresource subresource, const std::string &version)
{
    StoreResult result;
    nlohmann::json merged;
    if (subresource == Subresource::Status) {
        // The status strategy keeps everything but status from the stored object.
        merged = *old;
        if (next.contains("status"))
            merged["status"] = next["status"];
        else
            merged.erase("status");
    } else {
        merged = std::move(next);
        if (type.hasStatus) {
            // The main resource ignores status when the kind has a status subresource.
            if (old->contains("status"))
                merged["status"] = (*old)["status"];
            else
                merged.erase("status");
        }
        if (!merged.contains("metadata") || !merged["metadata"].is_object())
            merged["metadata"] = nlohmann::json::object();
        nlohmann::json &meta = merged["metadata"];
        const nlohmann::json &oldMeta = (*old)["metadata"];
        // Identity and server-owned fields cannot be changed by an update.
        for (const char *key : {"name", "namespace", "uid", "creationTimestamp", "generation"}) {
            if (oldMeta.contains(key))
                meta[key] = oldMeta[key];
            else
                meta.erase(key);
        }
    }
    // The apiserver reads the stored object through the request's version too, so
    // what that version's schema lacks is gone after the write.
    pruneForVersion(type, version, &merged);
    merged["apiVersion"] = (*old)["apiVersion"];
    merged["kind"] = (*old)["kind"];
    merged["metadata"]["resourceVersion"] = (*old)["metadata"]["resourceVersion"];
    if (merged == *old) {
        // A no-op write keeps the object and its RV, as etcd3's GuaranteedUpdate does.
        result.object = std::make_shared<const nlohmann::json>(merged);
        return result;
    }
    result.error = validateObject(type, merged, old, version);
    if (!result.error.ok())
        return result;
    if (type.isCustomResource && subresource == Subresource::None && specPart(merged) != specPart(*old))
        merged["metadata"]["generation"] = (*old)["metadata"].value("generation", 1) + 1;
    merged["metadata"]["resourceVersion"] = std::to_string(++m_rv);
    const std::string key = objectKey(metadataString(merged, "namespace"), metadataString(merged, "name"));
    auto stored = std::make_shared<const nlohmann::json>(std::move(merged));
    Bucket &bucket = m_objects[&type];
    ObjectPtr previous = bucket[key];
    bucket[key] = stored;
    recordLocked(EventType::Modified, type, stored, previous);
    result.object = stored;
    return result;
}

StoreResult ObjectStore::patch(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                               PatchKind kind, const nlohmann::json &patchBody, Subresource subresource,
                               const std::string &version)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    StoreResult result;
    const std::string ns = type.namespaced ? namespaceName : std::string();
    Bucket &bucket = m_objects[&type];
    const auto it = bucket.find(objectKey(ns, name));
    if (it == bucket.end()) {
        result.error = errors::notFound(type, name);
        return result;
    }
    const ObjectPtr old = it->second;
    nlohmann::json patched;
    if (kind == PatchKind::Merge) {
        if (!patchBody.is_object()) {
            result.error = errors::badRequest("the body of the merge patch is not a JSON object");
            return result;
        }
        patched = applyMergePatch(*old, patchBody);
    } else {
        patched = *old;
        std::string error;
        if (!applyJsonPatch(&patched, patchBody, &error)) {
            result.error = {422, "Invalid", "the server rejected our request due to an error in our request: " + error,
                            nullptr, 0};
            return result;
        }
    }
    // A patch that sets metadata.resourceVersion is a precondition (optimistic concurrency).
    const std::string patchedRv = metadataString(patched, "resourceVersion");
    if (!patchedRv.empty() && patchedRv != metadataString(*old, "resourceVersion")) {
        result.error = errors::staleObject(type, name);
        return result;
    }
    if (!patched.is_object() || (patched.contains("metadata") && !patched["metadata"].is_object())) {
        result.error = errors::badRequest("the patch produced an object that is not a valid " + type.kind);
        return result;
    }
    return writeLocked(type, old.get(), std::move(patched), subresource, version);
}

StoreResult ObjectStore::remove(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                                const std::string &preconditionRv)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return removeLocked(type, namespaceName, name, preconditionRv);
}

StoreResult ObjectStore::removeLocked(const ResourceType &type, const std::string &namespaceName,
                                      const std::string &name, const std::string &preconditionRv)
{
    StoreResult result;
    const std::string ns = type.namespaced ? namespaceName : std::string();
    Bucket &bucket = m_objects[&type];
    const auto it = bucket.find(objectKey(ns, name));
    if (it == bucket.end()) {
        result.error = errors::notFound(type, name);
        return result;
    }
    if (!preconditionRv.empty() && preconditionRv != metadataString(*it->second, "resourceVersion")) {
        result.error = errors::conflict(type, name,
                                        "Precondition failed: ResourceVersion in precondition: " + preconditionRv
                                            + ", ResourceVersion in object meta: "
                                            + metadataString(*it->second, "resourceVersion"));
        return result;
    }
    if (type.kind == "Namespace") {
        // No finalizers here: a namespace and its content go at once.
        for (auto &entry : m_objects) {
            if (!entry.first->namespaced)
                continue;
            std::vector<std::string> names;
            for (const auto &object : entry.second) {
                if (metadataString(*object.second, "namespace") == name)
                    names.push_back(metadataString(*object.second, "name"));
            }
            for (const std::string &n : names)
                removeLocked(*entry.first, name, n, {});
        }
    }
    const ObjectPtr previous = it->second;
    bucket.erase(objectKey(ns, name));
    nlohmann::json last = *previous;
    // DELETED carries the last state with the deletion's RV, as the watch cache sends it.
    last["metadata"]["resourceVersion"] = std::to_string(++m_rv);
    auto stored = std::make_shared<const nlohmann::json>(std::move(last));
    recordLocked(EventType::Deleted, type, stored, previous);
    result.object = stored;
    return result;
}

void ObjectStore::recordLocked(EventType type, const ResourceType &resource, ObjectPtr object, ObjectPtr oldObject)
{
    auto event = std::make_shared<StoredEvent>();
    event->rv = m_rv;
    event->type = type;
    event->resource = &resource;
    event->object = std::move(object);
    event->oldObject = std::move(oldObject);
    m_history.push_back(std::move(event));
    while (m_history.size() > m_historyLimit) {
        m_historyStartRv = m_history.front()->rv;
        m_history.pop_front();
    }
    m_changed.notify_all();
}

std::vector<ObjectPtr> ObjectStore::snapshot(const ResourceType &type, std::uint64_t *rv) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<ObjectPtr> out;
    const auto bucket = m_objects.find(&type);
    if (bucket != m_objects.end()) {
        out.reserve(bucket->second.size());
        for (const auto &entry : bucket->second)
            out.push_back(entry.second);
    }
    *rv = m_rv;
    return out;
}

std::size_t ObjectStore::count(const ResourceType &type) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto bucket = m_objects.find(&type);
    return bucket == m_objects.end() ? 0 : bucket->second.size();
}

std::uint64_t ObjectStore::currentRv() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_rv;
}

std::uint64_t ObjectStore::historyStartRv() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_historyStartRv;
}

bool ObjectStore::snapshotAtLocked(const ResourceType &type, std::uint64_t rv, Bucket *out) const
{
    if (rv < m_historyStartRv || rv > m_rv)
        return false;
    const auto bucket = m_objects.find(&type);
    *out = bucket == m_objects.end() ? Bucket() : bucket->second;
    // Undo newer events, newest first: the history is the MVCC log of this store.
    for (auto it = m_history.rbegin(); it != m_history.rend() && (*it)->rv > rv; ++it) {
        const StoredEvent &e = **it;
        if (e.resource != &type)
            continue;
        const std::string key = objectKey(metadataString(*e.object, "namespace"), metadataString(*e.object, "name"));
        if (e.type == EventType::Added)
            out->erase(key);
        else
            (*out)[key] = e.oldObject;
    }
    return true;
}

ObjectStore::Poll ObjectStore::waitForEvents(std::uint64_t afterRv, std::chrono::steady_clock::time_point deadline,
                                             std::vector<EventPtr> *events, std::uint64_t *scannedRv) const
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait_until(lock, deadline, [&] { return m_shutdown || m_rv > afterRv; });
    if (m_shutdown)
        return Poll::Stopped;
    if (afterRv < m_historyStartRv)
        return Poll::TooOld;
    *scannedRv = std::max(afterRv, m_rv);
    if (m_rv <= afterRv)
        return Poll::Idle;
    auto first = std::upper_bound(m_history.begin(), m_history.end(), afterRv,
                                  [](std::uint64_t rv, const EventPtr &e) { return rv < e->rv; });
    for (; first != m_history.end(); ++first)
        events->push_back(*first);
    return Poll::Events;
}

bool ObjectStore::waitForRv(std::uint64_t rv, std::chrono::steady_clock::time_point deadline) const
{
    std::unique_lock<std::mutex> lock(m_mutex);
    return m_changed.wait_until(lock, deadline, [&] { return m_shutdown || m_rv >= rv; }) && m_rv >= rv;
}

void ObjectStore::compact()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_history.clear();
    m_historyStartRv = ++m_rv;
    m_changed.notify_all();
}

void ObjectStore::shutdown()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_shutdown = true;
    m_changed.notify_all();
}

void ObjectStore::reopen()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_shutdown = false;
}

bool ObjectStore::isShutdown() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_shutdown;
}

} // namespace fleetscope::hub
