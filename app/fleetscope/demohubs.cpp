#include "demohubs.h"

#include "clioutput.h"
#include "commandparser.h"

#include "fleet/engine/fleetengine.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

namespace fleetscope {
namespace {

DemoHubs::Starter &starter()
{
    static DemoHubs::Starter installed = nullptr;
    return installed;
}

} // namespace

void DemoHubs::setStarter(Starter installed)
{
    starter() = installed;
}

bool DemoHubs::available()
{
    return starter() != nullptr;
}

bool DemoHubs::requested(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--demo") == 0)
            return true;
        if (std::strcmp(argv[i], "--") == 0)
            break;
    }
    return false;
}

QCommandLineOption DemoHubs::option()
{
    return QCommandLineOption(QStringLiteral("demo"),
                              QCoreApplication::translate("demo", "Use the dashboard's two simulated hubs (and their "
                                                                  "member clusters), started in this process."));
}

bool DemoHubs::apply(CommandParser &cli, const QCommandLineOption &demo, FleetEngineOptions *options, QString *providerFile)
{
    if (!cli.isSet(demo))
        return true;
    for (const QString &other : {QStringLiteral("kubeconfig"), QStringLiteral("context"), QStringLiteral("all-contexts")}) {
        if (cli.given(other))
            return cli.usageError(QStringLiteral("--demo and --%1 cannot be used together").arg(other));
    }
    Started started;
    QString error;
    if (!starter() || !starter()(&started, &error)) {
        writeText(stderr, QStringLiteral("error: cannot start the demo hubs: %1\n")
                              .arg(starter() ? error : QStringLiteral("this executable does not include them")));
        return false;
    }
    options->kubeconfigPath.clear();
    options->kubeconfigList = started.kubeconfigList;
    options->kubeconfigLabel = QStringLiteral("the demo's simulated hubs");
    options->contexts.clear();
    options->allContexts = true;
    if (providerFile)
        *providerFile = started.providerFile;
    return true;
}

} // namespace fleetscope
