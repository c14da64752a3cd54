#pragma once

namespace fleetscope {

class GuiOptions;

// Starts the dashboard: the engine on the chosen hubs (or the demo fleet), the
// main window, the event loop. The options are already checked; a machine
// without a display gets one error line and exit code 1, never an abort.
int runGui(int argc, char **argv, const GuiOptions &options);

} // namespace fleetscope
