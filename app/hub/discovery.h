#pragma once

#include "resourcetypes.h"

#include <nlohmann/json.hpp>

#include <string>

namespace fleetscope::hub {

// Legacy (non-aggregated) discovery documents. kubectl then asks each group version,
// which is what a server without aggregated discovery gets (kube-api-protocol §5).
nlohmann::json versionInfo();
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
