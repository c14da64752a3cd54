#include "focusring.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QEvent>
#include <QPainter>

namespace fleetscope {

FocusRing::FocusRing(QWidget *window)
    : QWidget(window)
    , m_window(window)
{
    setObjectName(QStringLiteral("focusRing"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    // The ring is parented to the views it marks; the window owns it when none has the focus.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { follow(now); });
}

void FocusRing::follow(QWidget *focused)
{
    QAbstractScrollArea *area = nullptr;
    // The focus sits on a view itself or, for some, on its viewport.
    for (QWidget *w = focused; w && !area && w != m_window; w = w->parentWidget()) {
        if (auto *candidate = qobject_cast<QAbstractScrollArea *>(w)) {
            if (candidate->focusPolicy() != Qt::NoFocus)
                area = candidate;
        }
        if (w->isWindow())
            break;
    }
    if (area && area->window() != m_window)
        area = nullptr;
    if (area == m_target)
        return;
    if (m_target)
        m_target->removeEventFilter(this);
    m_target = area;
    if (!area) {
        setParent(m_window); // hides it
        return;
    }
    setParent(area);
    area->installEventFilter(this);
    setGeometry(area->rect());
    raise();
    show();
}

bool FocusRing::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_target && (event->type() == QEvent::Resize || event->type() == QEvent::ChildAdded)) {
        setGeometry(m_target->rect());
        raise();
    }
    return QWidget::eventFilter(watched, event);
}

void FocusRing::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    QPen pen(palette().color(QPalette::Active, QPalette::Highlight), 2);
    pen.setJoinStyle(Qt::MiterJoin);
    painter.setPen(pen);
    painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
}

} // namespace fleetscope
