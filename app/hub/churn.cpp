#include "churn.h"

#include "fleetgenerator.h"
#include "hubutil.h"
#include "objectstore.h"
#include "resourcetypes.h"

namespace fleetscope::hub {

ChurnGenerator::ChurnGenerator(ObjectStore &store, double changesPerSecond, double forSeconds, std::uint64_t seed)
    : m_store(store)
    , m_rate(changesPerSecond)
    , m_forSeconds(forSeconds)
    , m_random(seed ^ 0x9e3779b97f4a7c15ULL)
{
}

ChurnGenerator::~ChurnGenerator()
{
    stop();
}

void ChurnGenerator::start()
{
    if (m_rate <= 0 || m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = false;
    }
    m_thread = std::thread([this] { run(); });
}

void ChurnGenerator::stop()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void ChurnGenerator::run()
{
    using clock = std::chrono::steady_clock;
    const auto begin = clock::now();
    const auto end = m_forSeconds > 0 ? begin + std::chrono::milliseconds(static_cast<long long>(m_forSeconds * 1000))
                                      : clock::time_point::max();
    std::uint64_t done = 0;
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopping) {
        const auto now = clock::now();
        if (now >= end)
            break;
        // Catch up to the schedule in one go: high rates do not depend on timer precision.
        const double elapsed = std::chrono::duration<double>(now - begin).count();
        const auto due = static_cast<std::uint64_t>(elapsed * m_rate);
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
        m_wake.wait_until(lock, std::min(next, end), [this] { return m_stopping; });
    }
}

bool ChurnGenerator::changeOnce()
{
    const ResourceType &profiles = *findResourceType(kMulticlusterGroup, "clusterprofiles");
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(profiles, &rv);
    const unsigned roll = static_cast<unsigned>(m_random() % 100);
    if (all.empty() || roll >= 95) {
        // Add: into the namespace of an existing profile, or the first generated set.
        std::string set = "prod";
        if (!all.empty()) {
            const nlohmann::json &labels = (*all[m_random() % all.size()])["metadata"]["labels"];
            set = labels.value("multicluster.x-k8s.io/clusterset", set);
        }
        nlohmann::json profile = generateClusterProfile(m_random, ++m_nextIndex, set);
        profile["metadata"].erase("creationTimestamp");
        std::string error;
        const StoreResult result = m_store.create(profiles, profile["metadata"]["namespace"].get<std::string>(),
                                                  profile, true);
        if (!result.error.ok() && result.error.code == 404) {
            // Its namespace is gone: recreate it like a manager would.
            m_store.create(*findResourceType("", "namespaces"), {},
                           {{"apiVersion", "v1"},
                            {"kind", "Namespace"},
                            {"metadata",
                             {{"name", clusterSetNamespace(set)},
                              {"labels", {{"multicluster.x-k8s.io/clusterset", set}}}}}});
            return false;
        }
        m_changes += result.error.ok() ? 1 : 0;
        return result.error.ok();
    }
    const nlohmann::json &object = *all[m_random() % all.size()];
    const std::string ns = object["metadata"].value("namespace", std::string());
    const std::string name = object["metadata"].value("name", std::string());
    StoreResult result;
    if (roll >= 90) {
        if (all.size() <= 1)
            return false;
        result = m_store.remove(profiles, ns, name);
    } else if (roll >= 70) {
        nlohmann::json properties = object["status"].value("properties", nlohmann::json::array());
        for (nlohmann::json &p : properties) {
            if (p.value("name", std::string()) == "count.node.k8s.io") {
                const int nodes = std::max(1, std::atoi(p.value("value", std::string("3")).c_str())
                                                  + static_cast<int>(m_random() % 7) - 3);
                p["value"] = std::to_string(nodes);
                p["lastObservedTime"] = nowTimestamp();
            }
        }
        result = m_store.patch(profiles, ns, name, PatchKind::Merge, {{"status", {{"properties", properties}}}},
                               Subresource::Status);
    } else {
        nlohmann::json conditions = object.contains("status")
            ? object["status"].value("conditions", nlohmann::json::array())
            : nlohmann::json::array();
        const std::string manager = object["spec"]["clusterManager"].value("name", std::string());
        const std::string type = healthConditionType(manager);
        bool found = false;
        for (nlohmann::json &c : conditions) {
            if (c.value("type", std::string()) != type)
                continue;
            found = true;
            const bool healthy = c.value("status", std::string()) != "True";
            c["status"] = healthy ? "True" : "False";
            c["reason"] = healthyReason(manager, healthy);
            c["message"] = healthy ? "Cluster is available."
                                   : "Agent heartbeat lost for 5m.";
            c["lastTransitionTime"] = nowTimestamp();
        }
        if (!found) {
            conditions.push_back({{"type", type},
                                  {"status", "True"},
                                  {"reason", healthyReason(manager, true)},
                                  {"message", "Cluster is available."},
                                  {"lastTransitionTime", nowTimestamp()}});
        }
        result = m_store.patch(profiles, ns, name, PatchKind::Merge, {{"status", {{"conditions", conditions}}}},
                               Subresource::Status);
    }
    if (result.error.ok())
        ++m_changes;
    return result.error.ok();
}

} // namespace fleetscope::hub
