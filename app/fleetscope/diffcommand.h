#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope diff --since T1 [--until T2]`: what changed in the recorded fleet
// between two times: clusters that appeared or left, health verdicts that
// changed (from, to, when, why), placements that chose other clusters.
int runDiffCommand(const QStringList &arguments);

} // namespace fleetscope
