#pragma once

// Small builders shared by the hub unit tests.
#include "objectstore.h"
#include "resourcetypes.h"

#include <nlohmann/json.hpp>

#include <string>

namespace hubtest {

inline const fleetscope::hub::ResourceType &profiles()
{
    return *fleetscope::hub::findResourceType("multicluster.x-k8s.io", "clusterprofiles");
}

inline const fleetscope::hub::ResourceType &decisions()
{
    return *fleetscope::hub::findResourceType("multicluster.x-k8s.io", "placementdecisions");
}

inline const fleetscope::hub::ResourceType &namespaces()
{
    return *fleetscope::hub::findResourceType("", "namespaces");
}

inline nlohmann::json profile(const std::string &ns, const std::string &name, const std::string &manager = "ocm")
{
    return {{"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
            {"kind", "ClusterProfile"},
            {"metadata", {{"name", name}, {"namespace", ns}, {"labels", {{"x-k8s.io/cluster-manager", manager}}}}},
            {"spec", {{"displayName", name}, {"clusterManager", {{"name", manager}}}}},
            {"status", {{"version", {{"kubernetes", "v1.33.0"}}}}}};
}

inline nlohmann::json namespaceObject(const std::string &name)
{
    return {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", name}}}};
}

inline std::string rvOf(const fleetscope::hub::ObjectPtr &object)
{
    return (*object)["metadata"]["resourceVersion"].get<std::string>();
}

} // namespace hubtest
