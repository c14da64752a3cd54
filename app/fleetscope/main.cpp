#include "commandline.h"
#include "dashboardlauncher.h"

int main(int argc, char **argv)
{
    return fleetscope::runFleetscope(argc, argv, &fleetscope::launchDashboard);
}
