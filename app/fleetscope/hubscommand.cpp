#include "hubscommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "demohubs.h"
#include "outputoptions.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/itemmodels/hubchoicemodel.h"

#include <QCoreApplication>
#include <QEventLoop>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace fleetscope {
namespace {

// The ids are -o json's keys where a column shows one.
const QList<PrintColumn> columns{
    {QStringLiteral("context"), QStringLiteral("CONTEXT")},       {QStringLiteral("server"), QStringLiteral("SERVER")},
    {QStringLiteral("inventory"), QStringLiteral("INVENTORY API")}, {QStringLiteral("placements"), QStringLiteral("PLACEMENTS")},
    {QStringLiteral("profiles"), QStringLiteral("PROFILES")},     {QStringLiteral("problem"), QStringLiteral("PROBLEM")},
};

QByteArray table(const TablePrinter &printer, const QList<InventoryProbeResult> &results)
{
    QList<QStringList> rows;
    for (const InventoryProbeResult &r : results) {
        const QString problem = r.problem == InventoryProbeResult::Problem::None
            ? r.error
            : QString(InventoryProbeResult::problemName(r.problem) + QStringLiteral(": ") + r.error);
        rows.append({r.context, r.server.isEmpty() ? QStringLiteral("-") : r.server,
                     r.inventory ? QStringLiteral("yes (%1)").arg(r.versions.join(u',')) : QStringLiteral("no"),
                     r.inventory ? (r.placements ? QStringLiteral("yes") : QStringLiteral("no")) : QStringLiteral("-"),
                     r.profiles >= 0 ? QString::number(r.profiles) : QStringLiteral("-"),
                     problem.isEmpty() ? QStringLiteral("-") : problem.simplified()});
    }
    return printer.render(rows);
}

QByteArray json(const QList<InventoryProbeResult> &results)
{
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    for (const InventoryProbeResult &r : results) {
        nlohmann::ordered_json versions = nlohmann::ordered_json::array();
        for (const QString &v : r.versions)
            versions.push_back(v.toStdString());
        items.push_back({{"context", r.context.toStdString()},
                         {"server", r.server.toStdString()},
                         {"inventory", r.inventory},
                         {"versions", versions},
                         {"placements", r.placements},
                         {"profiles", r.profiles >= 0 ? nlohmann::ordered_json(r.profiles) : nlohmann::ordered_json()},
                         {"error", r.error.isEmpty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.error.toStdString())}});
    }
    return QByteArray::fromStdString(nlohmann::ordered_json{{"items", items}}.dump(2)) + '\n';
}

} // namespace

int runHubsCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(QStringLiteral(
        "Lists every context of the kubeconfig and whether it serves the Cluster Inventory API "
        "(multicluster.x-k8s.io): its versions, whether PlacementDecisions exist, how many ClusterProfiles "
        "the context's user can see, or why not (unreachable, TLS, Unauthorized, Forbidden, exec plugin). "
        "The Hubs dialog of the dashboard asks the same."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                        QStringLiteral("Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."),
                                        QStringLiteral("file"));
    OutputOptions output(QStringLiteral("table"), {QStringLiteral("table"), QStringLiteral("json")}, columns);
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     QStringLiteral("Give up on a context after this many seconds."),
                                     QStringLiteral("seconds"), QStringLiteral("20"));
    const QCommandLineOption demo = DemoHubs::option();
    cli.addOptions({kubeconfig, demo});
    output.describe(&cli);
    cli.addOption(timeout);
    cli.addHelpSection(QStringLiteral(
        "Exec plugins run as the dashboard runs them: asynchronously and never interactively. Nothing secret is "
        "printed. The exit status is 0 whatever the contexts answered; 1 when the kubeconfig cannot be read."));
    if (!cli.parse(arguments))
        return cli.exitCode();
    int timeoutSeconds = 0;
    if (!output.read(&cli) || !cli.intValue(timeout, 1, 3600, &timeoutSeconds))
        return CommandParser::ExitUsage;

    FleetEngineOptions demoHubs;
    if (!DemoHubs::apply(cli, demo, &demoHubs))
        return cli.exitCode() != CommandParser::ExitOk ? cli.exitCode() : CommandParser::ExitFailure;
    HubChoiceModel model;
    KubeconfigLoadOptions load;
    load.explicitPath = cli.value(kubeconfig);
    load.kubeconfigEnv = demoHubs.kubeconfigList;
    model.setDefaultKubeconfig(load);
    model.setProbeTimeoutMs(timeoutSeconds * 1000);
    QEventLoop loop;
    QObject::connect(&model, &HubChoiceModel::probesFinished, &loop, &QEventLoop::quit);
    QString error;
    if (!model.addKubeconfig(QString(), &error)) {
        writeBytes(stderr, QStringLiteral("error: %1\n").arg(error).toUtf8());
        return CommandParser::ExitFailure;
    }
    if (model.probesRunning() > 0 || model.rowCount() == 0)
        loop.exec();
    QList<InventoryProbeResult> results;
    for (int row = 0; row < model.rowCount(); ++row)
        results.append(model.resultAt(row));
    writeBytes(stdout, output.is(u"json") ? json(results) : table(output.table(), results));
    return CommandParser::ExitOk;
}

} // namespace fleetscope
