#pragma once

#include "history/historytypes.h"
#include "timeaxis.h"

#include <QChartView>

class TstHistoryViews;

namespace fleetscope {

// The fleet-health chart's view: Qt Charts draws the stacked counts; this view adds
// what a reader needs to read them at a glance: a time axis whose labels never
// overlap (TimeAxis, painted under the plot), hatching over the stretches that were
// not recorded, the counts at the moment under the pointer as a tooltip, and a
// click that picks that moment.
class HealthChartView final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthChartView)

public:
    explicit HealthChartView(QWidget *parent = nullptr);

    // The shown window and its points (the chart's series are set by the owner).
    void setPoints(qint64 from, qint64 to, const QList<HealthPoint> &points);
    // A dashed line at `time` (0: none) and the note hovering before it says: where
    // simulated history ends and recorded history begins.
    void setMarker(qint64 time, const QString &text);
    // The axis as drawn now, in this view's coordinates.
    QList<TimeTick> ticks() const;
    // The point whose bucket holds the time under `position`; -1 off the plot.
    int pointAt(const QPoint &position) const;
    QString toolTipAt(const QPoint &position) const;

    // Room the time axis needs under the plot.
    int axisHeight() const;

signals:
    // A click on the plot: the end of the bucket under the pointer.
    void momentClicked(qint64 time);

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    friend class ::TstHistoryViews;
    QPoint positionOf(qint64 time) const;

    QRectF plotInView() const;

    qint64 m_from = 0;
    qint64 m_to = 1;
    QList<HealthPoint> m_points;
    qint64 m_marker = 0;
    QString m_markerText;
};

} // namespace fleetscope
