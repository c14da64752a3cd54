#pragma once

#include "objectmeta.h"

namespace fleetscope {

// A core/v1 Namespace, of which a fleet dashboard needs the labels only
// (clusterset membership may be declared on the inventory namespace).
struct KubeNamespace
{
    ObjectMeta metadata;
};

} // namespace fleetscope
