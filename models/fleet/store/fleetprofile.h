#pragma once

#include "api/clusterfacts.h"
#include "kube/hubdelta.h"

#include <QString>

namespace fleetscope {

// A profile as the fleet knows it: the shared decoded record, the hub it came
// from, and the facts every view groups and colours by, computed once per change.
// Fields are ordered by size: the store keeps one per cluster in a vector.
struct FleetProfile
{
    ProfilePtr record;
    BlockString memberId; // shares the profile's text block
    PooledString clusterSet;
    PooledString manager;
    int hub = -1;
    ClusterSetSource clusterSetSource = ClusterSetSource::None;
    bool managerMismatch = false;
    Health health = Health::NotReported;

    const ClusterProfile &profile() const { return record->profile; }
};

} // namespace fleetscope
