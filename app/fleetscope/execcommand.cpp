#include "execcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "memberoptions.h"
#include "outputoptions.h"

#include "connect/membercommandbatch.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>


#include <csignal>
#include <cstdio>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("exec", text);
}

// Ctrl+C reaches the whole foreground process group, children included; SIGTERM
// and SIGHUP reach only us. Either way every child must end and every member's
// kubeconfig be removed before we exit: the handler only wakes the event loop.
int interruptPipe[2] = {-1, -1};
volatile std::sig_atomic_t interruptSignal = 0;

extern "C" void onInterrupt(int signal)
{
    interruptSignal = signal;
    const char byte = 1;
    [[maybe_unused]] const ssize_t ignored = ::write(interruptPipe[1], &byte, 1);
}

class InterruptGuard final
{
    Q_DISABLE_COPY_MOVE(InterruptGuard)

public:
    InterruptGuard()
    {
        if (::pipe2(interruptPipe, O_CLOEXEC | O_NONBLOCK) != 0)
            return;
        struct sigaction action = {};
        action.sa_handler = onInterrupt;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(SIGINT, &action, &m_int);
        sigaction(SIGTERM, &action, &m_term);
        sigaction(SIGHUP, &action, &m_hup);
        m_notifier = std::make_unique<QSocketNotifier>(interruptPipe[0], QSocketNotifier::Read);
    }
    ~InterruptGuard()
    {
        m_notifier.reset();
        sigaction(SIGINT, &m_int, nullptr);
        sigaction(SIGTERM, &m_term, nullptr);
        sigaction(SIGHUP, &m_hup, nullptr);
        ::close(interruptPipe[0]);
        ::close(interruptPipe[1]);
    }
    QSocketNotifier *notifier() const { return m_notifier.get(); }

private:
    struct sigaction m_int = {};
    struct sigaction m_term = {};
    struct sigaction m_hup = {};
    std::unique_ptr<QSocketNotifier> m_notifier;
};

} // namespace

int runExecCommand(const QStringList &arguments)
{
    QStringList command;
    const QStringList own = splitAtDoubleDash(arguments, &command);

    CommandParser cli(arguments.value(0));
    cli.setDescription(
        tr("Run COMMAND once per member cluster, in parallel, with KUBECONFIG set to that member's own kubeconfig "
           "(built as connect builds it, private, removed afterwards)."));
    cli.addPositional(QStringLiteral("HUB/NAMESPACE/NAME"), tr("The ClusterProfile(s) to run on; HUB is a kubeconfig context."),
                      QStringLiteral("[HUB/NAMESPACE/NAME...]"));
    cli.addPositional(QStringLiteral("-- COMMAND"), tr("The command and its arguments."), QStringLiteral("-- COMMAND ARGS..."));
    MemberOptions members(MemberOptions::Timeout::PerMember, 300, tr("Stop a member's command after this many seconds (default: 300)."));
    members.describe(&cli);
    const QCommandLineOption all(QStringLiteral("all"), tr("Run on every member of the hubs (needed when no target or --filter is given)."));
    const QCommandLineOption parallel(QStringLiteral("parallel"), tr("Run on this many members at a time (default: 16)."), tr("members"), QStringLiteral("16"));
    OutputOptions output(QStringLiteral("prefixed"), {QStringLiteral("prefixed"), QStringLiteral("json")});
    cli.addOptions({all, parallel});
    output.describe(&cli, QStringLiteral("Output format: prefixed (each line as HUB/NS/NAME: line) or json."));
    cli.addHelpSection(QStringLiteral(
        "With -o prefixed, the members' stdout goes to stdout and their stderr to stderr, line by line. A summary "
        "goes to stderr."));
    cli.setExitStatus(0, QStringLiteral("the command succeeded on every member"));
    cli.setExitStatus(1, QStringLiteral("it failed on a member, or a hub, member or credential could not be used"));
    cli.setExitStatus(130, QStringLiteral("interrupted (Ctrl+C)"));
    int parallelCount = 16;
    if (!cli.parse(own) || !members.read(&cli, cli.positionalArguments()) || !cli.intValue(parallel, 1, 1024, &parallelCount)
        || !output.read(&cli))
        return cli.exitCode();
    if (command.isEmpty()) {
        cli.usageError(QStringLiteral("give the command after \"--\": fleetscope exec [TARGETS] -- COMMAND ARGS..."));
        return cli.exitCode();
    }
    if (!members.hasTargets() && !cli.isSet(all)) {
        cli.usageError(QStringLiteral("name members as HUB/NAMESPACE/NAME, select them with --filter, or pass --all"));
        return cli.exitCode();
    }
    if (members.hasTargets() && cli.isSet(all)) {
        cli.usageError(QStringLiteral("--all and targets (HUB/NAMESPACE/NAME or --filter) cannot be used together"));
        return cli.exitCode();
    }

    MemberCommandSettings settings;
    QString error;
    if (!members.loadProviders(&settings.providers, &error)) {
        writeBytes(stderr, QStringLiteral("error: %1\n").arg(error).toUtf8());
        return 1;
    }
    settings.command = command;
    settings.preferredProvider = members.preferredProvider();
    settings.timeoutMs = members.timeoutSeconds() * 1000;
    const MemberSearch search = members.find();
    if (!search.ok)
        return 1;

    const bool prefixed = output.is(u"prefixed");
    MemberCommandBatch batch(search.members, std::move(settings));
    batch.setParallel(parallelCount);
    if (prefixed) {
        QObject::connect(&batch, &MemberCommandBatch::lineReady, [&batch](int index, bool standardError, const QString &line) {
            writeBytes(standardError ? stderr : stdout, (batch.members().at(index).label() + QStringLiteral(": ") + line + u'\n').toUtf8());
        });
    }
    QObject::connect(&batch, &MemberCommandBatch::resultReady, [](int, const MemberCommandResult &r) {
        if (r.skipped)
            writeBytes(stderr, QStringLiteral("warning: skipped %1: %2\n").arg(r.cluster, r.error).toUtf8());
        else if (!r.error.isEmpty())
            writeBytes(stderr, QStringLiteral("error: %1: %2\n").arg(r.cluster, r.error).toUtf8());
    });

    InterruptGuard interrupts;
    if (interrupts.notifier()) {
        QObject::connect(interrupts.notifier(), &QSocketNotifier::activated, &batch, [&batch] {
            char drain[16];
            while (::read(interruptPipe[0], drain, sizeof drain) > 0) {
            }
            batch.cancel();
        });
    }
    QEventLoop loop;
    QObject::connect(&batch, &MemberCommandBatch::finished, &loop, &QEventLoop::quit);
    batch.start();
    loop.exec();

    if (!prefixed) {
        QJsonArray items;
        for (const MemberCommandResult &r : batch.results())
            items.append(r.toJson());
        writeBytes(stdout, QJsonDocument(QJsonObject{{QStringLiteral("items"), items}}).toJson(QJsonDocument::Indented));
    }
    const MemberCommandBatch::Counts counts = batch.counts();
    writeBytes(stderr, QStringLiteral("%1 ok, %2 failed, %3 skipped because no provider matched\n")
                      .arg(counts.succeeded).arg(counts.failed).arg(counts.skipped).toUtf8());
    if (interruptSignal)
        return 128 + int(interruptSignal);
    return counts.failed == 0 && counts.skipped == 0 && search.errors.isEmpty() ? 0 : 1;
}

} // namespace fleetscope
