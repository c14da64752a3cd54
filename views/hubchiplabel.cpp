#include "hubchiplabel.h"

#include <QResizeEvent>
#include <QStyle>

namespace fleetscope {

HubChipLabel::HubChipLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
}

void HubChipLabel::setChip(const QString &hub, const QString &summary)
{
    if (hub == m_hub && summary == m_summary)
        return;
    m_hub = hub;
    m_summary = summary;
    // All of it until the layout has given the new text its room; then cut to that
    // room (a resize, or this width again when the layout had no more to give).
    m_shown = m_summary;
    QLabel::setText(QStringLiteral("<b>%1</b> %2").arg(m_hub.toHtmlEscaped(), m_shown.toHtmlEscaped()));
    updateGeometry();
    QMetaObject::invokeMethod(this, &HubChipLabel::render, Qt::QueuedConnection);
}

int HubChipLabel::nameWidth() const
{
    QFont bold = font();
    bold.setBold(true);
    return QFontMetrics(bold).horizontalAdvance(m_hub) + fontMetrics().horizontalAdvance(u' ');
}

QSize HubChipLabel::sizeHint() const
{
    const int margins = contentsMargins().left() + contentsMargins().right() + 2 * margin();
    return {nameWidth() + fontMetrics().horizontalAdvance(m_summary) + margins + 2, QLabel::sizeHint().height()};
}

QSize HubChipLabel::minimumSizeHint() const
{
    // The name and a word's worth of the state: below that a chip says nothing.
    const int margins = contentsMargins().left() + contentsMargins().right() + 2 * margin();
    const int firstWord = fontMetrics().horizontalAdvance(m_summary.section(u' ', 0, 0) + u'…');
    return {std::min(sizeHint().width(), nameWidth() + firstWord + margins + 2), QLabel::minimumSizeHint().height()};
}

QString HubChipLabel::elideWords(const QString &summary, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(summary) <= width)
        return summary;
    QStringList words = summary.split(u' ');
    while (!words.isEmpty()) {
        words.removeLast();
        // "in 5 s:" cut after its colon reads as a sentence cut short, not as a word.
        QString text = words.join(u' ');
        while (text.endsWith(u':') || text.endsWith(u',') || text.endsWith(u'·'))
            text.chop(1);
        text = text.trimmed() + u'…';
        if (metrics.horizontalAdvance(text) <= width)
            return text;
    }
    return QString();
}

void HubChipLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    render();
}

void HubChipLabel::render()
{
    const int margins = contentsMargins().left() + contentsMargins().right() + 2 * margin() + 2;
    const int room = width() - nameWidth() - margins;
    // Before its first layout a chip has no width of its own: then all of it.
    m_shown = isVisible() ? elideWords(m_summary, fontMetrics(), room) : m_summary;
    const QString text = QStringLiteral("<b>%1</b> %2").arg(m_hub.toHtmlEscaped(), m_shown.toHtmlEscaped());
    if (text != QLabel::text())
        QLabel::setText(text);
}

} // namespace fleetscope
