#pragma once

#include "historytypes.h"

#include <QHash>
#include <QList>

namespace fleetscope {

// Fleet health over time for a scope: healthy / unhealthy / unknown counts of
// the scope's clusters, downsampled to at most `budget` points whatever the
// fleet size and window (100k clusters × 30 days stay a few hundred points).
//
// `transitions` are ControlPlaneHealthy and Joined transitions of the scope's
// clusters (other types are ignored), including each one's last transition
// before `from`. Health follows healthOf(): ControlPlaneHealthy or Joined False
// is unhealthy, ControlPlaneHealthy True (with Joined True or not reported) is
// healthy, anything else reported is unknown; a cluster with neither condition
// recorded yet is not counted. Each point is the state at the end of its bucket.
QList<HealthPoint> healthSeries(const QList<ConditionTransition> &transitions, qint64 from, qint64 to, int budget);

} // namespace fleetscope
