#include "timetravelbanner.h"

#include "history/timetravel.h"

#include "api/kubetime.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QResizeEvent>

#include <algorithm>

namespace fleetscope {

TimeTravelBanner::TimeTravelBanner(TimeTravel *travel, QWidget *parent)
    : QFrame(parent)
    , m_travel(travel)
    , m_text(new QLabel(this))
    , m_back(new QPushButton(tr("&Back to now"), this))
{
    setObjectName(QStringLiteral("timeTravelBanner"));
    setContextMenuPolicy(Qt::NoContextMenu);
    // Amber whatever the palette (light or dark): a past moment must never pass for live.
    setStyleSheet(QStringLiteral("QFrame#timeTravelBanner { background: #ffc107; border: 1px solid #b38600; "
                                 "border-radius: 3px; } QLabel#timeTravelText { color: #1f1a00; }"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 10, 4);
    m_text->setObjectName(QStringLiteral("timeTravelText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_back->setObjectName(QStringLiteral("timeTravelBack"));
    layout->addWidget(m_text, 1);
    layout->addWidget(m_back);
    connect(m_back, &QPushButton::clicked, travel, &TimeTravel::showLive);
    connect(travel, &TimeTravel::momentShown, this, &TimeTravelBanner::update);
}

QSize TimeTravelBanner::sizeHint() const
{
    QSize hint = QFrame::sizeHint();
    const int width = parentWidget() ? parentWidget()->contentsRect().width() : hint.width();
    const QMargins margins = layout()->contentsMargins();
    const int frame = 2 * frameWidth();
    const int textWidth = std::max(120, width - margins.left() - margins.right() - frame - layout()->spacing()
                                            - m_back->sizeHint().width());
    hint.setHeight(std::max(m_text->heightForWidth(textWidth), m_back->sizeHint().height()) + margins.top()
                   + margins.bottom() + frame);
    return hint;
}

QSize TimeTravelBanner::minimumSizeHint() const
{
    return QSize(QFrame::minimumSizeHint().width(), sizeHint().height());
}

void TimeTravelBanner::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    // Narrower, the text may need another line; wider, one less.
    if (event->size().width() != event->oldSize().width())
        updateGeometry();
}

QString TimeTravelBanner::text() const
{
    return m_text->text();
}

void TimeTravelBanner::update(qint64 at)
{
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(at);
    QString html = tr("<b>Not live.</b> The fleet as recorded at <b>%1</b> (%2 ago). Live changes keep being "
                      "recorded.")
                       .arg(QLocale().toString(when, QStringLiteral("yyyy-MM-dd HH:mm:ss")).toHtmlEscaped(),
                            humanDuration(QDateTime::currentMSecsSinceEpoch() - at).toHtmlEscaped());
    for (const HubMoment &hub : m_travel->hubStates()) {
        if (hub.coverage == HubMoment::Coverage::NotRecorded)
            html += u' ' + tr("Hub %1 was not recorded then.").arg(hub.hub).toHtmlEscaped();
        else if (hub.coverage == HubMoment::Coverage::NotWatched)
            html += u' ' + tr("Hub %1 was not watched then: what was recorded before.").arg(hub.hub).toHtmlEscaped();
    }
    m_text->setText(html);
    updateGeometry();
}

} // namespace fleetscope
