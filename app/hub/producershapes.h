#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <vector>

namespace fleetscope::hub {

// ClusterProfiles shaped exactly as each producer writes them today
// (clusterprofile-api.md §8), for the demo and `fleetscope-hub --producer-shapes`:
// OCM (v1alpha2: cluster claims as properties, Joined, the cluster-proxy provider with
// the exec extension), KubeFleet (manager KubeFleet, its heartbeat reasons, server and
// CA only), GKE Fleet (topology.kubernetes.io/region) and an older GKE syncer (v1alpha1,
// `location`), each in its own inventory namespace. A few trip the inventory lint: a
// manager label that disagrees with the spec, one member published by two managers
// that disagree, a property last observed days ago, a profile without access
// providers, one with only credentialProviders, a clusterset label against its
// namespace's, and a PlacementDecision naming a profile that does not exist.
std::vector<nlohmann::json> producerShapes(std::chrono::system_clock::time_point now);

} // namespace fleetscope::hub
