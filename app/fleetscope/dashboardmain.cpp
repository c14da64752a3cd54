#include "commandline.h"
#include "dashboard.h"
#include "guicommand.h"

// fleetscope-dashboard: what `fleetscope` execs to open the window (see
// dashboardlauncher.h). It understands the same command line, so the arguments
// are checked by the same code in both processes.
int main(int argc, char **argv)
{
    fleetscope::Dashboard::installDemoForCommands();
    return fleetscope::runFleetscope(argc, argv, &fleetscope::runGui);
}
