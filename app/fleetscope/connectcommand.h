#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope connect HUB/NAMESPACE/NAME... [-- COMMAND ARGS...]`: finds the
// ClusterProfiles on their hubs (the engine, headless, as `list` runs it), picks
// a credential provider for each, writes a private kubeconfig with a context per
// member, and prints it or runs COMMAND (default $SHELL) with KUBECONFIG set.
// COMMAND's exit code is passed through; the kubeconfig is removed afterwards.
int runConnectCommand(const QStringList &arguments);

} // namespace fleetscope
