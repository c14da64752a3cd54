#pragma once

#include <QString>
#include <QStringView>

namespace fleetscope {

// What a producer means by a condition's reason, in the user's language.
// Producers copy their own reasons into ClusterProfile conditions: KubeFleet
// explains ControlPlaneHealthy with its member agent's heartbeat and the member's
// API server, OCM copies its ManagedCluster's Available and Joined reasons
// (clusterprofile-api.md §8). Empty for a reason Fleetscope does not know: the
// UI then shows the reason as written.
QString conditionReasonText(QStringView type, QStringView reason);

// Which producer writes `reason` ("KubeFleet", "Open Cluster Management"), or empty.
QString conditionReasonProducer(QStringView reason);

} // namespace fleetscope
