#pragma once

#include "historytypes.h"

#include "fleet/filter/healthrules.h"

#include <QHash>
#include <QList>

namespace fleetscope {

// Fleet health over time for a scope: the count of each verdict among the scope's
// clusters, downsampled to at most `budget` points whatever the fleet size and
// window (100k clusters × 30 days stay a few hundred points).
//
// `transitions` are the scope's clusters' transitions of the condition types the
// rules read (others are ignored), including each one's last transition before
// `from`. Each cluster is judged by the rule for its manager in `managers` (the
// default rule when it has none), as the table judges it now; a cluster none of
// whose rule's conditions was recorded yet is not counted. Each point is the state
// at the end of its bucket. A hub's clusters count only where the hub was watched
// (`coverage`, per hub): as of the bucket's end when it was watched then, else as
// of the end of its last watch inside the bucket. A point none of whose hubs was
// watched during its bucket is not recorded and counts nothing.
QList<HealthPoint> healthSeries(const QList<ConditionTransition> &transitions,
                                const QHash<QString, QList<CoverageInterval>> &coverage, qint64 from, qint64 to,
                                int budget, const HealthRules &rules, const QHash<ClusterId, QString> &managers);

// The clusters whose verdict was `health` at the point of a series whose bucket is
// (since, at], judged as healthSeries() judges them, sorted by hub, namespace and
// name. `transitions` must include each key's last transition at or before `since`.
QList<ClusterId> clustersWithHealth(const QList<ConditionTransition> &transitions,
                                    const QHash<QString, QList<CoverageInterval>> &coverage, qint64 since,
                                    qint64 at, Health health, const HealthRules &rules,
                                    const QHash<ClusterId, QString> &managers);

} // namespace fleetscope
