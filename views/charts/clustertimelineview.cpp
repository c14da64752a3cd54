#include "clustertimelineview.h"

#include "chartframe.h"
#include "history/historystore.h"
#include "timelinechart.h"

#include <QDateTime>
#include <QLabel>
#include <QTimer>
#include <QToolButton>

namespace fleetscope {

ClusterTimelineView::ClusterTimelineView(HistoryStore *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_span(ChartFrame::defaultSpan)
    , m_chart(new TimelineChart(this))
    , m_frame(new ChartFrame(this, m_chart, m_span))
    , m_refetch(new QTimer(this))
{
    setObjectName(QStringLiteral("clusterTimeline"));
    QToolButton *exportButton = m_frame->exportButton();
    exportButton->setObjectName(QStringLiteral("exportTimelineCsv"));
    exportButton->setToolTip(tr("Save this cluster's recorded condition transitions as CSV"));
    connect(exportButton, &QToolButton::clicked, this, &ClusterTimelineView::chooseExportFile);
    connect(m_frame, &ChartFrame::presetChosen, this, &ClusterTimelineView::setSpan);

    m_refetch->setSingleShot(true);
    m_refetch->setInterval(150);
    connect(m_refetch, &QTimer::timeout, this, &ClusterTimelineView::refetch);
    connect(m_chart, &TimelineChart::windowChanged, this, [this](qint64 from, qint64 to) {
        m_from = from;
        m_to = to;
        m_refetch->start();
    });
    connect(m_history, &HistoryStore::transitionsRecorded, this, [this](const QList<ConditionTransition> &written) {
        for (const ConditionTransition &t : written) {
            if (t.cluster == m_cluster) {
                m_refetch->start();
                return;
            }
        }
    });
    connect(m_history, &HistoryStore::stateChanged, m_refetch, qOverload<>(&QTimer::start));
    // Presets follow "now".
    auto *tick = new QTimer(this);
    tick->setInterval(30000);
    connect(tick, &QTimer::timeout, this, [this] {
        if (m_from == 0 && isVisible())
            refetch();
    });
    tick->start();
    setCluster({});
}

void ClusterTimelineView::setCluster(const ClusterId &cluster)
{
    m_cluster = cluster;
    m_frame->title()->setText(cluster.isValid() ? cluster.toString() : tr("No cluster selected"));
    refetch();
}

void ClusterTimelineView::setSpan(qint64 ms)
{
    m_fitToRecorded = false; // a preset asked for by name is shown whole
    m_span = ms;
    m_from = m_to = 0;
    m_frame->checkSpan(ms);
    refetch();
}

QString ClusterTimelineView::statusText() const
{
    return m_frame->status()->text();
}

void ClusterTimelineView::refetch()
{
    const quint64 generation = ++m_generation;
    const qint64 to = m_from ? m_to : QDateTime::currentMSecsSinceEpoch();
    const qint64 from = m_from ? m_from : to - m_span;
    if (!m_history->isAvailable() || !m_cluster.isValid()) {
        m_chart->setLanes(from, to, {});
        m_frame->status()->setText(!m_cluster.isValid()          ? tr("Select a cluster to see its condition history.")
                              : m_history->statusMessage().isEmpty() ? tr("History is not available.")
                                                                      : m_history->statusMessage());
        Q_EMIT shown();
        return;
    }
    m_history->fetchCluster(m_cluster, from, to, this, [this, generation](const ClusterHistory &h) {
        if (generation == m_generation)
            display(h);
    });
}

namespace {

// Where the first lane stops being "not watching": the start of what is recorded.
qint64 recordedStart(const QList<TimelineChart::Lane> &lanes, qint64 to)
{
    qint64 start = to;
    for (const TimelineChart::Lane &lane : lanes) {
        for (const TimelineSegment &segment : lane.segments) {
            if (segment.kind != SegmentKind::Gap) {
                start = std::min(start, segment.start);
                break;
            }
        }
    }
    return start;
}

} // namespace

QList<TimelineChart::Lane> ClusterTimelineView::lanesOf(const ClusterHistory &history, qint64 from, int *changes)
{
    QList<TimelineChart::Lane> lanes;
    *changes = 0;
    for (const QString &type : laneTypes(history.transitions)) {
        QList<ConditionTransition> ofType;
        for (const ConditionTransition &t : history.transitions) {
            if (t.type == type)
                ofType.append(t);
        }
        *changes += countFlaps(ofType, from);
        lanes.append({type, computeSegments(ofType, history.coverage, from, history.to)});
    }
    return lanes;
}

void ClusterTimelineView::display(const ClusterHistory &history)
{
    int changes = 0;
    QList<TimelineChart::Lane> lanes = lanesOf(history, history.from, &changes);
    // A history younger than the preset (the usual case after install) would be a
    // window of hatching with the data in its last pixels: open on what is recorded.
    m_recordedFrom = 0;
    const qint64 span = history.to - history.from;
    if (m_fitToRecorded && m_from == 0 && !lanes.isEmpty()) {
        const qint64 start = recordedStart(lanes, history.to);
        if (start < history.to && start - history.from > span / 50) {
            m_recordedFrom = std::max(history.from, start - (history.to - start) / 20);
            lanes = lanesOf(history, m_recordedFrom, &changes);
        }
    }
    m_chart->setLanes(m_recordedFrom ? m_recordedFrom : history.from, history.to, lanes);
    QString status;
    if (!history.error.isEmpty())
        status = history.error;
    else if (lanes.isEmpty())
        status = tr("No condition history recorded for this cluster yet.");
    else
        status = tr("%n status change(s) in this window. Drag to zoom, right-click to zoom out; hatched: "
                    "Fleetscope was not watching.",
                    nullptr, changes);
    if (m_recordedFrom && history.error.isEmpty())
        status = ChartFrame::recordedSince(m_recordedFrom) + u' ' + status;
    m_frame->status()->setText(status);
    Q_EMIT shown();
}

void ClusterTimelineView::chooseExportFile()
{
    if (!m_cluster.isValid())
        return;
    if (const QString path = m_frame->askExportPath(m_cluster.name + QStringLiteral("-history.csv")); !path.isEmpty())
        exportCsv(path);
}

void ClusterTimelineView::exportCsv(const QString &path)
{
    m_history->fetchTransitions({m_cluster}, 0, QDateTime::currentMSecsSinceEpoch() + 1, this,
                                [this, path](const QList<ConditionTransition> &transitions, const QString &error) {
                                    m_frame->exportCsv(path, transitions, error);
                                });
}

} // namespace fleetscope
