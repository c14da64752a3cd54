#include "afterfirstpaint.h"

#include <QEvent>
#include <QWindow>
#include <QWidget>

namespace fleetscope {

void AfterFirstPaint::run(QWidget *window, std::function<void()> then)
{
    new AfterFirstPaint(window, std::move(then));
}

AfterFirstPaint::AfterFirstPaint(QWidget *window, std::function<void()> then)
    : QObject(window)
    , m_then(std::move(then))
{
    window->installEventFilter(this);
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, &AfterFirstPaint::fire);
    m_deadline.start(deadlineMs);
}

bool AfterFirstPaint::eventFilter(QObject *watched, QEvent *event)
{
    // Only a paint of the window on the screen: QWidget::grab() paints too.
    const QWindow *handle = static_cast<QWidget *>(watched)->windowHandle();
    if (event->type() == QEvent::Paint && !m_painted && handle && handle->isExposed()) {
        m_painted = true;
        // Queued: the paint, and the children's paints of the same frame, finish
        // and reach the screen first.
        m_deadline.stop();
        m_deadline.start(0);
    }
    return QObject::eventFilter(watched, event);
}

void AfterFirstPaint::fire()
{
    if (m_fired)
        return;
    m_fired = true;
    parent()->removeEventFilter(this);
    const std::function<void()> then = std::move(m_then);
    deleteLater();
    then();
}

} // namespace fleetscope
