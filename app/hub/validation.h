#pragma once

#include "apistatus.h"

#include <nlohmann/json.hpp>

namespace fleetscope::hub {

struct ResourceType;

// The CRD schema checks that matter to clients (required fields, maxItems, the CEL
// immutability rule on spec.clusterManager), with the apiserver's field paths and wording.
// `old` is null on create.
ApiError validateObject(const ResourceType &type, const nlohmann::json &object, const nlohmann::json *old);

} // namespace fleetscope::hub
