#pragma once

#include "fleetrecords.h"

#include "kube/hubdelta.h"

namespace fleetscope::fleet_records {

// From the live objects to what the fleet log keeps of them (fleetrecords.h)...
RecordedCluster fromProfile(const ClusterProfile &profile);
RecordedNamespace fromNamespace(const KubeNamespace &ns);
RecordedPlacement fromPlacement(const PlacementDecision &placement);

// ...and back, for the stores and printers that show a past moment. The
// profile's raw JSON (what `-o json` and the details pane print) is made from
// the recorded facts when `withJson`: the object as recorded, not as sent.
ProfilePtr toProfile(const RecordedCluster &cluster, bool withJson);
NamespacePtr toNamespace(const RecordedNamespace &ns);
PlacementPtr toPlacement(const RecordedPlacement &placement);

} // namespace fleetscope::fleet_records
