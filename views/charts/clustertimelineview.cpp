#include "clustertimelineview.h"

#include "api/condition.h"
#include "chartframe.h"
#include "history/historystore.h"
#include "swatchlegend.h"
#include "timelinechart.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

enum TransitionColumn { WhenColumn, ConditionColumn, ChangeColumn, ReasonColumn, MessageColumn, ColumnCount };
constexpr int atRole = Qt::UserRole;

} // namespace

ClusterTimelineView::ClusterTimelineView(HistoryStore *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_span(ChartFrame::defaultSpan)
    , m_chart(new TimelineChart)
    , m_legend(new SwatchLegend)
    , m_changes(new QTreeWidget)
    , m_refetch(new QTimer(this))
{
    setObjectName(QStringLiteral("clusterTimeline"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chart);
    layout->addWidget(m_legend);
    layout->addWidget(m_changes, 1);
    m_frame = new ChartFrame(this, body, m_span);

    m_changes->setObjectName(QStringLiteral("timelineTransitions"));
    m_changes->setAccessibleName(tr("Transitions in this window"));
    m_changes->setRootIsDecorated(false);
    m_changes->setUniformRowHeights(true);
    m_changes->setAllColumnsShowFocus(true);
    m_changes->setColumnCount(ColumnCount);
    m_changes->setHeaderLabels({tr("When"), tr("Condition"), tr("Change"), tr("Reason"), tr("Message")});
    m_changes->header()->setStretchLastSection(true);
    m_changes->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_changes->setTextElideMode(Qt::ElideMiddle);

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
        m_frame->checkSpan(0); // a zoom is none of the presets
        m_refetch->start();
    });
    connect(m_chart, &TimelineChart::zoomOutRequested, this, [this] {
        if (m_from == 0)
            return;
        m_from = m_to = 0; // back to the preset
        m_frame->checkSpan(m_span);
        m_refetch->start();
    });
    connect(m_chart, &TimelineChart::segmentSelected, this, &ClusterTimelineView::selectTransitionOf);
    connect(m_changes, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            selectSegmentOf(m_changes->indexFromItem(item));
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
    connect(m_history, &HistoryStore::simulatedChanged, m_refetch, qOverload<>(&QTimer::start));
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
    m_frame->setTitle(cluster.isValid() ? cluster.toString() : tr("No cluster selected"));
    m_chart->selectSegment(-1, -1);
    refetch();
}

void ClusterTimelineView::setSpan(qint64 ms)
{
    m_span = ms;
    m_from = m_to = 0;
    m_frame->checkSpan(ms);
    refetch();
}

QString ClusterTimelineView::titleText() const
{
    return m_frame->titleText();
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
        m_changes->clear();
        showLegend({});
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
    qint64 recordedStartAt = 0; // the shown window starts a little before it, to show where it begins
    const qint64 span = history.to - history.from;
    if (m_from == 0 && !lanes.isEmpty()) {
        const qint64 start = recordedStart(lanes, history.to);
        if (start < history.to && start - history.from > span / 50) {
            recordedStartAt = start;
            m_recordedFrom = std::max(history.from, start - (history.to - start) / 20);
            lanes = lanesOf(history, m_recordedFrom, &changes);
        }
    }
    const qint64 shownFrom = m_recordedFrom ? m_recordedFrom : history.from;
    m_chart->setLanes(shownFrom, history.to, lanes);
    showLegend(lanes);
    showTransitions(history, shownFrom);
    QString status;
    if (!history.error.isEmpty())
        status = history.error;
    else if (lanes.isEmpty())
        status = tr("No condition history recorded for this cluster yet.");
    else if (m_from != 0)
        status = tr("%n status change(s) in this window. Click a stretch or a transition for its details; "
                    "right-click to zoom out.",
                    nullptr, changes);
    else
        status = tr("%n status change(s) in this window. Click a stretch or a transition for its details; drag to "
                    "zoom, right-click to zoom out.",
                    nullptr, changes);
    if (m_recordedFrom && history.error.isEmpty())
        status = ChartFrame::recordedSince(recordedStartAt) + u' ' + status;
    if (m_from != 0 && history.error.isEmpty())
        status = ChartFrame::zoomedTo(history.from, history.to) + u' ' + status;
    const qint64 simulated = m_history->simulatedUntil();
    const bool showsSimulated = simulated > shownFrom && m_history->simulatedFrom() < history.to;
    m_chart->setMarker(showsSimulated ? simulated : 0, showsSimulated ? tr("Simulated demo history") : QString());
    if (showsSimulated && history.error.isEmpty())
        status = ChartFrame::simulatedUntil(simulated) + u' ' + status;
    m_frame->status()->setText(status);
    Q_EMIT shown();
}

void ClusterTimelineView::showLegend(const QList<TimelineChart::Lane> &lanes)
{
    bool present[5] = {false, false, false, false, false};
    for (const TimelineChart::Lane &lane : lanes) {
        for (const TimelineSegment &segment : lane.segments)
            present[int(segment.kind)] = true;
    }
    QList<SwatchLegend::Entry> entries;
    for (SegmentKind kind : {SegmentKind::True, SegmentKind::False, SegmentKind::Unknown, SegmentKind::Absent,
                             SegmentKind::Gap}) {
        if (!present[int(kind)])
            continue;
        SwatchLegend::Entry entry{segmentKindName(kind), TimelineChart::fill(kind, palette())};
        if (kind == SegmentKind::Absent || kind == SegmentKind::Gap)
            entry.outline = QPen(TimelineChart::color(kind, palette()), 0);
        entries.append(entry);
    }
    m_legend->setEntries(entries);
}

void ClusterTimelineView::showTransitions(const ClusterHistory &history, qint64 from)
{
    QList<const ConditionTransition *> shown;
    for (const ConditionTransition &t : history.transitions) {
        if (t.at >= from && t.at <= history.to && !(t.seeded && t.at < from))
            shown.append(&t);
    }
    std::stable_sort(shown.begin(), shown.end(),
                     [](const ConditionTransition *a, const ConditionTransition *b) { return a->at > b->at; });
    const QSignalBlocker blocker(m_changes);
    m_changes->clear();
    QList<QTreeWidgetItem *> items;
    items.reserve(shown.size());
    for (const ConditionTransition *t : shown) {
        auto *item = new QTreeWidgetItem;
        item->setText(WhenColumn, QDateTime::fromMSecsSinceEpoch(t->at).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        item->setData(WhenColumn, atRole, t->at);
        item->setText(ConditionColumn, t->type);
        const QString to = t->to == ConditionStatus::Absent ? segmentKindName(SegmentKind::Absent)
                                                            : conditionStatusName(t->to);
        if (t->seeded || t->from == ConditionStatus::Absent)
            item->setText(ChangeColumn, t->seeded ? tr("first seen: %1").arg(to) : tr("reported: %1").arg(to));
        else
            item->setText(ChangeColumn, tr("%1 → %2").arg(conditionStatusName(t->from), to));
        item->setText(ReasonColumn, t->reason);
        item->setText(MessageColumn, t->message);
        item->setToolTip(MessageColumn, t->message);
        items.append(item);
    }
    m_changes->addTopLevelItems(items);
    for (int column = 0; column < MessageColumn; ++column)
        m_changes->resizeColumnToContents(column);
    // Keep the selection on the chart's stretch across a refetch.
    selectTransitionOf(m_chart->selectedLane(), m_chart->selectedSegment());
}

void ClusterTimelineView::selectTransitionOf(int lane, int segment)
{
    if (m_syncingSelection)
        return;
    m_syncingSelection = true;
    QTreeWidgetItem *match = nullptr;
    if (lane >= 0 && lane < m_chart->lanes().size()) {
        const TimelineChart::Lane &l = m_chart->lanes()[lane];
        const TimelineSegment &s = l.segments.value(segment);
        // The transition that began the stretch, if it is in this window.
        for (int i = 0; i < m_changes->topLevelItemCount() && s.since > 0; ++i) {
            QTreeWidgetItem *item = m_changes->topLevelItem(i);
            if (item->text(ConditionColumn) == l.type && item->data(WhenColumn, atRole).toLongLong() == s.since) {
                match = item;
                break;
            }
        }
    }
    if (match) {
        m_changes->setCurrentItem(match);
        m_changes->scrollToItem(match);
    } else {
        m_changes->clearSelection();
        m_changes->setCurrentItem(nullptr);
    }
    m_syncingSelection = false;
}

void ClusterTimelineView::selectSegmentOf(const QModelIndex &row)
{
    if (m_syncingSelection || !row.isValid())
        return;
    QTreeWidgetItem *item = m_changes->topLevelItem(row.row());
    const QString type = item->text(ConditionColumn);
    const qint64 at = item->data(WhenColumn, atRole).toLongLong();
    const QList<TimelineChart::Lane> &lanes = m_chart->lanes();
    for (int lane = 0; lane < lanes.size(); ++lane) {
        if (lanes[lane].type != type)
            continue;
        for (int i = 0; i < lanes[lane].segments.size(); ++i) {
            const TimelineSegment &s = lanes[lane].segments[i];
            if (at >= s.start && at < s.end) {
                m_syncingSelection = true;
                m_chart->selectSegment(lane, i);
                m_syncingSelection = false;
                return;
            }
        }
    }
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
