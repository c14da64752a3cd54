#pragma once

#include "history/timelinesegments.h"

#include <QChartView>
#include <QStringList>

class QDateTimeAxis;
class QCategoryAxis;
class QLineSeries;

namespace fleetscope {

// Condition lanes over time: one lane per condition type, coloured segments
// (True, False, Unknown, not reported) and hatched gaps where Fleetscope was not
// watching. Qt Charts provides the time axis, the lane axis and the drag-to-zoom
// rubber band; segments are painted over the plot area (thousands of segments
// would be thousands of series otherwise). Hovering a segment shows its status,
// since when, reason and message.
class TimelineChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineChart)

public:
    struct Lane
    {
        QString type;
        QList<TimelineSegment> segments;
    };

    explicit TimelineChart(QWidget *parent = nullptr);

    void setLanes(qint64 from, qint64 to, const QList<Lane> &lanes);
    const QList<Lane> &lanes() const { return m_lanes; }
    qint64 from() const { return m_from; }
    qint64 to() const { return m_to; }
    // The tooltip text for a point of the widget (empty off the lanes).
    QString toolTipAt(const QPoint &position) const;

    static QColor color(SegmentKind kind, const QPalette &palette);

signals:
    // The user zoomed (rubber band or right-click out): the new window.
    void windowChanged(qint64 from, qint64 to);

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    const TimelineSegment *segmentAt(const QPoint &position, int *lane) const;
    void updateAxes();

    QDateTimeAxis *m_timeAxis;
    QCategoryAxis *m_laneAxis;
    QLineSeries *m_anchor; // invisible: gives mapToPosition its axes
    QList<Lane> m_lanes;
    qint64 m_from = 0;
    qint64 m_to = 1;
    bool m_settingAxes = false;
};

} // namespace fleetscope
