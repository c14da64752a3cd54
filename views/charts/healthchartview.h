#pragma once

#include "history/historytypes.h"
#include "timeaxis.h"

#include <QChartView>

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
    // The axis as drawn now, in this view's coordinates.
    QList<TimeTick> ticks() const;
    // The point whose bucket holds the time under `position`; -1 off the plot.
    int pointAt(const QPoint &position) const;
    QPoint positionOf(qint64 time) const;
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
    QRectF plotInView() const;

    qint64 m_from = 0;
    qint64 m_to = 1;
    QList<HealthPoint> m_points;
};

} // namespace fleetscope
