#include "timelinechart.h"

#include "api/kubetime.h"
#include "healthstyle.h"

#include <QCategoryAxis>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QMouseEvent>
#include <QToolTip>

namespace fleetscope {

TimelineChart::TimelineChart(QWidget *parent)
    : QChartView(parent)
    , m_timeAxis(new QDateTimeAxis)
    , m_laneAxis(new QCategoryAxis)
    , m_anchor(new QLineSeries)
{
    setObjectName(QStringLiteral("timelineChart"));
    auto *c = new QChart;
    c->legend()->hide();
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->addSeries(m_anchor);
    m_timeAxis->setTickCount(6);
    m_timeAxis->setGridLineVisible(true);
    c->addAxis(m_timeAxis, Qt::AlignBottom);
    c->addAxis(m_laneAxis, Qt::AlignLeft);
    m_laneAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    m_laneAxis->setGridLineVisible(false);
    m_anchor->attachAxis(m_timeAxis);
    m_anchor->attachAxis(m_laneAxis);
    m_anchor->setPen(Qt::NoPen);
    // QChartView starts with a chart of its own and only releases it on
    // setChart(): delete it, or every timeline leaks a QChart.
    QChart *initial = chart();
    setChart(c);
    delete initial;
    setRenderHint(QPainter::Antialiasing, false);
    setRubberBand(QChartView::HorizontalRubberBand);
    setMouseTracking(true);
    setMinimumHeight(140);
    connect(m_timeAxis, &QDateTimeAxis::rangeChanged, this, [this](const QDateTime &min, const QDateTime &max) {
        if (!m_settingAxes)
            Q_EMIT windowChanged(min.toMSecsSinceEpoch(), max.toMSecsSinceEpoch());
    });
    updateAxes();
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

void TimelineChart::setLanes(qint64 from, qint64 to, const QList<Lane> &lanes)
{
    m_from = from;
    m_to = std::max(to, from + 1);
    m_lanes = lanes;
    updateAxes();
    viewport()->update();
}

void TimelineChart::updateAxes()
{
    m_settingAxes = true;
    const int n = std::max<int>(1, int(m_lanes.size()));
    const QStringList old = m_laneAxis->categoriesLabels();
    for (const QString &label : old)
        m_laneAxis->remove(label);
    // Lane 0 on top: the axis grows upwards, so lanes are appended bottom first.
    for (int i = int(m_lanes.size()) - 1; i >= 0; --i)
        m_laneAxis->append(m_lanes[i].type, double(m_lanes.size() - i));
    m_laneAxis->setRange(0, n);
    const qint64 span = m_to - m_from;
    m_timeAxis->setFormat(span <= 2 * 3600 * 1000LL      ? QStringLiteral("HH:mm:ss")
                              : span <= 2 * 86400 * 1000LL ? QStringLiteral("ddd HH:mm")
                                                           : QStringLiteral("dd MMM"));
    m_timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(m_from), QDateTime::fromMSecsSinceEpoch(m_to));
    m_anchor->replace(QList<QPointF>{QPointF(double(m_from), 0), QPointF(double(m_to), n)});
    m_settingAxes = false;
}

void TimelineChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = chart()->plotArea();
    if (m_lanes.isEmpty() || plot.isEmpty())
        return;
    painter->save();
    painter->setClipRect(chart()->mapRectToScene(plot));
    const double laneHeight = plot.height() / double(m_lanes.size());
    const double span = double(m_to - m_from);
    for (int i = 0; i < m_lanes.size(); ++i) {
        const double top = plot.top() + laneHeight * i + laneHeight * 0.15;
        const double height = laneHeight * 0.7;
        for (const TimelineSegment &s : m_lanes[i].segments) {
            const double x0 = plot.left() + plot.width() * double(s.start - m_from) / span;
            double x1 = plot.left() + plot.width() * double(s.end - m_from) / span;
            if (x1 - x0 < 1.0)
                x1 = x0 + 1.0; // a flap shorter than a pixel is still a visible line
            const QRectF box = chart()->mapRectToScene(QRectF(x0, top, x1 - x0, height));
            const QColor c = color(s.kind, palette());
            if (s.kind == SegmentKind::Gap) {
                // Hatched, not filled: "nobody was looking" must never read as a status.
                painter->fillRect(box, QBrush(c.lighter(150), Qt::BDiagPattern));
                painter->setPen(QPen(c, 0, Qt::DotLine));
                painter->drawRect(box);
            } else if (s.kind == SegmentKind::Absent) {
                painter->setPen(QPen(c, 0));
                painter->drawRect(box); // an outline: nothing was reported
            } else {
                painter->fillRect(box, c);
            }
        }
    }
    painter->restore();
}

const TimelineSegment *TimelineChart::segmentAt(const QPoint &position, int *lane) const
{
    const QRectF plot = chart()->plotArea();
    const QPointF p = chart()->mapFromScene(mapToScene(position));
    if (m_lanes.isEmpty() || !plot.contains(p))
        return nullptr;
    const int i = int((p.y() - plot.top()) / (plot.height() / double(m_lanes.size())));
    if (i < 0 || i >= m_lanes.size())
        return nullptr;
    const qint64 t = m_from + qint64(double(m_to - m_from) * (p.x() - plot.left()) / plot.width());
    // A pixel's worth of slack so that one-pixel flaps can be hovered.
    const qint64 slack = qint64(double(m_to - m_from) / std::max(1.0, plot.width()));
    const TimelineSegment *best = nullptr;
    for (const TimelineSegment &s : m_lanes[i].segments) {
        if (t >= s.start - slack && t < s.end + slack) {
            best = &s;
            if (t >= s.start && t < s.end)
                break;
        }
    }
    *lane = i;
    return best;
}

QString TimelineChart::toolTipAt(const QPoint &position) const
{
    int lane = -1;
    const TimelineSegment *s = segmentAt(position, &lane);
    if (!s)
        return QString();
    auto when = [](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    };
    QString text = QStringLiteral("<b>%1</b>: %2").arg(m_lanes[lane].type.toHtmlEscaped(), segmentKindName(s->kind));
    text += QStringLiteral("<br>") + tr("%1 – %2 (%3)").arg(when(s->start), when(s->end), humanDuration(s->end - s->start));
    if (s->kind != SegmentKind::Gap && s->kind != SegmentKind::Absent && s->since > 0)
        text += QStringLiteral("<br>") + tr("since %1").arg(when(s->since));
    if (!s->reason.isEmpty())
        text += QStringLiteral("<br>") + tr("Reason: %1").arg(s->reason.toHtmlEscaped());
    if (!s->message.isEmpty())
        text += QStringLiteral("<br>") + tr("Message: %1").arg(s->message.toHtmlEscaped());
    return text;
}

void TimelineChart::mouseMoveEvent(QMouseEvent *event)
{
    QChartView::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton)
        return;
    const QString text = toolTipAt(event->position().toPoint());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

} // namespace fleetscope
