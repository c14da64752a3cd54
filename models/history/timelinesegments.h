#pragma once

#include "historytypes.h"

#include <QList>
#include <QStringList>

namespace fleetscope {

// What one stretch of a condition lane shows.
enum class SegmentKind : quint8 {
    True,
    False,
    Unknown,
    Absent, // watched, but the cluster did not report this condition
    Gap,    // Fleetscope was not watching and no report covers the time
};

struct TimelineSegment
{
    qint64 start = 0;
    qint64 end = 0;
    SegmentKind kind = SegmentKind::Gap;
    QString reason;
    QString message;
    qint64 since = 0; // when the status began (may be before `start`)

    friend bool operator==(const TimelineSegment &a, const TimelineSegment &b)
    {
        return a.start == b.start && a.end == b.end && a.kind == b.kind && a.reason == b.reason
            && a.message == b.message;
    }
};

QString segmentKindName(SegmentKind kind);

// The segments of one condition lane in [from, to): `transitions` are that
// condition's, in any order. A time is known when Fleetscope was watching the
// hub (`coverage`); everything else is a Gap, on every lane alike, whatever a
// report says about when its status began (that is the segment's `since`).
// Adjacent pieces with the same status and reason are merged.
QList<TimelineSegment> computeSegments(QList<ConditionTransition> transitions, QList<CoverageInterval> coverage,
                                       qint64 from, qint64 to);

// Condition types in lane order: ControlPlaneHealthy, Joined, then by name.
QStringList laneTypes(const QList<ConditionTransition> &transitions);

// Sorted, non-overlapping, touching intervals merged.
QList<CoverageInterval> mergeIntervals(QList<CoverageInterval> intervals);

// Real status changes (not first-sight seeds, not to or from Absent) that began
// at or after `since`: what flapping counts.
int countFlaps(const QList<ConditionTransition> &transitions, qint64 since);

} // namespace fleetscope
