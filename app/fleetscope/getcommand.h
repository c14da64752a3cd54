#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope get KIND [NAME]`: one kind across member clusters, printed like
// `kubectl get` with a CLUSTER column first, once or as it changes (--watch).
// Exits 1 with an `error: CLUSTER: …` line per member that failed, after printing
// what the others answered.
int runGetCommand(const QStringList &arguments);

} // namespace fleetscope
