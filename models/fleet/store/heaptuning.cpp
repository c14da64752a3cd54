#include "heaptuning.h"

#include <cstdlib> // defines __GLIBC__ where it applies

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace fleetscope::heap_tuning {

void useFixedMmapThreshold()
{
#ifdef __GLIBC__
    // 256 KiB: a list page or response body is larger, a decoded profile's
    // allocations are all far smaller.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

void releaseFreePages()
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

} // namespace fleetscope::heap_tuning
