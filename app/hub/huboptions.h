#pragma once

#include "discovery.h"
#include "faults.h"
#include "healthchurn.h"
#include "resourcetypes.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace fleetscope::hub {

// What --forbid denies, like an RBAC role that lacks it: `verbs` ("*" any) on
// `resource` (a plural, "*" any), everywhere or only in `namespaceName`. A rule for a
// namespace also denies cluster-wide requests for namespaced kinds, since no role
// can grant "every namespace but one".
struct ForbidRule
{
    std::vector<std::string> verbs;
    std::string resource = "*";
    std::string namespaceName;
};
bool parseForbidRule(const std::string &text, ForbidRule *out);

// Everything a hub is started with; the command line maps onto it 1:1 (see hubUsage()).
struct HubOptions
{
    std::string listenAddress = "127.0.0.1:0"; // port 0 picks a free one
    bool tls = true;
    std::string tlsCertFile; // PEM; empty = generate a CA and a serving certificate
    std::string tlsKeyFile;
    std::string token;          // empty = random
    bool clientCertAuth = false; // accept client certificates signed by the hub CA
    int allowAnonymous = -1;     // -1 = only on plain HTTP (kubectl sends no token there)
    // token → namespaces the token may read and write; cluster-wide requests are 403.
    std::map<std::string, std::vector<std::string>> restrictions;

    std::size_t history = 10000;  // events kept for watches and consistent pages
    int continueTtlSeconds = 300; // continue tokens expire after this, like a compaction
    int minWatchTimeoutSeconds = 1800; // default watch close in [min, 2*min), as kube-apiserver
    int bookmarkIntervalSeconds = 60;
    bool watchList = true; // sendInitialEvents (gate WatchList on, as in 1.34)
    ServedApi served;      // --inventory-versions, --no-placements
    int threads = 256;     // HTTP worker threads; each open watch holds one

    std::vector<std::string> fleetFiles;
    int generate = 0;
    bool producerShapes = false; // producershapes.h
    std::uint64_t seed = 1;
    double churnRate = 0;       // changes per second
    double churnForSeconds = 0; // 0 = until stop
    HealthChurnOptions churnHealth; // --churn-story sets churnHealth.story

    FaultSettings faults;

    std::string serverVersion = kDefaultGitVersion; // gitVersion at /version

    int nodes = 0; // Nodes served at /api/v1/nodes
    int workloads = 0;          // Pods (with Deployments, Services, Events, Secrets, Certificates): workloadgenerator.h
    double workloadChurn = 0;   // their changes per second
    std::vector<ForbidRule> forbidden;

    std::string kubeconfigOut;
    std::string contextName = "fleetscope-hub";
    bool logRequests = false;
    // Where a simulated change that failed is reported (its message); unset: stderr.
    // The server goes on serving, and the churn with its next change.
    std::function<void(const std::string &message)> onFault;
};

// Parses arguments (without argv[0]). Sets *showHelp for --help. Errors name the flag.
bool parseHubArguments(const std::vector<std::string> &arguments, HubOptions *options, bool *showHelp,
                       std::string *error);
std::string hubUsage();

} // namespace fleetscope::hub
