#include "watchstream.h"

#include "validation.h"

#include "apistatus.h"
#include "faults.h"
#include "resourcetypes.h"

namespace fleetscope::hub {

namespace {
// kube-apiserver sends a bookmark about 2 s before a watch's deadline so that the client
// can resume from a fresh RV (cacher.go).
constexpr auto kFinalBookmarkLead = std::chrono::seconds(2);
// The watch cache waits this long for a too-new RV before answering 504 (watch_cache.go).
constexpr auto kTooNewWait = std::chrono::seconds(3);
} // namespace

WatchStream::WatchStream(const ObjectStore &store, FaultInjector *faults, WatchRequest request)
    : m_store(store)
    , m_faults(faults)
    , m_request(std::move(request))
    , m_printer(*m_request.type, m_request.apiVersion, m_request.include)
{
    const auto now = std::chrono::steady_clock::now();
    m_deadline = now + m_request.timeout;
    m_nextBookmark = now + m_request.bookmarkInterval;
}

bool WatchStream::matches(const nlohmann::json &object) const
{
    const nlohmann::json &meta = object["metadata"];
    if (!m_request.namespaceName.empty() && meta.value("namespace", std::string()) != m_request.namespaceName)
        return false;
    if (!m_request.fields.matches(object))
        return false;
    return m_request.labels.matches(meta.contains("labels") ? meta["labels"] : nlohmann::json());
}

void WatchStream::appendEvent(std::string *batch, const char *type, const nlohmann::json &object)
{
    // json.Encoder.Encode framing: one object per line.
    *batch += R"({"type":")";
    *batch += type;
    *batch += R"(","object":)";
    *batch += object.dump();
    *batch += "}\n";
}

void WatchStream::appendObjectEvent(std::string *batch, const char *type, const nlohmann::json &object)
{
    if (m_request.table) {
        m_printer.setNow(std::chrono::system_clock::now());
        nlohmann::json table = m_printer.table({std::make_shared<const nlohmann::json>(object)}, !m_columnsSent);
        m_columnsSent = true;
        table["metadata"]["resourceVersion"] = object["metadata"].value("resourceVersion", std::string());
        appendEvent(batch, type, table);
        return;
    }
    if (object.value("apiVersion", std::string()) == m_request.apiVersion) {
        appendEvent(batch, type, object);
    } else {
        nlohmann::json copy = object;
        copy["apiVersion"] = m_request.apiVersion;
        pruneForVersion(*m_request.type, versionOf(m_request.apiVersion), &copy);
        appendEvent(batch, type, copy);
    }
}

void WatchStream::appendBookmark(std::string *batch, bool initialEventsEnd)
{
    nlohmann::json object = {{"apiVersion", m_request.apiVersion},
                             {"kind", m_request.type->kind},
                             {"metadata", {{"resourceVersion", std::to_string(m_lastRv)}}}};
    if (initialEventsEnd)
        object["metadata"]["annotations"] = {{"k8s.io/initial-events-end", "true"}};
    appendEvent(batch, "BOOKMARK", object);
}

void WatchStream::appendError(std::string *batch, int code, const std::string &reason, const std::string &message)
{
    ApiError error{code, reason, message, nullptr, 0};
    appendEvent(batch, "ERROR", error.toStatus());
}

WatchStream::Step WatchStream::start(std::string *batch)
{
    m_started = true;
    if (m_request.startGone) {
        appendError(batch, 410, "Expired",
                    "too old resource version: " + std::to_string(m_request.resourceVersion.value_or(1)) + " ("
                        + std::to_string(m_store.currentRv()) + ")");
        return Step::Finished;
    }
    if (!m_request.resourceVersion || m_request.sendInitialEvents) {
        // Synthetic ADDED for the current state (consistent read), then live events.
        std::uint64_t rv = 0;
        const std::vector<ObjectPtr> objects = m_store.snapshot(*m_request.type, &rv);
        if (m_request.resourceVersion && *m_request.resourceVersion > rv) {
            if (!m_store.waitForRv(*m_request.resourceVersion, std::chrono::steady_clock::now() + kTooNewWait)) {
                const ApiError e = errors::tooLargeResourceVersion(*m_request.resourceVersion, rv);
                appendEvent(batch, "ERROR", e.toStatus());
                return Step::Finished;
            }
            return start(batch); // now new enough: take the snapshot again
        }
        for (const ObjectPtr &object : objects) {
            if (matches(*object))
                appendObjectEvent(batch, "ADDED", *object);
        }
        m_lastRv = rv;
        if (m_request.sendInitialEvents && m_request.allowBookmarks)
            appendBookmark(batch, true);
        return Step::Continue;
    }
    const std::uint64_t rv = *m_request.resourceVersion;
    if (rv > m_store.currentRv()
        && !m_store.waitForRv(rv, std::chrono::steady_clock::now() + kTooNewWait)) {
        const ApiError e = errors::tooLargeResourceVersion(rv, m_store.currentRv());
        appendEvent(batch, "ERROR", e.toStatus());
        return Step::Finished;
    }
    const std::uint64_t oldest = m_store.historyStartRv();
    if (rv < oldest) {
        // cacher.go: an expired RV is reported in a 200 stream as an ERROR event.
        appendError(batch, 410, "Expired",
                    "too old resource version: " + std::to_string(rv) + " (" + std::to_string(oldest + 1) + ")");
        return Step::Finished;
    }
    m_lastRv = rv;
    return Step::Continue;
}

WatchStream::Step WatchStream::next(std::vector<std::string> *chunks, std::chrono::milliseconds maxWait)
{
    chunks->clear();
    if (m_finished)
        return Step::Finished;
    std::string batch;
    if (!m_started) {
        const Step step = start(&batch);
        if (step != Step::Continue || !batch.empty())
            return deliver(std::move(batch), step, chunks);
    }
    const auto now = std::chrono::steady_clock::now();
    auto until = now + maxWait;
    if (m_request.allowBookmarks) {
        until = std::min(until, m_nextBookmark);
        if (!m_finalBookmarkSent)
            until = std::min(until, m_deadline - kFinalBookmarkLead);
    }
    until = std::min(until, m_deadline);
    std::vector<EventPtr> events;
    std::uint64_t scanned = m_lastRv;
    const ObjectStore::Poll poll = m_store.waitForEvents(m_lastRv, until, &events, &scanned);
    switch (poll) {
    case ObjectStore::Poll::Stopped:
        return deliver({}, Step::Finished, chunks);
    case ObjectStore::Poll::TooOld:
        // This watch fell out of the history window (a slow reader): the cacher's answer.
        appendError(&batch, 410, "Expired",
                    "too old resource version: " + std::to_string(m_lastRv) + " ("
                        + std::to_string(m_store.historyStartRv() + 1) + ")");
        return deliver(std::move(batch), Step::Finished, chunks);
    case ObjectStore::Poll::Events:
    case ObjectStore::Poll::Idle:
        break;
    }
    for (const EventPtr &e : events) {
        if (e->resource != m_request.type)
            continue;
        const bool now_ = matches(*e->object);
        const bool before = e->oldObject && matches(*e->oldObject);
        switch (e->type) {
        case EventType::Added:
            if (now_)
                appendObjectEvent(&batch, "ADDED", *e->object);
            break;
        case EventType::Modified:
            // Objects entering or leaving a selector look like ADDED/DELETED, as in kube.
            if (now_ && before)
                appendObjectEvent(&batch, "MODIFIED", *e->object);
            else if (now_)
                appendObjectEvent(&batch, "ADDED", *e->object);
            else if (before)
                appendObjectEvent(&batch, "DELETED", *e->object);
            break;
        case EventType::Deleted:
            if (now_)
                appendObjectEvent(&batch, "DELETED", *e->object);
            break;
        }
    }
    m_lastRv = scanned;
    const auto after = std::chrono::steady_clock::now();
    if (m_request.allowBookmarks) {
        if (!m_finalBookmarkSent && after >= m_deadline - kFinalBookmarkLead) {
            m_finalBookmarkSent = true;
            appendBookmark(&batch, false);
        } else if (after >= m_nextBookmark) {
            m_nextBookmark = after + m_request.bookmarkInterval;
            appendBookmark(&batch, false);
        }
    }
    // The body just ends at the deadline; clients re-watch from their last RV.
    return deliver(std::move(batch), after >= m_deadline ? Step::Finished : Step::Continue, chunks);
}

WatchStream::Step WatchStream::deliver(std::string batch, Step step, std::vector<std::string> *chunks)
{
    if (step == Step::Finished)
        m_finished = true;
    if (batch.empty())
        return step;
    if (m_faults && m_faults->fire(FaultKind::WatchDrop)) {
        // Cut inside the first event so the client sees a torn line and a dead connection.
        const std::size_t firstEnd = batch.find('\n');
        const std::size_t cut = 1 + m_faults->uniform(std::max<std::size_t>(firstEnd, 2) - 1);
        chunks->push_back(batch.substr(0, cut));
        m_finished = true;
        return Step::Abort;
    }
    if (m_faults && batch.size() > 1 && m_faults->fire(FaultKind::WatchSplit)) {
        // Two to four pieces at random offsets: events then span chunk boundaries.
        const std::size_t pieces = 2 + m_faults->uniform(3);
        std::size_t start = 0;
        for (std::size_t i = 1; i < pieces && start + 1 < batch.size(); ++i) {
            const std::size_t remaining = batch.size() - start;
            const std::size_t length = 1 + m_faults->uniform(remaining - 1);
            chunks->push_back(batch.substr(start, length));
            start += length;
        }
        if (start < batch.size())
            chunks->push_back(batch.substr(start));
        return step;
    }
    chunks->push_back(std::move(batch));
    return step;
}

} // namespace fleetscope::hub
