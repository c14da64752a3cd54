#pragma once

#include "accesscheck.h"
#include "memberjobrunner.h"

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

    void setParallel(int parallel) { m_runner.setParallel(parallel); }
    void start() { m_runner.start(); }
    // Stops the running checks and starts no more; members not checked keep
    // checked == false. finished() still follows.
    void cancel() { m_runner.cancel(); }
    bool isRunning() const { return m_runner.isRunning(); }

    const QList<MemberTarget> &members() const { return m_members; }
    const QList<AccessResult> &results() const { return m_results; }
    int doneCount() const { return m_runner.doneCount(); }

signals:
    void resultReady(int index, const fleetscope::AccessResult &result);
    void finished();

private:
    QList<MemberTarget> m_members;
    AccessCheckSettings m_settings;
    QList<AccessResult> m_results;
    MemberJobRunner m_runner; // after what its jobs read
};

} // namespace fleetscope
