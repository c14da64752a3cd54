#pragma once

#include "clusterprofile.h"
#include "kubenamespace.h"
#include "placementdecision.h"
#include "stringpool.h"

#include <QString>

#include <nlohmann/json.hpp>

namespace fleetscope {

// Decoders from API JSON to the value types. They follow Go's encoding/json as
// the apiserver's clients do: unknown fields are ignored, null is "absent", a
// missing status is fine. A value of the wrong type fails the whole object with
// "JSON.PATH: expected string, got number" in *error: the caller skips that
// object and reports it, the rest of the fleet goes on. Nothing throws.
//
// Repeated strings are interned in `pool` (the process-wide pool by default).

bool decodeClusterProfile(const nlohmann::json &object, ClusterProfile *out, QString *error,
                          StringPool &pool = StringPool::shared());
bool decodePlacementDecision(const nlohmann::json &object, PlacementDecision *out, QString *error,
                             StringPool &pool = StringPool::shared());
bool decodeNamespace(const nlohmann::json &object, KubeNamespace *out, QString *error,
                     StringPool &pool = StringPool::shared());

// A kubeconfig-style Cluster (server, CA, TLS name, proxy, extensions), as found
// in access providers. `at` names where it sits, for error messages.
class JsonReader;
struct JsonPath;
bool decodeKubeconfigCluster(JsonReader &reader, const nlohmann::json &object, const JsonPath &at,
                             KubeconfigCluster *out);

} // namespace fleetscope
