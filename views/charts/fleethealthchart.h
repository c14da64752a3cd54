#pragma once

#include "history/historytypes.h"

#include <QSet>
#include <QWidget>

class QAreaSeries;
class QChartView;
class QDateTimeAxis;
class QLineSeries;
class QTimer;
class QValueAxis;

namespace fleetscope {

class ChartFrame;
class HistoryStore;

// Fleet health over time for a scope (the clusters the table shows: tree group
// and filter): stacked healthy / unhealthy / unknown areas. The series is
// computed on the history's worker and downsampled to pointBudget points, so a
// 100k-cluster fleet over 30 days is a few hundred points here.
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
    // A preset chosen by name: shown whole. Until one is chosen, the default preset
    // opens on the recorded range when that is shorter.
    void setSpan(qint64 ms);
    // Where the shown window starts because history is younger than the preset; 0 when
    // the whole preset is shown.
    qint64 recordedFrom() const { return m_recordedFrom; }
    const QList<HealthPoint> &points() const { return m_points; }
    // Writes every recorded transition of the scope in the shown window as CSV.
    void exportCsv(const QString &path);
    QString statusText() const;

signals:
    void shown();

private:
    void refetch();
    void display(const QList<HealthPoint> &points, qint64 from, qint64 to);
    void chooseExportFile();

    HistoryStore *m_history;
    QSet<ClusterId> m_scope;
    QHash<ClusterId, QString> m_managers;
    QString m_description;
    qint64 m_span;
    bool m_fitToRecorded = true;
    qint64 m_recordedFrom = 0;
    QList<HealthPoint> m_points;
    QChartView *m_view;
    QDateTimeAxis *m_timeAxis;
    QValueAxis *m_countAxis;
    QLineSeries *m_lines[5]; // 0 and the four stacked tops
    QAreaSeries *m_areas[4]; // healthy, unhealthy, unknown, not reported
    ChartFrame *m_frame;
    QTimer *m_refetch;
    quint64 m_generation = 0;
};

} // namespace fleetscope
