#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace fleetscope::hub {

// A realistic synthetic fleet, the same for the same (count, seed): clustersets as labelled
// namespaces, three managers (OCM, KubeFleet, GKE Fleet) with their provider names and
// condition reasons, the well-known properties, a spread of versions and health, and
// PlacementDecisions selecting subsets (sliced with placement/decision labels).
std::vector<nlohmann::json> generateFleet(int count, std::uint64_t seed);

// One ClusterProfile, for the fleet and for churn adds. `index` makes the name unique.
nlohmann::json generateClusterProfile(std::mt19937_64 &random, int index, const std::string &clusterSet);

// The clusterset namespaces' names for a fleet of `count` ("fleet-prod", ...).
std::vector<std::string> generatedClusterSets(int count);
std::string clusterSetNamespace(const std::string &clusterSet);

// Condition reasons each manager uses, for churn flips.
std::string healthyReason(const std::string &manager, bool healthy);
// The condition a manager reports health through: GKE Fleet writes only Joined
// (clusterprofile-api.md §8), the others ControlPlaneHealthy.
std::string healthConditionType(const std::string &manager);

} // namespace fleetscope::hub
