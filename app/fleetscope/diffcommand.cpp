#include "diffcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "historyoptions.h"
#include "outputoptions.h"

#include "history/fleethistoryreader.h"
#include "history/momentexpression.h"

#include <QCoreApplication>
#include <QDateTime>

#include <nlohmann/json.hpp>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("diff", text);
}

QString kindName(FleetChange::Kind kind)
{
    switch (kind) {
    case FleetChange::Kind::Appeared:
        return QStringLiteral("appeared");
    case FleetChange::Kind::Left:
        return QStringLiteral("left");
    case FleetChange::Kind::Health:
        return QStringLiteral("health");
    case FleetChange::Kind::Placement:
        return QStringLiteral("placement");
    }
    return QString();
}

QString detail(const FleetChange &c)
{
    switch (c.kind) {
    case FleetChange::Kind::Appeared:
        return healthName(c.to);
    case FleetChange::Kind::Left:
        return QString();
    case FleetChange::Kind::Health:
        return QStringLiteral("%1 -> %2: %3").arg(healthName(c.from), healthName(c.to), c.reason);
    case FleetChange::Kind::Placement: {
        QStringList parts;
        if (!c.added.isEmpty())
            parts << QStringLiteral("added %1").arg(c.added.join(QStringLiteral(", ")));
        if (!c.dropped.isEmpty())
            parts << QStringLiteral("dropped %1").arg(c.dropped.join(QStringLiteral(", ")));
        return parts.join(QStringLiteral("; "));
    }
    }
    return QString();
}

const QList<PrintColumn> columns{
    {QStringLiteral("time"), QStringLiteral("TIME")},     {QStringLiteral("hub"), QStringLiteral("HUB")},
    {QStringLiteral("name"), QStringLiteral("NAME")},     {QStringLiteral("change"), QStringLiteral("CHANGE")},
    {QStringLiteral("detail"), QStringLiteral("DETAIL")},
};

QByteArray table(const TablePrinter &printer, const QList<FleetChange> &changes)
{
    QList<QStringList> rows;
    rows.reserve(changes.size());
    for (const FleetChange &c : changes)
        rows.append({formatMoment(c.at), c.hub, c.namespaceName + u'/' + c.name, kindName(c.kind), detail(c)});
    return printer.render(rows);
}

nlohmann::json strings(const QStringList &list)
{
    nlohmann::json array = nlohmann::json::array();
    for (const QString &s : list)
        array.push_back(s.toStdString());
    return array;
}

QByteArray json(const QList<FleetChange> &changes, qint64 since, qint64 until)
{
    nlohmann::json items = nlohmann::json::array();
    for (const FleetChange &c : changes) {
        nlohmann::json item = {{"time", formatMoment(c.at).toStdString()},
                               {"hub", c.hub.toStdString()},
                               {"namespace", c.namespaceName.toStdString()},
                               {"name", c.name.toStdString()},
                               {"change", kindName(c.kind).toStdString()}};
        if (c.kind == FleetChange::Kind::Health) {
            item["from"] = healthName(c.from).toStdString();
            item["to"] = healthName(c.to).toStdString();
            item["reason"] = c.reason.toStdString();
        } else if (c.kind == FleetChange::Kind::Appeared) {
            item["health"] = healthName(c.to).toStdString();
        } else if (c.kind == FleetChange::Kind::Placement) {
            item["added"] = strings(c.added);
            item["dropped"] = strings(c.dropped);
        }
        items.push_back(std::move(item));
    }
    const nlohmann::json out = {{"since", formatMoment(since).toStdString()},
                                {"until", formatMoment(until).toStdString()},
                                {"items", std::move(items)}};
    return QByteArray::fromStdString(out.dump(2) + "\n");
}

} // namespace

int runDiffCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(tr("What changed in the recorded fleet between two times: clusters that appeared or left, health verdicts that changed (from, to, when, why) and placements that chose other clusters. Reads the history that the dashboard or `fleetscope record` wrote; connects to no hub."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig file whose contexts name the hubs (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"));
    const QCommandLineOption context(QStringLiteral("context"), tr("A hub, by its kubeconfig context (repeatable; default: the current context)."), tr("name"));
    const QCommandLineOption allContexts(QStringLiteral("all-contexts"), tr("Every context of the kubeconfig."));
    const QCommandLineOption since(QStringLiteral("since"), tr("From this time: RFC 3339 (2026-05-01T03:00:00Z) or before now (-2h, -30m, -1d12h)."), tr("time"));
    const QCommandLineOption until(QStringLiteral("until"), tr("Up to this time (default: now)."), tr("time"), QStringLiteral("now"));
    OutputOptions output(QStringLiteral("table"), {QStringLiteral("table"), QStringLiteral("json")}, columns);
    const QCommandLineOption historyFile = history_options::historyFileOption();
    cli.addOptions({kubeconfig, context, allContexts, since, until});
    output.describe(&cli);
    cli.addOption(historyFile);
    cli.addHelpSection(QStringLiteral("Health changes are listed as they happened, judged by the health rules in use; clusters that appeared or left and placements compare the two times."));
    cli.setExitStatus(1, QStringLiteral("a hub was not recorded at one of the times (named on stderr; the others are still printed), or the history file could not be read"));
    if (!cli.parse(arguments))
        return cli.exitCode();
    if (!output.read(&cli) || !cli.exclusive(context, allContexts))
        return cli.exitCode();
    if (!cli.isSet(since)) {
        cli.usageError(QStringLiteral("--since is required"));
        return cli.exitCode();
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 from = 0;
    qint64 to = 0;
    QString error;
    if (!parseMoment(cli.value(since), now, &from, &error)) {
        cli.usageError(QStringLiteral("--since: %1").arg(error));
        return cli.exitCode();
    }
    if (!parseMoment(cli.value(until), now, &to, &error)) {
        cli.usageError(QStringLiteral("--until: %1").arg(error));
        return cli.exitCode();
    }
    if (to < from) {
        cli.usageError(QStringLiteral("--until (%1) is before --since (%2)").arg(formatMoment(to), formatMoment(from)));
        return cli.exitCode();
    }
    QStringList hubs;
    if (!history_options::hubNames(cli.value(kubeconfig), cli.values(context), cli.isSet(allContexts), &hubs, &error)) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return CommandParser::ExitFailure;
    }
    FleetHistoryReader reader;
    if (!reader.open(history_options::historyPath(cli, historyFile), &error)) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return CommandParser::ExitFailure;
    }
    const QList<FleetHistoryReader::HubRange> ranges = reader.ranges(&error);
    QStringList outside;
    const QList<FleetChange> changes = error.isEmpty() ? reader.changes(hubs, from, to, HealthRules::active(), &outside, &error)
                                                       : QList<FleetChange>();
    if (!error.isEmpty()) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return CommandParser::ExitFailure;
    }
    if (outside.size() < hubs.size())
        writeBytes(stdout, output.is(u"json") ? json(changes, from, to) : table(output.table(), changes));
    for (const QString &hub : std::as_const(outside)) {
        QString range = QStringLiteral("nothing is recorded for it");
        for (const FleetHistoryReader::HubRange &r : ranges) {
            if (r.hub == hub)
                range = QStringLiteral("it is recorded from %1 to %2").arg(formatMoment(r.from), formatMoment(r.to));
        }
        writeText(stderr, QStringLiteral("error: hub %1: not recorded at both %2 and %3: %4\n")
                              .arg(hub, formatMoment(from), formatMoment(to), range));
    }
    return outside.isEmpty() ? CommandParser::ExitOk : CommandParser::ExitFailure;
}

} // namespace fleetscope
