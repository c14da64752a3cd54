#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace fleetscope::hub {

// RFC 7386 JSON merge patch (application/merge-patch+json): objects merge recursively,
// null deletes, everything else (arrays included) replaces.
nlohmann::json applyMergePatch(const nlohmann::json &target, const nlohmann::json &patch);

// RFC 6902 JSON patch (application/json-patch+json). Returns false and sets `error`
// when an operation fails (missing path, failed test); `target` is then unchanged.
bool applyJsonPatch(nlohmann::json *target, const nlohmann::json &operations, std::string *error);

} // namespace fleetscope::hub
