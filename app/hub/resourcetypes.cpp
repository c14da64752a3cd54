#include "resourcetypes.h"

#include <algorithm>

namespace fleetscope::hub {

std::string ResourceType::qualifiedResource() const
{
    return group.empty() ? plural : plural + "." + group;
}

std::string ResourceType::qualifiedKind() const
{
    return group.empty() ? kind : kind + "." + group;
}

std::string ResourceType::groupVersion(const std::string &version) const
{
    return group.empty() ? version : group + "/" + version;
}

bool ResourceType::servesVersion(const std::string &version) const
{
    return std::find(versions.begin(), versions.end(), version) != versions.end();
}

bool ServedApi::serves(const ResourceType &type, const std::string &version) const
{
    if (!type.servesVersion(version))
        return false;
    if (type.group != kMulticlusterGroup)
        return true;
    if (type.plural == "placementdecisions" && !placements)
        return false;
    return std::find(inventoryVersions.begin(), inventoryVersions.end(), version) != inventoryVersions.end();
}

const std::vector<ResourceType> &allResourceTypes()
{
    // v1alpha2 is preferred because the CRD's version priority sorts it first; v1alpha1
    // stays the storage version (cluster-inventory-api docs/api-versions.md).
    static const std::vector<ResourceType> types = {
        {"", {"v1"}, "v1", "namespaces", "namespace", "Namespace", "NamespaceList", false, true, false, {"ns"}, {}},
        // Served so that a hub can also be a member (--nodes, --workloads): empty unless asked for.
        {"", {"v1"}, "v1", "nodes", "node", "Node", "NodeList", false, true, false, {"no"}, {}},
        {"", {"v1"}, "v1", "pods", "pod", "Pod", "PodList", true, true, false, {"po"}, {"all"}},
        {"", {"v1"}, "v1", "services", "service", "Service", "ServiceList", true, true, false, {"svc"}, {"all"}},
        {"", {"v1"}, "v1", "events", "event", "Event", "EventList", true, false, false, {"ev"}, {}},
        {"", {"v1"}, "v1", "secrets", "secret", "Secret", "SecretList", true, false, false, {}, {}},
        {"apps", {"v1"}, "v1", "deployments", "deployment", "Deployment", "DeploymentList", true, true, false,
         {"deploy"}, {"all"}},
        {kMulticlusterGroup, {"v1alpha2", "v1alpha1"}, "v1alpha1", "clusterprofiles", "clusterprofile",
         "ClusterProfile", "ClusterProfileList", true, true, true, {}, {}},
        {kMulticlusterGroup, {"v1alpha2", "v1alpha1"}, "v1alpha1", "placementdecisions", "placementdecision",
         "PlacementDecision", "PlacementDecisionList", true, false, true, {}, {}},
        {kCertificateGroup, {"v1"}, "v1", "certificates", "certificate", "Certificate", "CertificateList", true, true,
         true, {"cert", "certs"}, {"cert-manager"}},
    };
    return types;
}

const ResourceType *findResourceType(const std::string &group, const std::string &plural)
{
    for (const ResourceType &type : allResourceTypes()) {
        if (type.group == group && type.plural == plural)
            return &type;
    }
    return nullptr;
}

const ResourceType *findResourceTypeForObject(const std::string &apiVersion, const std::string &kind,
                                              std::string *version)
{
    const auto slash = apiVersion.find('/');
    const std::string group = slash == std::string::npos ? std::string() : apiVersion.substr(0, slash);
    const std::string v = slash == std::string::npos ? apiVersion : apiVersion.substr(slash + 1);
    for (const ResourceType &type : allResourceTypes()) {
        if (type.group == group && type.kind == kind && type.servesVersion(v)) {
            if (version)
                *version = v;
            return &type;
        }
    }
    return nullptr;
}

} // namespace fleetscope::hub
