#include "churn.h"

#include "fleetgenerator.h"
#include "hubutil.h"
#include "jsonfields.h"
#include "objectstore.h"
#include "resourcetypes.h"

#include <optional>

namespace fleetscope::hub {


ChurnGenerator::ChurnGenerator(ObjectStore &store, double changesPerSecond, double forSeconds, std::uint64_t seed,
                               HealthChurnOptions health, PacedLoop::FaultSink onFault)
    : m_store(store)
    , m_rate(changesPerSecond)
    , m_random(seed ^ 0x9e3779b97f4a7c15ULL)
    , m_health(std::move(health))
    , m_loop(changesPerSecond, forSeconds, [this] { changeOnce(); }, std::move(onFault))
{
}

ChurnGenerator::~ChurnGenerator()
{
    stop();
}

void ChurnGenerator::start()
{
    if (m_rate <= 0 || m_loop.running())
        return;
    // What the model sets up at the start (never-healthy members) is there before
    // any client lists the fleet.
    if (m_steps == 0) {
        syncHealth();
        for (const HealthChange &change : m_health.advance(0, m_random))
            m_changes += applyHealth(change) ? 1 : 0;
    }
    m_loop.start();
}

void ChurnGenerator::stop()
{
    m_loop.stop();
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
                    m_health.remove(metadataString(*event->object, "namespace") + '/'
                                    + metadataString(*event->object, "name"));
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
    nlohmann::json conditions = arrayMemberOf(memberOf(object, "status"), "conditions");
    // A never-healthy member has been unhealthy since it joined.
    const std::string since = change.cause == HealthChange::Cause::NeverHealthy
        ? stringMemberOf(memberOf(object, "metadata"), "creationTimestamp", nowTimestamp())
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
            const nlohmann::json &labels = memberOf(memberOf(*all[m_random() % all.size()], "metadata"), "labels");
            set = stringMemberOf(labels, "multicluster.x-k8s.io/clusterset", set);
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
    const std::string ns = metadataString(object, "namespace");
    const std::string name = metadataString(object, "name");
    StoreResult result;
    if (!ephemeral.empty()) {
        const std::size_t slash = ephemeral.find('/');
        result = m_store.remove(profiles, ephemeral.substr(0, slash), ephemeral.substr(slash + 1));
    } else if (roll >= 90) {
        if (all.size() <= 1)
            return false;
        result = m_store.remove(profiles, ns, name);
    } else if (roll >= 70) {
        // A profile churn added has no status yet (status is a subresource): its
        // properties start empty.
        nlohmann::json properties = arrayMemberOf(memberOf(object, "status"), "properties");
        for (nlohmann::json &p : properties) {
            if (stringMemberOf(p, "name") == "count.node.k8s.io") {
                const int nodes = std::max(1, std::atoi(stringMemberOf(p, "value", "3").c_str())
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
