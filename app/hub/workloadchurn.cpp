#include "workloadchurn.h"

#include "hubutil.h"
#include "jsonfields.h"
#include "objectstore.h"
#include "resourcetypes.h"
#include "workloadgenerator.h"

namespace fleetscope::hub {

namespace {

const ResourceType &type(const char *group, const char *plural)
{
    return *findResourceType(group, plural);
}

// Events live an hour, as the apiserver's --event-ttl keeps them; a cap besides
// for a churn much faster than the demo's.
constexpr auto kEventTtl = std::chrono::hours(1);
constexpr std::size_t kMaxEvents = 500;
// The share of changes that are new Events (changeOnce's rolls 85–94).
constexpr double kEventShare = 0.10;
// The generator's largest Deployment.
constexpr int kMaxReplicas = 6;

} // namespace

WorkloadChurn::WorkloadChurn(ObjectStore &store, double changesPerSecond, std::uint64_t seed,
                             PacedLoop::FaultSink onFault)
    : m_store(store)
    , m_random(seed ^ 0x7f4a7c159e3779b9ULL)
    , m_changesPerSecond(changesPerSecond)
    , m_loop(changesPerSecond, 0, [this] { changeOnce(); }, std::move(onFault))
{
}

WorkloadChurn::~WorkloadChurn()
{
    stop();
}

void WorkloadChurn::start()
{
    backfillEvents();
    m_loop.start();
}

void WorkloadChurn::backfillEvents()
{
    // A running cluster has the last hour's Events already: starting with them, the
    // member's memory is what it will stay, not an hour of growth.
    const ResourceType &pods = type("", "pods");
    const ResourceType &events = type("", "events");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(pods, &rv);
    if (all.empty() || m_changesPerSecond <= 0)
        return;
    const auto hourOf = std::chrono::duration_cast<std::chrono::seconds>(kEventTtl).count();
    const auto count = std::min<std::size_t>(kMaxEvents, std::size_t(m_changesPerSecond * kEventShare * double(hourOf)));
    const auto now = std::chrono::system_clock::now();
    for (std::size_t i = 0; i < count; ++i) {
        const nlohmann::json &pod = *all[m_random() % all.size()];
        const auto at = now - std::chrono::seconds(std::int64_t(m_random() % std::uint64_t(hourOf)));
        m_store.create(events, metadataString(pod, "namespace"), eventAbout(pod, at));
    }
}

nlohmann::json WorkloadChurn::eventAbout(const nlohmann::json &pod, std::chrono::system_clock::time_point at)
{
    const std::string when = formatTimestamp(at);
    const bool warning = m_random() % 3 == 0;
    const std::string container = pod["spec"]["containers"][0].value("name", std::string("app"));
    return {{"apiVersion", "v1"},
            {"kind", "Event"},
            {"metadata", {{"name", metadataString(pod, "name") + ".churn" + std::to_string(++m_eventIndex)},
                          {"namespace", metadataString(pod, "namespace")}}},
            {"involvedObject", {{"kind", "Pod"}, {"name", metadataString(pod, "name")}, {"namespace", metadataString(pod, "namespace")},
                                {"fieldPath", "spec.containers{" + container + "}"}}},
            {"reason", warning ? "BackOff" : "Pulled"},
            {"message", warning ? "Back-off restarting failed container " + container
                                : "Container image \"" + pod["spec"]["containers"][0].value("image", std::string()) + "\" already present on machine"},
            {"type", warning ? "Warning" : "Normal"},
            {"source", {{"component", "kubelet"}, {"host", pod["spec"].value("nodeName", std::string())}}},
            {"count", 1},
            {"firstTimestamp", when},
            {"lastTimestamp", when}};
}

void WorkloadChurn::stop()
{
    m_loop.stop();
}

bool WorkloadChurn::changeOnce()
{
    const unsigned roll = unsigned(m_random() % 100);
    bool changed = false;
    if (roll < 55)
        changed = restartPod(false);
    else if (roll < 75)
        changed = restartPod(true);
    else if (roll < 85)
        changed = replacePod();
    else if (roll < 95)
        changed = addEvent();
    else
        changed = scaleDeployment();
    if (changed)
        ++m_changes;
    return changed;
}

bool WorkloadChurn::restartPod(bool toggleCrashLoop)
{
    const ResourceType &pods = type("", "pods");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(pods, &rv);
    if (all.empty())
        return false;
    const nlohmann::json &pod = *all[m_random() % all.size()];
    if (!pod.contains("status") || !pod["status"].contains("containerStatuses"))
        return false;
    nlohmann::json statuses = pod["status"]["containerStatuses"];
    nlohmann::json &status = statuses[0];
    const bool crashLooping = status.contains("state") && status["state"].contains("waiting")
        && status["state"]["waiting"].value("reason", std::string()) == "CrashLoopBackOff";
    const std::string now = nowTimestamp();
    std::string phase = pod["status"].value("phase", std::string("Running"));
    if (toggleCrashLoop && crashLooping) {
        status["ready"] = true;
        status["state"] = {{"running", {{"startedAt", now}}}};
    } else if (toggleCrashLoop || crashLooping) {
        status["ready"] = false;
        status["restartCount"] = status.value("restartCount", 0) + 1;
        status["state"] = {{"waiting", {{"reason", "CrashLoopBackOff"},
                                       {"message", "back-off 40s restarting failed container"}}}};
        status["lastState"] = {{"terminated", {{"exitCode", 1}, {"reason", "Error"}, {"finishedAt", now}}}};
    } else {
        status["ready"] = true;
        status["restartCount"] = status.value("restartCount", 0) + 1;
        status["state"] = {{"running", {{"startedAt", now}}}};
        status["lastState"] = {{"terminated", {{"exitCode", 137}, {"reason", "OOMKilled"}, {"finishedAt", now}}}};
    }
    if (phase == "Pending")
        phase = "Running";
    const std::string ns = metadataString(pod, "namespace");
    const StoreResult result = m_store.patch(pods, ns, metadataString(pod, "name"), PatchKind::Merge,
                                             {{"status", {{"phase", phase}, {"containerStatuses", statuses}}}},
                                             Subresource::Status);
    if (result.error.ok())
        countReplicas(ns, appOf(pod));
    return result.error.ok();
}

bool WorkloadChurn::replacePod()
{
    const ResourceType &pods = type("", "pods");
    const ResourceType &deployments = type("apps", "deployments");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(pods, &rv);
    const std::vector<ObjectPtr> owners = m_store.snapshot(deployments, &rv);
    if (all.empty() || owners.empty())
        return false;
    const nlohmann::json &pod = *all[m_random() % all.size()];
    const std::string ns = metadataString(pod, "namespace");
    const std::string app = pod["metadata"].contains("labels") ? pod["metadata"]["labels"].value("app", std::string()) : std::string();
    const StoreResult owner = m_store.get(deployments, ns, app);
    if (!owner.object)
        return false;
    if (!m_store.remove(pods, ns, metadataString(pod, "name")).error.ok())
        return false;
    const std::string node = pod["spec"].value("nodeName", std::string("node-000"));
    nlohmann::json replacement = generatePod(m_random, *owner.object, node, std::chrono::system_clock::now());
    const bool created = m_store.create(pods, ns, std::move(replacement), true).error.ok();
    countReplicas(ns, app);
    return created;
}

bool WorkloadChurn::addEvent()
{
    const ResourceType &pods = type("", "pods");
    const ResourceType &events = type("", "events");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(pods, &rv);
    if (all.empty())
        return false;
    const auto now = std::chrono::system_clock::now();
    std::vector<ObjectPtr> existing = m_store.snapshot(events, &rv);
    for (const ObjectPtr &event : existing) {
        std::chrono::system_clock::time_point last;
        const nlohmann::json &stamp = event->contains("lastTimestamp") ? (*event)["lastTimestamp"] : nlohmann::json();
        if (stamp.is_string() && parseTimestamp(stamp.get<std::string>(), &last) && now - last > kEventTtl)
            m_store.remove(events, metadataString(*event, "namespace"), metadataString(*event, "name"));
    }
    if (existing.size() >= kMaxEvents) {
        const nlohmann::json &oldest = *existing[m_random() % existing.size()];
        m_store.remove(events, metadataString(oldest, "namespace"), metadataString(oldest, "name"));
    }
    const nlohmann::json &pod = *all[m_random() % all.size()];
    return m_store.create(events, metadataString(pod, "namespace"), eventAbout(pod, now)).error.ok();
}

bool WorkloadChurn::scaleDeployment()
{
    const ResourceType &pods = type("", "pods");
    const ResourceType &deployments = type("apps", "deployments");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(deployments, &rv);
    if (all.empty())
        return false;
    const nlohmann::json &d = *all[m_random() % all.size()];
    const std::string ns = metadataString(d, "namespace");
    const std::string name = metadataString(d, "name");
    const int replicas = d.contains("spec") ? d["spec"].value("replicas", 1) : 1;
    const bool up = replicas <= 1 || (replicas < kMaxReplicas && m_random() % 2 == 0);
    const std::vector<ObjectPtr> own = podsOf(ns, name);
    if (up) {
        std::string node = "node-000";
        if (!own.empty() && own.front()->contains("spec"))
            node = (*own.front())["spec"].value("nodeName", node);
        if (!m_store.create(pods, ns, generatePod(m_random, d, node, std::chrono::system_clock::now()), true).error.ok())
            return false;
    } else if (!own.empty()) {
        if (!m_store.remove(pods, ns, metadataString(*own[m_random() % own.size()], "name")).error.ok())
            return false;
    }
    const int next = up ? replicas + 1 : replicas - 1;
    const StoreResult scaled = m_store.patch(deployments, ns, name, PatchKind::Merge,
                                             {{"spec", {{"replicas", next}}}}, Subresource::None);
    countReplicas(ns, name);
    return scaled.error.ok();
}

std::vector<ObjectPtr> WorkloadChurn::podsOf(const std::string &namespaceName, const std::string &app) const
{
    std::uint64_t rv = 0;
    std::vector<ObjectPtr> own;
    for (ObjectPtr &pod : m_store.snapshot(type("", "pods"), &rv)) {
        if (metadataString(*pod, "namespace") == namespaceName && appOf(*pod) == app)
            own.push_back(std::move(pod));
    }
    return own;
}

void WorkloadChurn::countReplicas(const std::string &namespaceName, const std::string &app)
{
    const ResourceType &deployments = type("apps", "deployments");
    const StoreResult owner = m_store.get(deployments, namespaceName, app);
    if (app.empty() || !owner.object)
        return;
    int count = 0;
    int ready = 0;
    for (const ObjectPtr &pod : podsOf(namespaceName, app)) {
        ++count;
        const nlohmann::json *statuses = pod->contains("status") ? &(*pod)["status"] : nullptr;
        if (statuses && statuses->contains("containerStatuses") && (*statuses)["containerStatuses"].is_array()
            && !(*statuses)["containerStatuses"].empty()
            && (*statuses)["containerStatuses"][0].value("ready", false))
            ++ready;
    }
    const nlohmann::json &d = *owner.object;
    const nlohmann::json status = d.contains("status") ? d["status"] : nlohmann::json::object();
    if (status.value("replicas", -1) == count && status.value("readyReplicas", -1) == ready
        && status.value("observedGeneration", 0) == d["metadata"].value("generation", 1))
        return;
    m_store.patch(deployments, namespaceName, app, PatchKind::Merge,
                  {{"status", {{"replicas", count}, {"updatedReplicas", count}, {"readyReplicas", ready},
                               {"availableReplicas", ready},
                               {"observedGeneration", d["metadata"].value("generation", 1)}}}},
                  Subresource::Status);
}

std::string WorkloadChurn::appOf(const nlohmann::json &pod)
{
    if (!pod.contains("metadata") || !pod["metadata"].contains("labels") || !pod["metadata"]["labels"].is_object())
        return {};
    return pod["metadata"]["labels"].value("app", std::string());
}

} // namespace fleetscope::hub
