#include "churn.h"

#include "fleetgenerator.h"
#include "hubutil.h"
#include "objectstore.h"
#include "resourcetypes.h"

#include <optional>

namespace fleetscope::hub {


ChurnGenerator::ChurnGenerator(ObjectStore &store, double changesPerSecond, double forSeconds, std::uint64_t seed,
                               HealthChurnOptions health)
    : m_store(store)
    , m_rate(changesPerSecond)
    , m_forSeconds(forSeconds)
    , m_random(seed ^ 0x9e3779b97f4a7c15ULL)
    , m_health(std::move(health))
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
    // What the model sets up at the start (never-healthy members) is there before
    // any client lists the fleet.
    if (m_steps == 0) {
        syncHealth();
        for (const HealthChange &change : m_health.advance(0, m_random))
            m_changes += applyHealth(change) ? 1 : 0;
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = false;
    }
    m_churning = true;
    m_thread = std::thread([this] {
        run();
        m_churning = false;
    });
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

void ChurnGenerator::syncHealth()
{
    const ResourceType &profiles = *findResourceType(kMulticlusterGroup, "clusterprofiles");
    if (m_healthSynced) {
        std::vector<EventPtr> events;
        std::uint64_t scanned = m_healthRv;
        // A deadline in the past: only what is there, without waiting.
        const ObjectStore::Poll poll =
            m_store.waitForEvents(m_healthRv, std::chrono::steady_clock::time_point(), &events, &scanned);
        if (poll == ObjectStore::Poll::Stopped || poll == ObjectStore::Poll::Idle)
            return;
        if (poll == ObjectStore::Poll::Events) {
            for (const EventPtr &event : events) {
                if (event->resource != &profiles || !event->object)
                    continue;
                if (event->type == EventType::Deleted) {
                    const nlohmann::json &metadata = (*event->object)["metadata"];
                    m_health.remove(metadata.value("namespace", std::string()) + '/'
                                    + metadata.value("name", std::string()));
                } else {
                    m_health.update(healthStateOf(*event->object));
                }
            }
            m_healthRv = scanned;
            return;
        }
        // TooOld: the history moved past us (compaction, a small --history); look at everything.
    }
    std::uint64_t rv = 0;
    std::vector<ClusterHealthState> states;
    for (const ObjectPtr &object : m_store.snapshot(profiles, &rv))
        states.push_back(healthStateOf(*object));
    m_health.setFleet(states);
    m_healthRv = rv;
    m_healthSynced = true;
}

bool ChurnGenerator::applyHealth(const HealthChange &change)
{
    const ResourceType &profiles = *findResourceType(kMulticlusterGroup, "clusterprofiles");
    const std::size_t slash = change.key.find('/');
    const std::string ns = change.key.substr(0, slash);
    const std::string name = slash == std::string::npos ? std::string() : change.key.substr(slash + 1);
    const StoreResult current = m_store.get(profiles, ns, name);
    if (!current.error.ok() || !current.object)
        return false;
    const nlohmann::json &object = *current.object;
    nlohmann::json conditions = object.contains("status")
        ? object["status"].value("conditions", nlohmann::json::array())
        : nlohmann::json::array();
    // A never-healthy member has been unhealthy since it joined.
    const std::string since = change.cause == HealthChange::Cause::NeverHealthy
        ? object["metadata"].value("creationTimestamp", nowTimestamp())
        : nowTimestamp();
    applyHealthChange(&conditions, change, since);
    return m_store
        .patch(profiles, ns, name, PatchKind::Merge, {{"status", {{"conditions", conditions}}}}, Subresource::Status)
        .error.ok();
}

bool ChurnGenerator::changeOnce()
{
    const ResourceType &profiles = *findResourceType(kMulticlusterGroup, "clusterprofiles");
    const double now = m_rate > 0 ? double(m_steps) / m_rate : 0;
    ++m_steps;
    syncHealth();
    for (const HealthChange &change : m_health.advance(now, m_random))
        m_changes += applyHealth(change) ? 1 : 0;
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = m_store.snapshot(profiles, &rv);
    const unsigned roll = static_cast<unsigned>(m_random() % 100);
    bool add = all.empty() || roll >= 95;
    std::string ephemeral; // in the story, the added cluster to delete
    if (m_health.options().story && roll >= 90 && !all.empty()) {
        // Adds and deletes stay a tenth of the changes, but what comes and goes are
        // ephemeral clusters churn added, about ten at a time: the fleet's own
        // clusters, its never-healthy members and flappers included, stay.
        const double added = double(m_added.size());
        add = !(added > 0 && double(m_random() % 1000) / 1000 < added / (added + 10));
        if (!add) {
            const std::size_t at = m_random() % m_added.size();
            ephemeral = m_added[at];
            m_added[at] = m_added.back();
            m_added.pop_back();
        }
    }
    if (add) {
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
        if (result.error.ok() && m_health.options().story)
            m_added.push_back(profile["metadata"]["namespace"].get<std::string>() + '/'
                              + profile["metadata"]["name"].get<std::string>());
        m_changes += result.error.ok() ? 1 : 0;
        return result.error.ok();
    }
    const nlohmann::json &object = *all[m_random() % all.size()];
    const std::string ns = object["metadata"].value("namespace", std::string());
    const std::string name = object["metadata"].value("name", std::string());
    StoreResult result;
    if (!ephemeral.empty()) {
        const std::size_t slash = ephemeral.find('/');
        result = m_store.remove(profiles, ephemeral.substr(0, slash), ephemeral.substr(slash + 1));
    } else if (roll >= 90) {
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
        // Which cluster flips, and which way, is the health model's choice.
        const std::optional<HealthChange> flip = m_health.nextChange(m_random);
        if (!flip || !applyHealth(*flip))
            return false;
        ++m_changes;
        return true;
    }
    if (result.error.ok())
        ++m_changes;
    return result.error.ok();
}

} // namespace fleetscope::hub
