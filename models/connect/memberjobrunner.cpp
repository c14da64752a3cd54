#include "memberjobrunner.h"

namespace fleetscope {

MemberJobRunner::MemberJobRunner(int count, std::function<MemberJob *(int)> create, QObject *parent)
    : QObject(parent)
    , m_create(std::move(create))
{
    m_jobs.resize(count, nullptr);
    connect(&m_queue, &JobQueue::allDone, this, [this] {
        m_running = false;
        emit finished();
    });
}

MemberJobRunner::~MemberJobRunner()
{
    for (MemberJob *job : std::as_const(m_jobs))
        delete job;
}

void MemberJobRunner::start()
{
    if (m_running)
        return;
    m_running = true;
    m_queue.run(int(m_jobs.size()), [this](int index) { startJob(index); });
}

void MemberJobRunner::startJob(int index)
{
    MemberJob *job = m_create(index);
    job->setParent(this);
    m_jobs[index] = job;
    connect(job, &MemberJob::finished, this, [this, index, job] {
        m_jobs[index] = nullptr;
        emit jobFinished(index, job);
        job->deleteLater();
        m_queue.done(index);
    });
    emit jobStarted(index);
    job->start();
}

void MemberJobRunner::cancel()
{
    if (!m_running)
        return;
    m_queue.stopStarting();
    for (MemberJob *job : std::as_const(m_jobs)) {
        if (job)
            job->cancel();
    }
}

} // namespace fleetscope
