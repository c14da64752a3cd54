#pragma once

namespace fleetscope {

// Entry point of the `fleetscope` executable: decides between the command-line
// modes (--version, --help, later `list` and `connect`), which must work without a
// display, and the GUI.
int runFleetscope(int argc, char **argv);

} // namespace fleetscope
