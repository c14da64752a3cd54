#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope exec`: runs one command per member cluster, in parallel, each with
// KUBECONFIG set to that member's own kubeconfig.
int runExecCommand(const QStringList &arguments);

} // namespace fleetscope
