// The history widgets, offscreen: the timeline shows one lane per condition of
// the chosen cluster with the recorded segments, hover text, selection in step with
// the list of transitions, zoom by drag and presets; the fleet health chart counts
// its scope from recorded data only, within the point budget, says the counts under
// the pointer and selects the clusters unhealthy at a clicked moment.

#include "charts/chartframe.h"
#include "charts/clustertimelineview.h"
#include "charts/fleethealthchart.h"
#include "charts/healthchartview.h"
#include "charts/timelinechart.h"
#include "healthstyle.h"
#include "history/historystore.h"

#include <QDateTime>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QTreeWidget>

using namespace fleetscope;

namespace {

constexpr qint64 kMinute = 60'000;

ClusterObservation observe(const QString &name, qint64 at, ConditionStatus cph, ConditionStatus joined)
{
    ClusterObservation o;
    o.cluster = {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
    o.observedAt = at;
    Condition c;
    c.type = QStringLiteral("ControlPlaneHealthy");
    c.status = cph;
    c.reason = cph == ConditionStatus::False ? QStringLiteral("AgentHeartbeatLost") : QStringLiteral("Healthy");
    c.message = cph == ConditionStatus::False ? QStringLiteral("Agent heartbeat lost for 5m.") : QString();
    c.lastTransitionTime = at;
    Condition j;
    j.type = QStringLiteral("Joined");
    j.status = joined;
    j.lastTransitionTime = at - 60 * kMinute;
    o.conditions = {c, j};
    return o;
}

} // namespace

class TstHistoryViews : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    qint64 m_now = 0;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_now = QDateTime::currentMSecsSinceEpoch();
    }

    void timelineShowsLanes()
    {
        HistoryStore store;
        store.open(m_dir.filePath(QStringLiteral("views.sqlite")));
        QTRY_COMPARE(store.state(), HistoryStore::State::Ready);
        store.beginCoverage(QStringLiteral("hub-a"), m_now - 50 * kMinute);
        // Flapping: down and up every five minutes for the last 40 minutes.
        QList<ClusterObservation> seen;
        for (int i = 0; i < 9; ++i)
            seen << observe(QStringLiteral("flappy"), m_now - 40 * kMinute + i * 5 * kMinute,
                            i % 2 ? ConditionStatus::False : ConditionStatus::True, ConditionStatus::True);
        store.observe(seen);
        store.flush();

        ClusterTimelineView view(&store);
        view.resize(700, 260);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy shown(&view, &ClusterTimelineView::shown);
        view.setSpan(60 * kMinute);
        view.setCluster({QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("flappy")});
        QTRY_VERIFY(!view.chart()->lanes().isEmpty());
        const QList<TimelineChart::Lane> lanes = view.chart()->lanes();
        QCOMPARE(lanes.size(), 2);
        QCOMPARE(lanes[0].type, QStringLiteral("ControlPlaneHealthy"));
        QCOMPARE(lanes[1].type, QStringLiteral("Joined"));
        int falses = 0;
        for (const TimelineSegment &s : lanes[0].segments)
            falses += s.kind == SegmentKind::False ? 1 : 0;
        QCOMPARE(falses, 4);
        // Before the cluster was first seen and before watching: a gap, never a status.
        QCOMPARE(lanes[0].segments.first().kind, SegmentKind::Gap);
        // The lanes speak the table's colours, and the palette's for what is no status.
        QCOMPARE(TimelineChart::color(SegmentKind::False, view.palette()), HealthStyle::color(Health::Unhealthy));
        QCOMPARE(TimelineChart::color(SegmentKind::Gap, view.palette()), HealthStyle::mutedText(view.palette()));
        QVERIFY2(view.statusText().contains(QLatin1String("8 status change")), qPrintable(view.statusText()));

        // Hover over the middle of the lane at a False segment.
        int downIndex = -1;
        for (int i = 0; i < lanes[0].segments.size(); ++i) {
            if (lanes[0].segments[i].kind == SegmentKind::False)
                downIndex = i;
        }
        QVERIFY(downIndex >= 0);
        const TimelineSegment down = lanes[0].segments[downIndex];
        const QPoint at = view.chart()->pointAt(0, (down.start + down.end) / 2);
        const QString tip = view.chart()->toolTipAt(at);
        QVERIFY2(tip.contains(QLatin1String("AgentHeartbeatLost")) && tip.contains(QLatin1String("heartbeat lost")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("5m")), qPrintable(tip)); // its duration

        // Clicking the stretch selects it, and the transition that began it in the list.
        QTest::mouseClick(view.chart(), Qt::LeftButton, {}, at);
        QCOMPARE(view.chart()->selectedLane(), 0);
        QCOMPARE(view.chart()->selectedSegment(), downIndex);
        // The window's transitions, newest first.
        auto *transitions = view.findChild<QTreeWidget *>(QStringLiteral("timelineTransitions"));
        QVERIFY(transitions);
        QTreeWidgetItem *current = transitions->currentItem();
        QVERIFY(current);
        QCOMPARE(current->text(1), QStringLiteral("ControlPlaneHealthy"));
        QCOMPARE(current->text(2), QStringLiteral("True → False"));
        QCOMPARE(current->text(3), QStringLiteral("AgentHeartbeatLost"));
        // The other way round: a row of the list selects its stretch.
        transitions->setCurrentItem(transitions->topLevelItem(0)); // the newest: back up
        QCOMPARE(view.chart()->selectedLane(), 0);
        QCOMPARE(lanes[0].segments[view.chart()->selectedSegment()].kind, SegmentKind::True);
        // Arrow keys walk the stretches.
        const int before = view.chart()->selectedSegment();
        view.chart()->setFocus();
        QTest::keyClick(view.chart(), Qt::Key_Left);
        QCOMPARE(view.chart()->selectedSegment(), before - 1);
        // The list holds the window's transitions, newest first: 8 changes and the first sighting.
        QCOMPARE(transitions->topLevelItemCount(), 9);

        // Dragging across the chart zooms in; a right-click goes back to the preset.
        QSignalSpy zoomed(view.chart(), &TimelineChart::windowChanged);
        const QRectF lane = view.chart()->laneRect(0);
        QTest::mousePress(view.chart(), Qt::LeftButton, {}, QPoint(int(lane.left() + lane.width() / 2), int(lane.center().y())));
        QTest::mouseMove(view.chart(), QPoint(int(lane.right() - 4), int(lane.center().y())));
        QTest::mouseRelease(view.chart(), Qt::LeftButton, {}, QPoint(int(lane.right() - 4), int(lane.center().y())));
        QCOMPARE(zoomed.size(), 1);
        shown.clear();
        QVERIFY(shown.wait(5000));
        QVERIFY(view.chart()->to() - view.chart()->from() < 30 * kMinute);
        // A zoom is no preset: it says what it shows, and no preset button claims it.
        const auto checkedPresets = [&view] {
            QList<qint64> spans;
            for (const QAbstractButton *button : view.findChildren<QAbstractButton *>()) {
                if (button->property("span").isValid() && button->isChecked())
                    spans << button->property("span").toLongLong();
            }
            return spans;
        };
        QVERIFY2(view.statusText().startsWith(QStringLiteral("Zoomed to ")), qPrintable(view.statusText()));
        QVERIFY2(!view.statusText().contains(QStringLiteral("drag to zoom")), qPrintable(view.statusText()));
        QCOMPARE(checkedPresets(), QList<qint64>{});
        shown.clear();
        QTest::mouseClick(view.chart(), Qt::RightButton, {}, lane.center().toPoint());
        QVERIFY(shown.wait(5000));
        QVERIFY(view.chart()->to() - view.chart()->from() > 45 * kMinute);
        QCOMPARE(checkedPresets(), QList<qint64>{60 * kMinute});
        QVERIFY2(!view.statusText().contains(QStringLiteral("Zoomed")), qPrintable(view.statusText()));

        // A wider preset refetches, and still opens on what is recorded.
        shown.clear();
        view.setSpan(24 * 60 * kMinute);
        QVERIFY(shown.wait(5000));
        QVERIFY(view.recordedFrom() > 0);
        QVERIFY(view.chart()->to() - view.chart()->from() < 60 * kMinute);
        // It says when recording began, as the time bar does: not where the window starts.
        QVERIFY2(view.statusText().startsWith(ChartFrame::recordedSince(m_now - 50 * kMinute)), qPrintable(view.statusText()));

        const QString shot = qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR");
        if (!shot.isEmpty())
            view.grab().save(shot + QStringLiteral("/timeline-test.png"));

        // CSV of everything recorded for the cluster.
        const QString csv = m_dir.filePath(QStringLiteral("flappy.csv"));
        view.exportCsv(csv);
        QTRY_VERIFY(QFile::exists(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QVERIFY(lines[0].startsWith("at,observed_at,hub,"));
        QCOMPARE(lines.size(), 1 + 10 + 1); // header, 2 seeds + 8 changes, final newline
        QVERIFY(view.statusText().contains(QLatin1String("flappy.csv")));

        // No cluster: says so, no lanes.
        view.setCluster({});
        QVERIFY(view.chart()->lanes().isEmpty());
    }

    void youngHistoryOpensOnTheRecordedRange()
    {
        HistoryStore store;
        store.open(m_dir.filePath(QStringLiteral("young.sqlite")));
        QTRY_COMPARE(store.state(), HistoryStore::State::Ready);
        // Installed 50 minutes ago: watching since then, the clusters first seen then.
        store.beginCoverage(QStringLiteral("hub-a"), m_now - 50 * kMinute);
        QList<ClusterObservation> seen;
        QSet<ClusterId> scope;
        for (int c = 0; c < 5; ++c) {
            ClusterObservation o = observe(QStringLiteral("young%1").arg(c), m_now - 50 * kMinute, ConditionStatus::True,
                                           ConditionStatus::True);
            for (Condition &condition : o.conditions)
                condition.lastTransitionTime = m_now - 50 * kMinute;
            seen << o;
            scope.insert(o.cluster);
        }
        seen << observe(QStringLiteral("young0"), m_now - 20 * kMinute, ConditionStatus::False, ConditionStatus::True);
        store.observe(seen);
        store.flush();

        ClusterTimelineView view(&store);
        view.resize(700, 260);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy shown(&view, &ClusterTimelineView::shown);
        view.setCluster({QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("young0")});
        QTRY_VERIFY(!view.chart()->lanes().isEmpty());
        // The default 24 h preset opens on the 50 recorded minutes (with a little lead), and says so.
        QVERIFY(view.recordedFrom() > 0);
        QVERIFY2(view.chart()->from() >= m_now - 55 * kMinute && view.chart()->from() <= m_now - 50 * kMinute,
                 qPrintable(QString::number((m_now - view.chart()->from()) / kMinute)));
        QVERIFY2(view.statusText().startsWith(QLatin1String("Recorded since ")), qPrintable(view.statusText()));
        // Hatching only as a short lead that shows where recording began.
        const TimelineSegment lead = view.chart()->lanes()[0].segments.first();
        const qint64 shownSpan = view.chart()->to() - view.chart()->from();
        QVERIFY(lead.kind != SegmentKind::Gap || (lead.end - lead.start) * 10 <= shownSpan);
        // A preset chosen by name opens on the recorded range too: never 23 hours of hatching.
        shown.clear();
        view.setSpan(7 * 24 * 60 * kMinute);
        QVERIFY(shown.wait(5000));
        QVERIFY(view.recordedFrom() > 0);
        QVERIFY(view.chart()->to() - view.chart()->from() < 60 * kMinute);
        QVERIFY(view.statusText().startsWith(QLatin1String("Recorded since ")));

        FleetHealthChart chart(&store);
        chart.resize(700, 260);
        chart.show();
        chart.setScope(scope, {}, QStringLiteral("5 clusters"));
        QTRY_VERIFY(!chart.points().isEmpty());
        QVERIFY(chart.recordedFrom() >= m_now - 56 * kMinute && chart.recordedFrom() <= m_now - 50 * kMinute);
        // The points spread over the recorded range instead of its last pixels.
        QVERIFY(chart.points().first().time >= m_now - 56 * kMinute);
        QVERIFY(chart.points().first().healthy + chart.points().first().unhealthy > 0
                || chart.points()[chart.points().size() / 10].healthy > 0);
        QVERIFY2(chart.statusText().startsWith(QLatin1String("Recorded since ")), qPrintable(chart.statusText()));
        QSignalSpy chartShown(&chart, &FleetHealthChart::shown);
        chart.setSpan(7 * 24 * 60 * kMinute);
        QVERIFY(chartShown.wait(5000));
        QTRY_VERIFY(chart.recordedFrom() > 0);
        QTRY_VERIFY2(chart.points().first().time >= m_now - 56 * kMinute,
                     qPrintable(QString::number((m_now - chart.points().first().time) / kMinute)));
    }

    void fleetHealthChart()
    {
        HistoryStore store;
        store.open(m_dir.filePath(QStringLiteral("health.sqlite")));
        QTRY_COMPARE(store.state(), HistoryStore::State::Ready);
        // Watched from 100 minutes ago, stopped 70 to 60 minutes ago, watched again since.
        store.beginCoverage(QStringLiteral("hub-a"), m_now - 100 * kMinute);
        store.endCoverage(QStringLiteral("hub-a"), m_now - 70 * kMinute);
        store.beginCoverage(QStringLiteral("hub-a"), m_now - 60 * kMinute);
        QList<ClusterObservation> seen;
        QSet<ClusterId> scope;
        for (int c = 0; c < 30; ++c) {
            const QString name = QStringLiteral("c%1").arg(c);
            seen << observe(name, m_now - 120 * kMinute, ConditionStatus::True, ConditionStatus::True);
            if (c < 10)
                seen << observe(name, m_now - 30 * kMinute, ConditionStatus::False, ConditionStatus::True);
            scope.insert({QStringLiteral("hub-a"), QStringLiteral("fleet"), name});
        }
        store.observe(seen);
        store.flush();
        FleetHealthChart chart(&store);
        chart.resize(700, 260);
        chart.show();
        QSignalSpy shown(&chart, &FleetHealthChart::shown);
        chart.setScope(scope, {}, QStringLiteral("30 clusters"));
        QTRY_VERIFY(!chart.points().isEmpty());
        QCOMPARE(chart.points().size(), FleetHealthChart::pointBudget);
        QCOMPARE(chart.points().last().healthy, 20);
        QCOMPARE(chart.points().last().unhealthy, 10);
        QVERIFY(chart.statusText().contains(QLatin1String("20 healthy")));
        // What nobody recorded is never counted as a verdict: not before watching
        // began (though the clusters' reports say they were healthy then), not in the gap.
        int unrecorded = 0;
        qint64 bucketStart = chart.points().first().time - (chart.points()[1].time - chart.points()[0].time);
        for (const HealthPoint &p : chart.points()) {
            // A point is recorded when its bucket (bucketStart, p.time] overlaps a watch.
            const bool watched = (bucketStart < m_now - 70 * kMinute && p.time >= m_now - 100 * kMinute)
                || p.time >= m_now - 60 * kMinute;
            bucketStart = p.time;
            QCOMPARE(p.recorded, watched);
            if (!p.recorded) {
                QCOMPARE(p.healthy + p.unhealthy + p.unknown + p.notReported, 0);
                ++unrecorded;
            }
        }
        QVERIFY(unrecorded > 0);
        // Hovering says the counts at that moment, or that nothing was recorded.
        HealthChartView *view = chart.view();
        QVERIFY2(view->toolTipAt(view->positionOf(m_now - 10 * kMinute)).contains(QLatin1String("20 healthy, 10 unhealthy")),
                 qPrintable(view->toolTipAt(view->positionOf(m_now - 10 * kMinute))));
        QVERIFY(view->toolTipAt(view->positionOf(m_now - 65 * kMinute)).contains(QLatin1String("Not recorded")));
        // As a person hovers: no button pressed, the tooltip shows the counts.
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTest::mouseMove(view->viewport(), view->positionOf(m_now - 10 * kMinute));
        QTRY_VERIFY2(QToolTip::text().contains(QLatin1String("20 healthy, 10 unhealthy")), qPrintable(QToolTip::text()));
        // A click selects the clusters that were unhealthy then.
        QSignalSpy chosen(&chart, &FleetHealthChart::clustersChosen);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->positionOf(m_now - 10 * kMinute));
        QVERIFY(chosen.wait(5000));
        const auto clusters = chosen.first().first().value<QList<ClusterId>>();
        QCOMPARE(clusters.size(), 10);
        for (const ClusterId &id : clusters)
            QVERIFY2(id.name.mid(1).toInt() < 10, qPrintable(id.name));
        QVERIFY2(chart.statusText().contains(QLatin1String("the 10 cluster")) && chart.statusText().contains(QLatin1String("unhealthy")),
                 qPrintable(chart.statusText()));
        // Before they went down, none was.
        chart.chooseMoment(m_now - 45 * kMinute);
        QTRY_VERIFY(chart.statusText().startsWith(QLatin1String("No cluster was unhealthy")));
        QCOMPARE(chosen.size(), 1);
    }
};

QTEST_MAIN(TstHistoryViews)
#include "tst_historyviews.moc"
