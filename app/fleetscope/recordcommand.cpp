#include "recordcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "historyoptions.h"
#include "quitonsignal.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/output/tableprinter.h"
#include "history/fleethistoryreader.h"
#include "history/historyrecorder.h"
#include "history/historystore.h"
#include "history/historywriterlock.h"
#include "history/momentexpression.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>

#include <memory>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("record", text);
}

QString megabytes(qint64 bytes)
{
    return QStringLiteral("%1 MB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

int printStatus(const QString &path, const HistorySettings &settings)
{
    QString text = QStringLiteral("History file: %1").arg(path);
    const QFileInfo info(path);
    if (!info.exists()) {
        writeText(stdout, text + QStringLiteral(" (nothing recorded yet)\n"));
    } else {
        qint64 size = info.size();
        for (const char *suffix : {"-wal", "-shm"})
            size += QFileInfo(path + QLatin1String(suffix)).size();
        writeText(stdout, text + QStringLiteral(" (%1)\n").arg(megabytes(size)));
    }
    const HistoryWriterLock::Holder writer = HistoryWriterLock::holderOf(path);
    writeText(stdout, writer.isValid()
                          ? QStringLiteral("Writer: %1\n").arg(writer.describe())
                          : QStringLiteral("Writer: none (the dashboard records while it is open)\n"));
    writeText(stdout, QStringLiteral("Retention: %1 days; fleet log up to %2 MB, condition history up to %3 MB\n")
                          .arg(settings.retentionDays)
                          .arg(settings.fleetMaxMegabytes)
                          .arg(settings.maxMegabytes));
    if (!info.exists())
        return CommandParser::ExitOk;
    FleetHistoryReader reader;
    QString error;
    if (!reader.open(path, &error)) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return CommandParser::ExitFailure;
    }
    const QList<FleetHistoryReader::HubRange> ranges = reader.ranges(&error);
    if (!error.isEmpty()) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return CommandParser::ExitFailure;
    }
    if (ranges.isEmpty()) {
        writeText(stdout, QStringLiteral("Hubs: none recorded yet\n"));
        return CommandParser::ExitOk;
    }
    const TablePrinter table({{QStringLiteral("hub"), QStringLiteral("HUB")},
                              {QStringLiteral("from"), QStringLiteral("RECORDED FROM")},
                              {QStringLiteral("to"), QStringLiteral("TO")},
                              {QStringLiteral("fleetLog"), QStringLiteral("FLEET LOG")}});
    QList<QStringList> rows;
    for (const FleetHistoryReader::HubRange &r : ranges)
        rows.append({r.hub, formatMoment(r.from), formatMoment(r.to), megabytes(r.bytes)});
    writeBytes(stdout, table.render(rows));
    return CommandParser::ExitOk;
}

} // namespace

int runRecordCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(tr("Record the fleet's history without a window: the hubs' condition transitions and the whole fleet as it changes, into the history file the dashboard reads (list --at and diff read it too). Runs until interrupted; systemd can run it (fleetscope-record.service, a user unit)."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"));
    const QCommandLineOption context(QStringLiteral("context"), tr("A kubeconfig context to record as a hub (repeatable; default: the current context)."), tr("name"));
    const QCommandLineOption allContexts(QStringLiteral("all-contexts"), tr("Record every context of the kubeconfig."));
    const QCommandLineOption namespaceOption(QStringLiteral("namespace"), tr("A namespace to read when cluster-wide lists are forbidden (repeatable)."), tr("name"));
    const QCommandLineOption status(QStringLiteral("status"), tr("Say who writes the history file and which hubs it holds, then exit."));
    const QCommandLineOption historyFile = history_options::historyFileOption();
    cli.addOptions({kubeconfig, context, allContexts, namespaceOption, status, historyFile});
    cli.addHelpSection(QStringLiteral("One process writes a history file at a time. Settings: history/retentionDays, history/maxMegabytes, history/fleetMaxMegabytes, as the dashboard's."));
    cli.setExitStatus(1, QStringLiteral("a dashboard or another recorder writes the history file (and which is named), or a hub or the file could not be used"));
    if (!cli.parse(arguments) || !cli.exclusive(context, allContexts))
        return cli.exitCode();
    const QString path = history_options::historyPath(cli, historyFile);
    QSettings settings;
    const HistorySettings historySettings = HistorySettings::load(settings);
    if (cli.isSet(status)) {
        for (const QCommandLineOption &other : {kubeconfig, context, allContexts, namespaceOption}) {
            if (!cli.exclusive(status, other))
                return cli.exitCode();
        }
        return printStatus(path, historySettings);
    }

    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = cli.value(kubeconfig);
    options.contexts = cli.values(context);
    options.allContexts = cli.isSet(allContexts);
    options.namespaces = cli.values(namespaceOption);
    QString error;
    if (!engine.configure(options, &error)) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return CommandParser::ExitFailure;
    }
    HistoryStore history;
    history.open(path, historySettings);
    // Opening happens on the history's thread; nothing is watched before it answers.
    while (history.state() == HistoryStore::State::Opening)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    if (history.state() != HistoryStore::State::Ready) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(history.statusMessage()));
        return CommandParser::ExitFailure;
    }
    if (!history.isRecording()) {
        writeText(stderr, QStringLiteral("error: history database %1: %2 writes it; one writer at a time (stop it, or "
                                         "record into another file with --history-file)\n")
                              .arg(path, history.writer()));
        return CommandParser::ExitFailure;
    }
    int code = CommandParser::ExitOk;
    QObject::connect(&history, &HistoryStore::stateChanged, &history, [&history, &code] {
        if (history.state() != HistoryStore::State::Failed)
            return;
        writeText(stderr, QStringLiteral("error: %1\n").arg(history.statusMessage()));
        code = CommandParser::ExitFailure;
        QCoreApplication::exit(code);
    });
    // Each hub's state as it changes: what a journal shows of a recorder.
    QHash<int, HubStatus::State> reported;
    QObject::connect(&store, &FleetStore::hubStatusChanged, &store, [&store, &reported](int hub) {
        const HubStatus &status = store.hubStatus(hub);
        if (reported.value(hub, HubStatus::State(255)) == status.state)
            return;
        reported.insert(hub, status.state);
        writeText(stderr, QStringLiteral("hub %1: %2\n").arg(status.hub, status.summary()));
    });
    QStringList hubs;
    for (int hub = 0; hub < store.hubCount(); ++hub)
        hubs << store.hubName(hub);
    writeText(stderr, QStringLiteral("recording %1 into %2\n").arg(hubs.join(QStringLiteral(", ")), path));
    auto recorder = std::make_unique<HistoryRecorder>(&store, &history);
    QuitOnSignal quitOnSignal;
    engine.start();
    const int exitCode = QCoreApplication::exec();
    engine.stop();
    recorder.reset(); // ends the coverage sessions before the store closes
    history.flush();
    return code != CommandParser::ExitOk ? code : exitCode;
}

} // namespace fleetscope
