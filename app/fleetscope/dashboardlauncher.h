#pragma once

namespace fleetscope {

class GuiOptions;

// The `fleetscope` command's way into the dashboard: it replaces its own process
// (same pid, same arguments) with fleetscope-dashboard, the executable that links
// the GUI libraries. `fleetscope` itself links none of them, so that the
// command-line modes start without loading and relocating ~30 libraries they
// never use (about 10 ms of CPU per start). The dashboard is looked for beside
// this executable (the build tree), then where `cmake --install` puts it.
// Returns only when it cannot be started, with one error line printed.
int launchDashboard(int argc, char **argv, const GuiOptions &options);

} // namespace fleetscope
