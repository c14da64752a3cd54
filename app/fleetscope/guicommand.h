#pragma once

class QCommandLineParser;

namespace fleetscope {

// The dashboard's own options (--kubeconfig, --context, --demo, --screenshot …).
void describeGuiOptions(QCommandLineParser &parser);

// Starts the dashboard: the engine on the chosen hubs (or the demo fleet), the
// main window, the event loop. Needs a QPA platform (a display or offscreen).
int runGui(int argc, char **argv);

} // namespace fleetscope
