#include "recenthubs.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"

#include <QSettings>

namespace fleetscope {
namespace {

constexpr auto ContextsKey = "hubs/lastContexts";
constexpr auto KubeconfigKey = "hubs/kubeconfig";

} // namespace

QString RecentHubs::kubeconfigSource(const FleetEngineOptions &options)
{
    return options.kubeconfigPath.isEmpty() ? qEnvironmentVariable("KUBECONFIG") : options.kubeconfigPath;
}

bool RecentHubs::apply(FleetEngineOptions *options)
{
    if (!options->contexts.isEmpty() || options->allContexts || options->kubeconfigList)
        return false;
    const QSettings settings;
    if (settings.value(QLatin1String(KubeconfigKey)).toString() != kubeconfigSource(*options))
        return false;
    const QStringList contexts = settings.value(QLatin1String(ContextsKey)).toStringList();
    if (contexts.isEmpty())
        return false;
    options->contexts = contexts;
    return true;
}

void RecentHubs::remember(const FleetStore &store, const FleetEngineOptions &options)
{
    if (options.kubeconfigList || store.activeHubs().isEmpty())
        return; // the demo's private kubeconfig is no one's last session
    QStringList contexts;
    for (const int hub : store.activeHubs())
        contexts << store.hubName(hub);
    QSettings settings;
    settings.setValue(QLatin1String(ContextsKey), contexts);
    settings.setValue(QLatin1String(KubeconfigKey), kubeconfigSource(options));
}

} // namespace fleetscope
