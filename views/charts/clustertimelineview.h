#pragma once

#include "history/historytypes.h"
#include "timelinechart.h"

#include <QModelIndex>
#include <QWidget>

class QTimer;
class QTreeWidget;

namespace fleetscope {

class ChartFrame;
class HistoryStore;
class SwatchLegend;

// The selected cluster's condition history: a TimelineChart with zoom presets
// (1 h, 24 h, 7 d, 30 d; drag on the chart to zoom in, right-click to zoom out),
// its legend, the list of the window's transitions (selecting one selects its
// stretch on the chart and the other way round), a line saying what is shown (or
// why nothing is), and CSV export.
class ClusterTimelineView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterTimelineView)

public:
    explicit ClusterTimelineView(HistoryStore *history, QWidget *parent = nullptr);

    void setCluster(const ClusterId &cluster);
    ClusterId cluster() const { return m_cluster; }
    // Shows the last `ms` up to now, or what of it is recorded when recording began
    // later (the user never looks at an empty stretch of hatching).
    void setSpan(qint64 ms);
    // Where the shown window starts because history is younger than the preset; 0 when
    // the whole preset (or a zoom) is shown.
    qint64 recordedFrom() const { return m_recordedFrom; }
    TimelineChart *chart() const { return m_chart; }
    SwatchLegend *legend() const { return m_legend; }
    QString titleText() const;
    QString statusText() const;
    // Writes the cluster's recorded transitions to `path`; the result is reported in the status line.
    void exportCsv(const QString &path);

signals:
    // A fetch landed and the chart shows it (tests, screenshots).
    void shown();

private:
    void refetch();
    void display(const ClusterHistory &history);
    static QList<TimelineChart::Lane> lanesOf(const ClusterHistory &history, qint64 from, int *changes);
    void showTransitions(const ClusterHistory &history, qint64 from);
    void showLegend(const QList<TimelineChart::Lane> &lanes);
    void selectTransitionOf(int lane, int segment);
    void selectSegmentOf(const QModelIndex &row);
    void chooseExportFile();

    HistoryStore *m_history;
    ClusterId m_cluster;
    qint64 m_span;
    qint64 m_from = 0; // a zoomed window; 0: the preset up to now
    qint64 m_to = 0;
    qint64 m_recordedFrom = 0;
    TimelineChart *m_chart;
    SwatchLegend *m_legend;
    QTreeWidget *m_changes;
    bool m_syncingSelection = false;
    ChartFrame *m_frame;
    QTimer *m_refetch;
    quint64 m_generation = 0;
};

} // namespace fleetscope
