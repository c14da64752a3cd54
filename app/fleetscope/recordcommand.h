#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope record`: the engine without a window, writing the same history
// the dashboard writes (condition transitions, coverage and the fleet log), so
// that the fleet's past exists for the hours no window was open. One writer per
// history file: it refuses to start while a dashboard or another recorder
// writes it, and a dashboard that starts while it runs reads what it records.
// `--status` says who writes the file and what it holds.
int runRecordCommand(const QStringList &arguments);

} // namespace fleetscope
