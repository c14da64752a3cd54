#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace fleetscope::hub {

// What a member cluster runs, the same for the same (pods, seed): namespaces,
// Deployments whose replicas add up to `pods` Pods (named as ReplicaSets name them,
// spread over `nodes` nodes, most Running, some crash-looping or pending), a Service
// per Deployment, Events about the troubled pods, Secrets (with data, so that
// clients show they never fetch it unasked) and cert-manager Certificates (a CRD).
// Ages are spread over the past weeks, relative to `now`.
std::vector<nlohmann::json> generateWorkloads(int pods, std::uint64_t seed, int nodes,
                                              std::chrono::system_clock::time_point now);

// One Running Pod of `deployment` (its name, namespace and container image) on `node`.
nlohmann::json generatePod(std::mt19937_64 &random, const nlohmann::json &deployment, const std::string &node,
                           std::chrono::system_clock::time_point created);

// The data every generated Secret carries (base64), so that tests can look for it.
inline constexpr const char *kWorkloadSecretValue = "ZmxlZXRzY29wZS1odWItc2VjcmV0LXZhbHVl";

} // namespace fleetscope::hub
