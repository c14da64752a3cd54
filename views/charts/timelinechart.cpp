#include "timelinechart.h"

#include "api/kubetime.h"
#include "healthstyle.h"

#include <QDateTime>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace fleetscope {
namespace {

constexpr int padding = 4;
constexpr double dragThreshold = 5; // pixels: less is a click

QString when(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

TimelineChart::TimelineChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineChart"));
    setAccessibleName(tr("Condition timeline"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

QColor TimelineChart::color(SegmentKind kind, const QPalette &palette)
{
    switch (kind) {
    case SegmentKind::True:
        return HealthStyle::color(Health::Healthy);
    case SegmentKind::False:
        return HealthStyle::color(Health::Unhealthy);
    case SegmentKind::Unknown:
        return HealthStyle::color(Health::Unknown);
    case SegmentKind::Absent:
        // Quiet, like an empty cell: not reported is not a status.
        return palette.color(QPalette::Mid);
    case SegmentKind::Gap:
        break;
    }
    return HealthStyle::mutedText(palette);
}

QBrush TimelineChart::fill(SegmentKind kind, const QPalette &palette)
{
    switch (kind) {
    case SegmentKind::Gap:
        // Hatched, never filled: "nothing recorded" must not read as a status.
        return QBrush(color(kind, palette), Qt::BDiagPattern);
    case SegmentKind::Absent:
        return QBrush(Qt::NoBrush);
    default:
        return QBrush(color(kind, palette));
    }
}

void TimelineChart::setLanes(qint64 from, qint64 to, const QList<Lane> &lanes)
{
    const bool sameLanes = lanes.size() == m_lanes.size();
    m_from = from;
    m_to = std::max(to, from + 1);
    m_lanes = lanes;
    // A refetch keeps the selection where it still makes sense; a new layout drops it.
    if (m_selectedLane >= m_lanes.size() || m_selectedSegment >= m_lanes.value(m_selectedLane).segments.size())
        m_selectedLane = m_selectedSegment = -1;
    if (!sameLanes)
        updateGeometry();
    update();
}

bool TimelineChart::stackedLabels(int width) const
{
    // Names beside the lanes while they take at most a third of the width; in a
    // narrower pane each name goes above its lane, whole, and the lanes keep the width.
    const QFontMetricsF metrics(font());
    double widest = 0;
    for (const Lane &lane : m_lanes)
        widest = std::max(widest, metrics.horizontalAdvance(lane.type));
    return widest + metrics.averageCharWidth() > (width - 2 * padding) / 3.0;
}

void TimelineChart::setMarker(qint64 time, const QString &text)
{
    m_marker = time;
    m_markerText = text;
    update();
}

int TimelineChart::heightFor(int lanes, bool stacked) const
{
    const QFontMetrics metrics = fontMetrics();
    const int laneHeight = metrics.height() + 8 + (stacked ? metrics.height() : 0);
    const int axis = 6 + metrics.height();
    return 2 * padding + std::max(1, lanes) * laneHeight + std::max(0, lanes - 1) * 3 + axis;
}

QSize TimelineChart::sizeHint() const
{
    return QSize(400, heightFor(int(m_lanes.size()), stackedLabels(width())));
}

QSize TimelineChart::minimumSizeHint() const
{
    return QSize(120, heightFor(int(m_lanes.size()), stackedLabels(width())));
}

void TimelineChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (stackedLabels(event->size().width()) != stackedLabels(event->oldSize().width()))
        updateGeometry();
}

TimelineChart::Geometry TimelineChart::geometry() const
{
    const QFontMetricsF metrics(font());
    Geometry g;
    g.stacked = stackedLabels(width());
    if (!g.stacked) {
        double widest = 0;
        for (const Lane &lane : m_lanes)
            widest = std::max(widest, metrics.horizontalAdvance(lane.type));
        g.gutter = widest + metrics.averageCharWidth();
    }
    g.labelHeight = g.stacked ? metrics.height() : 0;
    g.laneHeight = metrics.height() + 8;
    g.laneGap = 3;
    const int lanes = std::max(1, int(m_lanes.size()));
    const double lanesHeight = lanes * (g.labelHeight + g.laneHeight) + (lanes - 1) * g.laneGap;
    g.plot = QRectF(padding + g.gutter, padding, std::max(1.0, width() - 2 * padding - g.gutter), lanesHeight);
    g.axisTop = g.plot.bottom() + 6;
    return g;
}

double TimelineChart::xOf(qint64 time, const Geometry &g) const
{
    return g.plot.left() + g.plot.width() * double(time - m_from) / double(m_to - m_from);
}

qint64 TimelineChart::timeAt(double x, const Geometry &g) const
{
    return m_from + qint64(double(m_to - m_from) * (x - g.plot.left()) / g.plot.width());
}

QRectF TimelineChart::laneRect(int lane) const
{
    const Geometry g = geometry();
    const double top = g.plot.top() + lane * (g.labelHeight + g.laneHeight + g.laneGap) + g.labelHeight;
    return QRectF(g.plot.left(), top, g.plot.width(), g.laneHeight);
}

QRectF TimelineChart::laneLabelRect(int lane) const
{
    const Geometry g = geometry();
    const QRectF r = laneRect(lane);
    if (g.stacked)
        return QRectF(r.left(), r.top() - g.labelHeight, r.width(), g.labelHeight);
    return QRectF(padding, r.top(), g.gutter - fontMetrics().averageCharWidth() / 2.0, r.height());
}

QList<TimeTick> TimelineChart::ticks() const
{
    const Geometry g = geometry();
    return TimeAxis::layout(m_from, m_to, g.plot.left(), g.plot.width(), g.axisTop, QFontMetricsF(font()), locale());
}

QPoint TimelineChart::pointAt(int lane, qint64 time) const
{
    const Geometry g = geometry();
    return QPointF(xOf(time, g), laneRect(lane).center().y()).toPoint();
}

int TimelineChart::laneAt(const QPointF &position, const Geometry &g) const
{
    if (position.x() < g.plot.left() || position.x() > g.plot.right() || position.y() < g.plot.top())
        return -1;
    const double pitch = g.labelHeight + g.laneHeight + g.laneGap;
    const int lane = int((position.y() - g.plot.top()) / pitch);
    const double inLane = position.y() - g.plot.top() - lane * pitch;
    if (lane >= m_lanes.size() || inLane < g.labelHeight || inLane > g.labelHeight + g.laneHeight)
        return -1;
    return lane;
}

int TimelineChart::segmentAt(const QPoint &position, int *lane) const
{
    const Geometry g = geometry();
    *lane = laneAt(position, g);
    if (*lane < 0)
        return -1;
    const qint64 t = timeAt(position.x(), g);
    // A pixel's worth of slack either side, so that a one-pixel flap can be hovered.
    const qint64 slack = qint64(double(m_to - m_from) / std::max(1.0, g.plot.width()));
    const QList<TimelineSegment> &segments = m_lanes[*lane].segments;
    int best = -1;
    for (int i = 0; i < segments.size(); ++i) {
        const TimelineSegment &s = segments[i];
        if (t >= s.start && t < s.end)
            return i;
        if (best < 0 && t >= s.start - slack && t < s.end + slack)
            best = i;
    }
    return best;
}

QString TimelineChart::toolTipAt(const QPoint &position) const
{
    int lane = -1;
    const int index = segmentAt(position, &lane);
    if (index < 0)
        return QString();
    const TimelineSegment &s = m_lanes[lane].segments[index];
    QString text = QStringLiteral("<b>%1</b>: %2").arg(m_lanes[lane].type.toHtmlEscaped(), segmentKindName(s.kind));
    const Geometry g = geometry();
    if (m_marker > 0 && timeAt(position.x(), g) < m_marker && !m_markerText.isEmpty())
        text += QStringLiteral("<br><i>%1</i>").arg(m_markerText.toHtmlEscaped());
    const bool ongoing = s.end >= QDateTime::currentMSecsSinceEpoch() - 60 * 1000;
    text += QStringLiteral("<br>")
        + (ongoing ? tr("%1 – now (%2)").arg(when(s.start), humanDuration(s.end - s.start))
                   : tr("%1 – %2 (%3)").arg(when(s.start), when(s.end), humanDuration(s.end - s.start)));
    if (s.kind != SegmentKind::Gap && s.kind != SegmentKind::Absent && s.since > 0 && s.since < s.start)
        text += QStringLiteral("<br>") + tr("since %1").arg(when(s.since));
    if (!s.reason.isEmpty())
        text += QStringLiteral("<br>") + tr("Reason: %1").arg(s.reason.toHtmlEscaped());
    if (!s.message.isEmpty())
        text += QStringLiteral("<br>") + tr("Message: %1").arg(s.message.toHtmlEscaped());
    return text;
}

void TimelineChart::selectSegment(int lane, int segment)
{
    if (lane < 0 || lane >= m_lanes.size() || segment < 0 || segment >= m_lanes[lane].segments.size())
        lane = segment = -1;
    if (lane == m_selectedLane && segment == m_selectedSegment)
        return;
    m_selectedLane = lane;
    m_selectedSegment = segment;
    update();
    Q_EMIT segmentSelected(lane, segment);
}

void TimelineChart::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const Geometry g = geometry();
    const QFontMetricsF metrics(font());
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = HealthStyle::mutedText(palette());

    const QList<TimeTick> axis = TimeAxis::layout(m_from, m_to, g.plot.left(), g.plot.width(), g.axisTop, metrics, locale());
    for (const TimeTick &tick : axis) {
        QColor line = grid;
        line.setAlpha(70);
        painter.setPen(QPen(line, 0));
        painter.drawLine(QPointF(tick.x, g.plot.top()), QPointF(tick.x, g.plot.bottom() + 3));
        if (!tick.label.isEmpty()) {
            painter.setPen(text);
            painter.drawText(tick.labelRect, Qt::AlignCenter, tick.label);
        }
    }

    for (int i = 0; i < m_lanes.size(); ++i) {
        const Lane &lane = m_lanes[i];
        const QRectF band = laneRect(i);
        const QRectF label = laneLabelRect(i);
        painter.setPen(text);
        painter.drawText(label, (g.stacked ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter,
                         metrics.elidedText(lane.type, Qt::ElideMiddle, label.width()));
        painter.save();
        painter.setClipRect(band);
        for (const TimelineSegment &s : lane.segments) {
            const double x0 = xOf(s.start, g);
            double x1 = xOf(s.end, g);
            if (x1 - x0 < 1.0)
                x1 = x0 + 1.0; // a flap shorter than a pixel is still a visible line
            const QRectF box(x0, band.top(), x1 - x0, band.height());
            if (s.kind == SegmentKind::Gap) {
                painter.fillRect(box, fill(s.kind, palette()));
            } else if (s.kind == SegmentKind::Absent) {
                painter.setPen(QPen(color(s.kind, palette()), 0));
                painter.drawRect(box.adjusted(0, 0.5, 0, -1)); // an outline: nothing was reported
            } else {
                painter.fillRect(box, fill(s.kind, palette()));
            }
        }
        painter.restore();
    }

    if (m_marker > m_from && m_marker < m_to && !m_lanes.isEmpty()) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        const double x = xOf(m_marker, g);
        painter.drawLine(QPointF(x, g.plot.top()), QPointF(x, g.plot.bottom()));
    }
    if (m_selectedLane >= 0) {
        const TimelineSegment &s = m_lanes[m_selectedLane].segments[m_selectedSegment];
        const QRectF band = laneRect(m_selectedLane);
        const double x0 = std::max(xOf(s.start, g), g.plot.left());
        const double x1 = std::min(std::max(xOf(s.end, g), x0 + 1), g.plot.right());
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(x0, band.top(), x1 - x0, band.height()).adjusted(1, 1, -1, -1));
    }
    if (hasFocus() && m_selectedLane < 0 && !m_lanes.isEmpty()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        painter.drawRect(g.plot.adjusted(0, 0, -1, -1));
    }
    if (m_dragStart >= 0 && std::abs(m_dragNow - m_dragStart) >= dragThreshold) {
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(60);
        const double x0 = std::min(m_dragStart, m_dragNow);
        painter.fillRect(QRectF(x0, g.plot.top(), std::abs(m_dragNow - m_dragStart), g.plot.height()), band);
    }
}

void TimelineChart::mousePressEvent(QMouseEvent *event)
{
    const Geometry g = geometry();
    if (event->button() == Qt::RightButton) {
        Q_EMIT zoomOutRequested();
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    const double x = event->position().x();
    if (x >= g.plot.left() && x <= g.plot.right())
        m_dragStart = m_dragNow = x;
}

void TimelineChart::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragStart >= 0) {
        const Geometry g = geometry();
        m_dragNow = std::clamp(event->position().x(), g.plot.left(), g.plot.right());
        update();
        return;
    }
    const QString text = toolTipAt(event->position().toPoint());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void TimelineChart::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_dragStart < 0)
        return;
    const Geometry g = geometry();
    const double start = m_dragStart;
    const double end = m_dragNow;
    m_dragStart = m_dragNow = -1;
    update();
    if (std::abs(end - start) >= dragThreshold) {
        const qint64 t0 = timeAt(std::min(start, end), g);
        const qint64 t1 = timeAt(std::max(start, end), g);
        if (t1 > t0)
            Q_EMIT windowChanged(t0, t1);
        return;
    }
    int lane = -1;
    const int segment = segmentAt(event->position().toPoint(), &lane);
    selectSegment(lane, segment);
}

void TimelineChart::moveSelection(int laneStep, int segmentStep)
{
    if (m_lanes.isEmpty())
        return;
    int lane = m_selectedLane < 0 ? 0 : std::clamp(m_selectedLane + laneStep, 0, int(m_lanes.size()) - 1);
    const QList<TimelineSegment> &segments = m_lanes[lane].segments;
    if (segments.isEmpty())
        return;
    int segment;
    if (m_selectedLane < 0) {
        segment = int(segments.size()) - 1; // the latest stretch first
    } else if (laneStep != 0) {
        // Keep the time: the stretch of the new lane under the old one's start.
        const qint64 t = m_lanes[m_selectedLane].segments[m_selectedSegment].start;
        segment = int(segments.size()) - 1;
        for (int i = 0; i < segments.size(); ++i) {
            if (t >= segments[i].start && t < segments[i].end) {
                segment = i;
                break;
            }
        }
    } else {
        segment = std::clamp(m_selectedSegment + segmentStep, 0, int(segments.size()) - 1);
    }
    selectSegment(lane, segment);
}

void TimelineChart::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Left:
        moveSelection(0, -1);
        break;
    case Qt::Key_Right:
        moveSelection(0, 1);
        break;
    case Qt::Key_Up:
        moveSelection(-1, 0);
        break;
    case Qt::Key_Down:
        moveSelection(1, 0);
        break;
    case Qt::Key_Escape:
        if (m_selectedLane < 0) {
            QWidget::keyPressEvent(event);
            return;
        }
        selectSegment(-1, -1);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineChart::leaveEvent(QEvent *event)
{
    QToolTip::hideText();
    QWidget::leaveEvent(event);
}

} // namespace fleetscope
