#include "doctorcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "memberoptions.h"
#include "outputoptions.h"

#include "connect/accesscheckbatch.h"

#include <QCoreApplication>
#include <QEvent>
#include <QEventLoop>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("doctor", text);
}

QString orDash(const QString &text)
{
    return text.isEmpty() ? QStringLiteral("-") : text;
}

// The ids are -o json's keys where a column shows one.
const QList<PrintColumn> columns{
    {QStringLiteral("cluster"), QStringLiteral("CLUSTER")},
    {QStringLiteral("provider"), QStringLiteral("PROVIDER")},
    {QStringLiteral("result"), QStringLiteral("RESULT")},
    {QStringLiteral("step"), QStringLiteral("STEP")},
    {QStringLiteral("serverVersion"), QStringLiteral("SERVER VERSION")},
    {QStringLiteral("reportedVersion"), QStringLiteral("REPORTED")},
    {QStringLiteral("latency"), QStringLiteral("LATENCY")},
    {QStringLiteral("message"), QStringLiteral("MESSAGE")},
};

// `sharedError`: a message every member has (the provider file's), said once above the table.
QByteArray renderTable(const TablePrinter &printer, const QList<AccessResult> &results, const QString &sharedError)
{
    QList<QStringList> rows;
    for (const AccessResult &r : results) {
        const QString result = r.reachable ? (r.versionMismatch ? QStringLiteral("ok, version differs") : QStringLiteral("ok"))
                                           : (r.checked ? QStringLiteral("failed") : QStringLiteral("not checked"));
        rows << QStringList{r.cluster,
                            orDash(r.provider),
                            result,
                            orDash(AccessResult::stepName(r.step)),
                            orDash(r.serverVersion),
                            orDash(r.reportedVersion),
                            r.latencyMs >= 0 ? QStringLiteral("%1ms").arg(r.latencyMs) : QStringLiteral("-"),
                            !sharedError.isEmpty() && r.message == sharedError ? QStringLiteral("provider file (see above)")
                                                                               : orDash(r.message)};
    }
    return printer.render(rows);
}

nlohmann::json stringOrNull(const QString &text)
{
    return text.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(text.toStdString());
}

QByteArray renderJson(const QList<AccessResult> &results)
{
    nlohmann::json items = nlohmann::json::array();
    for (const AccessResult &r : results) {
        nlohmann::json item = {
            {"cluster", r.cluster.toStdString()},
            {"provider", stringOrNull(r.provider)},
            {"reachable", r.reachable},
            {"step", stringOrNull(AccessResult::stepName(r.step))},
            {"serverVersion", stringOrNull(r.serverVersion)},
            {"reportedVersion", stringOrNull(r.reportedVersion)},
            {"versionMismatch", r.versionMismatch},
            {"latencyMs", r.latencyMs >= 0 ? nlohmann::json(r.latencyMs) : nlohmann::json(nullptr)},
            {"credentialExpiry", r.credentialExpiry ? stringOrNull(formatKubeTime(r.credentialExpiry)) : nlohmann::json(nullptr)},
            {"error", r.reachable ? nlohmann::json(nullptr) : stringOrNull(r.message)},
        };
        if (!r.checked)
            item["checked"] = false;
        items.push_back(std::move(item));
    }
    return QByteArray::fromStdString(nlohmann::json({{"items", items}}).dump(2)) + '\n';
}

} // namespace

int runDoctorCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(
        tr("Check that member clusters can be reached: pick each member's provider as connect does, run its exec "
           "plugin, then GET /version through the access provider's server, CA and proxy. Without targets, every "
           "member of the hubs is checked."));
    cli.addPositional(QStringLiteral("HUB/NAMESPACE/NAME"), tr("The ClusterProfile(s) to check; HUB is a kubeconfig context."),
                      QStringLiteral("[HUB/NAMESPACE/NAME...]"));
    MemberOptions members(MemberOptions::Timeout::PerMember, 10, tr("Give up on a member after this many seconds, plugin and request together (default: 10)."));
    members.describe(&cli);
    const QCommandLineOption parallel(QStringLiteral("parallel"), tr("Check this many members at a time (default: 16)."), tr("members"), QStringLiteral("16"));
    OutputOptions output(QStringLiteral("table"), {QStringLiteral("table"), QStringLiteral("json")}, columns);
    cli.addOption(parallel);
    output.describe(&cli);
    cli.addHelpSection(QStringLiteral(
        "STEP is where a member failed: provider (no provider matches, file missing), plugin (not found, non-zero "
        "exit, interactive login refused, bad output), tls (certificate verification), connect (refused, timeout), "
        "http (a status other than 200)."));
    cli.setExitStatus(0, QStringLiteral("every checked member is reachable"));
    cli.setExitStatus(1, QStringLiteral("a member cannot be reached, or a hub or the provider file could not be used"));
    int parallelCount = 16;
    if (!cli.parse(arguments) || !members.read(&cli, cli.positionalArguments())
        || !cli.intValue(parallel, 1, 1024, &parallelCount) || !output.read(&cli))
        return cli.exitCode();

    // A missing or broken provider file is what doctor is for: every member then
    // fails at `provider` with the file's own message, rather than the run stopping.
    AccessCheckSettings settings;
    if (!members.loadProviders(&settings.providers, &settings.providerFileError)) {
        settings.providers.path = members.providerPath();
        // Once, with what to do, not once per member.
        writeText(stderr, QStringLiteral("error: %1\nhint: the provider file names the exec plugin that gets credentials "
                                         "for each access provider (KEP-5339); create %2 or name another with "
                                         "--provider-file (see \"fleetscope connect --help\")\n")
                              .arg(settings.providerFileError, members.providerPath()));
    }
    const QString providerFileError = settings.providerFileError;
    settings.preferredProvider = members.preferredProvider();
    settings.timeoutMs = members.timeoutSeconds() * 1000;

    const MemberSearch search = members.find();
    if (!search.ok)
        return 1;

    AccessCheckBatch batch(search.members, std::move(settings));
    batch.setParallel(parallelCount);
    QEventLoop loop;
    QObject::connect(&batch, &AccessCheckBatch::finished, &loop, &QEventLoop::quit);
    batch.start();
    loop.exec();
    // What the checks left to deleteLater() (their network managers, and with them
    // the managers' threads) goes now, not at process exit, where a thread still
    // running races OpenSSL's own cleanup.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);

    const QList<AccessResult> &results = batch.results();
    writeBytes(stdout, output.is(u"json") ? renderJson(results) : renderTable(output.table(), results, providerFileError));
    int reachable = 0;
    for (const AccessResult &r : results)
        reachable += r.reachable ? 1 : 0;
    writeBytes(stderr, QStringLiteral("%1 of %2 members reachable\n").arg(reachable).arg(results.size()).toUtf8());
    const bool allGood = reachable == results.size() && search.errors.isEmpty();
    return allGood ? 0 : 1;
}

} // namespace fleetscope
