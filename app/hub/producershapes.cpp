#include "producershapes.h"

#include "hubutil.h"

#include <string>

namespace fleetscope::hub {
namespace {

using nlohmann::json;

json ns(const std::string &name, const std::string &clusterSet = {})
{
    json object = {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", name}}}};
    if (!clusterSet.empty())
        object["metadata"]["labels"] = {{"multicluster.x-k8s.io/clusterset", clusterSet}};
    return object;
}

json condition(const std::string &type, const std::string &status, const std::string &reason,
               const std::string &message, const std::string &since)
{
    return {{"type", type}, {"status", status}, {"reason", reason}, {"message", message}, {"lastTransitionTime", since}};
}

json profile(const std::string &version, const std::string &namespaceName, const std::string &name,
             const std::string &manager, json labels, json status)
{
    labels["x-k8s.io/cluster-manager"] = labels.value("x-k8s.io/cluster-manager", manager);
    return {{"apiVersion", "multicluster.x-k8s.io/" + version},
            {"kind", "ClusterProfile"},
            {"metadata", {{"name", name}, {"namespace", namespaceName}, {"labels", labels}}},
            {"spec", {{"displayName", name}, {"clusterManager", {{"name", manager}}}}},
            {"status", std::move(status)}};
}

json ocm(const std::string &name, const std::string &clusterSet, const std::string &region, bool available,
         const std::string &since)
{
    const std::string ocmNs = "ocm-global";
    return profile("v1alpha2", ocmNs, name, "open-cluster-management",
                   {{"multicluster.x-k8s.io/clusterset", clusterSet},
                    {"open-cluster-management.io/cluster-name", name},
                    {"multicluster.x-k8s.io/inventory-member-id", "ocm-" + name}},
                   {{"version", {{"kubernetes", "v1.33.4"}}},
                    {"properties",
                     {{{"name", "id.k8s.io"}, {"value", "ocm-" + name}},
                      {{"name", "kubeversion.open-cluster-management.io"}, {"value", "v1.33.4"}},
                      {{"name", "platform.open-cluster-management.io"}, {"value", "AWS"}},
                      {{"name", "region.open-cluster-management.io"}, {"value", region}}}},
                    {"conditions",
                     {condition("ControlPlaneHealthy", available ? "True" : "Unknown",
                                available ? "ManagedClusterAvailable" : "ManagedClusterLeaseUpdateStopped",
                                available ? "Managed cluster is available" : "Registration agent stopped updating its lease.",
                                since),
                      condition("Joined", "True", "ManagedClusterJoined", "Managed cluster joined", since)}},
                    {"accessProviders",
                     {{{"name", "open-cluster-management"},
                       {"cluster",
                        {{"server", "https://cluster-proxy-addon-user." + ocmNs + ":9092/" + name},
                         {"extensions",
                          {{{"name", "client.authentication.k8s.io/exec"}, {"extension", {{"clusterName", name}}}}}}}}}}}});
}

json kubeFleet(const std::string &name, const std::string &reason, const std::string &since, const std::string &memberId = {},
               const std::string &label = "KubeFleet")
{
    json labels = {{"x-k8s.io/cluster-manager", label}};
    if (!memberId.empty())
        labels["multicluster.x-k8s.io/inventory-member-id"] = memberId;
    const bool healthy = reason == "MemberClusterAPIServerHealthy";
    return profile("v1alpha2", "fleet-system", name, "KubeFleet", labels,
                   {{"version", {{"kubernetes", "v1.32.6"}}},
                    {"conditions", {condition("ControlPlaneHealthy", healthy ? "True" : "False", reason, "", since)}},
                    {"accessProviders",
                     {{{"name", "KubeFleet"},
                       {"cluster",
                        {{"server", "https://" + name + ".fleet.example.com:6443"},
                         {"certificate-authority-data", "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg=="}}}}}}});
}

} // namespace

std::vector<nlohmann::json> producerShapes(std::chrono::system_clock::time_point now)
{
    const std::string recent = formatTimestamp(now - std::chrono::minutes(20));
    const std::string days = formatTimestamp(now - std::chrono::hours(24 * 5));
    std::vector<json> out = {ns("ocm-global", "global"), ns("fleet-system"), ns("fleet-cluster-inventory"), ns("legacy")};
    out.push_back(ocm("ocm-eu-1", "global", "eu-west-1", true, recent));
    out.push_back(ocm("ocm-us-1", "global", "us-east-1", false, recent));
    out.push_back(ocm("ocm-staging-1", "staging", "eu-west-1", true, recent)); // label contradicts the namespace's
    out.push_back(kubeFleet("member-1", "MemberClusterAPIServerHealthy", recent));
    out.push_back(kubeFleet("member-2", "MemberAgentHeartbeatLost", recent, "shared-member-7"));
    out.push_back(kubeFleet("member-3", "MemberClusterAPIServerUnhealthy", recent));
    out.push_back(kubeFleet("member-4", "MemberAgentReportedNoHealthInfo", recent));
    out.push_back(kubeFleet("member-5", "MemberClusterAPIServerHealthy", recent, {}, "kubefleet")); // label != spec
    // GKE Fleet today: the consumer guide's topology names; one member also published by
    // KubeFleet above, which says it is down.
    out.push_back(profile("v1alpha2", "fleet-cluster-inventory", "gke-eu-west1-b", "gke-fleet",
                          {{"multicluster.x-k8s.io/inventory-member-id", "shared-member-7"}},
                          {{"version", {{"kubernetes", "v1.34.1-gke.1100"}}},
                           {"properties",
                            {{{"name", "topology.kubernetes.io/region"}, {"value", "eu-west-1"}, {"lastObservedTime", days}},
                             {{"name", "topology.kubernetes.io/zone"}, {"value", "eu-west-1b"}, {"lastObservedTime", recent}}}},
                           {"conditions", {condition("ControlPlaneHealthy", "True", "MembershipReady", "", recent)}},
                           {"accessProviders",
                            {{{"name", "gke-fleet"},
                              {"cluster", {{"server", "https://34.7.8.9"}, {"tls-server-name", "gke-eu-west1-b.internal"}}}}}}}));
    // An older GKE syncer: v1alpha1, `location`, the clusterset as a property, no provider.
    out.push_back(profile("v1alpha1", "fleet-cluster-inventory", "gke-europe-west1-c", "gke-fleet", json::object(),
                          {{"version", {{"kubernetes", "v1.33.1-gke.1200"}}},
                           {"properties",
                            {{{"name", "location"}, {"value", "europe-west1"}},
                             {{"name", "clusterset.k8s.io"}, {"value", "gke-prod"}}}},
                           {"conditions", {condition("ControlPlaneHealthy", "True", "MembershipReady", "", recent)}}}));
    out.push_back(profile("v1alpha1", "legacy", "old-1", "legacy-manager", json::object(),
                          {{"version", {{"kubernetes", "v1.29.0"}}},
                           {"conditions", {condition("ControlPlaneHealthy", "True", "Healthy", "", recent)}},
                           {"credentialProviders",
                            {{{"name", "secretreader"}, {"cluster", {{"server", "https://old-1.example.com:6443"}}}}}}}));
    out.push_back({{"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
                   {"kind", "PlacementDecision"},
                   {"metadata",
                    {{"name", "web-0"},
                     {"namespace", "ocm-global"},
                     {"labels", {{"multicluster.x-k8s.io/placement-key", "web"}}}}},
                   {"schedulerName", "open-cluster-management"},
                   {"decisions",
                    {{{"clusterProfileRef", {{"name", "ocm-eu-1"}}}},
                     {{"clusterProfileRef", {{"name", "ocm-decommissioned"}}}}}}});
    return out;
}

} // namespace fleetscope::hub
