// Timeline segments: transitions and coverage → what each condition lane shows,
// including Unknown, not-reported and the gaps where nobody was watching; plus
// flapping counts, the fleet health series and its point budget, and CSV.

#include "history/healthseries.h"
#include "history/historycsv.h"
#include "history/timelinesegments.h"

#include <QBuffer>
#include <QTest>

#include <limits>

using namespace fleetscope;

namespace {

ConditionStatus statusOf(QStringView text)
{
    if (text == u"-")
        return ConditionStatus::Absent;
    return conditionStatusFromString(text);
}

// "10@12:True/Reason" = began at 10, seen at 12, now True with Reason. "@12" may be
// left out (seen when it began); "~" marks a first-sight seed.
QList<ConditionTransition> parseTransitions(const QString &spec)
{
    QList<ConditionTransition> list;
    ConditionStatus previous = ConditionStatus::Absent;
    for (QString item : spec.split(u' ', Qt::SkipEmptyParts)) {
        ConditionTransition t;
        t.cluster = {QStringLiteral("hub"), QStringLiteral("ns"), QStringLiteral("c")};
        t.type = QStringLiteral("ControlPlaneHealthy");
        if (item.startsWith(u'~')) {
            t.seeded = true;
            item.remove(0, 1);
        }
        const QStringList parts = item.split(u':');
        const QStringList times = parts[0].split(u'@');
        t.at = times[0].toLongLong();
        t.observedAt = times.size() > 1 ? times[1].toLongLong() : t.at;
        const QStringList status = parts[1].split(u'/');
        t.to = statusOf(status[0]);
        t.reason = status.size() > 1 ? status[1] : QString();
        t.from = previous;
        previous = t.to;
        list.append(t);
    }
    return list;
}

QList<CoverageInterval> parseCoverage(const QString &spec)
{
    QList<CoverageInterval> list;
    for (const QString &item : spec.split(u' ', Qt::SkipEmptyParts)) {
        const QStringList ends = item.split(u'-');
        list.append({ends[0].toLongLong(), ends[1].toLongLong()});
    }
    return list;
}

// Watched all along, for the series whose coverage is not the point.
QHash<QString, QList<CoverageInterval>> always()
{
    return {{QStringLiteral("hub"), {{std::numeric_limits<qint64>::min() / 2, std::numeric_limits<qint64>::max() / 2}}}};
}

QString describe(const QList<TimelineSegment> &segments)
{
    QStringList parts;
    for (const TimelineSegment &s : segments) {
        QString kind;
        switch (s.kind) {
        case SegmentKind::True: kind = QStringLiteral("T"); break;
        case SegmentKind::False: kind = QStringLiteral("F"); break;
        case SegmentKind::Unknown: kind = QStringLiteral("U"); break;
        case SegmentKind::Absent: kind = QStringLiteral("-"); break;
        case SegmentKind::Gap: kind = QStringLiteral("gap"); break;
        }
        parts << QStringLiteral("%1-%2:%3%4").arg(s.start).arg(s.end).arg(kind, s.reason.isEmpty() ? QString() : u'/' + s.reason);
    }
    return parts.join(u' ');
}

} // namespace

class TstTimelineSegments : public QObject
{
    Q_OBJECT

private slots:
    void segments_data()
    {
        QTest::addColumn<QString>("transitions");
        QTest::addColumn<QString>("coverage");
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<QString>("expected");

        QTest::newRow("nothing recorded, nobody watching") << "" << "" << 0LL << 100LL << "0-100:gap";
        QTest::newRow("watched, condition never reported") << "" << "0-100" << 0LL << 100LL << "0-100:-";
        QTest::newRow("one status throughout") << "0:True" << "0-100" << 0LL << 100LL << "0-100:T";
        QTest::newRow("flip and back") << "0:True 30:False/Down 60:True" << "0-100" << 0LL << 100LL
                                       << "0-30:T 30-60:F/Down 60-100:T";
        QTest::newRow("unknown is its own colour") << "0:True 40:Unknown/Lost 70:True" << "0-100" << 0LL << 100LL
                                                   << "0-40:T 40-70:U/Lost 70-100:T";
        QTest::newRow("gap while not watching") << "0:True" << "0-40 60-100" << 0LL << 100LL
                                                << "0-40:T 40-60:gap 60-100:T";
        // What a report says about when a status began is its "since", not a recording:
        // unrecorded time is a gap on every lane alike.
        QTest::newRow("change during a gap shows from when watching resumed")
            << "0:True 50@60:False" << "0-40 60-100" << 0LL << 100LL << "0-40:T 40-60:gap 60-100:F";
        QTest::newRow("a first sighting does not vouch for the time before watching")
            << "~10@50:True" << "50-100" << 0LL << 100LL << "0-50:gap 50-100:T";
        QTest::newRow("state before the window carries in") << "-500:False 50:True" << "0-100" << 0LL << 100LL
                                                            << "0-50:F 50-100:T";
        QTest::newRow("window inside one segment") << "0:True" << "0-100" << 20LL << 30LL << "20-30:T";
        QTest::newRow("after the last coverage is a gap") << "0:True" << "0-70" << 0LL << 100LL
                                                          << "0-70:T 70-100:gap";
        QTest::newRow("condition disappears") << "0:True 50:-" << "0-100" << 0LL << 100LL << "0-50:T 50-100:-";
        QTest::newRow("same status, new reason splits") << "0:False/A 50:False/B" << "0-100" << 0LL << 100LL
                                                        << "0-50:F/A 50-100:F/B";
        QTest::newRow("overlapping coverage merges") << "0:True" << "0-60 30-100" << 0LL << 100LL << "0-100:T";
        QTest::newRow("empty window") << "0:True" << "0-100" << 50LL << 50LL << "";
    }
    void segments()
    {
        QFETCH(QString, transitions);
        QFETCH(QString, coverage);
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(QString, expected);
        QCOMPARE(describe(computeSegments(parseTransitions(transitions), parseCoverage(coverage), from, to)), expected);
    }

    void laneOrder()
    {
        QList<ConditionTransition> list = parseTransitions(QStringLiteral("0:True 1:True 2:True"));
        list[0].type = QStringLiteral("Zeta");
        list[1].type = QStringLiteral("Joined");
        list[2].type = QStringLiteral("ControlPlaneHealthy");
        QCOMPARE(laneTypes(list), (QStringList{QStringLiteral("ControlPlaneHealthy"), QStringLiteral("Joined"),
                                               QStringLiteral("Zeta")}));
    }

    void flapping()
    {
        const QList<ConditionTransition> list =
            parseTransitions(QStringLiteral("~0:True 10:False 20:True 30:False 40:True 50:-"));
        QCOMPARE(countFlaps(list, 0), 4);   // the seed and the disappearance are not flaps
        QCOMPARE(countFlaps(list, 25), 2);
        QCOMPARE(countFlaps(list, 100), 0);
    }

    void healthSeriesCounts()
    {
        QList<ConditionTransition> list;
        auto add = [&](const QString &cluster, const QString &type, qint64 at, ConditionStatus to) {
            ConditionTransition t;
            t.cluster = {QStringLiteral("hub"), QStringLiteral("ns"), cluster};
            t.type = type;
            t.at = at;
            t.to = to;
            list.append(t);
        };
        const QString cph = QStringLiteral("ControlPlaneHealthy");
        const QString joined = QStringLiteral("Joined");
        add(QStringLiteral("a"), cph, 0, ConditionStatus::True);
        add(QStringLiteral("b"), cph, 0, ConditionStatus::True);
        add(QStringLiteral("b"), joined, 0, ConditionStatus::True);
        // Only Joined, under the default rule: the producer reports no health.
        add(QStringLiteral("c"), joined, 0, ConditionStatus::True);
        // Only Joined, from GKE Fleet: its rule reads Joined.
        add(QStringLiteral("g"), joined, 0, ConditionStatus::True);
        add(QStringLiteral("a"), cph, 45, ConditionStatus::False);
        add(QStringLiteral("b"), joined, 75, ConditionStatus::Unknown);
        add(QStringLiteral("g"), joined, 90, ConditionStatus::False);
        add(QStringLiteral("d"), QStringLiteral("Other"), 10, ConditionStatus::False); // ignored
        const QHash<ClusterId, QString> managers{
            {ClusterId{QStringLiteral("hub"), QStringLiteral("ns"), QStringLiteral("g")}, QStringLiteral("gke-fleet")}};
        const QList<HealthPoint> points = healthSeries(list, always(), 0, 100, 4, HealthRules(), managers);
        QCOMPARE(points.size(), 4);
        QCOMPARE(points[0], (HealthPoint{25, 3, 0, 0, 1}));
        QCOMPARE(points[1], (HealthPoint{50, 2, 1, 0, 1}));
        QCOMPARE(points[2], (HealthPoint{75, 1, 1, 1, 1}));
        QCOMPARE(points[3], (HealthPoint{100, 0, 2, 1, 1}));
    }

    void healthSeriesCountsSeedsFromWhenAllAreKnown()
    {
        // Joined has held for ages, ControlPlaneHealthy since 60: before 60 the
        // cluster's health is not known, which is not the same as Unknown.
        QList<ConditionTransition> list;
        for (const auto &[type, at] : {std::pair{QStringLiteral("Joined"), qint64(-1000)},
                                       std::pair{QStringLiteral("ControlPlaneHealthy"), qint64(60)}}) {
            ConditionTransition t;
            t.cluster = {QStringLiteral("hub"), QStringLiteral("ns"), QStringLiteral("a")};
            t.type = type;
            t.at = at;
            t.to = ConditionStatus::True;
            t.seeded = true;
            list.append(t);
        }
        const QList<HealthPoint> points = healthSeries(list, always(), 0, 100, 2, HealthRules(), {});
        QCOMPARE(points[0], (HealthPoint{50, 0, 0, 0}));
        QCOMPARE(points[1], (HealthPoint{100, 1, 0, 0}));
    }

    void healthSeriesKeepsItsBudget()
    {
        // 2,000 clusters flapping every minute for 30 days would be 86M events; a
        // slice of that is enough to show the series never exceeds its budget.
        QList<ConditionTransition> list;
        const qint64 day = 24 * 3600 * 1000LL;
        for (int c = 0; c < 2000; ++c) {
            for (int i = 0; i < 30; ++i) {
                ConditionTransition t;
                t.cluster = {QStringLiteral("hub"), QStringLiteral("ns"), QString::number(c)};
                t.type = QStringLiteral("ControlPlaneHealthy");
                t.at = i * day + c;
                t.to = (i + c) % 2 ? ConditionStatus::True : ConditionStatus::False;
                list.append(t);
            }
        }
        const QList<HealthPoint> points = healthSeries(list, always(), 0, 30 * day, 300, HealthRules(), {});
        QCOMPARE(points.size(), 300);
        for (const HealthPoint &p : points)
            QCOMPARE(p.healthy + p.unhealthy + p.unknown, 2000);
        QCOMPARE(points.last().time, 30 * day);
    }

    void healthSeriesCountsOnlyWhatWasRecorded()
    {
        // Two hubs, both with the same three clusters' reports from long ago (one of
        // eu's unhealthy). "eu" was watched over [0, 40], [90, 100] and for a moment
        // at [110, 112]; "us" over [0, 100]. Buckets of 25 over [-100, 200].
        QList<ConditionTransition> list;
        for (const QString &hub : {QStringLiteral("eu"), QStringLiteral("us")}) {
            for (int c = 0; c < 3; ++c) {
                ConditionTransition t;
                t.cluster = {hub, QStringLiteral("ns"), QString::number(c)};
                t.type = QStringLiteral("ControlPlaneHealthy");
                t.at = -1000;
                t.to = c == 0 && hub == QLatin1String("eu") ? ConditionStatus::False : ConditionStatus::True;
                t.seeded = true;
                list.append(t);
            }
        }
        const QHash<QString, QList<CoverageInterval>> coverage{
            {QStringLiteral("eu"), {{0, 40}, {90, 100}, {110, 112}}}, {QStringLiteral("us"), {{0, 100}}}};
        const QList<HealthPoint> points = healthSeries(list, coverage, -100, 200, 12, HealthRules(), {});
        QCOMPARE(points.size(), 12);
        const auto none = [](qint64 time) { return HealthPoint{time, 0, 0, 0, 0, false}; };
        // Before anyone watched: nothing, not "unknown", though the reports date from before.
        QCOMPARE(points[0], none(-75));
        QCOMPARE(points[2], none(-25));
        QCOMPARE(points[3], (HealthPoint{0, 5, 1, 0, 0, true}));
        QCOMPARE(points[4], (HealthPoint{25, 5, 1, 0, 0, true}));
        QCOMPARE(points[5], (HealthPoint{50, 5, 1, 0, 0, true})); // eu as of the end of its watch at 40
        QCOMPARE(points[6], (HealthPoint{75, 3, 0, 0, 0, true})); // eu not watched at all: only us counts
        QCOMPARE(points[7], (HealthPoint{100, 5, 1, 0, 0, true}));
        QCOMPARE(points[8], (HealthPoint{125, 2, 1, 0, 0, true})); // a two-tick watch of eu still shows
        QCOMPARE(points[9], none(150));
        QCOMPARE(points[11], none(200));

        // Who was unhealthy at a point of the series, judged the same way.
        const ClusterId euZero{QStringLiteral("eu"), QStringLiteral("ns"), QStringLiteral("0")};
        QCOMPARE(clustersWithHealth(list, coverage, 0, 25, Health::Unhealthy, HealthRules(), {}), QList<ClusterId>{euZero});
        QVERIFY(clustersWithHealth(list, coverage, 50, 75, Health::Unhealthy, HealthRules(), {}).isEmpty());
        QCOMPARE(clustersWithHealth(list, coverage, 50, 75, Health::Healthy, HealthRules(), {}).size(), 3);
        QCOMPARE(clustersWithHealth(list, coverage, 100, 125, Health::Unhealthy, HealthRules(), {}), QList<ClusterId>{euZero});
        QVERIFY(clustersWithHealth(list, coverage, 125, 150, Health::Unhealthy, HealthRules(), {}).isEmpty());
    }

    void csv()
    {
        ConditionTransition t;
        t.cluster = {QStringLiteral("hub-eu"), QStringLiteral("fleet"), QStringLiteral("prod-1")};
        t.type = QStringLiteral("ControlPlaneHealthy");
        t.from = ConditionStatus::True;
        t.to = ConditionStatus::False;
        t.reason = QStringLiteral("APIServerDown");
        t.message = QStringLiteral("=HYPERLINK(\"x\"), then \"quoted\"\nline");
        t.at = 1'777'000'000'000;
        t.observedAt = 1'777'000'001'000;
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(writeTransitionsCsv(&buffer, {t}));
        const QList<QByteArray> lines = buffer.data().split('\n');
        QVERIFY(lines[0].startsWith("at,observed_at,hub,namespace,name,"));
        QCOMPARE(buffer.data().mid(transitionsCsvHeader().size()),
                 QByteArray("2026-04-24T03:06:40Z,2026-04-24T03:06:41Z,hub-eu,fleet,prod-1,,ControlPlaneHealthy,True,"
                            "False,APIServerDown,\"'=HYPERLINK(\"\"x\"\"), then \"\"quoted\"\"\nline\",,false\r\n"));
    }
};

QTEST_GUILESS_MAIN(TstTimelineSegments)
#include "tst_timelinesegments.moc"
