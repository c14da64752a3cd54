#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fleetscope::hub {

// `count` Ready Nodes as a small member cluster has them (the first one the
// control plane), their kubelets at `kubeletVersion`: enough for
// `kubectl get nodes` and for commands run across members to show something real.
std::vector<nlohmann::json> generateNodes(int count, const std::string &kubeletVersion);

} // namespace fleetscope::hub
