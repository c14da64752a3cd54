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

// A ClusterProfile as its producer writes it: `labels` exactly as given (the
// manager label too), no status when `status` is null.
json profile(const std::string &version, const std::string &namespaceName, const std::string &name,
             const std::string &manager, const std::string &created, json labels, json status,
             const std::string &displayName = {})
{
    json object = {{"apiVersion", "multicluster.x-k8s.io/" + version},
                   {"kind", "ClusterProfile"},
                   {"metadata", {{"name", name}, {"namespace", namespaceName}, {"creationTimestamp", created}}},
                   {"spec", {{"displayName", displayName.empty() ? name : displayName}, {"clusterManager", {{"name", manager}}}}}};
    if (!labels.empty())
        object["metadata"]["labels"] = std::move(labels);
    if (!status.is_null())
        object["status"] = std::move(status);
    return object;
}

json ocmProvider(const std::string &namespaceName, const std::string &name)
{
    return {{{"name", "open-cluster-management"},
             {"cluster",
              {{"server", "https://cluster-proxy-addon-user." + namespaceName + ":9092/" + name},
               {"extensions", {{{"name", "client.authentication.k8s.io/exec"}, {"extension", {{"clusterName", name}}}}}}}}}};
}

// OCM: cluster claims as properties (name and value only), ControlPlaneHealthy
// and Joined, the cluster-proxy provider with the exec extension. An empty
// `memberId` leaves the label out (a cluster bound into two namespaces often has none).
json ocm(const std::string &namespaceName, const std::string &name, const std::string &clusterSet,
         const std::string &region, bool available, const std::string &memberId, const std::string &created,
         const std::string &since)
{
    json labels = {{"x-k8s.io/cluster-manager", "open-cluster-management"},
                   {"multicluster.x-k8s.io/clusterset", clusterSet},
                   {"open-cluster-management.io/cluster-name", name}};
    if (!memberId.empty())
        labels["multicluster.x-k8s.io/inventory-member-id"] = memberId;
    return profile("v1alpha2", namespaceName, name, "open-cluster-management", created, std::move(labels),
                   {{"version", {{"kubernetes", "v1.33.4"}}},
                    {"properties",
                     {{{"name", "id.k8s.io"}, {"value", memberId.empty() ? "ocm-" + name : memberId}},
                      {{"name", "kubeversion.open-cluster-management.io"}, {"value", "v1.33.4"}},
                      {{"name", "platform.open-cluster-management.io"}, {"value", "AWS"}},
                      {{"name", "region.open-cluster-management.io"}, {"value", region}}}},
                    {"conditions",
                     {condition("ControlPlaneHealthy", available ? "True" : "Unknown",
                                available ? "ManagedClusterAvailable" : "ManagedClusterLeaseUpdateStopped",
                                available ? "Managed cluster is available" : "Registration agent stopped updating its lease.",
                                since),
                      condition("Joined", "True", "ManagedClusterJoined", "Managed cluster joined", since)}},
                    {"accessProviders", ocmProvider(namespaceName, name)}});
}

// KubeFleet (v1alpha1): ControlPlaneHealthy with its heartbeat reasons, no
// properties, one provider named after the manager with server and CA. The
// server is "" unless something fills the member's entry point.
json kubeFleet(const std::string &name, const std::string &reason, const std::string &server, const std::string &created,
               const std::string &since, const std::string &memberId = {}, const std::string &label = "KubeFleet")
{
    json labels = {{"x-k8s.io/cluster-manager", label}};
    if (!memberId.empty())
        labels["multicluster.x-k8s.io/inventory-member-id"] = memberId;
    const bool healthy = reason == "MemberClusterAPIServerHealthy";
    return profile("v1alpha1", "fleet-system", name, "KubeFleet", created, std::move(labels),
                   {{"version", {{"kubernetes", "v1.32.6"}}},
                    {"conditions", {condition("ControlPlaneHealthy", healthy ? "True" : "False", reason, "", since)}},
                    {"accessProviders",
                     {{{"name", "KubeFleet"},
                       {"cluster",
                        {{"server", server}, {"certificate-authority-data", "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg=="}}}}}}});
}

// GKE Fleet's ClusterProfile sync: `<cluster>-<location>`, the cluster's
// resource labels, only Joined, no properties, provider `google` reaching the
// Connect Gateway (a URL with a path, system roots: no CA data).
json gkeFleet(const std::string &cluster, const std::string &location, json resourceLabels, const std::string &version,
              const std::string &created, const std::string &since)
{
    json labels = std::move(resourceLabels);
    labels["x-k8s.io/cluster-manager"] = "gke-fleet";
    json object = profile(
        "v1alpha2", "fleet-cluster-inventory", cluster + "-" + location, "gke-fleet", created, std::move(labels),
        {{"version", {{"kubernetes", version}}},
         {"conditions", {condition("Joined", "True", "Joined", "", since)}},
         {"accessProviders",
          {{{"name", "google"},
            {"cluster",
             {{"server", "https://connectgateway.googleapis.com/v1/projects/804172376512/locations/global/gkeMemberships/"
                             + cluster}}}}}}},
        cluster + "(" + location + ")");
    object["metadata"]["annotations"] = {{"fleet.gke.io/clusterName", cluster}, {"fleet.gke.io/membershipName", cluster}};
    return object;
}

} // namespace

std::vector<nlohmann::json> producerShapes(std::chrono::system_clock::time_point now)
{
    const std::string justNow = formatTimestamp(now - std::chrono::seconds(5));
    const std::string recent = formatTimestamp(now - std::chrono::minutes(20));
    const std::string days = formatTimestamp(now - std::chrono::hours(24 * 5));
    const std::string weeks = formatTimestamp(now - std::chrono::hours(24 * 30));
    std::vector<json> out = {ns("ocm-global", "global"), ns("ocm-team-a"),      ns("ocm-team-b"),
                             ns("fleet-system"),         ns("fleet-cluster-inventory"), ns("acme-prod-4711"),
                             ns("legacy")};
    out.push_back(ocm("ocm-global", "ocm-eu-1", "global", "eu-west-1", true, "ocm-eu-1", weeks, recent));
    out.push_back(ocm("ocm-global", "ocm-us-1", "global", "us-east-1", false, "ocm-us-1", weeks, recent));
    // Also published by KubeFleet below, which says it is down.
    out.push_back(ocm("ocm-global", "ocm-eu-2", "global", "eu-west-1", true, "shared-member-7", weeks, recent));
    out.push_back(ocm("ocm-global", "ocm-staging-1", "staging", "eu-west-1", true, "ocm-staging-1", weeks,
                      recent)); // label contradicts the namespace's
    out.push_back(ocm("ocm-global", "ocm-edge-1", "", "eu-central-1", true, "ocm-edge-1", weeks, recent)); // clusterset ""
    // One ManagedCluster bound into two namespaces: two profiles, one name, no member id.
    out.push_back(ocm("ocm-team-a", "ocm-shared-1", "prod", "us-west-2", true, {}, weeks, recent));
    out.push_back(ocm("ocm-team-b", "ocm-shared-1", "prod", "us-west-2", true, {}, weeks, recent));
    // Seconds old: `conditions: []`, labels not patched yet.
    out.push_back(profile("v1alpha2", "ocm-global", "ocm-new-1", "open-cluster-management", justNow, json::object(),
                          {{"conditions", json::array()}, {"accessProviders", ocmProvider("ocm-global", "ocm-new-1")}}));
    const auto server = [](const std::string &name) { return "https://" + name + ".fleet.example.com:6443"; };
    out.push_back(kubeFleet("member-1", "MemberClusterAPIServerHealthy", "", weeks, recent)); // as KubeFleet writes today
    out.push_back(kubeFleet("member-2", "MemberAgentHeartbeatLost", "", weeks, recent, "shared-member-7"));
    out.push_back(kubeFleet("member-3", "MemberClusterAPIServerUnhealthy", server("member-3"), weeks, recent));
    out.push_back(kubeFleet("member-4", "MemberAgentReportedNoHealthInfo", server("member-4"), weeks, recent));
    out.push_back(kubeFleet("member-5", "MemberClusterAPIServerHealthy", server("member-5"), weeks, recent, {},
                            "kubefleet")); // label != spec
    // An older KubeFleet: no CA, TLS checks off.
    json older = kubeFleet("member-6", "MemberClusterAPIServerHealthy", server("member-6"), weeks, recent);
    older["status"]["accessProviders"][0]["cluster"] = {{"server", server("member-6")}, {"insecure-skip-tls-verify", true}};
    out.push_back(std::move(older));
    out.push_back(gkeFleet("gke-prod", "europe-west1", {{"env", "prod"}, {"team", "web"}}, "v1.33.5-gke.1080000", weeks, recent));
    out.push_back(gkeFleet("gke-batch", "us-central1-a", {{"env", "batch"}}, "v1.32.9-gke.1207000", weeks, recent));
    out.push_back(gkeFleet("gke-dev", "asia-east1", {{"env", "dev"}}, "v1.34.1-gke.1431000", weeks, recent));
    // The older experimental GKE script: no status at all, its own labels, the project as namespace.
    out.push_back(profile("v1alpha1", "acme-prod-4711", "legacy-batch", "fleet-memberships-to-clusterprofile-script", weeks,
                          {{"location", "us-central1"}, {"run_uuid", "8d0f4c1e-2b7a-4f7e-9a51-3c6e0d2b9f10"}}, nullptr));
    out.push_back(profile("v1alpha1", "legacy", "old-1", "legacy-manager", weeks, {{"x-k8s.io/cluster-manager", "legacy-manager"}},
                          {{"version", {{"kubernetes", "v1.29.0"}}},
                           {"properties", {{{"name", "location"}, {"value", "eu-central-1"}, {"lastObservedTime", days}}}},
                           {"conditions", {condition("ControlPlaneHealthy", "True", "Healthy", "", recent)}},
                           {"credentialProviders",
                            {{{"name", "secretreader"}, {"cluster", {{"server", "https://old-1.example.com:6443"}}}}}}}));
    out.push_back(profile("v1alpha1", "legacy", "unmanaged-1", "", weeks, json::object(),
                          {{"version", {{"kubernetes", "v1.30.2"}}},
                           {"conditions", {condition("ControlPlaneHealthy", "True", "Healthy", "", recent)}},
                           {"accessProviders",
                            {{{"name", "secretreader"}, {"cluster", {{"server", "https://unmanaged-1.example.com:6443"}}}}}}}));
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
