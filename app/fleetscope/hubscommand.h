#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope hubs`: every context of the kubeconfig with what an InventoryProbe
// says about it (the Hubs dialog's answers, for scripts and terminals).
int runHubsCommand(const QStringList &arguments);

} // namespace fleetscope
