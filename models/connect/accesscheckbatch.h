#pragma once

#include "accesscheck.h"
#include "jobqueue.h"

#include <QList>
#include <QObject>

namespace fleetscope {

// Checks many members, `parallel` at a time (default 16), each with its own
// deadline. Results arrive in completion order with the member's index; the
// whole list is in member order once finished() is emitted.
class AccessCheckBatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessCheckBatch)

public:
    AccessCheckBatch(QList<MemberTarget> members, AccessCheckSettings settings, QObject *parent = nullptr);
    ~AccessCheckBatch() override;

    void setParallel(int parallel) { m_queue.setParallel(parallel); }
    void start();
    // Stops the running checks and starts no more; members not checked keep
    // checked == false. finished() still follows.
    void cancel();
    bool isRunning() const { return m_running; }

    const QList<MemberTarget> &members() const { return m_members; }
    const QList<AccessResult> &results() const { return m_results; }
    int doneCount() const { return m_queue.finished(); }

signals:
    void resultReady(int index, const fleetscope::AccessResult &result);
    void finished();

private:
    void startCheck(int index);

    QList<MemberTarget> m_members;
    AccessCheckSettings m_settings;
    QList<AccessResult> m_results;
    QList<AccessCheck *> m_checks;
    JobQueue m_queue;
    bool m_running = false;
};

} // namespace fleetscope
