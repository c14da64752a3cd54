#include "getcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "getoutput.h"
#include "outputoptions.h"

#include "connect/memberfinder.h"
#include "resources/columnunion.h"
#include "resources/resourceengine.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>

#include <algorithm>
#include <map>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("get", text);
}

constexpr int maxSeconds = 7 * 24 * 3600;

// Drives one run: collects every member's rows until all have listed or failed,
// prints them, then (--watch) prints each change as it comes.
class GetRun final : public QObject
{
public:
    GetRun(ResourceEngine *engine, GetOutput::Format format, const OutputOptions &options, bool allNamespaces, bool watch)
        : m_engine(engine)
        , m_format(format)
        , m_noHeaders(options.noHeaders())
        , m_custom(options.customColumns())
        , m_allNamespaces(allNamespaces)
        , m_watch(watch)
    {
        connect(engine, &ResourceEngine::memberDelta, this, &GetRun::onDelta);
        connect(engine, &ResourceEngine::memberStateChanged, this, &GetRun::onState);
        connect(engine, &ResourceEngine::settled, this, &GetRun::onSettled);
    }

    int exitCode() const { return m_usageError ? 2 : m_failed ? 1 : 0; }
    QEventLoop &loop() { return m_loop; }

private:
    using Rows = std::map<QString, std::shared_ptr<const ResourceRow>>; // by namespace/name: kubectl's order

    GetOutput output() const
    {
        GetOutput out(m_format, m_allNamespaces && m_engine->namespaced(), m_engine->qualifiedKind());
        out.setTableOptions(m_noHeaders, m_custom);
        return out;
    }

    // The table over the columns known now; false after the usage error of a
    // custom column that names none of them.
    bool table(const GetOutput &out, TablePrinter *table)
    {
        QString unknown;
        // No server answered: no row to print, and no column to name the fields by.
        if (out.table(m_columns, table, &unknown) || m_columns.count() == 0)
            return true;
        writeText(stderr, QStringLiteral("error: -o/--output: %1 (see \"fleetscope get --help\")\n")
                              .arg(OutputOptions::unknownFieldError(unknown, table->fieldNames())));
        m_usageError = true;
        return false;
    }

    void onDelta(int member, const ResourceDelta &delta)
    {
        Rows &rows = m_rows[member];
        if (delta.columnsChanged)
            m_columns.setMemberColumns(member, delta.columns);
        for (const QString &key : delta.removed) {
            const auto it = rows.find(key);
            if (it == rows.end())
                continue;
            if (m_printed)
                emitChange(member, it->second, QStringLiteral("DELETED"));
            rows.erase(it);
        }
        for (const auto &row : delta.upserted) {
            const bool known = rows.count(row->key()) > 0;
            rows[row->key()] = row;
            if (m_printed)
                emitChange(member, row, known ? QStringLiteral("MODIFIED") : QStringLiteral("ADDED"));
        }
    }

    void emitChange(int member, const std::shared_ptr<const ResourceRow> &row, const QString &type)
    {
        const GetRow getRow{member, m_engine->member(member).label(), row};
        const GetOutput out = output();
        // The columns may have grown since the table: its widths still hold for those it had.
        TablePrinter changed;
        if (!table(out, &changed)) {
            m_loop.quit();
            return;
        }
        changed.setWidths(m_table.widths());
        writeBytes(stdout, out.renderChange(changed, m_columns, getRow, type, QDateTime::currentMSecsSinceEpoch()));
    }

    void onState(int member)
    {
        const MemberState &state = m_engine->state(member);
        if (!state.isFailure() || !m_printed)
            return;
        // While watching: a member that fails later says so once per new reason.
        const QString line = QStringLiteral("%1: %2").arg(m_engine->member(member).label(), state.summary());
        if (m_reported.value(member) == line)
            return;
        m_reported.insert(member, line);
        writeText(stderr, QStringLiteral("error: ") + line + u'\n');
    }

    void onSettled()
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QList<GetRow> all;
        int served = 0;
        for (int member = 0; member < m_engine->memberCount(); ++member) {
            const MemberState &state = m_engine->state(member);
            const QString cluster = m_engine->member(member).label();
            if (state.phase != MemberState::Phase::NotServed)
                ++served;
            for (const auto &entry : m_rows[member]) {
                // Several namespaces beyond what is watched one by one: picked here.
                const QStringList &namespaces = m_engine->query().namespaces;
                if (namespaces.size() > ResourceQuery::maxNamespaceWatches
                    && !namespaces.contains(entry.second->metadata.namespaceName.toString()))
                    continue;
                all << GetRow{member, cluster, entry.second};
            }
        }
        std::stable_sort(all.begin(), all.end(), [](const GetRow &a, const GetRow &b) { return a.cluster < b.cluster; });
        const GetOutput out = output();
        if (!table(out, &m_table)) {
            m_loop.quit();
            return;
        }
        writeBytes(stdout, out.render(m_table, m_columns, all, now));
        for (int member = 0; member < m_engine->memberCount(); ++member) {
            const MemberState &state = m_engine->state(member);
            const QString cluster = m_engine->member(member).label();
            for (const QString &warning : state.warnings)
                writeText(stderr, QStringLiteral("warning: %1: %2\n").arg(cluster, warning));
            if (state.phase == MemberState::Phase::NotServed && served > 0) {
                writeText(stderr, QStringLiteral("warning: %1: %2\n").arg(cluster, state.reason));
                continue;
            }
            if (state.isFailure()) {
                m_failed = true;
                const QString line = QStringLiteral("%1: %2").arg(cluster, state.summary());
                m_reported.insert(member, line);
                writeText(stderr, QStringLiteral("error: ") + line + u'\n');
            }
        }
        if (all.isEmpty() && !m_failed && served > 0 && m_format != GetOutput::Format::Json
            && m_format != GetOutput::Format::Yaml)
            writeText(stderr, QStringLiteral("No resources found\n"));
        m_printed = true;
        if (!m_watch || served == 0)
            m_loop.quit();
    }

    ResourceEngine *m_engine;
    GetOutput::Format m_format;
    bool m_noHeaders;
    QList<CustomColumn> m_custom;
    bool m_allNamespaces;
    bool m_watch;
    bool m_failed = false;
    bool m_printed = false;
    bool m_usageError = false;
    ColumnUnion m_columns;
    QHash<int, Rows> m_rows;
    QHash<int, QString> m_reported;
    TablePrinter m_table; // as last rendered: a watch's lines take its widths
    QEventLoop m_loop;
};

} // namespace

int runGetCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(tr("Print one kind of object across member clusters, like kubectl get with a CLUSTER column "
                          "first: each member is reached as connect reaches it (its access provider and your "
                          "provider file), asked for the server's own Table, and listed (and watched) in parallel."));
    cli.addPositional(QStringLiteral("KIND"), tr("The kind: a plural, singular, short name or kind, optionally with its group (deployments.apps)."),
                      QStringLiteral("KIND"));
    cli.addPositional(QStringLiteral("NAME"), tr("Only the objects of this name."), QStringLiteral("[NAME]"));
    const QCommandLineOption members(QStringLiteral("members"), tr("The members matching this filter (the dashboard's filter language; default: every member of the hubs)."), tr("expression"));
    const QCommandLineOption namespaceOption({QStringLiteral("n"), QStringLiteral("namespace")}, tr("The namespace to list in (default: default)."), tr("name"));
    const QCommandLineOption allNamespaces({QStringLiteral("A"), QStringLiteral("all-namespaces")}, tr("List across all namespaces."));
    const QCommandLineOption selector({QStringLiteral("l"), QStringLiteral("selector")}, tr("A label selector (app=web,tier!=cache)."), tr("selector"));
    OutputOptions output(QStringLiteral("table"), {QStringLiteral("wide"), QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("name")},
                         {{QStringLiteral("cluster"), QStringLiteral("CLUSTER")}, {QStringLiteral("namespace"), QStringLiteral("NAMESPACE")}});
    output.acceptLaterFields();
    const QCommandLineOption watch({QStringLiteral("w"), QStringLiteral("watch")}, tr("After the list, print each change as it happens."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig of the hubs (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"));
    const QCommandLineOption context(QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the current context)."), tr("name"));
    const QCommandLineOption allContexts(QStringLiteral("all-contexts"), tr("Use every context of the kubeconfig as a hub."));
    const QCommandLineOption hubNamespace(QStringLiteral("hub-namespace"), tr("A hub namespace to read when cluster-wide lists of ClusterProfiles are forbidden (repeatable)."), tr("name"));
    const QCommandLineOption providerFile(QStringLiteral("provider-file"), tr("Credential provider file (KEP-5339, JSON or YAML; default: %1).").arg(ProviderFile::defaultPath()), tr("file"));
    const QCommandLineOption provider(QStringLiteral("provider"), tr("Use this credential provider when several match."), tr("name"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), tr("Give up on a member that has not listed after this many seconds (default: 30)."), tr("seconds"), QStringLiteral("30"));
    const QCommandLineOption hubTimeout(QStringLiteral("hub-timeout"), tr("Give up waiting for hubs to sync after this many seconds (0: wait forever; default: 60)."), tr("seconds"), QStringLiteral("60"));
    const QCommandLineOption parallel(QStringLiteral("parallel"), tr("Connect to this many members at a time (default: 16)."), tr("members"), QStringLiteral("16"));
    cli.addOptions({members, namespaceOption, allNamespaces, selector});
    output.describe(&cli);
    cli.addOptions({watch, kubeconfig, context, allContexts, hubNamespace, providerFile, provider, timeout, hubTimeout, parallel});
    cli.addHelpSection(QStringLiteral(
        "CLUSTER is HUB/NAMESPACE/NAME, as the dashboard names the member. -o json and -o yaml print a List whose items "
        "are {\"cluster\": CLUSTER, \"object\": OBJECT}; with --watch, one {\"cluster\", \"type\", \"object\"} per change.\n"
        "Exit status 0 when every member answered, 1 when one failed (its error on stderr, the others still printed), "
        "2 on a usage error."));
    int timeoutSeconds = 30;
    int hubTimeoutSeconds = 60;
    int parallelCount = 16;
    if (!cli.parse(arguments) || !cli.intValue(timeout, 1, maxSeconds, &timeoutSeconds)
        || !cli.intValue(hubTimeout, 0, maxSeconds, &hubTimeoutSeconds) || !cli.intValue(parallel, 1, 1024, &parallelCount)
        || !cli.exclusive(namespaceOption, allNamespaces) || !cli.exclusive(context, allContexts))
        return cli.exitCode();
    if (!output.read(&cli))
        return cli.exitCode();
    const QString format = output.format();
    const QStringList positionals = cli.positionalArguments();
    if (positionals.isEmpty() || positionals.size() > 2) {
        cli.usageError(QStringLiteral("give the kind and at most one name: fleetscope get KIND [NAME]"));
        return cli.exitCode();
    }

    MemberQuery query;
    if (cli.isSet(members)) {
        FilterError filterError;
        const QString text = cli.value(members);
        query.filter = FleetFilter::compile(text, &filterError);
        if (filterError.isError()) {
            cli.usageError(QStringLiteral("--members: %1").arg(filterError.message));
            writeText(stderr, QStringLiteral("  %1\n  %2^").arg(text, QString(filterError.offset, u' ')) + u'\n');
            return cli.exitCode();
        }
    }
    query.engine.kubeconfigPath = cli.value(kubeconfig);
    query.engine.contexts = cli.values(context);
    query.engine.allContexts = cli.isSet(allContexts);
    query.engine.namespaces = cli.values(hubNamespace);
    query.timeoutMs = hubTimeoutSeconds * 1000;

    ResourceAccessSettings access;
    const QString providerPath = cli.isSet(providerFile) ? cli.value(providerFile) : ProviderFile::defaultPath();
    if (!ProviderFile::load(providerPath, &access.providers, &access.providerFileError))
        access.providers.path = providerPath;
    access.preferredProvider = cli.value(provider);

    MemberSearch search = MemberFinder::find(query);
    for (const QString &warning : std::as_const(search.warnings))
        writeText(stderr, QStringLiteral("warning: ") + warning + u'\n');
    for (const QString &error : std::as_const(search.errors))
        writeText(stderr, QStringLiteral("error: ") + error + u'\n');
    if (!search.ok)
        return 1;
    if (search.members.isEmpty()) {
        writeText(stderr, QStringLiteral("error: no member cluster matches\n"));
        return 1;
    }

    ResourceQuery resources;
    resources.kind = positionals.at(0);
    resources.name = positionals.value(1);
    if (!cli.isSet(allNamespaces))
        resources.namespaces = {cli.isSet(namespaceOption) ? cli.value(namespaceOption) : QStringLiteral("default")};
    resources.labelSelector = cli.value(selector);
    const GetOutput::Format outputFormat = format == u"wide" ? GetOutput::Format::Wide
        : format == u"json"                                  ? GetOutput::Format::Json
        : format == u"yaml"                                  ? GetOutput::Format::Yaml
        : format == u"name"                                  ? GetOutput::Format::Name
                                                             : GetOutput::Format::Table;
    resources.objects = outputFormat == GetOutput::Format::Json || outputFormat == GetOutput::Format::Yaml;
    resources.watch = cli.isSet(watch);
    resources.timeoutMs = timeoutSeconds * 1000;

    ResourceEngine engine;
    engine.setAccess(access);
    engine.setParallel(parallelCount);
    GetRun run(&engine, outputFormat, output, cli.isSet(allNamespaces), resources.watch);
    engine.start(search.members, resources);
    run.loop().exec();
    engine.stop();
    if (run.exitCode() != 0)
        return run.exitCode();
    return search.errors.isEmpty() ? 0 : 1;
}

} // namespace fleetscope
