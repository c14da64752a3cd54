#pragma once

#include "membercommand.h"
#include "memberjobrunner.h"

#include <QList>
#include <QObject>

namespace fleetscope {

// Runs one command on many members, `parallel` at a time; lines and results
// arrive with the member's index.
class MemberCommandBatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberCommandBatch)

public:
    MemberCommandBatch(QList<MemberTarget> members, MemberCommandSettings settings, QObject *parent = nullptr);

    void setParallel(int parallel) { m_runner.setParallel(parallel); }
    void start() { m_runner.start(); }
    // Stops every running command (SIGTERM, then SIGKILL) and starts no more.
    void cancel() { m_runner.cancel(); }
    bool isRunning() const { return m_runner.isRunning(); }

    const QList<MemberTarget> &members() const { return m_members; }
    const QList<MemberCommandResult> &results() const { return m_results; }
    int doneCount() const { return m_runner.doneCount(); }

    struct Counts
    {
        int succeeded = 0;
        int failed = 0;  // ran and failed, or could not run, or not run at all (cancelled)
        int skipped = 0; // no provider matched
    };
    Counts counts() const;

signals:
    void memberStarted(int index);
    void lineReady(int index, bool standardError, const QString &line);
    void resultReady(int index, const fleetscope::MemberCommandResult &result);
    void finished();

private:
    MemberCommand *create(int index);

    QList<MemberTarget> m_members;
    MemberCommandSettings m_settings;
    QList<MemberCommandResult> m_results;
    MemberJobRunner m_runner; // after what its jobs read
};

} // namespace fleetscope
