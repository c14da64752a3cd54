#include "healthchartview.h"

#include "healthstyle.h"

#include <QDateTime>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace fleetscope {

HealthChartView::HealthChartView(QWidget *parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("fleetHealthView"));
    // A scroll area's mouse events are its viewport's: tracking on the view
    // alone brought no move without a button, so hovering showed nothing.
    viewport()->setMouseTracking(true);
    setRenderHint(QPainter::Antialiasing, false);
}

int HealthChartView::axisHeight() const
{
    return fontMetrics().height() + 8;
}

void HealthChartView::setPoints(qint64 from, qint64 to, const QList<HealthPoint> &points)
{
    m_from = from;
    m_to = std::max(to, from + 1);
    m_points = points;
    viewport()->update();
}

void HealthChartView::setMarker(qint64 time, const QString &text)
{
    m_marker = time;
    m_markerText = text;
    viewport()->update();
}

QRectF HealthChartView::plotInView() const
{
    const QRectF scene = chart()->mapRectToScene(chart()->plotArea());
    return QRectF(mapFromScene(scene.topLeft()), mapFromScene(scene.bottomRight()));
}

QList<TimeTick> HealthChartView::ticks() const
{
    const QRectF plot = plotInView();
    return TimeAxis::layout(m_from, m_to, plot.left(), plot.width(), plot.bottom() + 4, QFontMetricsF(font()),
                            locale());
}

int HealthChartView::pointAt(const QPoint &position) const
{
    const QRectF plot = plotInView();
    if (m_points.isEmpty() || !plot.adjusted(-1, -1, 1, 1).contains(position))
        return -1;
    const qint64 t = m_from + qint64(double(m_to - m_from) * (position.x() - plot.left()) / plot.width());
    const auto it = std::lower_bound(m_points.cbegin(), m_points.cend(), t,
                                     [](const HealthPoint &p, qint64 time) { return p.time < time; });
    return it == m_points.cend() ? int(m_points.size()) - 1 : int(it - m_points.cbegin());
}

QPoint HealthChartView::positionOf(qint64 time) const
{
    const QRectF plot = plotInView();
    return QPointF(plot.left() + plot.width() * double(time - m_from) / double(m_to - m_from), plot.center().y())
        .toPoint();
}

QString HealthChartView::toolTipAt(const QPoint &position) const
{
    const int i = pointAt(position);
    if (i < 0)
        return QString();
    const HealthPoint &p = m_points[i];
    QString text = QStringLiteral("<b>%1</b><br>")
                       .arg(QDateTime::fromMSecsSinceEpoch(p.time).toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    if (!p.recorded)
        return text + tr("Not recorded: Fleetscope was not watching these hubs.");
    text += tr("%1 healthy, %2 unhealthy, %3 unknown").arg(p.healthy).arg(p.unhealthy).arg(p.unknown);
    if (p.notReported > 0)
        text += QStringLiteral("<br>") + tr("%1 not reporting health").arg(p.notReported);
    if (p.unhealthy > 0)
        text += QStringLiteral("<br><i>") + tr("Click to select the clusters unhealthy then.") + QStringLiteral("</i>");
    if (m_marker > 0 && p.time <= m_marker && !m_markerText.isEmpty())
        text += QStringLiteral("<br><i>%1</i>").arg(m_markerText.toHtmlEscaped());
    return text;
}

void HealthChartView::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = chart()->mapRectToScene(chart()->plotArea());
    if (plot.isEmpty())
        return;
    painter->save();
    const double span = double(m_to - m_from);
    auto xOf = [&](qint64 t) { return plot.left() + plot.width() * double(t - m_from) / span; };
    // Unrecorded stretches: hatched over the whole height, as the timeline draws them.
    const QBrush hatch(HealthStyle::mutedText(palette()), Qt::BDiagPattern);
    for (qsizetype i = 0; i < m_points.size();) {
        if (m_points[i].recorded) {
            ++i;
            continue;
        }
        const qint64 start = i == 0 ? m_from : m_points[i - 1].time;
        while (i < m_points.size() && !m_points[i].recorded)
            ++i;
        const qint64 end = m_points[i - 1].time;
        painter->fillRect(QRectF(xOf(start), plot.top(), std::max(1.0, xOf(end) - xOf(start)), plot.height()), hatch);
    }
    // The time axis: ticks and labels under the plot (in scene coordinates here).
    const QFontMetricsF metrics(font());
    const QList<TimeTick> axis =
        TimeAxis::layout(m_from, m_to, plot.left(), plot.width(), plot.bottom() + 4, metrics, locale());
    // Grid lines in the background colour, so that they part the areas without
    // darkening them; tick marks under the plot in the axis colour.
    QColor grid = palette().color(QPalette::Base);
    grid.setAlpha(120);
    const QColor mark = HealthStyle::mutedText(palette());
    painter->setFont(font());
    for (const TimeTick &tick : axis) {
        painter->setPen(QPen(grid, 0));
        painter->drawLine(QPointF(tick.x, plot.top()), QPointF(tick.x, plot.bottom()));
        painter->setPen(QPen(mark, 0));
        painter->drawLine(QPointF(tick.x, plot.bottom()), QPointF(tick.x, plot.bottom() + 3));
        if (!tick.label.isEmpty()) {
            painter->setPen(palette().color(QPalette::Text));
            painter->drawText(tick.labelRect, Qt::AlignCenter, tick.label);
        }
    }
    if (m_marker > m_from && m_marker < m_to) {
        painter->setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        painter->drawLine(QPointF(xOf(m_marker), plot.top()), QPointF(xOf(m_marker), plot.bottom()));
    }
    painter->restore();
}

void HealthChartView::mouseMoveEvent(QMouseEvent *event)
{
    QChartView::mouseMoveEvent(event);
    const QString text = toolTipAt(event->position().toPoint());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void HealthChartView::mouseReleaseEvent(QMouseEvent *event)
{
    QChartView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    const int i = pointAt(event->position().toPoint());
    if (i >= 0 && m_points[i].recorded)
        Q_EMIT momentClicked(m_points[i].time);
}

void HealthChartView::leaveEvent(QEvent *event)
{
    QToolTip::hideText();
    QChartView::leaveEvent(event);
}

} // namespace fleetscope
