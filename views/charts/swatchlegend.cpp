#include "swatchlegend.h"

#include <QPainter>

namespace fleetscope {

SwatchLegend::SwatchLegend(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void SwatchLegend::setEntries(const QList<Entry> &entries)
{
    m_entries = entries;
    updateGeometry();
    update();
}

int SwatchLegend::swatchSize() const
{
    return std::max(8, fontMetrics().height() * 2 / 3);
}

QList<QRect> SwatchLegend::layoutFor(int width) const
{
    QList<QRect> rects;
    const QFontMetrics metrics = fontMetrics();
    const int lineHeight = metrics.height();
    const int spacing = metrics.averageCharWidth() * 2;
    int x = 0;
    int y = 0;
    for (const Entry &entry : m_entries) {
        // A few pixels of slack: the advance is rounded, and eliding must not cut a name that fits.
        const int w = swatchSize() + metrics.averageCharWidth() / 2 + 2 + metrics.horizontalAdvance(entry.text) + 3;
        if (x > 0 && x + w > width) {
            x = 0;
            y += lineHeight + 2;
        }
        rects.append(QRect(x, y, std::min(w, std::max(1, width)), lineHeight));
        x += w + spacing;
    }
    return rects;
}

int SwatchLegend::heightForWidth(int width) const
{
    const QList<QRect> rects = layoutFor(width);
    return rects.isEmpty() ? 0 : rects.last().bottom() + 1;
}

QSize SwatchLegend::sizeHint() const
{
    const QList<QRect> rects = layoutFor(QWIDGETSIZE_MAX);
    return rects.isEmpty() ? QSize(0, 0) : QSize(rects.last().right() + 1, rects.last().bottom() + 1);
}

QSize SwatchLegend::minimumSizeHint() const
{
    return QSize(0, fontMetrics().height());
}

void SwatchLegend::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Layouts do not always ask again when the width changes: a minimum height that
    // follows the width makes them give the wrapped lines their room.
    const int needed = heightForWidth(width());
    if (minimumHeight() != needed)
        setMinimumHeight(needed);
}

void SwatchLegend::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QList<QRect> rects = layoutFor(width());
    const int size = swatchSize();
    for (qsizetype i = 0; i < rects.size(); ++i) {
        const Entry &entry = m_entries[i];
        const QRect &r = rects[i];
        const QRect swatch(r.left(), r.top() + (r.height() - size) / 2, size, size);
        painter.fillRect(swatch, palette().base());
        painter.fillRect(swatch, entry.fill);
        if (entry.outline.style() != Qt::NoPen) {
            painter.setPen(entry.outline);
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        }
        painter.setPen(palette().color(QPalette::WindowText));
        const QRect text = r.adjusted(size + fontMetrics().averageCharWidth() / 2 + 2, 0, 0, 0);
        painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                         fontMetrics().elidedText(entry.text, Qt::ElideRight, text.width()));
    }
}

} // namespace fleetscope
