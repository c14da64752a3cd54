#pragma once

#include <QStringList>

namespace fleetscope {

struct FleetEngineOptions;
class FleetStore;

// The hubs of the last session (`hubs/lastContexts`, with the kubeconfig they came
// from in `hubs/kubeconfig`): a plain `fleetscope` reopens them instead of only the
// current context. Any explicit choice (--context, --all-contexts, --demo) wins,
// and a different kubeconfig than last time is not second-guessed.
class RecentHubs final
{
public:
    // Where the kubeconfig comes from this time: --kubeconfig, else $KUBECONFIG.
    static QString kubeconfigSource(const FleetEngineOptions &options);
    // Fills options.contexts from the last session when the user chose none.
    // Returns whether it did.
    static bool apply(FleetEngineOptions *options);
    static void remember(const FleetStore &store, const FleetEngineOptions &options);
};

} // namespace fleetscope
