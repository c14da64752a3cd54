#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fleetscope::hub {

class ObjectStore;

// Reads a multi-document YAML (or JSON) file of Namespaces, ClusterProfiles and
// PlacementDecisions; `kind: List` documents are flattened. Errors are "FILE:LINE:COL: what".
bool readFleetFile(const std::string &path, std::vector<nlohmann::json> *objects, std::string *error);

// Seeds the store; Namespaces first so their labels survive the auto-created ones.
bool loadObjects(ObjectStore &store, std::vector<nlohmann::json> objects, const std::string &source,
                 std::string *error);

} // namespace fleetscope::hub
