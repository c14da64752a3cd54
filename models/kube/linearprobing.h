#pragma once

#include <cstddef>

namespace fleetscope::linear_probing {

// Backward-shift deletion in a linear-probing table of power-of-two size: after
// emptying `hole`, the entry at `j` (further along the same probe run) may move
// back into the hole unless its home slot lies cyclically in (hole, j] — then
// moving it would put it before its home, where lookups never start.
inline bool mayMoveBack(size_t home, size_t hole, size_t j)
{
    const bool homeInHoleToJ = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
    return !homeInHoleToJ;
}

} // namespace fleetscope::linear_probing
