#include "commandline.h"

#include "commandparser.h"
#include "completionrequest.h"
#include "demohubs.h"
#include "connectcommand.h"
#include "diffcommand.h"
#include "recordcommand.h"
#include "doctorcommand.h"
#include "execcommand.h"
#include "fleetscope_version.h"
#include "getcommand.h"
#include "guioptions.h"
#include "kubeconfigcommand.h"
#include "hubscommand.h"
#include "lintcommand.h"
#include "listcommand.h"
#include "spellingsuggestion.h"

#include "api/propertyaliases.h"
#include "fleet/filter/healthrules.h"
#include "fleet/store/heaptuning.h"
#include "kube/kubeconfigloader.h"
#include "kube/verbosity.h"

#include <QCoreApplication>
#include <QSettings>

#include <cstdio>

namespace fleetscope {
namespace {

struct Subcommand
{
    const char *name;
    const char *summary;
    int (*run)(const QStringList &arguments);
};

// Every subcommand runs headless, on the same engine as the GUI.
const Subcommand subcommands[] = {
    {"list", "print the merged fleet of one or more hubs, once or as it changes", runListCommand},
    {"connect", "open a shell or run a command against member clusters", runConnectCommand},
    {"doctor", "check that member clusters can be reached with your credential providers", runDoctorCommand},
    {"exec", "run a command on many member clusters in parallel", runExecCommand},
    {"kubeconfig", "write a kubeconfig with a context per member cluster, for kubectl and other tools", runKubeconfigCommand},
    {"hubs", "list the kubeconfig's contexts and whether each serves the Cluster Inventory API", runHubsCommand},
    {"lint", "check the hubs' ClusterProfiles and PlacementDecisions against the API's rules and each other", runLintCommand},
    {"diff", "what changed in the recorded fleet between two times", runDiffCommand},
    {"record", "record the fleet's history without a window (the dashboard reads it)", runRecordCommand},
    {"get", "print one kind of object (pods, deployments, a CRD) across member clusters, once or as it changes", runGetCommand},
};

const Subcommand *findSubcommand(const QString &name)
{
    for (const Subcommand &subcommand : subcommands) {
        if (name == QLatin1String(subcommand.name))
            return &subcommand;
    }
    return nullptr;
}

QStringList subcommandNames()
{
    QStringList names;
    for (const Subcommand &subcommand : subcommands)
        names << QString::fromLatin1(subcommand.name);
    names << QStringLiteral("help");
    return names;
}

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLEETSCOPE_VERSION));
}

int unknownCommand(const QString &word)
{
    QString message = QStringLiteral("error: unknown command \"%1\" for \"fleetscope\"").arg(word);
    const QString suggestion = closestSpelling(word, subcommandNames());
    if (!suggestion.isEmpty())
        message += QStringLiteral(". Did you mean \"%1\"?").arg(suggestion);
    message += QStringLiteral(" (see \"fleetscope --help\")\n");
    std::fputs(message.toUtf8().constData(), stderr);
    return CommandParser::ExitUsage;
}

QString commandsSection()
{
    QString text = QStringLiteral("Commands:\n");
    for (const Subcommand &subcommand : subcommands)
        text += QStringLiteral("  %1  %2\n").arg(QString::fromLatin1(subcommand.name), -10).arg(QLatin1String(subcommand.summary));
    text += QStringLiteral("  %1  %2\n").arg(QStringLiteral("help"), -10).arg(QLatin1String("the help of a command: fleetscope help list"));
    text += QStringLiteral("Without a command, fleetscope opens the dashboard with the options below.");
    return text;
}

int runSubcommand(const Subcommand &subcommand, int argc, char **argv, const QStringList &extra = {})
{
    QCoreApplication app(argc, argv);
    // Filters (--filter) take the same property aliases, and verdicts the same
    // health rules, as the dashboard.
    QSettings settings;
    PropertyAliases::setActive(PropertyAliases::load(settings));
    QStringList ruleProblems;
    HealthRules::setActive(HealthRules::load(settings, &ruleProblems));
    for (const QString &problem : std::as_const(ruleProblems))
        std::fprintf(stderr, "fleetscope: %s\n", qPrintable(problem));
    QStringList arguments = QCoreApplication::arguments();
    arguments.removeAt(1);
    arguments[0] = QStringLiteral("fleetscope ") + QLatin1String(subcommand.name);
    return subcommand.run(arguments + extra);
}

// `fleetscope help [COMMAND]` prints what --help prints.
int runHelp(int argc, char **argv)
{
    if (argc < 3) {
        CommandParser cli(QStringLiteral("fleetscope"));
        GuiOptions().describe(cli);
        cli.addLeadingHelpSection(commandsSection());
        cli.printHelp();
        return CommandParser::ExitOk;
    }
    const QString word = QString::fromLocal8Bit(argv[2]);
    if (argc > 3) {
        std::fprintf(stderr, "error: \"fleetscope help\" takes one command name, got %d (see \"fleetscope --help\")\n",
                     argc - 2);
        return CommandParser::ExitUsage;
    }
    const Subcommand *subcommand = findSubcommand(word);
    if (!subcommand)
        return unknownCommand(word);
    // Drop the command's name so that the subcommand sees only --help.
    int subArgc = 2;
    char *subArgv[] = {argv[0], argv[2], nullptr};
    return runSubcommand(*subcommand, subArgc, subArgv, {QStringLiteral("--help")});
}

QStringList kubeconfigContexts(const QString &kubeconfig)
{
    KubeconfigLoadOptions options;
    options.explicitPath = kubeconfig;
    options.resolvePaths = false;
    return KubeconfigLoader::load(options).config.contextNames();
}

int runGuiCompletion(const QStringList &words, int argc, char **argv);

// `fleetscope __complete WORD... CURRENT`, run by the shell completion scripts:
// the subcommand names come from the table above, every option from the mode's
// own parser (see CompletionRequest).
int runCompletion(int argc, char **argv)
{
    QStringList words;
    for (int i = 2; i < argc; ++i)
        words << QString::fromLocal8Bit(argv[i]);
    if (words.isEmpty())
        words << QString();
    CompletionRequest::setContextSource(&kubeconfigContexts);
    const QString first = words.first();
    const bool helpTopic = words.size() == 2 && first == u"help";
    if ((words.size() == 1 && !first.startsWith(u'-')) || helpTopic) {
        const QString prefix = words.last();
        QStringList names = subcommandNames();
        if (helpTopic)
            names.removeAll(QStringLiteral("help"));
        for (const QString &name : std::as_const(names)) {
            if (name.startsWith(prefix))
                std::printf("%s\n", qPrintable(name));
        }
        return CommandParser::ExitOk;
    }
    if (first.startsWith(u'-'))
        return runGuiCompletion(words, argc, argv);
    const Subcommand *subcommand = findSubcommand(first);
    if (!subcommand)
        return CommandParser::ExitOk;
    CompletionRequest::begin(words.mid(1));
    char *subArgv[] = {argv[0], argv[2], nullptr};
    return runSubcommand(*subcommand, 2, subArgv);
}

int runGuiCompletion(const QStringList &words, int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    CompletionRequest::begin(words);
    CommandParser cli(QStringLiteral("fleetscope"));
    GuiOptions options;
    options.describe(cli);
    cli.parse({QStringLiteral("fleetscope")});
    return CommandParser::ExitOk;
}

} // namespace

int runFleetscope(int argc, char **argv, DashboardEntry openDashboard)
{
    setApplicationIdentity();
    heap_tuning::useFixedMmapThreshold();
    CommandParser::setVerbosityHandler(&verbosity::apply);
    // The whole command line is understood before any application object exists:
    // a mistake must never start the GUI (nor make Qt abort for want of a display).
    if (argc > 1 && argv[1][0] != '-') {
        const QString word = QString::fromLocal8Bit(argv[1]);
        if (word == QLatin1String("help"))
            return runHelp(argc, argv);
        if (word == QLatin1String("__complete"))
            return runCompletion(argc, argv);
        if (const Subcommand *subcommand = findSubcommand(word)) {
            // The demo's simulated hubs live in the dashboard's executable: it runs the command.
            if (DemoHubs::requested(argc, argv) && !DemoHubs::available())
                return openDashboard(argc, argv, GuiOptions());
            return runSubcommand(*subcommand, argc, argv);
        }
        return unknownCommand(word);
    }

    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    CommandParser cli(QStringLiteral("fleetscope"));
    GuiOptions options;
    options.describe(cli);
    cli.addLeadingHelpSection(commandsSection());
    if (!cli.parse(arguments) || !options.read(cli))
        return cli.exitCode();
    if (options.version) {
        std::printf("fleetscope %s\n", FLEETSCOPE_VERSION);
        return CommandParser::ExitOk;
    }
    return openDashboard(argc, argv, options);
}

} // namespace fleetscope
