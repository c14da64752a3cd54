#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope list`: the engine without a window. Waits until every hub is
// synced (or has failed), optionally keeps watching, prints the merged fleet,
// and exits non-zero with one line per hub that failed.
int runListCommand(const QStringList &arguments);

} // namespace fleetscope
