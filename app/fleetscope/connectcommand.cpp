#include "connectcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "memberoptions.h"

#include "connect/connectplan.h"
#include "connect/connectsession.h"
#include "connect/providerfile.h"

#include <QCoreApplication>
#include <QProcess>
#include <QProcessEnvironment>

#include <csignal>
#include <cstdio>

#include <signal.h>
#include <sys/types.h>

namespace fleetscope {
namespace {

void fail(const QString &message)
{
    writeText(stderr, QStringLiteral("error: ") + message + u'\n');
}

QString tr(const char *text)
{
    return QCoreApplication::translate("connect", text);
}

// Ctrl-C in the terminal reaches the whole foreground process group: the child
// handles it, and we must survive it to remove the kubeconfig afterwards. A
// SIGTERM or SIGHUP meant for us is passed on to the child instead, so that it
// ends first and we still clean up.
volatile std::sig_atomic_t childPid = 0;
volatile std::sig_atomic_t pendingSignal = 0; // arrived before the child's pid was known

extern "C" void forwardToChild(int signal)
{
    if (childPid > 0)
        ::kill(pid_t(childPid), signal);
    else
        pendingSignal = signal;
}

class ChildSignals final
{
    Q_DISABLE_COPY_MOVE(ChildSignals)

public:
    // Installed before the fork, so that no signal finds us unprepared; caught
    // handlers revert to the default at exec, ignored ones are reset by the child
    // process modifier.
    ChildSignals()
    {
        childPid = 0;
        pendingSignal = 0;
        struct sigaction forward = {};
        forward.sa_handler = forwardToChild;
        sigemptyset(&forward.sa_mask);
        forward.sa_flags = SA_RESTART;
        struct sigaction ignore = {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGINT, &ignore, &m_int);
        sigaction(SIGQUIT, &ignore, &m_quit);
        sigaction(SIGTERM, &forward, &m_term);
        sigaction(SIGHUP, &forward, &m_hup);
    }
    ~ChildSignals()
    {
        sigaction(SIGINT, &m_int, nullptr);
        sigaction(SIGQUIT, &m_quit, nullptr);
        sigaction(SIGTERM, &m_term, nullptr);
        sigaction(SIGHUP, &m_hup, nullptr);
        childPid = 0;
    }

    void setChild(qint64 pid)
    {
        childPid = std::sig_atomic_t(pid);
        if (pendingSignal)
            ::kill(pid_t(pid), int(pendingSignal));
    }

private:
    struct sigaction m_int = {};
    struct sigaction m_quit = {};
    struct sigaction m_term = {};
    struct sigaction m_hup = {};
};

int runCommand(QStringList command, const QString &kubeconfigPath)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // Only KUBECONFIG changes: PATH stays the user's so that plugins and kubectl resolve as they expect.
    environment.insert(QStringLiteral("KUBECONFIG"), kubeconfigPath);
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setInputChannelMode(QProcess::ForwardedInputChannel);
    process.setChildProcessModifier([] {
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGQUIT, SIG_DFL);
    });
    const QString program = command.takeFirst();
    ChildSignals forwarding;
    process.start(program, command);
    if (!process.waitForStarted(-1)) {
        fail(QStringLiteral("cannot run %1: %2").arg(program, process.errorString()));
        return 127;
    }
    forwarding.setChild(process.processId());
    // The user's own session: it lasts as long as they want, so no deadline here.
    process.waitForFinished(-1);
    if (process.exitStatus() != QProcess::NormalExit) {
        // Qt's Unix QProcess keeps the signal number as the exit code of a crashed child;
        // 128 + signal is what shells report for it.
        const int signal = process.exitCode() > 0 && process.exitCode() < 65 ? process.exitCode() : SIGKILL;
        fail(QStringLiteral("%1 was terminated by signal %2").arg(program).arg(signal));
        return 128 + signal;
    }
    return process.exitCode();
}

} // namespace

int runConnectCommand(const QStringList &arguments)
{
    QStringList command;
    const QStringList own = splitAtDoubleDash(arguments, &command);

    CommandParser cli(arguments.value(0));
    cli.setDescription(
        tr("Connect to member clusters: build a kubeconfig from their ClusterProfile access providers and your "
           "credential provider file, then run COMMAND (default: $SHELL) with KUBECONFIG set to it."));
    cli.addPositional(QStringLiteral("HUB/NAMESPACE/NAME"), tr("The ClusterProfile(s) to connect to; HUB is a kubeconfig context."));
    cli.addPositional(QStringLiteral("-- COMMAND"), tr("Run this instead of $SHELL; its exit code is passed through."), QStringLiteral("[-- COMMAND ARGS...]"));
    MemberOptions members(MemberOptions::Timeout::Hubs, 60, tr("Give up waiting for hubs after this many seconds (0: wait forever)."));
    members.describe(&cli);
    const QCommandLineOption print(QStringLiteral("print-kubeconfig"), tr("Print the kubeconfig instead of running a command."));
    cli.addOption(print);
    cli.addHelpSection(QStringLiteral("With a COMMAND, its own exit status is passed through."));
    if (!cli.parse(own) || !members.read(&cli, cli.positionalArguments()))
        return cli.exitCode();
    if (!members.hasTargets()) {
        cli.usageError(QStringLiteral("name a ClusterProfile as HUB/NAMESPACE/NAME (or select some with --filter)"));
        return cli.exitCode();
    }
    if (cli.isSet(print) && !command.isEmpty()) {
        cli.usageError(QStringLiteral("--print-kubeconfig and a COMMAND cannot be used together"));
        return cli.exitCode();
    }

    // Read the provider file before touching the network: its mistakes are the commonest.
    ProviderFile providers;
    QString error;
    if (!members.loadProviders(&providers, &error)) {
        fail(error);
        return 1;
    }
    const MemberSearch search = members.find();
    if (!search.ok || !search.errors.isEmpty())
        return 1;
    if (search.members.isEmpty()) {
        fail(QStringLiteral("no ClusterProfile matches the filter"));
        return 1;
    }

    const ConnectPlan plan = ConnectPlan::make(search.members, providers,
                                               QStringList(int(search.members.size()), members.preferredProvider()));
    for (const ConnectPlan::Member &m : plan.members) {
        for (const QString &warning : m.selection.warnings)
            writeText(stderr, QStringLiteral("warning: %1: %2\n").arg(m.target.label(), warning));
        if (!m.ok()) {
            fail(m.error);
            return 1;
        }
        // Names the plugin, never its environment: env values may be secrets.
        const CredentialProvider &provider = providers.providers.at(m.selection.match().providerIndex);
        writeText(stderr, QStringLiteral("%1: context \"%2\", provider \"%3\" (%4)\n")
                          .arg(m.target.label(), m.contextName, provider.name, provider.execConfig.command));
    }

    if (cli.isSet(print)) {
        writeBytes(stdout, plan.kubeconfig);
        return 0;
    }
    ConnectSession session;
    if (!session.write(plan.kubeconfig, &error)) {
        fail(error);
        return 1;
    }
    if (command.isEmpty()) {
        const QString shell = qEnvironmentVariable("SHELL");
        command << (shell.isEmpty() ? QStringLiteral("/bin/sh") : shell);
    }
    return runCommand(command, session.kubeconfigPath());
}

} // namespace fleetscope
