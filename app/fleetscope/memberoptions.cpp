#include "memberoptions.h"

#include "clioutput.h"
#include "demohubs.h"

#include <QCoreApplication>

#include <cstdio>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("members", text);
}

constexpr int maxSeconds = 7 * 24 * 3600;

} // namespace

MemberOptions::MemberOptions(Timeout timeout, int defaultTimeoutSeconds, const QString &timeoutHelp)
    : m_timeoutKind(timeout)
    , m_kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig of the hubs (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"))
    , m_context(QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the hubs named by the targets, else the current context)."), tr("name"))
    , m_allContexts(QStringLiteral("all-contexts"), tr("Use every context of the kubeconfig as a hub."))
    , m_namespace(QStringLiteral("namespace"), tr("A namespace to read when cluster-wide lists are forbidden (repeatable)."), tr("name"))
    , m_filter(QStringLiteral("filter"), tr("The members matching this filter (the dashboard's filter language, see the README)."), tr("expression"))
    , m_providerFile(QStringLiteral("provider-file"), tr("Credential provider file (KEP-5339, JSON or YAML; default: %1).").arg(ProviderFile::defaultPath()), tr("file"))
    , m_provider(QStringLiteral("provider"), tr("Use this credential provider when several match."), tr("name"))
    , m_timeout(QStringLiteral("timeout"), timeoutHelp, tr("seconds"), QString::number(defaultTimeoutSeconds))
    , m_demo(DemoHubs::option())
    , m_hubTimeout(QStringLiteral("hub-timeout"), tr("Give up waiting for hubs to sync after this many seconds (0: wait forever; default: 60)."), tr("seconds"), QStringLiteral("60"))
{
}

void MemberOptions::describe(CommandParser *cli) const
{
    cli->addOptions({m_kubeconfig, m_context, m_allContexts, m_demo, m_namespace, m_filter, m_providerFile, m_provider, m_timeout});
    if (m_timeoutKind == Timeout::PerMember)
        cli->addOption(m_hubTimeout);
}

bool MemberOptions::read(CommandParser *cli, const QStringList &positionals)
{
    const int minTimeout = m_timeoutKind == Timeout::PerMember ? 1 : 0;
    int hubTimeoutSeconds = 60;
    if (!cli->intValue(m_timeout, minTimeout, maxSeconds, &m_timeoutSeconds) || !cli->exclusive(m_context, m_allContexts))
        return false;
    if (m_timeoutKind == Timeout::PerMember && !cli->intValue(m_hubTimeout, 0, maxSeconds, &hubTimeoutSeconds))
        return false;
    if (m_timeoutKind == Timeout::Hubs)
        hubTimeoutSeconds = m_timeoutSeconds;

    for (const QString &text : positionals) {
        MemberTarget t;
        if (!MemberTarget::parse(text, &t))
            return cli->usageError(QStringLiteral("\"%1\" is not HUB/NAMESPACE/NAME").arg(text));
        m_query.named << t;
    }
    if (cli->isSet(m_filter)) {
        if (!m_query.named.isEmpty())
            return cli->usageError(QStringLiteral("--filter and HUB/NAMESPACE/NAME targets cannot be used together"));
        FilterError filterError;
        const QString text = cli->value(m_filter);
        m_query.filter = FleetFilter::compile(text, &filterError);
        if (filterError.isError()) {
            // The expression and a caret under the mistake follow the one error line.
            cli->usageError(QStringLiteral("--filter: %1").arg(filterError.message));
            writeText(stderr, QStringLiteral("  %1\n  %2^").arg(text, QString(filterError.offset, u' ')) + u'\n');
            return false;
        }
    }
    m_query.engine.kubeconfigPath = cli->value(m_kubeconfig);
    m_query.engine.contexts = cli->values(m_context);
    m_query.engine.allContexts = cli->isSet(m_allContexts);
    m_query.engine.namespaces = cli->values(m_namespace);
    m_query.timeoutMs = hubTimeoutSeconds * 1000;
    m_providerPath = cli->isSet(m_providerFile) ? cli->value(m_providerFile) : ProviderFile::defaultPath();
    QString demoProviders;
    if (!DemoHubs::apply(*cli, m_demo, &m_query.engine, &demoProviders))
        return false;
    if (cli->isSet(m_demo) && !cli->isSet(m_providerFile))
        m_providerPath = demoProviders; // the demo's members answer to their own plugin
    m_preferredProvider = cli->value(m_provider);
    return true;
}

bool MemberOptions::loadProviders(ProviderFile *out, QString *error) const
{
    return ProviderFile::load(m_providerPath, out, error);
}

MemberSearch MemberOptions::find() const
{
    MemberSearch search = MemberFinder::find(m_query);
    for (const QString &warning : std::as_const(search.warnings))
        writeText(stderr, QStringLiteral("warning: ") + warning + u'\n');
    for (const QString &error : std::as_const(search.errors))
        writeText(stderr, QStringLiteral("error: ") + error + u'\n');
    return search;
}

} // namespace fleetscope
