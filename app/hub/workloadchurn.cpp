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

// Keeps an Event stream bounded like the apiserver's one-hour event TTL would.
constexpr std::size_t kMaxEvents = 500;

} // namespace

WorkloadChurn::WorkloadChurn(ObjectStore &store, double changesPerSecond, std::uint64_t seed,
                             PacedLoop::FaultSink onFault)
    : m_store(store)
    , m_random(seed ^ 0x7f4a7c159e3779b9ULL)
    , m_loop(changesPerSecond, 0, [this] { changeOnce(); }, std::move(onFault))
{
}

WorkloadChurn::~WorkloadChurn()
{
    stop();
}

void WorkloadChurn::start()
{
    m_loop.start();
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
        changed = moveDeployment();
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
    const StoreResult result = m_store.patch(pods, metadataString(pod, "namespace"), metadataString(pod, "name"), PatchKind::Merge,
                                             {{"status", {{"phase", phase}, {"containerStatuses", statuses}}}},
                                             Subresource::Status);
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
    return m_store.create(pods, ns, std::move(replacement), true).error.ok();
}

bool WorkloadChurn::addEvent()
{
    const ResourceType &pods = type("", "pods");
    const ResourceType &events = type("", "events");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(pods, &rv);
    if (all.empty())
        return false;
    const std::vector<ObjectPtr> existing = m_store.snapshot(events, &rv);
    if (existing.size() >= kMaxEvents) {
        const nlohmann::json &oldest = *existing[m_random() % existing.size()];
        m_store.remove(events, metadataString(oldest, "namespace"), metadataString(oldest, "name"));
    }
    const nlohmann::json &pod = *all[m_random() % all.size()];
    const std::string now = nowTimestamp();
    const bool warning = m_random() % 3 == 0;
    const std::string container = pod["spec"]["containers"][0].value("name", std::string("app"));
    nlohmann::json event = {
        {"apiVersion", "v1"},
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
        {"firstTimestamp", now},
        {"lastTimestamp", now}};
    return m_store.create(events, metadataString(pod, "namespace"), std::move(event)).error.ok();
}

bool WorkloadChurn::moveDeployment()
{
    const ResourceType &deployments = type("apps", "deployments");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(deployments, &rv);
    if (all.empty())
        return false;
    const nlohmann::json &d = *all[m_random() % all.size()];
    const int replicas = d["spec"].value("replicas", 1);
    const int ready = d.contains("status") ? d["status"].value("readyReplicas", replicas) : replicas;
    const int next = ready >= replicas ? std::max(0, replicas - 1) : replicas;
    return m_store.patch(deployments, metadataString(d, "namespace"), metadataString(d, "name"), PatchKind::Merge,
                         {{"status", {{"readyReplicas", next}, {"availableReplicas", next}}}}, Subresource::Status)
        .error.ok();
}

} // namespace fleetscope::hub
