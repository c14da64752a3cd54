// fleetscope-hub: a simulated Kubernetes hub API server (see --help).
#include "hubserver.h"
#include "resourcetypes.h"

#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <pthread.h>

int main(int argc, char **argv)
{
    using namespace fleetscope::hub;
    std::vector<std::string> arguments(argv + 1, argv + argc);
    HubOptions options;
    bool showHelp = false;
    std::string error;
    if (!parseHubArguments(arguments, &options, &showHelp, &error)) {
        std::fprintf(stderr, "fleetscope-hub: %s\n", error.c_str());
        return 2;
    }
    if (showHelp) {
        std::fputs(hubUsage().c_str(), stdout);
        return 0;
    }
    // Signals are taken synchronously by this thread (sigwait) so that shutdown runs as
    // ordinary code: every worker thread inherits the blocked mask.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN); // a client vanishing mid-write is not fatal

    HubServer hub(options);
    if (!hub.start(&error)) {
        std::fprintf(stderr, "fleetscope-hub: %s\n", error.c_str());
        return 1;
    }
    // Exactly one line on stdout: tests and scripts wait for it.
    std::printf("ready %s\n", hub.url().c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "fleetscope-hub: serving %zu clusterprofiles at %s (token in the kubeconfig%s)\n",
                 hub.store().count(*fleetscope::hub::findResourceType("multicluster.x-k8s.io", "clusterprofiles")),
                 hub.url().c_str(), options.kubeconfigOut.empty() ? "; use --kubeconfig-out" : "");
    int received = 0;
    sigwait(&signals, &received);
    hub.stop();
    return 0;
}
