#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <vector>

namespace fleetscope::hub {

// ClusterProfiles shaped exactly as each producer writes them today
// (clusterprofile-api.md §8), for the demo and `fleetscope-hub --producer-shapes`:
// OCM (v1alpha2: cluster claims as properties without lastObservedTime, Joined, the
// cluster-proxy provider with the exec extension; one cluster bound into two
// namespaces without a member id, an empty clusterset label, a seconds-old profile
// with `conditions: []` and no labels yet), KubeFleet (v1alpha1, manager KubeFleet,
// its heartbeat reasons, server "" as it writes today or a server and CA, an older
// one with insecure-skip-tls-verify), GKE Fleet's sync (only Joined, no properties,
// provider `google` at a Connect Gateway URL without CA data) and the older GKE
// script (no status at all, labels `location` and `run_uuid`, the project as
// namespace). Between them they trip every inventory lint rule a few times: also a
// manager label that disagrees with the spec, one member published by two managers
// that disagree, a property last observed days ago, one profile with only
// credentialProviders, one with an empty manager, a clusterset label against its
// namespace's, and a PlacementDecision naming a profile that does not exist.
std::vector<nlohmann::json> producerShapes(std::chrono::system_clock::time_point now);

} // namespace fleetscope::hub
