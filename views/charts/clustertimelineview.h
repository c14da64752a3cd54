#pragma once

#include "history/historytypes.h"

#include <QWidget>

class QTimer;

namespace fleetscope {

class ChartFrame;
class HistoryStore;
class TimelineChart;

// The selected cluster's condition history: a TimelineChart with zoom presets
// (1 h, 24 h, 7 d, 30 d; drag on the chart to zoom in, right-click to zoom out),
// a line saying what is shown (or why nothing is), and CSV export.
class ClusterTimelineView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterTimelineView)

public:
    explicit ClusterTimelineView(HistoryStore *history, QWidget *parent = nullptr);

    void setCluster(const ClusterId &cluster);
    ClusterId cluster() const { return m_cluster; }
    // Shows the last `ms` up to now (a preset).
    void setSpan(qint64 ms);
    TimelineChart *chart() const { return m_chart; }
    QString statusText() const;
    // Writes the cluster's recorded transitions to `path`; the result is reported in the status line.
    void exportCsv(const QString &path);

signals:
    // A fetch landed and the chart shows it (tests, screenshots).
    void shown();

private:
    void refetch();
    void display(const ClusterHistory &history);
    void chooseExportFile();

    HistoryStore *m_history;
    ClusterId m_cluster;
    qint64 m_span;
    qint64 m_from = 0; // a zoomed window; 0: the preset up to now
    qint64 m_to = 0;
    TimelineChart *m_chart;
    ChartFrame *m_frame;
    QTimer *m_refetch;
    quint64 m_generation = 0;
};

} // namespace fleetscope
