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

// `kubectl config view --flatten`: CA, client certificate and key files are read and
// inlined as *-data, their paths dropped (a *-data already set wins). Relative paths
// are taken against each entry's origin, so this works on resolved and unresolved
// configs alike. Returns false with `error` naming the entry and file on a read failure.
bool flattenKubeconfig(Kubeconfig *config, QString *error);

} // namespace fleetscope
