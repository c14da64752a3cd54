#pragma once

#include <string>
#include <vector>

namespace fleetscope::hub {

// One served resource. The hub stores every object once, in its storage version, and
// rewrites apiVersion per request, as the apiserver does for CRDs without conversion.
struct ResourceType
{
    std::string group;          // "" for core
    std::vector<std::string> versions; // served, preferred first
    std::string storageVersion;
    std::string plural;
    std::string singular;
    std::string kind;
    std::string listKind;
    bool namespaced = true;
    bool hasStatus = false;
    bool isCustomResource = true;
    std::vector<std::string> shortNames;
    std::vector<std::string> categories;

    // "clusterprofiles.multicluster.x-k8s.io" or "namespaces": the qualified name used in
    // kube error messages.
    std::string qualifiedResource() const;
    // "ClusterProfile.multicluster.x-k8s.io", used in 422 Invalid messages.
    std::string qualifiedKind() const;
    std::string groupVersion(const std::string &version) const;
    bool servesVersion(const std::string &version) const;
};

// Which parts of multicluster.x-k8s.io a hub serves (the core API is always
// served): real hubs run older CRDs (v1alpha1 only) or install ClusterProfiles
// without PlacementDecisions, and clients must cope with both.
struct ServedApi
{
    std::vector<std::string> inventoryVersions{"v1alpha2", "v1alpha1"};
    bool placements = true;

    bool serves(const ResourceType &type, const std::string &version) const;
};

const std::vector<ResourceType> &allResourceTypes();
const ResourceType *findResourceType(const std::string &group, const std::string &plural);
// Looks up by an object's apiVersion and kind; sets *version to the version part.
const ResourceType *findResourceTypeForObject(const std::string &apiVersion, const std::string &kind,
                                              std::string *version = nullptr);

inline const char *kMulticlusterGroup = "multicluster.x-k8s.io";
// The custom resource a member serves besides the built-in kinds (cert-manager's
// Certificate), so that clients meet a CRD's printer columns and discovery.
inline const char *kCertificateGroup = "cert-manager.io";

} // namespace fleetscope::hub
