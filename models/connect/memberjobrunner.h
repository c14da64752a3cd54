#pragma once

#include "jobqueue.h"
#include "memberjob.h"

#include <QList>
#include <QObject>

#include <functional>

namespace fleetscope {

// Runs one MemberJob per member, at most `parallel` at a time, made by `create`
// when its turn comes and deleted after jobFinished(): what the access checks
// and command runs on many members share.
class MemberJobRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberJobRunner)

public:
    MemberJobRunner(int count, std::function<MemberJob *(int index)> create, QObject *parent = nullptr);
    ~MemberJobRunner() override;

    void setParallel(int parallel) { m_queue.setParallel(parallel); }
    void start();
    // Cancels the running jobs and starts no more; finished() still follows.
    void cancel();
    bool isRunning() const { return m_running; }
    int doneCount() const { return m_queue.finished(); }

signals:
    void jobStarted(int index);
    // `job` is deleted later: read its result here.
    void jobFinished(int index, fleetscope::MemberJob *job);
    void finished();

private:
    void startJob(int index);

    std::function<MemberJob *(int)> m_create;
    QList<MemberJob *> m_jobs;
    JobQueue m_queue;
    bool m_running = false;
};

} // namespace fleetscope
