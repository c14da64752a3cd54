#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope kubeconfig`: one kubeconfig with a context per member, for kubectl,
// k9s and other tools.
int runKubeconfigCommand(const QStringList &arguments);

} // namespace fleetscope
