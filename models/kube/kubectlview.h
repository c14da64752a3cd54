#pragma once

#include "kube/kubeconfig.h"

#include <QString>

#include <nlohmann/json.hpp>

namespace fleetscope {

// What `kubectl config view --merge --raw -o json` prints for `config` (object key
// order aside): entries sorted by name, `*-data` re-encoded as base64, absent lists as
// `null`, `preferences: {}` always, exec `provideClusterInfo` always. Paths are printed
// as stored, so load with resolvePaths = false to match kubectl, whose config commands
// do not resolve them.
nlohmann::json toKubectlViewJson(const Kubeconfig &config);

// One clientcmd v1 `Cluster` as Go's encoding/json writes it (omitempty per field):
// also the body of an exec plugin's ExecCredential spec.cluster, which has the same tags.
nlohmann::json toKubectlClusterJson(const KubeconfigCluster &cluster);

} // namespace fleetscope
