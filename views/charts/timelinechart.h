#pragma once

#include "history/timelinesegments.h"
#include "timeaxis.h"

#include <QList>
#include <QWidget>

namespace fleetscope {

// Condition lanes over time, drawn the way state timelines in monitoring tools
// are: one thin lane per condition type with its name at the left (above it in a
// narrow pane), coloured
// stretches (True, False, Unknown, not reported), hatching wherever nothing was
// recorded (the same on every lane), and a time axis whose labels never overlap.
// Hovering a stretch shows its status, reason, message, start, end and duration;
// clicking selects it (arrow keys move the selection); dragging zooms in and a
// right-click zooms out.
class TimelineChart final : public QWidget
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
    // Where things are drawn at the current size (tests, screenshots).
    QRectF laneRect(int lane) const;
    QRectF laneLabelRect(int lane) const;
    QList<TimeTick> ticks() const;
    QPoint pointAt(int lane, qint64 time) const;

    // The selected stretch: a lane and an index into its segments, or -1.
    int selectedLane() const { return m_selectedLane; }
    int selectedSegment() const { return m_selectedSegment; }
    void selectSegment(int lane, int segment);

    static QColor color(SegmentKind kind, const QPalette &palette);
    static QBrush fill(SegmentKind kind, const QPalette &palette);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user dragged across the chart: show this window.
    void windowChanged(qint64 from, qint64 to);
    // The user right-clicked: back to the window before the last zoom.
    void zoomOutRequested();
    // The selection changed (click or arrow keys); -1, -1 when cleared.
    void segmentSelected(int lane, int segment);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Geometry
    {
        QRectF plot;       // the lanes' area, without the labels
        bool stacked = false; // lane names above the lanes, not beside them
        double gutter = 0;    // the names' column beside the lanes
        double labelHeight = 0; // the names' line above each lane
        double laneHeight = 0;
        double laneGap = 0;
        double axisTop = 0; // where tick labels begin
    };
    Geometry geometry() const;
    bool stackedLabels(int width) const;
    int heightFor(int lanes, bool stacked) const;
    double xOf(qint64 time, const Geometry &g) const;
    qint64 timeAt(double x, const Geometry &g) const;
    int laneAt(const QPointF &position, const Geometry &g) const;
    int segmentAt(const QPoint &position, int *lane) const;
    void moveSelection(int laneStep, int segmentStep);

    QList<Lane> m_lanes;
    qint64 m_from = 0;
    qint64 m_to = 1;
    int m_selectedLane = -1;
    int m_selectedSegment = -1;
    double m_dragStart = -1; // x where a drag began, -1 when none
    double m_dragNow = -1;
};

} // namespace fleetscope
