#pragma once

#include "ondemandreader.h"
#include "placementdecision.h"

#include <string_view>
#include <vector>

namespace fleetscope {

// The one PlacementDecision decoder (list items and watch events), on simdjson
// On-Demand; errors and interning as ProfileDecoder's.
class PlacementDecoder final : public OnDemandReader
{
public:
    // `json` must be followed by jsonPadding readable bytes (see PaddedJson).
    bool decode(std::string_view json, PlacementDecision *out) { return open(json) && decodeRoot(out); }
    // The current object of a list page or watch event, in its open document.
    bool decode(ResponseObjects &objects, PlacementDecision *out) { return open(objects) && decodeRoot(out); }

private:
    bool decodeRoot(PlacementDecision *out);
    bool decodeDecision(ondemand::value &value, const JsonPath &at, ClusterDecision *out);

    std::vector<ClusterDecision> m_decisions; // reused: the list ends up exactly sized
};

} // namespace fleetscope
