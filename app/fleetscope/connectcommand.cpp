#include "connectcommand.h"

#include "commandparser.h"

#include "connect/connectsession.h"
#include "connect/kubeconfigbuilder.h"
#include "connect/providerfile.h"
#include "connect/providerselection.h"
#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTimer>

#include <csignal>
#include <cstdio>

#include <signal.h>
#include <sys/types.h>

namespace fleetscope {
namespace {

void write(FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    std::fflush(stream);
}

void fail(const QString &message)
{
    write(stderr, QStringLiteral("error: ") + message + u'\n');
}

QString tr(const char *text)
{
    return QCoreApplication::translate("connect", text);
}

// HUB/NAMESPACE/NAME. Context names may contain '/' (EKS ARNs do), namespaces and
// object names cannot: so the last two segments are the object, the rest the hub.
struct Target
{
    QString hub;
    QString namespaceName;
    QString name;
    ClusterProfile profile;

    QString label() const { return hub + u'/' + namespaceName + u'/' + name; }

    static bool parse(const QString &text, Target *out)
    {
        const int last = text.lastIndexOf(u'/');
        const int middle = last > 0 ? text.lastIndexOf(u'/', last - 1) : -1;
        if (middle <= 0 || last == middle + 1 || last == text.size() - 1)
            return false;
        out->hub = text.left(middle);
        out->namespaceName = text.mid(middle + 1, last - middle - 1);
        out->name = text.mid(last + 1);
        return true;
    }
};

// Runs the engine until every hub the targets name has synced or failed, then
// copies their profiles out (the store goes away with the engine).
bool findProfiles(const FleetEngineOptions &options, int timeoutMs, QList<Target> *targets)
{
    FleetStore store;
    FleetEngine engine(&store);
    QString error;
    if (!engine.configure(options, &error)) {
        fail(error);
        return false;
    }
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    bool timedOut = false;
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        loop.quit();
    });
    QObject::connect(&store, &FleetStore::hubStatusChanged, &loop, [&] {
        if (store.allHubsSettled())
            loop.quit();
    });
    engine.start();
    if (!store.allHubsSettled()) {
        if (timeoutMs > 0)
            deadline.start(timeoutMs);
        loop.exec();
    }
    engine.stop();

    bool ok = true;
    for (Target &t : *targets) {
        const int hub = store.hubIndex(t.hub);
        if (hub < 0) {
            fail(QStringLiteral("hub %1 is not one of the contexts used (%2); add --context %1")
                     .arg(t.hub, options.contexts.join(QStringLiteral(", "))));
            ok = false;
            continue;
        }
        const HubStatus &status = store.hubStatus(hub);
        if (!status.synced) {
            const QString why = timedOut ? QStringLiteral("not synced after %1 s: %2").arg(timeoutMs / 1000).arg(status.summary())
                                         : status.summary();
            fail(QStringLiteral("hub %1: %2").arg(t.hub, why));
            ok = false;
            continue;
        }
        const int row = store.rowOf(hub, ObjectKey{t.namespaceName, t.name});
        if (row < 0) {
            fail(QStringLiteral("hub %1 has no ClusterProfile %2/%3").arg(t.hub, t.namespaceName, t.name));
            ok = false;
            continue;
        }
        t.profile = store.profileAt(row).profile();
    }
    return ok;
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
    // Everything after the first "--" is the command, passed on untouched.
    QStringList own = arguments;
    QStringList command;
    const int separator = own.indexOf(QStringLiteral("--"));
    if (separator > 0) {
        command = own.mid(separator + 1);
        own = own.mid(0, separator);
    }

    CommandParser cli(arguments.value(0));
    cli.setDescription(
        tr("Connect to member clusters: build a kubeconfig from their ClusterProfile access providers and your "
           "credential provider file, then run COMMAND (default: $SHELL) with KUBECONFIG set to it."));
    cli.addPositional(QStringLiteral("HUB/NAMESPACE/NAME"), tr("The ClusterProfile(s) to connect to; HUB is a kubeconfig context."));
    cli.addPositional(QStringLiteral("-- COMMAND"), tr("Run this instead of $SHELL; its exit code is passed through."), QStringLiteral("[-- COMMAND ARGS...]"));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig of the hubs (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"));
    const QCommandLineOption context(QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the hubs named by the targets)."), tr("name"));
    const QCommandLineOption provider(QStringLiteral("provider"), tr("Use this credential provider when several match."), tr("name"));
    const QCommandLineOption providerFile(QStringLiteral("provider-file"), tr("Credential provider file (KEP-5339, JSON or YAML; default: %1).").arg(ProviderFile::defaultPath()), tr("file"));
    const QCommandLineOption print(QStringLiteral("print-kubeconfig"), tr("Print the kubeconfig instead of running a command."));
    const QCommandLineOption timeout(QStringLiteral("timeout"), tr("Give up waiting for hubs after this many seconds (0: wait forever)."), tr("seconds"), QStringLiteral("60"));
    cli.addOptions({kubeconfig, context, provider, providerFile, print, timeout});
    cli.addHelpSection(QStringLiteral("With a COMMAND, its own exit status is passed through."));
    int timeoutSeconds = 60;
    if (!cli.parse(own) || !cli.intValue(timeout, 0, 7 * 24 * 3600, &timeoutSeconds))
        return cli.exitCode();

    QList<Target> targets;
    for (const QString &text : cli.positionalArguments()) {
        Target t;
        if (!Target::parse(text, &t)) {
            cli.usageError(QStringLiteral("\"%1\" is not HUB/NAMESPACE/NAME").arg(text));
            return cli.exitCode();
        }
        targets << t;
    }
    if (targets.isEmpty()) {
        cli.usageError(QStringLiteral("name a ClusterProfile as HUB/NAMESPACE/NAME"));
        return cli.exitCode();
    }
    if (cli.isSet(print) && !command.isEmpty()) {
        cli.usageError(QStringLiteral("--print-kubeconfig and a COMMAND cannot be used together"));
        return cli.exitCode();
    }

    // Read the provider file before touching the network: its mistakes are the commonest.
    ProviderFile providers;
    QString error;
    const QString providerPath = cli.isSet(providerFile) ? cli.value(providerFile) : ProviderFile::defaultPath();
    if (!ProviderFile::load(providerPath, &providers, &error)) {
        fail(error);
        return 1;
    }

    FleetEngineOptions options;
    options.kubeconfigPath = cli.value(kubeconfig);
    options.contexts = cli.values(context);
    for (const Target &t : std::as_const(targets)) {
        if (cli.values(context).isEmpty() && !options.contexts.contains(t.hub))
            options.contexts << t.hub;
        // Lets a user who may read only the member's namespace still find it.
        if (!options.namespaces.contains(t.namespaceName))
            options.namespaces << t.namespaceName;
    }
    if (!findProfiles(options, timeoutSeconds * 1000, &targets))
        return 1;

    KubeconfigBuilder builder;
    for (const Target &t : std::as_const(targets)) {
        const ProviderSelection selection = ProviderSelection::select(t.profile, providers, t.label(), cli.value(provider));
        if (!selection.ok()) {
            fail(selection.error);
            return 1;
        }
        for (const QString &warning : selection.warnings)
            write(stderr, QStringLiteral("warning: %1: %2\n").arg(t.label(), warning));
        const ProviderMatch &m = selection.match();
        const CredentialProvider &credentials = providers.providers.at(m.providerIndex);
        QString name;
        if (!builder.add({t.name, t.namespaceName + u'-' + t.name, t.hub + u'-' + t.namespaceName + u'-' + t.name},
                         t.profile.accessProviders.at(m.accessProviderIndex), credentials, &error, &name)) {
            fail(QStringLiteral("%1: %2").arg(t.label(), error));
            return 1;
        }
        // Names the plugin, never its environment: env values may be secrets.
        write(stderr, QStringLiteral("%1: context \"%2\", provider \"%3\" (%4)\n")
                          .arg(t.label(), name, credentials.name, credentials.execConfig.command));
    }

    if (cli.isSet(print)) {
        const QByteArray yaml = builder.yaml();
        std::fwrite(yaml.constData(), 1, size_t(yaml.size()), stdout);
        std::fflush(stdout);
        return 0;
    }
    ConnectSession session;
    if (!session.write(builder.yaml(), &error)) {
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
