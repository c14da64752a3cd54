#include "hostilefaults.h"

#include "faults.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

namespace fleetscope::hub {

namespace {

constexpr std::size_t kHugeObjectBytes = 10 * 1000 * 1000;
constexpr int kDeepNesting = 100000;
constexpr std::int64_t kManyItems = 1000 * 1000;
constexpr std::int64_t kItemsPerChunk = 1000;
const char kPlaceholder[] = "\"fleetscope-hub-hostile-placeholder\"";

void replacePlaceholder(std::string *body, const std::string &with)
{
    const std::size_t at = body->find(kPlaceholder);
    if (at != std::string::npos)
        body->replace(at, sizeof(kPlaceholder) - 1, with);
}

// The list's envelope up to and including `"items":[`, for generated streams.
// (nlohmann sorts keys, which would put "items" before "kind" and "metadata").
std::string listHead(const nlohmann::json &list)
{
    const nlohmann::json metadata = {
        {"resourceVersion", list.contains("metadata") ? list["metadata"].value("resourceVersion", std::string("1"))
                                                      : std::string("1")}};
    return "{\"apiVersion\":" + nlohmann::json(list.value("apiVersion", std::string("v1"))).dump()
        + ",\"kind\":" + nlohmann::json(list.value("kind", std::string("List"))).dump()
        + ",\"metadata\":" + metadata.dump() + ",\"items\":[";
}

// One small object per item, spliced from text: a million json::dump calls would
// make the hub, not the client, the bottleneck.
struct FloodItems
{
    std::string prefix;
    std::string suffix;

    explicit FloodItems(const nlohmann::json &list)
    {
        std::string kind = list.value("kind", std::string("List"));
        if (kind.size() > 4 && kind.compare(kind.size() - 4, 4, "List") == 0)
            kind.resize(kind.size() - 4);
        prefix = "{\"apiVersion\":" + nlohmann::json(list.value("apiVersion", std::string("v1"))).dump()
            + ",\"kind\":" + nlohmann::json(kind).dump() + ",\"metadata\":{\"name\":\"flood-";
        suffix = "\",\"namespace\":\"flood\",\"resourceVersion\":\"1\"}}";
    }
    void append(std::string *out, std::int64_t index) const
    {
        *out += prefix;
        *out += std::to_string(index);
        *out += suffix;
    }
};

void sleepUnlessStopped(const std::function<bool()> &stopped, std::chrono::milliseconds total)
{
    const auto until = std::chrono::steady_clock::now() + total;
    while (std::chrono::steady_clock::now() < until && !stopped())
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

} // namespace

void applyHostileListFault(FaultInjector &faults, const std::function<bool()> &stopped, ApiResponse *response)
{
    if (response->status != 200 || response->body.empty())
        return;
    nlohmann::json list = nlohmann::json::parse(response->body, nullptr, false);
    if (!list.is_object() || !list.contains("items") || !list["items"].is_array())
        return;
    nlohmann::json &items = list["items"];

    const bool many = faults.fire(FaultKind::ManyItems);
    const bool endless = !many && faults.fire(FaultKind::Endless);
    if (many || endless) {
        auto next = std::make_shared<std::int64_t>(0);
        auto head = std::make_shared<std::string>(listHead(list));
        auto flood = std::make_shared<FloodItems>(list);
        response->body.clear();
        response->contentType = "application/json; charset=utf-8";
        response->generate = [flood, next, head, endless, stopped](std::string *chunk) {
            if (stopped())
                return false;
            if (*next == 0)
                *chunk = *head;
            const std::int64_t end = endless ? *next + kItemsPerChunk : std::min(*next + kItemsPerChunk, kManyItems);
            for (; *next < end; ++*next) {
                if (*next > 0)
                    chunk->push_back(',');
                flood->append(chunk, *next);
            }
            if (!endless && *next >= kManyItems) {
                *chunk += "]}";
                return false;
            }
            return true;
        };
        return;
    }
    if (faults.fire(FaultKind::BrokenGzip)) {
        response->brokenGzip = true;
        return;
    }
    if (items.empty())
        return;
    nlohmann::json &first = items[0];
    if (!first.is_object())
        return;
    std::string replacement;
    if (faults.fire(FaultKind::HugeObject)) {
        first["metadata"]["annotations"]["fleetscope-hub/padding"] = std::string(kHugeObjectBytes, 'x');
    } else if (faults.fire(FaultKind::DeepNesting)) {
        first["spec"]["nested"] = "fleetscope-hub-hostile-placeholder";
        replacement = std::string(kDeepNesting, '[') + std::string(kDeepNesting, ']');
    } else if (faults.fire(FaultKind::InvalidUtf8)) {
        first["spec"]["displayName"] = "fleetscope-hub-hostile-placeholder";
        replacement = "\"bad \xff\xfe\xc3 utf-8\"";
    } else if (faults.fire(FaultKind::DuplicateKeys)) {
        first["metadata"]["labels"] = "fleetscope-hub-hostile-placeholder";
        replacement = R"({"env":"first","env":"second"})";
    } else if (faults.fire(FaultKind::WrongTypes)) {
        first["spec"] = 42;
        if (items.size() > 1 && items[1].is_object())
            items[1]["metadata"]["labels"] = "not-a-map";
        if (items.size() > 2 && items[2].is_object())
            items[2]["status"] = {{"conditions", "not-a-list"}};
    } else {
        return;
    }
    response->body = list.dump();
    if (!replacement.empty())
        replacePlaceholder(&response->body, replacement);
}

bool applyHostileWatchFault(FaultInjector &faults, const std::function<bool()> &stopped, ApiResponse *response)
{
    if (!response->watch || !faults.fire(FaultKind::WatchDrip))
        return false;
    response->watch.reset();
    response->status = 200;
    response->contentType = "application/json; charset=utf-8";
    const std::string event =
        R"({"type":"BOOKMARK","object":{"kind":"ClusterProfile","apiVersion":"multicluster.x-k8s.io/v1alpha1","metadata":{"resourceVersion":"1"}}})"
        "\n";
    auto offset = std::make_shared<std::size_t>(0);
    response->generate = [event, offset, stopped](std::string *chunk) {
        if (*offset > 0)
            sleepUnlessStopped(stopped, std::chrono::seconds(1));
        if (stopped())
            return false;
        chunk->assign(1, event[*offset % event.size()]);
        ++*offset;
        return true;
    };
    return true;
}

bool applyNoAnswerFault(FaultInjector &faults, ApiResponse *response)
{
    if (!faults.fire(FaultKind::NoAnswer))
        return false;
    // The server's delay loop ends on shutdown, so a stopped hub still joins its threads.
    response->delay = std::chrono::hours(24);
    return true;
}

} // namespace fleetscope::hub
