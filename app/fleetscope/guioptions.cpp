#include "guioptions.h"

#include "fleet/filter/fleetfilter.h"

#include "commandparser.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <climits>

namespace fleetscope {
namespace {

// lupdate files these free-function tr() calls under the enclosing namespace.
QString tr(const char *text)
{
    return QCoreApplication::translate("fleetscope", text);
}

} // namespace

GuiOptions::GuiOptions()
    : m_version(QStringLiteral("version"), tr("Show the version and exit."))
    , m_kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"))
    , m_context(QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the current context)."), tr("name"))
    , m_allContexts(QStringLiteral("all-contexts"), tr("Use every context of the kubeconfig as a hub."))
    , m_namespace(QStringLiteral("namespace"), tr("A namespace to read when cluster-wide lists are forbidden (repeatable)."), tr("name"))
    , m_demo(QStringLiteral("demo"), tr("Start two simulated hubs in-process and show their fleet."))
    , m_screenshot(QStringLiteral("screenshot"), tr("Render the main window to a PNG file once the fleet is synced, then exit."), tr("file"))
    , m_selectRow(QStringLiteral("select-row"), tr("With --screenshot: select this row of the table first."), tr("row"))
    , m_filter(QStringLiteral("filter"), tr("Start with this filter (the filter language, see the README)."), tr("expression"))
    , m_checkAccess(QStringLiteral("check-access"), tr("With --screenshot: check access to every shown cluster first."))
    , m_run(QStringLiteral("run"), tr("With --screenshot: run this command on every shown cluster (Run on selected…) and render that window."), tr("command"))
    , m_geometry(QStringLiteral("geometry"), tr("Main window size, e.g. 1400x900."), tr("WxH"))
    , m_historyFile(QStringLiteral("history-file"), tr("Condition history database (default: history.sqlite in the application data folder)."), tr("file"))
    , m_timeline(QStringLiteral("timeline"), tr("Select this cluster (HUB/NAMESPACE/NAME) and show its condition history."), tr("cluster"))
    , m_historyHours(QStringLiteral("history-hours"), tr("With --timeline or --fleet-health: hours of history shown."), tr("hours"))
    , m_fleetHealth(QStringLiteral("fleet-health"), tr("Show the fleet health chart."))
    , m_lang(QStringLiteral("lang"), tr("Interface language, e.g. de or ja (default: the system language)."), tr("language"))
    , m_palette(QStringLiteral("palette"), tr("Force the Fusion style with a dark or light palette (default: the platform's)."), tr("dark|light"))
{
    // For the project's tests and screenshots, not for people: they work, and stay
    // out of the help and the man page.
    for (QCommandLineOption *forTests : {&m_screenshot, &m_selectRow, &m_checkAccess, &m_run})
        forTests->setFlags(QCommandLineOption::HiddenFromHelp);
}

void GuiOptions::describe(CommandParser &cli) const
{
    cli.setDescription(tr("Native dashboard for fleets of Kubernetes clusters.\n\n"
                          "\"fleetscope help COMMAND\" shows a command's options."));
    cli.addOptions({m_version, m_kubeconfig, m_context, m_allContexts, m_namespace, m_demo, m_screenshot, m_selectRow,
                    m_filter, m_checkAccess, m_run, m_geometry, m_historyFile, m_timeline, m_historyHours, m_fleetHealth, m_lang, m_palette});
}

bool GuiOptions::read(CommandParser &cli)
{
    version = cli.isSet(m_version);
    kubeconfigPath = cli.value(m_kubeconfig);
    contexts = cli.values(m_context);
    allContexts = cli.isSet(m_allContexts);
    namespaces = cli.values(m_namespace);
    demo = cli.isSet(m_demo);
    screenshotPath = cli.value(m_screenshot);
    language = cli.value(m_lang);
    historyPath = cli.value(m_historyFile);
    timeline = cli.value(m_timeline);
    fleetHealth = cli.isSet(m_fleetHealth);
    if (!cli.exclusive(m_context, m_allContexts) || !cli.exclusive(m_demo, m_kubeconfig)
        || !cli.exclusive(m_demo, m_context) || !cli.exclusive(m_demo, m_allContexts)
        || !cli.exclusive(m_timeline, m_fleetHealth))
        return false;
    if (cli.isSet(m_palette) && !cli.choiceValue(m_palette, {QStringLiteral("dark"), QStringLiteral("light")}, &palette))
        return false;
    if (cli.isSet(m_selectRow) && !cli.isSet(m_screenshot))
        return cli.usageError(QStringLiteral("--select-row needs --screenshot"));
    filter = cli.value(m_filter);
    checkAccess = cli.isSet(m_checkAccess);
    runCommand = cli.value(m_run);
    if ((checkAccess || cli.isSet(m_run)) && !cli.isSet(m_screenshot))
        return cli.usageError(QStringLiteral("--check-access and --run need --screenshot"));
    if (cli.isSet(m_run) && runCommand.trimmed().isEmpty())
        return cli.usageError(QStringLiteral("--run needs a command"));
    FilterError filterError;
    FleetFilter::compile(filter, &filterError);
    if (filterError.isError())
        return cli.usageError(QStringLiteral("--filter: %1").arg(filterError.message));
    if (!cli.intValue(m_selectRow, 0, INT_MAX, &selectRow, -1))
        return false;
    if (cli.isSet(m_historyHours) && timeline.isEmpty() && !fleetHealth)
        return cli.usageError(QStringLiteral("--history-hours needs --timeline or --fleet-health"));
    if (!cli.doubleValue(m_historyHours, 0.01, 24 * 366, &historyHours, 1))
        return false;
    // Context names may contain '/' (EKS ARNs do); the last two parts are the object.
    if (!timeline.isEmpty() && (timeline.count(u'/') < 2 || timeline.startsWith(u'/') || timeline.endsWith(u'/')))
        return cli.usageError(QStringLiteral("--timeline: expected HUB/NAMESPACE/NAME, got \"%1\"").arg(timeline));
    if (cli.isSet(m_geometry)) {
        static const QRegularExpression size(QStringLiteral("^([0-9]{1,5})x([0-9]{1,5})$"));
        const QRegularExpressionMatch match = size.match(cli.value(m_geometry));
        const int width = match.captured(1).toInt();
        const int height = match.captured(2).toInt();
        if (!match.hasMatch() || width < 200 || height < 150 || width > 16384 || height > 16384)
            return cli.usageError(QStringLiteral("--geometry: expected WIDTHxHEIGHT from 200x150 to 16384x16384, got \"%1\"")
                                      .arg(cli.value(m_geometry)));
        geometry = QSize(width, height);
    }
    for (const QString &value : contexts + namespaces) {
        if (value.isEmpty())
            return cli.usageError(QStringLiteral("--context and --namespace need a non-empty name"));
    }
    return true;
}

bool GuiOptions::overridesRememberedHubs() const
{
    return demo || !kubeconfigPath.isEmpty() || !contexts.isEmpty() || allContexts;
}

bool GuiOptions::namesHubs() const
{
    return demo || !kubeconfigPath.isEmpty() || !contexts.isEmpty() || allContexts
        || qEnvironmentVariableIsSet("KUBECONFIG");
}

} // namespace fleetscope
