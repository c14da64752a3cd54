#pragma once

#include "objectstore.h"
#include "selectors.h"
#include "tableprinter.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fleetscope::hub {

class FaultInjector;
struct ResourceType;

struct WatchRequest
{
    const ResourceType *type = nullptr;
    std::string apiVersion; // what objects in events carry ("multicluster.x-k8s.io/v1alpha2")
    std::string namespaceName;
    LabelSelector labels;
    FieldSelector fields;
    std::optional<std::uint64_t> resourceVersion; // unset (or "0") = start with the current state
    bool allowBookmarks = false;
    bool sendInitialEvents = false;
    bool table = false;
    IncludeObject include = IncludeObject::Metadata;
    std::chrono::milliseconds timeout{std::chrono::minutes(30)};
    std::chrono::milliseconds bookmarkInterval{std::chrono::minutes(1)};
    bool startGone = false; // fault: ERROR 410 right away
};

// One open watch, independent of the HTTP library so that tests can drive it directly.
// The HTTP layer calls next() in its worker thread and writes each returned chunk.
class WatchStream final
{
public:
    WatchStream(const ObjectStore &store, FaultInjector *faults, WatchRequest request);
    WatchStream(const WatchStream &) = delete;
    WatchStream &operator=(const WatchStream &) = delete;

    enum class Step {
        Continue, // write the chunks, call again
        Finished, // write the chunks, then end the body normally (0-chunk)
        Abort     // write the chunks, then drop the connection (no 0-chunk)
    };
    // Blocks at most `maxWait` when there is nothing to send, so that the caller can notice
    // a server stop or a vanished client. Chunks are never empty.
    Step next(std::vector<std::string> *chunks, std::chrono::milliseconds maxWait);

    std::uint64_t lastResourceVersion() const { return m_lastRv; }

private:
    Step start(std::string *batch);
    void appendEvent(std::string *batch, const char *type, const nlohmann::json &object);
    void appendObjectEvent(std::string *batch, const char *type, const nlohmann::json &object);
    void appendBookmark(std::string *batch, bool initialEventsEnd);
    void appendError(std::string *batch, int code, const std::string &reason, const std::string &message);
    bool matches(const nlohmann::json &object) const;
    Step deliver(std::string batch, Step step, std::vector<std::string> *chunks);

    const ObjectStore &m_store;
    FaultInjector *m_faults;
    WatchRequest m_request;
    TablePrinter m_printer;
    std::uint64_t m_lastRv = 0;
    bool m_started = false;
    bool m_finished = false;
    bool m_columnsSent = false;
    bool m_finalBookmarkSent = false;
    std::chrono::steady_clock::time_point m_deadline;
    std::chrono::steady_clock::time_point m_nextBookmark;
};

} // namespace fleetscope::hub
