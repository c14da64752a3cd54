#include "healthchurn.h"

#include "fleetgenerator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace fleetscope::hub {

namespace {

// The first incident comes sooner than the later ones: someone trying the demo
// should see one within minutes.
constexpr double kFirstIncidentMin = 5 * 60;
constexpr double kFirstIncidentMax = 10 * 60;
// Clusters of an incident go down over this long, and come back over that long.
constexpr double kOnsetSpread = 60;
constexpr double kRecoverySpread = 90;

struct NeverHealthyText
{
    const char *manager;
    const char *reason;
    const char *message;
};
// Why a member never became healthy, in its manager's words: what the details pane shows.
const NeverHealthyText kNeverHealthy[] = {
    {"open-cluster-management", "HubClientCertificateExpired",
     "The klusterlet's hub client certificate expired, so the agent can no longer renew its lease. "
     "Approve the cluster's pending certificate signing request on the hub."},
    {"kubefleet", "MemberAgentUnauthorized",
     "The member agent is refused by the hub (401 Unauthorized): its token was revoked. "
     "Re-join the member cluster to give the agent a new one."},
    {"gke-fleet", "ConnectAgentMissing",
     "The membership was registered, but no Connect agent has ever connected from the cluster."},
};

struct IncidentText
{
    const char *reason;
    const char *message; // %s: the clusterset
};
const IncidentText kIncidents[] = {
    {"APIServerUnreachable", "API server unreachable: etcd quorum lost in the %s control-plane zone."},
    {"UpgradeStalled", "Control-plane upgrade to v1.34.1 stalled in %s: an admission webhook times out."},
    {"AgentDisconnected", "Agent lost its connection to the hub: network partition between the hub and %s."},
};

double uniform(std::mt19937_64 &random, double low, double high)
{
    // Not std::uniform_real_distribution: its algorithm is the library's choice, and the
    // same seed must give the same story everywhere.
    const double unit = static_cast<double>(random() >> 11) * 0x1.0p-53;
    return low + (high - low) * unit;
}

// FNV-1a: a stable hash, so a key's place in the flaky pool does not depend on the library.
std::uint64_t stableHash(const std::string &text)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return h;
}

const NeverHealthyText &neverHealthyText(const std::string &manager)
{
    for (const NeverHealthyText &t : kNeverHealthy) {
        if (manager == t.manager)
            return t;
    }
    return kNeverHealthy[0];
}

} // namespace

void HealthChurn::KeySet::insert(const std::string &key)
{
    if (m_index.count(key))
        return;
    m_index.emplace(key, m_keys.size());
    m_keys.push_back(key);
}

void HealthChurn::KeySet::erase(const std::string &key)
{
    const auto it = m_index.find(key);
    if (it == m_index.end())
        return;
    const std::size_t at = it->second;
    m_index.erase(it);
    if (at + 1 != m_keys.size()) {
        m_keys[at] = std::move(m_keys.back());
        m_index[m_keys[at]] = at;
    }
    m_keys.pop_back();
}

HealthChurn::HealthChurn(HealthChurnOptions options)
    : m_options(std::move(options))
    , m_leaveAlone(m_options.leaveAlone.begin(), m_options.leaveAlone.end())
    , m_nextIncident(std::numeric_limits<double>::quiet_NaN())
{
}

bool HealthChurn::isNeverHealthyReason(const std::string &reason)
{
    return std::any_of(std::begin(kNeverHealthy), std::end(kNeverHealthy),
                       [&reason](const NeverHealthyText &t) { return reason == t.reason; });
}

std::vector<std::string> HealthChurn::neverHealthyKeys() const
{
    std::vector<std::string> keys(m_neverHealthy.begin(), m_neverHealthy.end());
    for (const auto &[key, cluster] : m_clusters) {
        if (isNeverHealthyReason(cluster.reason) && !m_neverHealthy.count(key))
            keys.push_back(key);
    }
    std::sort(keys.begin(), keys.end());
    return keys;
}

bool HealthChurn::decidesPool(const ClusterHealthState &cluster)
{
    const auto known = m_inPool.find(cluster.key);
    if (known != m_inPool.end())
        return known->second;
    bool in = true;
    if (m_options.story) {
        // Profiles without the health condition or a clusterset are the producers'
        // own shapes, there to be linted as they are.
        in = cluster.reportsHealth && !cluster.clusterSet.empty()
            && (!cluster.healthy || stableHash(cluster.key) % 1000 < m_healthyPoolPermille);
    }
    m_inPool.emplace(cluster.key, in);
    return in;
}

void HealthChurn::place(const ClusterHealthState &cluster)
{
    if (m_leaveAlone.count(cluster.key) || m_neverHealthy.count(cluster.key) || isNeverHealthyReason(cluster.reason)
        || m_incident.held.count(cluster.key) || !decidesPool(cluster))
        return;
    (cluster.healthy ? m_poolHealthy : m_poolUnhealthy).insert(cluster.key);
}

void HealthChurn::unplace(const std::string &key)
{
    m_poolHealthy.erase(key);
    m_poolUnhealthy.erase(key);
}

void HealthChurn::setFleet(const std::vector<ClusterHealthState> &clusters)
{
    if (m_seen) {
        // A resync: what is gone goes, the rest is updated; pools and target stay.
        std::set<std::string> present;
        for (const ClusterHealthState &c : clusters)
            present.insert(c.key);
        std::vector<std::string> gone;
        for (const auto &entry : m_clusters) {
            if (!present.count(entry.first))
                gone.push_back(entry.first);
        }
        for (const std::string &key : gone)
            remove(key);
        for (const ClusterHealthState &c : clusters)
            update(c);
        return;
    }
    m_seen = true;
    std::vector<const ClusterHealthState *> sorted;
    for (const ClusterHealthState &c : clusters)
        sorted.push_back(&c);
    std::sort(sorted.begin(), sorted.end(),
              [](const ClusterHealthState *a, const ClusterHealthState *b) { return a->key < b->key; });
    auto candidate = [this](const ClusterHealthState &c) {
        return !m_leaveAlone.count(c.key) && !isNeverHealthyReason(c.reason)
            && (!m_options.story || (c.reportsHealth && !c.clusterSet.empty()));
    };
    if (m_options.story) {
        // Never-healthy members: unhealthy ones already (the mix stays), one per
        // manager in turn, so that each manager's reason appears.
        int wanted = m_options.neverHealthy;
        for (const ClusterHealthState *c : sorted)
            wanted -= isNeverHealthyReason(c->reason) ? 1 : 0;
        for (int round = 0; wanted > 0 && round < 8; ++round) {
            for (const NeverHealthyText &text : kNeverHealthy) {
                for (const ClusterHealthState *c : sorted) {
                    if (wanted > 0 && candidate(*c) && !c->healthy && c->manager == text.manager
                        && !m_neverHealthy.count(c->key)) {
                        m_neverHealthy.insert(c->key);
                        --wanted;
                        break;
                    }
                }
            }
        }
        // As many healthy clusters in the flaky pool as unhealthy ones, so the pool
        // hovers around half and most of the fleet stays steady.
        std::size_t healthy = 0, unhealthy = 0;
        for (const ClusterHealthState *c : sorted) {
            if (!candidate(*c) || m_neverHealthy.count(c->key))
                continue;
            (c->healthy ? healthy : unhealthy) += 1;
        }
        m_healthyPoolPermille = healthy == 0 ? 0 : unsigned(std::min<std::size_t>(1000, unhealthy * 1000 / healthy));
    }
    for (const ClusterHealthState *c : sorted) {
        m_clusters[c->key] = *c;
        place(*c);
    }
    const std::size_t pool = m_poolHealthy.size() + m_poolUnhealthy.size();
    m_target = pool == 0 ? 0 : double(m_poolUnhealthy.size()) / double(pool);
}

void HealthChurn::update(const ClusterHealthState &cluster)
{
    const auto known = m_clusters.find(cluster.key);
    if (!cluster.healthy && (known == m_clusters.end() || known->second.healthy))
        m_unhealthySince[cluster.key] = m_now;
    m_clusters[cluster.key] = cluster;
    if (isNeverHealthyReason(cluster.reason))
        m_neverHealthy.erase(cluster.key); // it says so itself now
    unplace(cluster.key);
    place(cluster);
}

void HealthChurn::remove(const std::string &key)
{
    m_clusters.erase(key);
    m_inPool.erase(key);
    m_unhealthySince.erase(key);
    m_neverHealthy.erase(key);
    m_incident.held.erase(key);
    unplace(key);
}

HealthChange HealthChurn::change(const ClusterHealthState &cluster, HealthChange::Cause cause,
                                 const std::string &status, std::string reason, std::string message) const
{
    HealthChange c;
    c.key = cluster.key;
    c.manager = cluster.manager;
    c.cause = cause;
    c.status = status;
    c.reason = std::move(reason);
    c.message = std::move(message);
    return c;
}

void HealthChurn::startIncident(double now, std::mt19937_64 &random)
{
    // Healthy clusters per clusterset that an incident may take.
    std::map<std::string, std::vector<std::string>> bySet;
    std::size_t fleet = 0;
    for (const auto &[key, c] : m_clusters) {
        ++fleet;
        if (c.healthy && c.reportsHealth && !c.clusterSet.empty() && !m_leaveAlone.count(key)
            && !m_neverHealthy.count(key) && !isNeverHealthyReason(c.reason))
            bySet[c.clusterSet].push_back(key);
    }
    std::vector<std::string> sets;
    for (auto &[set, keys] : bySet) {
        if (keys.size() >= 3) {
            std::sort(keys.begin(), keys.end());
            sets.push_back(set);
        }
    }
    m_nextIncident = now + uniform(random, m_options.incidentGapMin, m_options.incidentGapMax);
    if (sets.empty())
        return;
    const std::string set = sets[random() % sets.size()];
    std::vector<std::string> &keys = bySet[set];
    const std::size_t byShare = std::size_t(std::lround(m_options.incidentShare * double(keys.size())));
    const std::size_t byCap = std::size_t(m_options.incidentCap * double(fleet));
    const std::size_t count = std::min(keys.size(), std::max<std::size_t>(3, std::min(byShare, byCap)));
    for (std::size_t i = 0; i < count; ++i)
        std::swap(keys[i], keys[i + random() % (keys.size() - i)]);
    const IncidentText &text = kIncidents[random() % (sizeof kIncidents / sizeof kIncidents[0])];
    char message[256];
    std::snprintf(message, sizeof message, text.message, set.c_str());
    m_incident = Incident();
    m_incident.active = true;
    m_incident.clusterSet = set;
    m_incident.reason = text.reason;
    m_incident.message = message;
    m_incident.endsAt = now + uniform(random, m_options.incidentLengthMin, m_options.incidentLengthMax);
    for (std::size_t i = 0; i < count; ++i) {
        m_incident.held.insert(keys[i]);
        unplace(keys[i]);
        m_incident.onsets.push_back({now + uniform(random, 0, kOnsetSpread), keys[i]});
    }
    std::sort(m_incident.onsets.begin(), m_incident.onsets.end(),
              [](const Scheduled &a, const Scheduled &b) { return a.at > b.at; });
}

std::vector<HealthChange> HealthChurn::advance(double now, std::mt19937_64 &random)
{
    std::vector<HealthChange> out;
    m_now = now;
    if (!m_options.story)
        return out;
    if (!m_setupDone) {
        m_setupDone = true;
        for (const std::string &key : m_neverHealthy) {
            const auto it = m_clusters.find(key);
            if (it == m_clusters.end())
                continue;
            const NeverHealthyText &text = neverHealthyText(it->second.manager);
            out.push_back(change(it->second, HealthChange::Cause::NeverHealthy, "False", text.reason, text.message));
        }
    }
    if (std::isnan(m_nextIncident))
        m_nextIncident = now + uniform(random, kFirstIncidentMin, kFirstIncidentMax);
    if (!m_incident.active && now >= m_nextIncident)
        startIncident(now, random);
    if (!m_incident.active)
        return out;
    if (now >= m_incident.endsAt && !m_incident.onsets.empty()) {
        // Ended before every cluster went down: those still up stay up.
        for (const Scheduled &s : m_incident.onsets) {
            m_incident.held.erase(s.key);
            const auto it = m_clusters.find(s.key);
            if (it != m_clusters.end())
                place(it->second);
        }
        m_incident.onsets.clear();
    }
    while (!m_incident.onsets.empty() && m_incident.onsets.back().at <= now) {
        const std::string key = m_incident.onsets.back().key;
        m_incident.onsets.pop_back();
        const auto it = m_clusters.find(key);
        if (it == m_clusters.end() || !m_incident.held.count(key))
            continue;
        out.push_back(change(it->second, HealthChange::Cause::IncidentStart, "False", m_incident.reason,
                             m_incident.message));
    }
    if (now >= m_incident.endsAt && m_incident.recoveries.empty() && !m_incident.held.empty()) {
        for (const std::string &key : m_incident.held)
            m_incident.recoveries.push_back({now + uniform(random, 0, kRecoverySpread), key});
        std::sort(m_incident.recoveries.begin(), m_incident.recoveries.end(),
                  [](const Scheduled &a, const Scheduled &b) { return a.at > b.at; });
    }
    while (!m_incident.recoveries.empty() && m_incident.recoveries.back().at <= now) {
        const std::string key = m_incident.recoveries.back().key;
        m_incident.recoveries.pop_back();
        if (!m_incident.held.erase(key))
            continue;
        const auto it = m_clusters.find(key);
        if (it == m_clusters.end())
            continue;
        out.push_back(change(it->second, HealthChange::Cause::IncidentEnd, "True",
                             healthyReason(it->second.manager, true), "Cluster is available."));
        place(it->second);
    }
    if (now >= m_incident.endsAt && m_incident.held.empty()) {
        m_incident.active = false;
        m_incident.recoveries.clear();
        m_nextIncident = std::max(m_nextIncident, now + 1);
    }
    return out;
}

std::optional<HealthChange> HealthChurn::nextChange(std::mt19937_64 &random)
{
    if (!m_options.story || m_poolUnhealthy.empty() || uniform(random, 0, 1) < m_options.storyFlipShare)
        return nextFlip(random);
    const ClusterHealthState &cluster = m_clusters.at(m_poolUnhealthy.pick(random));
    const auto since = m_unhealthySince.find(cluster.key);
    const int minutes = 5 + int((m_now - (since == m_unhealthySince.end() ? m_now : since->second)) / 60);
    const bool unknown = cluster.status == "Unknown";
    char message[128];
    std::snprintf(message, sizeof message,
                  unknown ? "The agent stopped reporting; status unknown for %dm." : "Agent heartbeat lost for %dm.",
                  minutes);
    return change(cluster, HealthChange::Cause::Refresh, unknown ? "Unknown" : "False",
                  unknown ? "ClusterStatusUnknown" : healthyReason(cluster.manager, false), message);
}

std::optional<HealthChange> HealthChurn::nextFlip(std::mt19937_64 &random)
{
    const double unhealthy = double(m_poolUnhealthy.size());
    const double pool = unhealthy + double(m_poolHealthy.size());
    if (pool == 0)
        return std::nullopt;
    const double pull = m_target * pool;
    const double recoverChance = unhealthy == 0 ? 0 : (pull == 0 ? 1 : unhealthy / (unhealthy + pull));
    bool recover = uniform(random, 0, 1) < recoverChance;
    if (recover && m_poolUnhealthy.empty())
        recover = false;
    if (!recover && m_poolHealthy.empty())
        recover = true;
    const std::string &key = (recover ? m_poolUnhealthy : m_poolHealthy).pick(random);
    const ClusterHealthState &cluster = m_clusters.at(key);
    if (recover)
        return change(cluster, HealthChange::Cause::Churn, "True", healthyReason(cluster.manager, true),
                      "Cluster is available.");
    // In the story a quarter of the failures are a silent agent (Unknown), as in the
    // generated fleet's mix.
    if (m_options.story && uniform(random, 0, 1) < 0.25)
        return change(cluster, HealthChange::Cause::Churn, "Unknown", "ClusterStatusUnknown",
                      "The agent stopped reporting; status unknown for 5m.");
    return change(cluster, HealthChange::Cause::Churn, "False", healthyReason(cluster.manager, false),
                  "Agent heartbeat lost for 5m.");
}

ClusterHealthState healthStateOf(const nlohmann::json &object)
{
    ClusterHealthState state;
    const nlohmann::json &metadata = object["metadata"];
    state.key = metadata.value("namespace", std::string()) + '/' + metadata.value("name", std::string());
    if (metadata.contains("labels") && metadata["labels"].is_object())
        state.clusterSet = metadata["labels"].value("multicluster.x-k8s.io/clusterset", std::string());
    if (object.contains("spec") && object["spec"].contains("clusterManager")
        && object["spec"]["clusterManager"].is_object())
        state.manager = object["spec"]["clusterManager"].value("name", std::string());
    if (!object.contains("status") || !object["status"].contains("conditions")
        || !object["status"]["conditions"].is_array())
        return state;
    const std::string type = healthConditionType(state.manager);
    for (const nlohmann::json &c : object["status"]["conditions"]) {
        if (!c.is_object() || c.value("type", std::string()) != type)
            continue;
        state.reportsHealth = true;
        state.status = c.value("status", std::string());
        state.healthy = state.status == "True";
        state.reason = c.value("reason", std::string());
    }
    return state;
}

void applyHealthChange(nlohmann::json *conditions, const HealthChange &change, const std::string &since)
{
    const std::string type = healthConditionType(change.manager);
    bool found = false;
    for (nlohmann::json &c : *conditions) {
        if (!c.is_object() || c.value("type", std::string()) != type)
            continue;
        found = true;
        if (c.value("status", std::string()) != change.status || change.cause == HealthChange::Cause::NeverHealthy)
            c["lastTransitionTime"] = since;
        c["status"] = change.status;
        c["reason"] = change.reason;
        c["message"] = change.message;
    }
    if (!found) {
        conditions->push_back({{"type", type},
                               {"status", change.status},
                               {"reason", change.reason},
                               {"message", change.message},
                               {"lastTransitionTime", since}});
    }
}

} // namespace fleetscope::hub
