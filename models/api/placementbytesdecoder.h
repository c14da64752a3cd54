#pragma once

#include "objectbytesreader.h"
#include "placementdecision.h"

#include <string_view>
#include <vector>

namespace fleetscope {

// The DOM-free fast path of decodePlacementDecision(), on the same terms as
// ProfileBytesDecoder: it succeeds only where the DOM decoder would, with the
// identical PlacementDecision, and otherwise returns false for the caller to
// take the DOM path (which names the problem).
class PlacementBytesDecoder final : public ObjectBytesReader
{
public:
    explicit PlacementBytesDecoder(StringPool &pool = StringPool::shared());
    ~PlacementBytesDecoder();

    bool decode(std::string_view json, PlacementDecision *out);

private:
    bool decodeDecision(JsonCursor &c, ClusterDecision *out);
    bool decodeReference(JsonCursor &c, ClusterDecision *out);

    std::vector<ClusterDecision> m_decisions; // reused: the list ends up exactly sized
};

} // namespace fleetscope
