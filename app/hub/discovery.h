#pragma once

#include "resourcetypes.h"

#include <nlohmann/json.hpp>

#include <string>

namespace fleetscope::hub {

// Legacy (non-aggregated) discovery documents. kubectl then asks each group version,
// which is what a server without aggregated discovery gets (kube-api-protocol §5).
// /version as kube-apiserver serves it; major and minor are read from `gitVersion` ("v1.34.0").
nlohmann::json versionInfo(const std::string &gitVersion);
// What a hub reports unless started with --server-version.
inline constexpr const char *kDefaultGitVersion = "v1.34.0-fleetscope-hub";
nlohmann::json coreApiVersions(const std::string &serverAddress);
// Only what `served` says is offered.
nlohmann::json apiGroupList(const ServedApi &served);
nlohmann::json apiGroup(const std::string &group, const ServedApi &served); // null when unknown
// null when the group version is not served.
nlohmann::json apiResourceList(const std::string &group, const std::string &version, const ServedApi &served);

// A minimal OpenAPI v3 (root and per group version) so that `kubectl create -f` can tell
// that the server validates fields itself. /openapi/v2 stays 404.
nlohmann::json openApiV3Root();
nlohmann::json openApiV3Document(const std::string &groupVersionPath); // null when unknown

} // namespace fleetscope::hub
