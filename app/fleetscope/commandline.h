#pragma once

namespace fleetscope {

class GuiOptions;

// How the dashboard is opened once its options are checked: runGui() in
// fleetscope-dashboard, launchDashboard() (an exec of it) in `fleetscope`.
using DashboardEntry = int (*)(int argc, char **argv, const GuiOptions &options);

// Entry point of both executables: decides between the command-line modes
// (--version, --help, `list`, `connect`...), which must work without a display,
// and the dashboard.
int runFleetscope(int argc, char **argv, DashboardEntry openDashboard);

} // namespace fleetscope
