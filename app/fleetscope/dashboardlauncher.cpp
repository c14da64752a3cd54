#include "dashboardlauncher.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>

#include <unistd.h>

namespace fleetscope {
namespace {

// The directory of the running executable, with a trailing slash; empty when
// /proc is not mounted.
std::string ownDirectory()
{
    char path[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0)
        return {};
    const std::string exe(path, size_t(length));
    return exe.substr(0, exe.rfind('/') + 1);
}

} // namespace

int launchDashboard(int, char **argv, const GuiOptions &)
{
    const std::string dir = ownDirectory();
    const std::string candidates[] = {dir + "fleetscope-dashboard", dir + FLEETSCOPE_DASHBOARD_FROM_BINDIR};
    int firstError = 0;
    for (const std::string &candidate : candidates) {
        // On success execv() does not return: the dashboard runs in this process.
        execv(candidate.c_str(), argv);
        if (firstError == 0 || errno != ENOENT)
            firstError = errno;
    }
    std::fprintf(stderr, "error: cannot start the dashboard: %s or %s: %s\n", candidates[0].c_str(),
                 candidates[1].c_str(), std::strerror(firstError));
    return 1;
}

} // namespace fleetscope
