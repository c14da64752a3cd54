#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope lint`: syncs the hubs like `list`, runs the inventory lint
// (InventoryLint) once and prints its findings as a table or JSON. Exit status 1
// when any finding is an error or a hub could not be synced, 0 otherwise
// (warnings alone), 2 on a usage error.
int runLintCommand(const QStringList &arguments);

} // namespace fleetscope
