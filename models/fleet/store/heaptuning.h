#pragma once

namespace fleetscope::heap_tuning {

// glibc's allocator tuned for a fleet held in memory; no-ops on other C libraries.
//
// Cold syncs allocate large transient buffers (list pages of ~1 MB, response
// bodies) between the fleet's long-lived objects. By default glibc raises its
// mmap threshold after the first such buffer is freed, so the next ones come
// from the heap and leave holes there that stay resident: ~10 % of the resident
// size after a 20k-profile sync. A fixed threshold keeps them in their own
// mappings, which go back to the system when freed. Call once, before threads.
// glibc maps only what the arena's free top cannot hold, so nothing may pad the
// top (M_TOP_PAD): a 32 MiB pad kept list pages, parser buffers and row copies
// in the heaps, resident after use: ~10 MB of a 100k `fleetscope list`'s peak.
void useFixedMmapThreshold();

// Returns whole free pages inside the heap to the system (malloc_trim): what the
// transient memory of a sync leaves behind.
void releaseFreePages();

} // namespace fleetscope::heap_tuning
