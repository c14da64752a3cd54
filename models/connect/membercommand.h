#pragma once

#include "connectsession.h"
#include "memberjob.h"
#include "membertarget.h"
#include "providerfile.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <memory>

class QProcess;

namespace fleetscope {

// How one member's run of a command ended.
struct MemberCommandResult
{
    QString cluster;         // HUB/NAMESPACE/NAME
    bool skipped = false;    // no provider of the file matched: not run
    bool started = false;
    bool finished = false;   // ran to its end (any exit code)
    bool timedOut = false;
    bool cancelled = false;
    int exitCode = -1;       // 128 + signal when it was killed
    QString error;           // why it did not run or did not finish
    QByteArray standardOutput;
    QByteArray standardError;
    qint64 durationMs = -1;

    bool succeeded() const { return finished && exitCode == 0; }
    // The first line of output (stdout, else stderr), for tables.
    QString firstLine() const;
    // {"cluster", "exitCode" (null when it did not run), "stdout", "stderr", "durationMs",
    //  "skipped", "error"}: one item of `fleetscope exec -o json`.
    QJsonObject toJson() const;
};

// What every member's run shares.
struct MemberCommandSettings
{
    QStringList command; // program and arguments
    ProviderFile providers;
    QString preferredProvider;
    int timeoutMs = 300'000;
    // Output kept per stream; more is dropped (with a note) so that a chatty
    // command on 200 members cannot exhaust memory.
    qsizetype maxOutputBytes = 8 * 1024 * 1024;
};

// Runs the command once for one member, with KUBECONFIG set to that member's own
// kubeconfig (as Connect builds it: 0600 in a fresh 0700 directory, removed when
// the run ends). Output comes as whole lines while it runs, and complete in the
// result. finished() follows start() exactly once, from the event loop.
class MemberCommand final : public MemberJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberCommand)

public:
    MemberCommand(const MemberTarget &member, const MemberCommandSettings &settings, QObject *parent = nullptr);
    ~MemberCommand() override;

    void start() override;
    // SIGTERM, then SIGKILL after a grace period; finished() follows.
    void cancel() override;
    const MemberCommandResult &result() const { return m_result; }

signals:
    void lineReady(bool standardError, const QString &line);

private:
    void onOutput(bool standardError);
    void onProcessFinished(int exitCode, int exitStatus);
    void stopProcess();
    void finish(const QString &error);
    void finishLater(const QString &error);

    MemberTarget m_member;
    const MemberCommandSettings &m_settings;
    MemberCommandResult m_result;
    std::unique_ptr<ConnectSession> m_session; // the kubeconfig lives exactly as long as the run
    QPointer<QProcess> m_process;
    QByteArray m_partial[2]; // an unfinished last line per stream
    QTimer m_deadline;
    QTimer m_killTimer;
    QElapsedTimer m_clock;
    bool m_done = false;
};

} // namespace fleetscope
