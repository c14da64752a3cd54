#include "timelinesegments.h"

#include <QCoreApplication>

#include <algorithm>

namespace fleetscope {

QString segmentKindName(SegmentKind kind)
{
    switch (kind) {
    case SegmentKind::True:
        return QStringLiteral("True");
    case SegmentKind::False:
        return QStringLiteral("False");
    case SegmentKind::Unknown:
        return QStringLiteral("Unknown");
    case SegmentKind::Absent:
        return QCoreApplication::translate("Timeline", "not reported");
    case SegmentKind::Gap:
        return QCoreApplication::translate("Timeline", "not recorded");
    }
    return {};
}

QList<CoverageInterval> mergeIntervals(QList<CoverageInterval> intervals)
{
    intervals.erase(std::remove_if(intervals.begin(), intervals.end(),
                                   [](const CoverageInterval &i) { return i.end < i.start; }),
                    intervals.end());
    std::sort(intervals.begin(), intervals.end(),
              [](const CoverageInterval &a, const CoverageInterval &b) { return a.start < b.start; });
    QList<CoverageInterval> merged;
    for (const CoverageInterval &i : intervals) {
        if (!merged.isEmpty() && i.start <= merged.last().end)
            merged.last().end = std::max(merged.last().end, i.end);
        else
            merged.append(i);
    }
    return merged;
}

static SegmentKind kindOf(ConditionStatus status)
{
    switch (status) {
    case ConditionStatus::True:
        return SegmentKind::True;
    case ConditionStatus::False:
        return SegmentKind::False;
    case ConditionStatus::Unknown:
        return SegmentKind::Unknown;
    case ConditionStatus::Absent:
        return SegmentKind::Absent;
    }
    return SegmentKind::Unknown;
}

QList<TimelineSegment> computeSegments(QList<ConditionTransition> transitions, QList<CoverageInterval> coverage,
                                       qint64 from, qint64 to)
{
    QList<TimelineSegment> segments;
    if (to <= from)
        return segments;
    std::stable_sort(transitions.begin(), transitions.end(), [](const ConditionTransition &a, const ConditionTransition &b) {
        return a.at != b.at ? a.at < b.at : a.observedAt < b.observedAt;
    });
    // Only what Fleetscope watched is known: a first report saying a status began
    // long before is the status's start (the tooltip's "since"), not a recording of
    // that time. So every lane shows the same unrecorded stretches.
    const QList<CoverageInterval> known = mergeIntervals(std::move(coverage));

    // Every instant where what is shown may change.
    QList<qint64> cuts{from, to};
    for (const ConditionTransition &t : transitions) {
        if (t.at > from && t.at < to)
            cuts.append(t.at);
    }
    for (const CoverageInterval &k : known) {
        if (k.start > from && k.start < to)
            cuts.append(k.start);
        // An interval [a, b] includes b: the piece starting at b is still known
        // only when another interval continues it (merged above).
        if (k.end > from && k.end < to)
            cuts.append(k.end);
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());

    qsizetype next = 0;     // first transition with at > current cut
    qsizetype knownIx = 0;
    const ConditionTransition *current = nullptr;
    for (qsizetype c = 0; c + 1 < cuts.size(); ++c) {
        const qint64 start = cuts[c];
        const qint64 end = cuts[c + 1];
        while (next < transitions.size() && transitions[next].at <= start)
            current = &transitions[next++];
        while (knownIx < known.size() && known[knownIx].end <= start)
            ++knownIx;
        const bool isKnown = knownIx < known.size() && known[knownIx].start <= start && known[knownIx].end > start;
        TimelineSegment piece;
        piece.start = start;
        piece.end = end;
        if (!isKnown) {
            piece.kind = SegmentKind::Gap;
        } else if (!current) {
            piece.kind = SegmentKind::Absent;
        } else {
            piece.kind = kindOf(current->to);
            piece.reason = current->reason;
            piece.message = current->message;
            piece.since = current->at;
        }
        if (!segments.isEmpty()) {
            TimelineSegment &last = segments.last();
            if (last.end == piece.start && last.kind == piece.kind && last.reason == piece.reason
                && last.message == piece.message && last.since == piece.since) {
                last.end = piece.end;
                continue;
            }
        }
        segments.append(piece);
    }
    return segments;
}

QStringList laneTypes(const QList<ConditionTransition> &transitions)
{
    QStringList types;
    for (const ConditionTransition &t : transitions) {
        if (!types.contains(t.type))
            types.append(t.type);
    }
    auto rank = [](const QString &type) {
        if (type == QStringView(condition_types::controlPlaneHealthy))
            return 0;
        if (type == QStringView(condition_types::joined))
            return 1;
        return 2;
    };
    std::sort(types.begin(), types.end(), [&](const QString &a, const QString &b) {
        const int ra = rank(a), rb = rank(b);
        return ra != rb ? ra < rb : a < b;
    });
    return types;
}

int countFlaps(const QList<ConditionTransition> &transitions, qint64 since)
{
    int count = 0;
    for (const ConditionTransition &t : transitions) {
        if (!t.seeded && t.at >= since && t.from != ConditionStatus::Absent && t.to != ConditionStatus::Absent
            && t.from != t.to)
            ++count;
    }
    return count;
}

} // namespace fleetscope
