#pragma once

#include "history/historytypes.h"

#include <QSet>
#include <QWidget>

class QAreaSeries;
class QLineSeries;
class QTimer;
class QValueAxis;

namespace fleetscope {

class ChartFrame;
class HealthChartView;
class HistoryStore;
class SwatchLegend;

// Fleet health over time for a scope (the clusters the table shows: tree group
// and filter): stacked healthy / unhealthy / unknown / not reporting areas, from
// recorded data only (what was not recorded is hatched, never counted). Hovering
// shows the counts at that moment; a click selects in the table the clusters that
// were unhealthy then. The series is computed on the history's worker and
// downsampled to pointBudget points, so a 100k-cluster fleet over 30 days is a
// few hundred points here.
class FleetHealthChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetHealthChart)

public:
    explicit FleetHealthChart(HistoryStore *history, QWidget *parent = nullptr);

    static constexpr int pointBudget = 300;

    // The clusters to count; `description` names the scope ("prod, 120 clusters").
    // `managers`: the manager of each cluster whose health rule is not the default one.
    void setScope(const QSet<ClusterId> &scope, const QHash<ClusterId, QString> &managers, const QString &description);
    // Shows the last `ms` up to now, or what of it is recorded when recording began later.
    void setSpan(qint64 ms);
    // Where the shown window starts because history is younger than the preset; 0 when
    // the whole preset is shown.
    qint64 recordedFrom() const { return m_recordedFrom; }
    const QList<HealthPoint> &points() const { return m_points; }
    // Writes every recorded transition of the scope in the shown window as CSV.
    void exportCsv(const QString &path);
    QString statusText() const;
    QString titleText() const;
    HealthChartView *view() const { return m_view; }
    SwatchLegend *legend() const { return m_legend; }
    // Selects the clusters that were unhealthy at `time` (what a click on the chart does).
    void chooseMoment(qint64 time);

signals:
    void shown();
    // The user asked for these clusters (those unhealthy at a moment of the chart).
    void clustersChosen(const QList<fleetscope::ClusterId> &clusters);

private:
    void refetch();
    void display(const QList<HealthPoint> &points, qint64 from, qint64 to);
    void chooseExportFile();

    HistoryStore *m_history;
    QSet<ClusterId> m_scope;
    QHash<ClusterId, QString> m_managers;
    QString m_description;
    qint64 m_span;
    qint64 m_recordedFrom = 0;
    QList<HealthPoint> m_points;
    qint64 m_shownFrom = 0;
    HealthChartView *m_view;
    SwatchLegend *m_legend;
    QValueAxis *m_timeAxis; // milliseconds since the epoch; HealthChartView labels it
    QValueAxis *m_countAxis;
    QLineSeries *m_lines[5]; // 0 and the four stacked tops
    QAreaSeries *m_areas[4]; // healthy, unhealthy, unknown, not reported
    ChartFrame *m_frame;
    QTimer *m_refetch;
    quint64 m_generation = 0;
    bool m_waiting = false; // a fetch is on its way
};

} // namespace fleetscope
