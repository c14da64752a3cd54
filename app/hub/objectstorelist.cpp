#include "objectstore.h"

#include "hubutil.h"
#include "resourcetypes.h"

// LIST: selectors, pages and continue tokens. Continuations read a snapshot at the first
// page's RV, rebuilt from the event history, so pages are consistent as in etcd3.

namespace fleetscope::hub {

namespace {

std::string metaValue(const nlohmann::json &object, const char *key)
{
    if (!object.is_object() || !object.contains("metadata") || !object["metadata"].is_object())
        return {};
    const nlohmann::json &meta = object["metadata"];
    return meta.contains(key) && meta[key].is_string() ? meta[key].get<std::string>() : std::string();
}

} // namespace

namespace {

// Continue tokens: base64url JSON like etcd3's, carrying the snapshot RV, the last key
// served and when it was issued (the hub expires tokens by age as compaction would).
std::string encodeContinue(std::uint64_t rv, const std::string &startAfter)
{
    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    const nlohmann::json token = {{"v", "meta.k8s.io/v1"}, {"rv", rv}, {"start", startAfter}, {"issued", now}};
    return base64Encode(token.dump(), true);
}

bool decodeContinue(const std::string &text, std::uint64_t *rv, std::string *startAfter, long long *issuedMs)
{
    std::string raw;
    if (!base64Decode(text, &raw))
        return false;
    const nlohmann::json token = nlohmann::json::parse(raw, nullptr, false);
    if (!token.is_object() || !token.contains("rv") || !token["rv"].is_number_unsigned() || !token.contains("start")
        || !token["start"].is_string() || !token.contains("issued") || !token["issued"].is_number_integer())
        return false;
    *rv = token["rv"].get<std::uint64_t>();
    *startAfter = token["start"].get<std::string>();
    *issuedMs = token["issued"].get<long long>();
    return true;
}

} // namespace

const char *const kContinueExpiredMessage =
    "The provided continue parameter is too old to display a consistent list result. You can start a new list "
    "without the continue parameter.";

ListResult ObjectStore::list(const ListRequest &request) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    ListResult result;
    const ResourceType &type = *request.type;
    Bucket snapshotBucket;
    const Bucket *source = nullptr;
    std::string startAfter;
    if (!request.continueToken.empty()) {
        std::uint64_t rv = 0;
        long long issuedMs = 0;
        if (!decodeContinue(request.continueToken, &rv, &startAfter, &issuedMs)) {
            result.error = errors::badRequest("continue key is not valid: illegal base64 data or JSON");
            return result;
        }
        const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
        if (request.forceExpireContinue || now - issuedMs > m_continueTtl.count()
            || !snapshotAtLocked(type, rv, &snapshotBucket)) {
            result.error = errors::expired(kContinueExpiredMessage);
            return result;
        }
        source = &snapshotBucket;
        result.rv = rv;
    } else if (request.exactRv) {
        if (!snapshotAtLocked(type, *request.exactRv, &snapshotBucket)) {
            result.error = *request.exactRv > m_rv
                ? errors::tooLargeResourceVersion(*request.exactRv, m_rv)
                : errors::expired("The resourceVersion for the provided list is too old.");
            return result;
        }
        source = &snapshotBucket;
        result.rv = *request.exactRv;
    } else {
        const auto bucket = m_objects.find(&type);
        source = bucket == m_objects.end() ? &snapshotBucket : &bucket->second;
        result.rv = m_rv;
    }
    const std::string pinned = request.fields.pinnedName();
    auto it = startAfter.empty() ? source->begin() : source->upper_bound(startAfter);
    std::string lastKey;
    std::int64_t remaining = 0;
    bool full = false;
    for (; it != source->end(); ++it) {
        const nlohmann::json &object = *it->second;
        if (!request.namespaceName.empty() && metaValue(object, "namespace") != request.namespaceName)
            continue;
        if (!pinned.empty() && metaValue(object, "name") != pinned)
            continue;
        if (!request.fields.matches(object))
            continue;
        if (!request.labels.empty()) {
            const nlohmann::json &meta = object["metadata"];
            if (!request.labels.matches(meta.contains("labels") ? meta["labels"] : nlohmann::json()))
                continue;
        }
        if (full) {
            ++remaining;
            continue;
        }
        result.items.push_back(it->second);
        lastKey = it->first;
        if (request.limit > 0 && result.items.size() >= request.limit)
            full = true;
    }
    if (remaining > 0) {
        result.continueToken = encodeContinue(result.rv, lastKey);
        // An estimate, and omitted with selectors, as etcd3 does.
        if (request.labels.empty() && request.fields.empty())
            result.remainingItemCount = remaining;
    }
    return result;
}

} // namespace fleetscope::hub
