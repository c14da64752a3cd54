#include "workloadchurn.h"

#include "hubutil.h"
#include "objectstore.h"
#include "resourcetypes.h"
#include "workloadgenerator.h"

namespace fleetscope::hub {

namespace {

const ResourceType &type(const char *group, const char *plural)
{
    return *findResourceType(group, plural);
}

std::string metaOf(const nlohmann::json &object, const char *key)
{
    return object["metadata"].value(key, std::string());
}

// Keeps an Event stream bounded like the apiserver's one-hour event TTL would.
constexpr std::size_t kMaxEvents = 500;

} // namespace

WorkloadChurn::WorkloadChurn(ObjectStore &store, double changesPerSecond, std::uint64_t seed)
    : m_store(store)
    , m_rate(changesPerSecond)
    , m_random(seed ^ 0x7f4a7c159e3779b9ULL)
{
}

WorkloadChurn::~WorkloadChurn()
{
    stop();
}

void WorkloadChurn::start()
{
    if (m_rate <= 0 || m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = false;
    }
    m_thread = std::thread([this] { run(); });
}

void WorkloadChurn::stop()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void WorkloadChurn::run()
{
    using clock = std::chrono::steady_clock;
    const auto begin = clock::now();
    std::uint64_t done = 0;
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopping) {
        // Catch up to the schedule in one go: high rates do not depend on timer precision.
        const auto due = static_cast<std::uint64_t>(std::chrono::duration<double>(clock::now() - begin).count() * m_rate);
        if (done < due) {
            const std::uint64_t batch = due - done;
            lock.unlock();
            for (std::uint64_t i = 0; i < batch; ++i)
                changeOnce();
            lock.lock();
            done = due;
            continue;
        }
        const auto next = begin + std::chrono::microseconds(static_cast<long long>((done + 1) * 1e6 / m_rate));
        m_wake.wait_until(lock, next, [this] { return m_stopping; });
    }
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
    const StoreResult result = m_store.patch(pods, metaOf(pod, "namespace"), metaOf(pod, "name"), PatchKind::Merge,
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
    const std::string ns = metaOf(pod, "namespace");
    const std::string app = pod["metadata"].contains("labels") ? pod["metadata"]["labels"].value("app", std::string()) : std::string();
    const StoreResult owner = m_store.get(deployments, ns, app);
    if (!owner.object)
        return false;
    if (!m_store.remove(pods, ns, metaOf(pod, "name")).error.ok())
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
        m_store.remove(events, metaOf(oldest, "namespace"), metaOf(oldest, "name"));
    }
    const nlohmann::json &pod = *all[m_random() % all.size()];
    const std::string now = nowTimestamp();
    const bool warning = m_random() % 3 == 0;
    const std::string container = pod["spec"]["containers"][0].value("name", std::string("app"));
    nlohmann::json event = {
        {"apiVersion", "v1"},
        {"kind", "Event"},
        {"metadata", {{"name", metaOf(pod, "name") + ".churn" + std::to_string(++m_eventIndex)},
                      {"namespace", metaOf(pod, "namespace")}}},
        {"involvedObject", {{"kind", "Pod"}, {"name", metaOf(pod, "name")}, {"namespace", metaOf(pod, "namespace")},
                            {"fieldPath", "spec.containers{" + container + "}"}}},
        {"reason", warning ? "BackOff" : "Pulled"},
        {"message", warning ? "Back-off restarting failed container " + container
                            : "Container image \"" + pod["spec"]["containers"][0].value("image", std::string()) + "\" already present on machine"},
        {"type", warning ? "Warning" : "Normal"},
        {"source", {{"component", "kubelet"}, {"host", pod["spec"].value("nodeName", std::string())}}},
        {"count", 1},
        {"firstTimestamp", now},
        {"lastTimestamp", now}};
    return m_store.create(events, metaOf(pod, "namespace"), std::move(event)).error.ok();
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
    return m_store.patch(deployments, metaOf(d, "namespace"), metaOf(d, "name"), PatchKind::Merge,
                         {{"status", {{"readyReplicas", next}, {"availableReplicas", next}}}}, Subresource::Status)
        .error.ok();
}

} // namespace fleetscope::hub
