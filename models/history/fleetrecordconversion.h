#pragma once

#include "fleetrecords.h"

#include "kube/hubdelta.h"

namespace fleetscope {
class RecordedTextMemo;
}

namespace fleetscope::fleet_records {

// From the live objects to what the fleet log keeps of them (fleetrecords.h)...
RecordedCluster fromProfile(const ClusterProfile &profile);
RecordedNamespace fromNamespace(const KubeNamespace &ns);
RecordedPlacement fromPlacement(const PlacementDecision &placement);

// ...and back, for the stores and printers that show a past moment. The
// profile's JSON (what `-o json` and the details pane print) is made from the
// recorded facts when asked for (ProfileRecord::json()): the object as
// recorded, not as sent.
// `texts`, when given, saves looking up the texts the clusters of the moment
// before had too.
ProfilePtr toProfile(const std::shared_ptr<const RecordedCluster> &cluster, RecordedTextMemo *texts = nullptr);
ClusterProfile toClusterProfile(const RecordedCluster &cluster, RecordedTextMemo *texts = nullptr);
// The JSON the profile of a recorded cluster prints.
QByteArray profileJson(const RecordedCluster &cluster);
NamespacePtr toNamespace(const RecordedNamespace &ns);
PlacementPtr toPlacement(const RecordedPlacement &placement);

} // namespace fleetscope::fleet_records
