#include "fleetgenerator.h"

#include "hubutil.h"

#include <cstdio>

namespace fleetscope::hub {

namespace {

const char *const kClusterSets[] = {"prod", "staging", "dev", "edge", "research"};
const char *const kRegions[] = {"eu-west-1", "eu-central-1", "us-east-1", "us-west-2",
                                "ap-southeast-1", "ap-northeast-1", "sa-east-1"};
const char *const kRegionCodes[] = {"euw1", "euc1", "use1", "usw2", "apse1", "apne1", "sae1"};
const char *const kVersions[] = {"v1.31.4", "v1.32.2", "v1.32.5", "v1.33.1", "v1.33.3", "v1.34.0"};
const char *const kNodeTypes[] = {"m6i.xlarge", "m7g.2xlarge", "n2-standard-8", "Standard_D8s_v5", "c6i.4xlarge"};

struct Manager
{
    const char *name;
    const char *provider;
    const char *joinedReason;
};
const Manager kManagers[] = {
    {"open-cluster-management", "open-cluster-management", "ManagedClusterJoined"},
    {"kubefleet", "kubefleet", "MemberClusterJoined"},
    {"gke-fleet", "gke-fleet", "FleetMembershipReady"},
};

template <typename T, std::size_t N>
const T &pick(std::mt19937_64 &random, const T (&items)[N])
{
    return items[random() % N];
}

// A fixed origin keeps generated objects byte-identical for a seed; ages come out as days.
std::chrono::system_clock::time_point baseTime()
{
    std::chrono::system_clock::time_point t;
    parseTimestamp("2026-01-05T08:00:00Z", &t);
    return t;
}

std::string fakeCaData(std::mt19937_64 &random)
{
    // Shaped like a real base64 PEM CA bundle, but short: its size dominates a profile.
    std::string der(48, '\0');
    for (char &c : der)
        c = static_cast<char>(random() & 0xff);
    const std::string pem = "-----BEGIN CERTIFICATE-----\n" + base64Encode(der) + "\n-----END CERTIFICATE-----\n";
    return base64Encode(pem);
}

} // namespace

std::string clusterSetNamespace(const std::string &clusterSet)
{
    return "fleet-" + clusterSet;
}

std::vector<std::string> generatedClusterSets(int count)
{
    const int sets = std::max(1, std::min(5, (count + 9) / 10));
    return std::vector<std::string>(std::begin(kClusterSets), std::begin(kClusterSets) + sets);
}

std::string healthConditionType(const std::string &manager)
{
    return manager == "gke-fleet" ? "Joined" : "ControlPlaneHealthy";
}

std::string healthyReason(const std::string &manager, bool healthy)
{
    if (manager == "gke-fleet")
        return healthy ? "Joined" : "MembershipNotReady";
    if (manager == "open-cluster-management")
        return healthy ? "ManagedClusterAvailable" : "ManagedClusterLeaseUpdateStopped";
    if (manager == "kubefleet")
        return healthy ? "MemberClusterAPIServerHealthy" : "MemberAgentHeartbeatLost";
    return healthy ? "ControlPlaneHealthy" : "ControlPlaneUnreachable";
}

nlohmann::json generateClusterProfile(std::mt19937_64 &random, int index, const std::string &clusterSet)
{
    const std::size_t region = random() % (sizeof kRegions / sizeof kRegions[0]);
    const Manager &manager = pick(random, kManagers);
    char name[96];
    std::snprintf(name, sizeof name, "%s-%s-%03d", clusterSet.c_str(), kRegionCodes[region], index);
    char displayName[128];
    std::snprintf(displayName, sizeof displayName, "%c%s %s #%d", clusterSet[0] - 32, clusterSet.c_str() + 1,
                  kRegions[region], index);
    const auto created = baseTime() - std::chrono::hours(24 * static_cast<int>(random() % 400) + static_cast<int>(random() % 24));
    const auto observed = baseTime() + std::chrono::minutes(static_cast<int>(random() % 600));
    const unsigned roll = static_cast<unsigned>(random() % 100);
    const char *health = roll < 88 ? "True" : (roll < 97 ? "False" : "Unknown");
    const std::string healthReason = roll < 88 ? healthyReason(manager.name, true)
        : roll < 97 ? healthyReason(manager.name, false)
                    : std::string("ClusterStatusUnknown");
    const std::string healthMessage = roll < 88 ? "Cluster is available."
        : roll < 97 ? "Agent heartbeat lost for 5m."
                    : "Status not reported yet.";
    const int nodes = 3 + static_cast<int>(random() % 118);
    char memberId[40];
    std::snprintf(memberId, sizeof memberId, "%08llx-%04llx-4%03llx-8%03llx-%012llx",
                  static_cast<unsigned long long>(random() & 0xffffffffULL),
                  static_cast<unsigned long long>(random() & 0xffffULL),
                  static_cast<unsigned long long>(random() & 0xfffULL),
                  static_cast<unsigned long long>(random() & 0xfffULL),
                  static_cast<unsigned long long>(random() & 0xffffffffffffULL));
    char endpoint[64];
    std::snprintf(endpoint, sizeof endpoint, "https://10.%d.%d.%d:6443", static_cast<int>(random() % 256),
                  static_cast<int>(random() % 256), 2 + static_cast<int>(random() % 250));
    const std::string server = std::string("https://") + name + ".example.internal:6443";
    const std::string observedAt = formatTimestamp(observed);
    nlohmann::json cluster = {{"server", server},
                              {"extensions",
                               {{{"name", "client.authentication.k8s.io/exec"}, {"extension", {{"clusterName", name}}}}}}};
    // GKE endpoints use a public CA; the others ship their cluster CA.
    if (std::string(manager.name) != "gke-fleet")
        cluster["certificate-authority-data"] = fakeCaData(random);
    return {
        {"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
        {"kind", "ClusterProfile"},
        {"metadata",
         {{"name", name},
          {"namespace", clusterSetNamespace(clusterSet)},
          {"creationTimestamp", formatTimestamp(created)},
          {"labels",
           {{"x-k8s.io/cluster-manager", manager.name},
            {"multicluster.x-k8s.io/clusterset", clusterSet},
            {"multicluster.x-k8s.io/inventory-member-id", memberId}}}}},
        {"spec", {{"displayName", displayName}, {"clusterManager", {{"name", manager.name}}}}},
        {"status",
         {{"version", {{"kubernetes", pick(random, kVersions)}}},
          {"conditions",
           std::string(manager.name) == "gke-fleet"
               // GKE Fleet's sync writes only Joined, from the membership's state.
               ? nlohmann::json::array({nlohmann::json{{"type", "Joined"},
                                                       {"status", health},
                                                       {"reason", healthReason},
                                                       {"message", ""},
                                                       {"lastTransitionTime", observedAt}}})
               : nlohmann::json::array({nlohmann::json{{"type", "ControlPlaneHealthy"},
                                                       {"status", health},
                                                       {"reason", healthReason},
                                                       {"message", healthMessage},
                                                       {"lastTransitionTime", observedAt},
                                                       {"observedGeneration", 1}},
                                        nlohmann::json{{"type", "Joined"},
                                                       {"status", "True"},
                                                       {"reason", manager.joinedReason},
                                                       {"message", ""},
                                                       {"lastTransitionTime",
                                                        formatTimestamp(created + std::chrono::minutes(3))}}})},
          {"properties",
           {{{"name", "clusterset.k8s.io"}, {"value", clusterSet}},
            {{"name", "location.topology.k8s.io"}, {"value", kRegions[region]}, {"lastObservedTime", observedAt}},
            {{"name", "count.node.k8s.io"}, {"value", std::to_string(nodes)}, {"lastObservedTime", observedAt}},
            {{"name", "type.node.k8s.io"}, {"value", pick(random, kNodeTypes)}},
            {{"name", "cluster-endpoints.k8s.io"},
             {"value", std::string("[\"") + endpoint + "\"]"}}}},
          {"accessProviders",
           {{{"name", manager.provider},
             {"cluster", cluster}}}}}}};
}

std::vector<nlohmann::json> generateFleet(int count, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::vector<nlohmann::json> objects;
    const std::vector<std::string> sets = generatedClusterSets(count);
    for (const std::string &set : sets) {
        objects.push_back({{"apiVersion", "v1"},
                           {"kind", "Namespace"},
                           {"metadata",
                            {{"name", clusterSetNamespace(set)},
                             {"labels", {{"multicluster.x-k8s.io/clusterset", set}}}}}});
    }
    std::vector<std::vector<std::pair<std::string, bool>>> members(sets.size()); // name, healthy
    for (int i = 0; i < count; ++i) {
        const std::size_t set = static_cast<std::size_t>(i) % sets.size();
        nlohmann::json profile = generateClusterProfile(random, i + 1, sets[set]);
        const bool healthy = profile["status"]["conditions"][0]["status"] == "True";
        members[set].emplace_back(profile["metadata"]["name"].get<std::string>(), healthy);
        objects.push_back(std::move(profile));
    }
    // Two placements per clusterset: "web" takes healthy clusters, "batch" every third one.
    // Slices hold at most 100 decisions (the CRD's maxItems), like EndpointSlices.
    for (std::size_t s = 0; s < sets.size(); ++s) {
        for (const char *placement : {"web", "batch"}) {
            std::vector<std::string> chosen;
            for (std::size_t m = 0; m < members[s].size(); ++m) {
                const bool take = std::string(placement) == "web" ? members[s][m].second : m % 3 == 0;
                if (take)
                    chosen.push_back(members[s][m].first);
            }
            const std::size_t slices = std::max<std::size_t>(1, (chosen.size() + 99) / 100);
            for (std::size_t slice = 0; slice < slices; ++slice) {
                nlohmann::json decisions = nlohmann::json::array();
                for (std::size_t k = slice * 100; k < std::min(chosen.size(), (slice + 1) * 100); ++k) {
                    decisions.push_back({{"clusterProfileRef", {{"name", chosen[k]}}},
                                         {"reason", std::string(placement) == "web" ? "ControlPlaneHealthy=True"
                                                                                     : "Spread across regions"}});
                }
                objects.push_back(
                    {{"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
                     {"kind", "PlacementDecision"},
                     {"metadata",
                      {{"name", std::string(placement) + "-" + std::to_string(slice)},
                       {"namespace", clusterSetNamespace(sets[s])},
                       {"creationTimestamp", formatTimestamp(baseTime())},
                       {"labels",
                        {{"multicluster.x-k8s.io/placement-key", placement},
                         {"multicluster.x-k8s.io/decision-key", placement},
                         {"multicluster.x-k8s.io/decision-index", std::to_string(slice)}}}}},
                     {"schedulerName", "fleetscope-scheduler"},
                     {"decisions", decisions}});
            }
        }
    }
    return objects;
}

} // namespace fleetscope::hub
