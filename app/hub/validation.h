#pragma once

#include "apistatus.h"

#include <nlohmann/json.hpp>

namespace fleetscope::hub {

struct ResourceType;

// The CRD schema checks that matter to clients (required fields, maxItems, the CEL
// immutability rule on spec.clusterManager), with the apiserver's field paths and wording.
// `old` is null on create. `version` is the one the write came through ("" = storage):
// v1alpha2 adds its stricter ClusterProfile rules (spec.clusterManager.name 1–63 and a
// label value; at most 64 accessProviders, each with a name and a cluster whose server
// is an absolute URL with a host; proxy-url http, https or socks5; tls-server-name ≤ 253).
ApiError validateObject(const ResourceType &type, const nlohmann::json &object, const nlohmann::json *old,
                        const std::string &version = {});

// What `version`'s schema does not have, removed as the apiserver prunes unknown fields
// when it serves or writes an object through that version: v1alpha2 ClusterProfiles have
// no status.credentialProviders and no accessProviders[].cluster.certificate-authority.
void pruneForVersion(const ResourceType &type, const std::string &version, nlohmann::json *object);

// "v1alpha2" of "multicluster.x-k8s.io/v1alpha2" ("v1" of "v1").
std::string versionOf(const std::string &apiVersion);

} // namespace fleetscope::hub
