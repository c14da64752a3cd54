#include "commandline.h"

int main(int argc, char **argv)
{
    return fleetscope::runFleetscope(argc, argv);
}
