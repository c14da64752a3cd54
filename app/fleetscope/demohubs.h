#pragma once

#include <QCommandLineOption>
#include <QString>

namespace fleetscope {

class CommandParser;
struct FleetEngineOptions;

// `--demo` for the commands that read hubs (list, lint, doctor, exec, kubeconfig,
// connect): the dashboard's two simulated hubs and their members, started in this
// process, so that a first try needs no cluster. Only fleetscope-dashboard links
// the simulation; `fleetscope` hands a command line with --demo over to it.
class DemoHubs final
{
public:
    struct Started
    {
        QString kubeconfigList; // KUBECONFIG-style list of the demo's private (0600) kubeconfigs
        QString providerFile;   // the provider file its members answer to
    };
    using Starter = bool (*)(Started *started, QString *error);

    // Installed by the executable that links the simulation.
    static void setStarter(Starter starter);
    static bool available();
    // Whether a command line asks for the demo (to hand it to the executable that can).
    static bool requested(int argc, char **argv);

    static QCommandLineOption option();
    // With --demo set: starts the demo and points `options` at its hubs (and
    // `providerFile`, if given, at its members' provider file). --demo with
    // --kubeconfig, --context or --all-contexts is a usage error. False after an
    // error was printed; true, changing nothing, without --demo.
    static bool apply(CommandParser &cli, const QCommandLineOption &demo, FleetEngineOptions *options,
                      QString *providerFile = nullptr);
};

} // namespace fleetscope
