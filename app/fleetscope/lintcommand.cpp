#include "lintcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "demohubs.h"
#include "outputoptions.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/lint/inventorylint.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("lint", text);
}

// The ids are -o json's keys (FIX shows "hint", also named fix).
const QList<PrintColumn> columns{
    {QStringLiteral("severity"), QStringLiteral("SEVERITY")}, {QStringLiteral("rule"), QStringLiteral("RULE")},
    {QStringLiteral("objects"), QStringLiteral("OBJECTS")},   {QStringLiteral("message"), QStringLiteral("MESSAGE")},
    {QStringLiteral("hint"), QStringLiteral("FIX"), 0, {QStringLiteral("fix")}},
};

QByteArray table(const TablePrinter &printer, const QList<LintFinding> &findings)
{
    QList<QStringList> rows;
    for (const LintFinding &f : findings)
        rows.append({LintFinding::severityName(f.severity), f.rule, f.objects.join(u' '), f.message.simplified(),
                     f.hint.simplified()});
    return printer.render(rows);
}

QByteArray json(const QList<LintFinding> &findings)
{
    nlohmann::json items = nlohmann::json::array();
    int errors = 0;
    for (const LintFinding &f : findings) {
        nlohmann::json objects = nlohmann::json::array();
        for (const QString &o : f.objects)
            objects.push_back(o.toStdString());
        items.push_back({{"severity", LintFinding::severityName(f.severity).toStdString()},
                         {"rule", f.rule.toStdString()},
                         {"objects", objects},
                         {"message", f.message.toStdString()},
                         {"hint", f.hint.toStdString()}});
        errors += f.severity == LintFinding::Severity::Error ? 1 : 0;
    }
    const nlohmann::json out = {{"items", items},
                                {"errors", errors},
                                {"warnings", int(findings.size()) - errors}};
    return QByteArray::fromStdString(out.dump(2) + "\n");
}

// One line per hub that could not be synced, on stderr; how many there were.
int reportHubs(const FleetStore &store)
{
    int failures = 0;
    for (int hub = 0; hub < store.hubCount(); ++hub) {
        const HubStatus &status = store.hubStatus(hub);
        for (const QString &error : store.hubDecodeErrors(hub))
            writeBytes(stderr, (QStringLiteral("warning: hub %1: skipped %2\n").arg(status.hub, error)).toUtf8());
        if (!status.synced) {
            ++failures;
            writeBytes(stderr, (QStringLiteral("error: hub %1: %2\n").arg(status.hub, status.summary())).toUtf8());
        }
    }
    return failures;
}

} // namespace

int runLintCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(tr("Check the ClusterProfiles and PlacementDecisions of one or more hubs against the Cluster "
                          "Inventory API's rules and each other."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"));
    const QCommandLineOption context(QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the current context)."), tr("name"));
    const QCommandLineOption allContexts(QStringLiteral("all-contexts"), tr("Use every context of the kubeconfig as a hub."));
    const QCommandLineOption namespaceOption(QStringLiteral("namespace"), tr("A namespace to read when cluster-wide lists are forbidden (repeatable)."), tr("name"));
    OutputOptions output(QStringLiteral("table"), {QStringLiteral("table"), QStringLiteral("json")}, columns);
    const QCommandLineOption staleAfter(QStringLiteral("stale-after"), tr("A property whose lastObservedTime is older than this many hours is stale."), tr("hours"), QStringLiteral("24"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), tr("Give up waiting for hubs to sync after this many seconds (0: wait forever)."), tr("seconds"), QStringLiteral("60"));
    const QCommandLineOption demo = DemoHubs::option();
    cli.addOptions({kubeconfig, context, allContexts, demo, namespaceOption});
    output.describe(&cli);
    cli.addOptions({staleAfter, timeout});
    QString rules;
    for (const QString &rule : InventoryLint::rules())
        rules += QStringLiteral("  %1  %2\n").arg(rule, -26).arg(LintFinding::severityName(InventoryLint::severityOf(rule)));
    cli.addHelpSection(QStringLiteral("Rules:\n") + rules);
    cli.setExitStatus(0, QStringLiteral("no finding is an error (warnings alone exit 0)"));
    cli.setExitStatus(1, QStringLiteral("a finding is an error, or a hub could not be synced"));
    if (!cli.parse(arguments))
        return cli.exitCode();
    int staleHours = 24;
    int timeoutSeconds = 60;
    if (!output.read(&cli) || !cli.intValue(staleAfter, 1, 24 * 3650, &staleHours) || !cli.intValue(timeout, 0, 7 * 24 * 3600, &timeoutSeconds)
        || !cli.exclusive(context, allContexts))
        return cli.exitCode();

    FleetEngineOptions options;
    options.kubeconfigPath = cli.value(kubeconfig);
    options.contexts = cli.values(context);
    options.allContexts = cli.isSet(allContexts);
    options.namespaces = cli.values(namespaceOption);
    if (!DemoHubs::apply(cli, demo, &options))
        return cli.exitCode() != CommandParser::ExitOk ? cli.exitCode() : CommandParser::ExitFailure;
    FleetStore store;
    store.setReleaseMemoryWhenSettled(false);
    FleetEngine engine(&store);
    QString error;
    if (!engine.configure(options, &error)) {
        writeBytes(stderr, (QStringLiteral("error: ") + error + u'\n').toUtf8());
        return CommandParser::ExitFailure;
    }
    int code = CommandParser::ExitOk;
    bool done = false;
    const auto finish = [&] {
        if (done)
            return;
        done = true;
        LintOptions lint;
        lint.nowMs = QDateTime::currentMSecsSinceEpoch();
        lint.staleAfterMs = qint64(staleHours) * 3600 * 1000;
        const QList<LintFinding> findings = InventoryLint::run(store, lint);
        writeBytes(stdout, output.is(u"json") ? json(findings) : table(output.table(), findings));
        const bool anyError = std::any_of(findings.begin(), findings.end(), [](const LintFinding &f) {
            return f.severity == LintFinding::Severity::Error;
        });
        code = reportHubs(store) > 0 || anyError ? CommandParser::ExitFailure : CommandParser::ExitOk;
        QCoreApplication::exit(code);
    };
    QObject::connect(&store, &FleetStore::hubStatusChanged, &store, [&] {
        if (store.allHubsSettled())
            finish();
    });
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &store, finish);
    if (timeoutSeconds > 0)
        deadline.start(timeoutSeconds * 1000);
    QTimer::singleShot(0, &store, [&] {
        if (store.allHubsSettled())
            finish();
    });
    engine.start();
    QCoreApplication::exec();
    engine.stop();
    return code;
}

} // namespace fleetscope
