#pragma once

#include "apistatus.h"
#include "selectors.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace fleetscope::hub {

struct ResourceType;

using ObjectPtr = std::shared_ptr<const nlohmann::json>;

enum class EventType { Added, Modified, Deleted };
const char *eventTypeName(EventType type);

// One change, kept in the bounded history that watches and consistent pages read from.
// Objects are immutable and shared, so fanning an event out to many watches copies nothing.
struct StoredEvent
{
    std::uint64_t rv = 0;
    EventType type = EventType::Added;
    const ResourceType *resource = nullptr;
    ObjectPtr object;    // the new state; for DELETED the last state (with the deletion RV)
    ObjectPtr oldObject; // the state before (MODIFIED and DELETED), to undo and to detect selector exits
};
using EventPtr = std::shared_ptr<const StoredEvent>;

enum class Subresource { None, Status };
enum class PatchKind { Merge, Json };

struct StoreResult
{
    ApiError error;
    ObjectPtr object;
    bool created = false;
};

struct ListRequest
{
    const ResourceType *type = nullptr;
    std::string namespaceName; // "" = all namespaces
    LabelSelector labels;
    FieldSelector fields;
    std::size_t limit = 0; // 0 = everything
    std::string continueToken;
    std::optional<std::uint64_t> exactRv; // resourceVersionMatch=Exact
    bool forceExpireContinue = false;     // fault injection
};

struct ListResult
{
    ApiError error;
    std::vector<ObjectPtr> items;
    std::uint64_t rv = 0;
    std::string continueToken;
    std::optional<std::int64_t> remainingItemCount;
};

// All objects of all kinds, one resourceVersion counter, a bounded event history.
// Thread-safe: HTTP handlers, watch threads, the churn generator and tests share it.
class ObjectStore final
{
public:
    explicit ObjectStore(std::size_t historyLimit = 10000);
    ObjectStore(const ObjectStore &) = delete;
    ObjectStore &operator=(const ObjectStore &) = delete;

    void setContinueTtl(std::chrono::milliseconds ttl);
    void setHistoryLimit(std::size_t limit);

    // Seeds an object as it is (status kept, namespace auto-created), without an event:
    // fleet files and generated fleets are the state before any watch can start.
    bool load(nlohmann::json object, std::string *error);

    // API verbs. `namespaceName` is the one from the URL ("" for cluster-scoped kinds).
    // `version` is the one the request was made through ("" = the storage version): its
    // schema prunes the object and validates it (validation.h).
    StoreResult create(const ResourceType &type, const std::string &namespaceName, nlohmann::json object,
                       bool keepStatus = false, const std::string &version = {});
    StoreResult update(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                       nlohmann::json object, Subresource subresource, const std::string &version = {});
    StoreResult patch(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                      PatchKind kind, const nlohmann::json &patch, Subresource subresource,
                      const std::string &version = {});
    StoreResult remove(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                       const std::string &preconditionRv = {});
    StoreResult get(const ResourceType &type, const std::string &namespaceName, const std::string &name) const;
    ListResult list(const ListRequest &request) const;
    // Every object of a kind right now (sorted by namespace/name) and the RV they represent.
    std::vector<ObjectPtr> snapshot(const ResourceType &type, std::uint64_t *rv) const;
    std::size_t count(const ResourceType &type) const;

    std::uint64_t currentRv() const;
    // Events with rv > everything before this are still in the history.
    std::uint64_t historyStartRv() const;

    enum class Poll { Events, Idle, TooOld, Stopped };
    // Waits until `deadline` for events newer than `afterRv`. `scannedRv` becomes the newest
    // RV looked at, which a bookmark may safely report.
    Poll waitForEvents(std::uint64_t afterRv, std::chrono::steady_clock::time_point deadline,
                       std::vector<EventPtr> *events, std::uint64_t *scannedRv) const;
    // Waits (as the watch cache does, up to `deadline`) until the store reached `rv`.
    bool waitForRv(std::uint64_t rv, std::chrono::steady_clock::time_point deadline) const;

    // Forgets the event history, as an etcd compaction at a new revision does: open
    // watches end with 410 Expired, and resuming from any resourceVersion seen so far too.
    void compact();

    // Wakes every waiter; used on server stop so that watches end promptly.
    void shutdown();
    void reopen();
    bool isShutdown() const;

private:
    using Bucket = std::map<std::string, ObjectPtr>; // key "ns/name" sorts like etcd keys
    StoreResult writeLocked(const ResourceType &type, const nlohmann::json *old, nlohmann::json next,
                            Subresource subresource, const std::string &version);
    void recordLocked(EventType type, const ResourceType &resource, ObjectPtr object, ObjectPtr oldObject);
    bool snapshotAtLocked(const ResourceType &type, std::uint64_t rv, Bucket *out) const;
    StoreResult createLocked(const ResourceType &type, const std::string &namespaceName, nlohmann::json object,
                             bool keepStatus, bool record, const std::string &version = {});
    StoreResult removeLocked(const ResourceType &type, const std::string &namespaceName, const std::string &name,
                             const std::string &preconditionRv);

    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    std::map<const ResourceType *, Bucket> m_objects;
    std::deque<EventPtr> m_history;
    std::size_t m_historyLimit;
    std::uint64_t m_rv = 100;
    std::uint64_t m_historyStartRv = 100;
    std::chrono::milliseconds m_continueTtl{std::chrono::minutes(5)};
    bool m_shutdown = false;
};

std::string objectKey(const std::string &namespaceName, const std::string &name);

} // namespace fleetscope::hub
