#include "membercommand.h"

#include "kubeconfigbuilder.h"
#include "memberkubeconfig.h"

#include <QProcess>
#include <QProcessEnvironment>

#include <csignal>

namespace fleetscope {
namespace {

constexpr int killGraceMs = 3000;

} // namespace

QString MemberCommandResult::firstLine() const
{
    const QByteArray &text = standardOutput.trimmed().isEmpty() ? standardError : standardOutput;
    const QByteArray trimmed = text.trimmed();
    return QString::fromUtf8(trimmed.left(trimmed.indexOf('\n') < 0 ? trimmed.size() : trimmed.indexOf('\n')));
}

QJsonObject MemberCommandResult::toJson() const
{
    return {{QStringLiteral("cluster"), cluster},
            {QStringLiteral("exitCode"), started && exitCode >= 0 ? QJsonValue(exitCode) : QJsonValue()},
            {QStringLiteral("stdout"), QString::fromUtf8(standardOutput)},
            {QStringLiteral("stderr"), QString::fromUtf8(standardError)},
            {QStringLiteral("durationMs"), durationMs},
            {QStringLiteral("skipped"), skipped},
            {QStringLiteral("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error)}};
}

MemberCommand::MemberCommand(const MemberTarget &member, const MemberCommandSettings &settings, QObject *parent)
    : MemberJob(parent)
    , m_member(member)
    , m_settings(settings)
{
    m_result.cluster = member.label();
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        m_result.timedOut = true;
        m_result.error = QStringLiteral("did not finish within %1 s").arg(m_settings.timeoutMs / 1000.0);
        stopProcess();
    });
    m_killTimer.setSingleShot(true);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->kill();
    });
}

MemberCommand::~MemberCommand()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

void MemberCommand::start()
{
    if (m_clock.isValid())
        return;
    m_clock.start();
    if (m_settings.command.isEmpty()) {
        finishLater(QStringLiteral("no command"));
        return;
    }
    KubeconfigBuilder builder;
    const MemberKubeconfig added = MemberKubeconfig::add(&builder, m_member, m_settings.providers,
                                                         m_settings.preferredProvider, {m_member.label()});
    if (!added.ok) {
        m_result.skipped = added.noProvider;
        finishLater(added.error);
        return;
    }
    QString error;
    m_session = std::make_unique<ConnectSession>();
    if (!m_session->write(builder.yaml(), &error)) {
        finishLater(error);
        return;
    }

    auto *process = new QProcess(this);
    m_process = process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // Only KUBECONFIG changes: PATH stays the user's so that plugins and kubectl resolve as they expect.
    environment.insert(QStringLiteral("KUBECONFIG"), m_session->kubeconfigPath());
    process->setProcessEnvironment(environment);
    process->setStandardInputFile(QProcess::nullDevice()); // many children cannot share one terminal
    connect(process, &QProcess::readyReadStandardOutput, this, [this] { onOutput(false); });
    connect(process, &QProcess::readyReadStandardError, this, [this] { onOutput(true); });
    connect(process, &QProcess::finished, this,
            [this](int exitCode, QProcess::ExitStatus status) { onProcessFinished(exitCode, int(status)); });
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        m_result.started = false;
        finish(QStringLiteral("cannot run %1: %2").arg(m_settings.command.first(), m_process->errorString()));
    });
    m_deadline.start(m_settings.timeoutMs);
    process->start(m_settings.command.first(), m_settings.command.mid(1));
    m_result.started = true;
}

void MemberCommand::onOutput(bool standardError)
{
    if (!m_process)
        return;
    const QByteArray chunk = standardError ? m_process->readAllStandardError() : m_process->readAllStandardOutput();
    QByteArray &kept = standardError ? m_result.standardError : m_result.standardOutput;
    if (kept.size() < m_settings.maxOutputBytes) {
        kept += chunk.left(m_settings.maxOutputBytes - kept.size());
        if (kept.size() >= m_settings.maxOutputBytes)
            kept += "\n[output beyond this point dropped]\n";
    }
    QByteArray &partial = m_partial[standardError ? 1 : 0];
    partial += chunk;
    qsizetype newline;
    while ((newline = partial.indexOf('\n')) >= 0) {
        emit lineReady(standardError, QString::fromUtf8(partial.left(newline)));
        partial.remove(0, newline + 1);
    }
}

void MemberCommand::onProcessFinished(int exitCode, int exitStatus)
{
    if (!m_process)
        return;
    onOutput(false);
    onOutput(true);
    if (exitStatus == QProcess::NormalExit) {
        m_result.exitCode = exitCode;
    } else {
        // Qt's Unix QProcess keeps the signal number as the exit code of a crashed
        // child; 128 + signal is what shells report for it.
        const int signal = exitCode > 0 && exitCode < 65 ? exitCode : SIGKILL;
        m_result.exitCode = 128 + signal;
        if (m_result.error.isEmpty())
            m_result.error = QStringLiteral("terminated by signal %1").arg(signal);
    }
    m_result.finished = !m_result.timedOut && !m_result.cancelled;
    finish(m_result.error);
}

void MemberCommand::stopProcess()
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate();
    m_killTimer.start(killGraceMs);
}

void MemberCommand::cancel()
{
    if (m_done)
        return;
    m_result.cancelled = true;
    if (m_result.error.isEmpty())
        m_result.error = QStringLiteral("cancelled");
    if (m_process && m_process->state() != QProcess::NotRunning)
        stopProcess();
    else
        finishLater(m_result.error);
}

void MemberCommand::finish(const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_deadline.stop();
    m_killTimer.stop();
    for (int stream = 0; stream < 2; ++stream) {
        if (!m_partial[stream].isEmpty())
            emit lineReady(stream == 1, QString::fromUtf8(m_partial[stream]));
        m_partial[stream].clear();
    }
    m_result.error = error;
    m_result.durationMs = m_clock.elapsed();
    if (m_process) {
        QProcess *process = m_process;
        m_process = nullptr;
        process->disconnect(this);
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(1000);
        }
        process->deleteLater();
    }
    m_session.reset();
    emit finished();
}

void MemberCommand::finishLater(const QString &error)
{
    QMetaObject::invokeMethod(this, [this, error] { finish(error); }, Qt::QueuedConnection);
}

} // namespace fleetscope
