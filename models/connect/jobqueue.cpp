#include "jobqueue.h"

namespace fleetscope {

JobQueue::JobQueue(QObject *parent)
    : QObject(parent)
{
}

void JobQueue::run(int count, std::function<void(int)> start)
{
    m_start = std::move(start);
    m_count = count;
    m_next = 0;
    m_finished = 0;
    m_stopped = false;
    m_announced = false;
    QMetaObject::invokeMethod(this, &JobQueue::fill, Qt::QueuedConnection);
}

void JobQueue::done(int index)
{
    Q_UNUSED(index)
    ++m_finished;
    // A job that finishes inside start() must not recurse into fill() again.
    if (!m_filling)
        fill();
}

void JobQueue::stopStarting()
{
    m_stopped = true;
    // With nothing running, nobody calls done(): say allDone() from here.
    QMetaObject::invokeMethod(this, &JobQueue::fill, Qt::QueuedConnection);
}

void JobQueue::fill()
{
    m_filling = true;
    while (!m_stopped && m_next < m_count && running() < m_parallel) {
        const int index = m_next++;
        m_start(index);
    }
    m_filling = false;
    if (!m_announced && m_finished == m_next && (m_stopped || m_next == m_count)) {
        m_announced = true; // one allDone() per run
        QMetaObject::invokeMethod(this, &JobQueue::allDone, Qt::QueuedConnection);
    }
}

} // namespace fleetscope
