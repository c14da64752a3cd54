#include "huboptions.h"

#include <algorithm>

#include <cstdlib>
#include <regex>
#include <sstream>

namespace fleetscope::hub {

namespace {

bool toInt(const std::string &text, long long min, long long max, long long *out)
{
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool toDouble(const std::string &text, double min, double *out)
{
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || v < min)
        return false;
    *out = v;
    return true;
}

std::vector<std::string> splitList(const std::string &text, char separator)
{
    std::vector<std::string> out;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, separator)) {
        if (!item.empty())
            out.push_back(item);
    }
    return out;
}

} // namespace

bool parseForbidRule(const std::string &text, ForbidRule *out)
{
    // VERBS:RESOURCE[:NAMESPACE], VERBS comma-separated or "*".
    const std::vector<std::string> parts = [&] {
        std::vector<std::string> p;
        std::size_t start = 0;
        while (true) {
            const std::size_t colon = text.find(':', start);
            p.push_back(text.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
            if (colon == std::string::npos)
                return p;
            start = colon + 1;
        }
    }();
    if (parts.size() < 2 || parts.size() > 3 || parts[0].empty() || parts[1].empty())
        return false;
    static const std::vector<std::string> known = {"get", "list", "watch", "create", "update", "patch", "delete",
                                                   "deletecollection", "*"};
    ForbidRule rule;
    rule.verbs = splitList(parts[0], ',');
    for (const std::string &verb : rule.verbs) {
        if (std::find(known.begin(), known.end(), verb) == known.end())
            return false;
    }
    rule.resource = parts[1];
    rule.namespaceName = parts.size() == 3 ? parts[2] : std::string();
    if (parts.size() == 3 && rule.namespaceName.empty())
        return false;
    *out = rule;
    return true;
}

std::string hubUsage()
{
    std::string usage = R"(Usage: fleetscope-hub [options]

A simulated Kubernetes hub API server serving ClusterProfiles, PlacementDecisions
(multicluster.x-k8s.io v1alpha1 and v1alpha2) and Namespaces, for tests, benchmarks
and the Fleetscope demo. Prints "ready URL" on stdout once it accepts connections.

Listening and security:
  --listen HOST:PORT       address to listen on (default 127.0.0.1:0, 0 = a free port)
  --plain-http             serve plain HTTP instead of TLS (anonymous access then, since
                           kubectl never sends tokens over plain HTTP)
  --tls-cert FILE          serving certificate (PEM); default: generate a CA and a certificate
  --tls-key FILE           key of --tls-cert (PEM)
  --token TOKEN            bearer token that grants full access (default: random)
  --client-cert-auth       also accept client certificates signed by the hub CA (CN = user)
  --anonymous | --no-anonymous
                           allow or refuse requests without credentials
  --restrict TOKEN=NS[,NS] an extra token limited to these namespaces; cluster-wide
                           requests get 403 Forbidden (repeatable)
  --kubeconfig-out FILE    write a kubeconfig (server, CA data, token; mode 0600)
  --context NAME           context, cluster and user name in that kubeconfig
                           (default fleetscope-hub)

Storage and watches:
  --history N              events kept for watches and consistent list pages (default 10000);
                           older resourceVersions get 410 Expired
  --continue-ttl SECONDS   continue tokens expire after this (default 300)
  --watch-timeout SECONDS  default watch duration is randomized in [S, 2S) (default 1800)
  --bookmark-interval S    seconds between BOOKMARK events when requested (default 60)
  --no-watch-list          reject sendInitialEvents with 422 (WatchList gate off)
  --threads N              HTTP worker threads; each open watch holds one (default 256)

Content:
  --server-version V       gitVersion served at /version, vX.Y.Z[-suffix]
                           (default v1.34.0-fleetscope-hub)
  --nodes N                serve N Ready Nodes at /api/v1/nodes (a member for kubectl get nodes)
  --workloads N            be a member cluster running N Pods: Deployments, Services, Events,
                           Secrets and cert-manager Certificates (a CRD) in a few namespaces
                           (3 Nodes unless --nodes says otherwise)
  --workload-churn R       R workload changes per second (restarts, CrashLoopBackOff, pods
                           replaced, events, ready counts)
  --forbid VERBS:RESOURCE[:NAMESPACE]
                           answer 403 Forbidden, as RBAC does, for these verbs (comma-separated
                           or *) on RESOURCE (plural or *), in NAMESPACE only or everywhere;
                           a namespace rule also forbids cluster-wide requests (repeatable)
  --fleet FILE             multi-document YAML of Namespaces, ClusterProfiles and
                           PlacementDecisions (repeatable)
  --generate N             generate a realistic fleet of N ClusterProfiles
  --seed S                 seed for --generate (default 1; same seed, same fleet)
  --producer-shapes        add profiles shaped as OCM, KubeFleet and GKE Fleet write
                           them (both API versions), some tripping `fleetscope lint`
  --churn R                R changes per second (condition flips, property changes,
                           occasional adds and deletes)
  --churn-for SECONDS      stop churning after this long (default: never)
  --churn-story            churn as the demo does: a few flaky clusters, members that are
                           never healthy, now and then a clusterset's incident
  --inventory-versions V[,V]
                           the multicluster.x-k8s.io versions served (default
                           v1alpha2,v1alpha1; an older CRD serves only v1alpha1;
                           "none": a cluster without the Inventory API)
  --no-placements          do not serve PlacementDecisions (ClusterProfiles only)

Faults (each P or P@N: probability P in [0,1], at most N times; "1@3" = the first 3 chances):
)";
    const char *descriptions[] = {
        "cut a watch connection in the middle of an event",
        "split watch events across chunks at random byte offsets",
        "answer a watch with an ERROR event (410 Expired) and end it",
        "answer a watch with HTTP 410 Gone",
        "429 with a plain-text body and Retry-After (API Priority and Fairness)",
        "500 InternalError Status",
        "503 ServiceUnavailable Status with Retry-After",
        "delay responses by --fault-slow-ms",
        "410 Expired for continue tokens",
        "a list item with a 10 MB annotation",
        "a list of 1 000 000 items (streamed)",
        "a list item nested 100 000 arrays deep",
        "a list item with a string that is not UTF-8",
        "a list item with duplicate JSON keys",
        "list items whose fields have the wrong JSON types",
        "a gzip list body cut in half (when the client asks for gzip)",
        "a list body that never ends",
        "a watch that drips one byte per second",
        "accept a request and never answer it",
        "answer API requests with an HTML login page (a proxy in the way)",
    };
    static_assert(sizeof(descriptions) / sizeof(descriptions[0]) == kFaultKindCount);
    for (std::size_t i = 0; i < kFaultKindCount; ++i) {
        std::string flag = std::string("  --fault-") + faultName(static_cast<FaultKind>(i)) + " P[@N]";
        // Long flags put their description on the next line, aligned with the others.
        flag = flag.size() < 27 ? flag + std::string(27 - flag.size(), ' ') : flag + "\n" + std::string(27, ' ');
        usage += flag + descriptions[i] + "\n";
    }
    usage += R"(  --fault-slow-ms MS       delay used by --fault-slow (default 2000)
  --fault-retry-after S    Retry-After seconds for 429/503 (default 1)
  --fault-seed N           seed for fault decisions (default: random)

Other:
  --log-requests           log each request to stderr
  --help                   show this help

Point kubectl at it:  fleetscope-hub --generate 50 --kubeconfig-out hub.kubeconfig
                      kubectl --kubeconfig hub.kubeconfig get clusterprofiles -A

For tests, POST /fleetscope-hub/compact (authenticated) compacts the history as etcd does:
open watches end with an ERROR 410 Expired and older resourceVersions get 410.
GET /fleetscope-hub/truth (authenticated, never faulted) answers what the
hub holds: {"resourceVersion": RV, "churning": BOOL, "clusterprofiles":
{"NAMESPACE/NAME": RV, ...}}; "churning" is false once --churn-for has run out.
)";
    return usage;
}

bool parseHubArguments(const std::vector<std::string> &arguments, HubOptions *o, bool *showHelp, std::string *error)
{
    *showHelp = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        std::string flag = arguments[i];
        std::string value;
        bool hasInlineValue = false;
        const auto eq = flag.find('=');
        if (flag.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
            hasInlineValue = true;
        }
        auto next = [&](std::string *out) {
            if (hasInlineValue) {
                *out = value;
                return true;
            }
            if (i + 1 >= arguments.size()) {
                *error = flag + " needs a value";
                return false;
            }
            *out = arguments[++i];
            return true;
        };
        auto bad = [&](const std::string &v) {
            *error = "invalid value for " + flag + ": \"" + v + "\"";
            return false;
        };
        std::string v;
        long long n = 0;
        if (flag == "--help" || flag == "-h") {
            *showHelp = true;
            return true;
        } else if (flag == "--plain-http") {
            o->tls = false;
        } else if (flag == "--client-cert-auth") {
            o->clientCertAuth = true;
        } else if (flag == "--anonymous") {
            o->allowAnonymous = 1;
        } else if (flag == "--no-anonymous") {
            o->allowAnonymous = 0;
        } else if (flag == "--no-watch-list") {
            o->watchList = false;
        } else if (flag == "--no-placements") {
            o->served.placements = false;
        } else if (flag == "--inventory-versions") {
            if (!next(&v))
                return false;
            std::vector<std::string> versions;
            std::size_t start = v == "none" ? v.size() + 1 : 0; // a cluster without the Inventory API
            while (start <= v.size()) {
                const std::size_t comma = std::min(v.find(',', start), v.size());
                const std::string version = v.substr(start, comma - start);
                if (version != "v1alpha1" && version != "v1alpha2")
                    return bad(v);
                versions.push_back(version);
                start = comma + 1;
            }
            o->served.inventoryVersions = versions;
        } else if (flag == "--log-requests") {
            o->logRequests = true;
        } else if (flag == "--listen") {
            if (!next(&v))
                return false;
            if (v.find(':') == std::string::npos)
                return bad(v);
            o->listenAddress = v;
        } else if (flag == "--tls-cert") {
            if (!next(&o->tlsCertFile))
                return false;
        } else if (flag == "--tls-key") {
            if (!next(&o->tlsKeyFile))
                return false;
        } else if (flag == "--token") {
            if (!next(&o->token))
                return false;
            if (o->token.empty())
                return bad(o->token);
        } else if (flag == "--restrict") {
            if (!next(&v))
                return false;
            const auto sep = v.find('=');
            if (sep == std::string::npos || sep == 0)
                return bad(v);
            o->restrictions[v.substr(0, sep)] = splitList(v.substr(sep + 1), ',');
        } else if (flag == "--kubeconfig-out") {
            if (!next(&o->kubeconfigOut))
                return false;
        } else if (flag == "--context") {
            if (!next(&o->contextName))
                return false;
        } else if (flag == "--history") {
            if (!next(&v) || !toInt(v, 1, 100000000, &n))
                return error->empty() ? bad(v) : false;
            o->history = static_cast<std::size_t>(n);
        } else if (flag == "--continue-ttl") {
            if (!next(&v) || !toInt(v, 0, 86400 * 365, &n))
                return error->empty() ? bad(v) : false;
            o->continueTtlSeconds = static_cast<int>(n);
        } else if (flag == "--watch-timeout") {
            if (!next(&v) || !toInt(v, 1, 86400 * 365, &n))
                return error->empty() ? bad(v) : false;
            o->minWatchTimeoutSeconds = static_cast<int>(n);
        } else if (flag == "--bookmark-interval") {
            if (!next(&v) || !toInt(v, 1, 86400, &n))
                return error->empty() ? bad(v) : false;
            o->bookmarkIntervalSeconds = static_cast<int>(n);
        } else if (flag == "--threads") {
            if (!next(&v) || !toInt(v, 4, 10000, &n))
                return error->empty() ? bad(v) : false;
            o->threads = static_cast<int>(n);
        } else if (flag == "--server-version") {
            if (!next(&v))
                return false;
            if (!std::regex_match(v, std::regex("v[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.+-]+)?")))
                return bad(v);
            o->serverVersion = v;
        } else if (flag == "--nodes") {
            if (!next(&v) || !toInt(v, 0, 100000, &n))
                return error->empty() ? bad(v) : false;
            o->nodes = static_cast<int>(n);
        } else if (flag == "--workloads") {
            if (!next(&v) || !toInt(v, 0, 1000000, &n))
                return error->empty() ? bad(v) : false;
            o->workloads = static_cast<int>(n);
        } else if (flag == "--workload-churn") {
            if (!next(&v) || !toDouble(v, 0, &o->workloadChurn))
                return error->empty() ? bad(v) : false;
        } else if (flag == "--forbid") {
            ForbidRule rule;
            if (!next(&v))
                return false;
            if (!parseForbidRule(v, &rule))
                return bad(v);
            o->forbidden.push_back(rule);
        } else if (flag == "--fleet") {
            if (!next(&v))
                return false;
            o->fleetFiles.push_back(v);
        } else if (flag == "--producer-shapes") {
            o->producerShapes = true;
        } else if (flag == "--generate") {
            if (!next(&v) || !toInt(v, 0, 10000000, &n))
                return error->empty() ? bad(v) : false;
            o->generate = static_cast<int>(n);
        } else if (flag == "--seed") {
            if (!next(&v) || !toInt(v, 0, 0x7fffffffffffffffLL, &n))
                return error->empty() ? bad(v) : false;
            o->seed = static_cast<std::uint64_t>(n);
        } else if (flag == "--churn") {
            if (!next(&v) || !toDouble(v, 0, &o->churnRate))
                return error->empty() ? bad(v) : false;
        } else if (flag == "--churn-story") {
            o->churnHealth.story = true;
            o->churnHealth.neverHealthy = 2;
        } else if (flag == "--churn-for") {
            if (!next(&v) || !toDouble(v, 0, &o->churnForSeconds))
                return error->empty() ? bad(v) : false;
        } else if (flag == "--fault-slow-ms") {
            if (!next(&v) || !toInt(v, 0, 3600000, &n))
                return error->empty() ? bad(v) : false;
            o->faults.slowDelayMs = static_cast<int>(n);
        } else if (flag == "--fault-retry-after") {
            if (!next(&v) || !toInt(v, 0, 3600, &n))
                return error->empty() ? bad(v) : false;
            o->faults.retryAfterSeconds = static_cast<int>(n);
        } else if (flag == "--fault-seed") {
            if (!next(&v) || !toInt(v, 0, 0x7fffffffffffffffLL, &n))
                return error->empty() ? bad(v) : false;
            o->faults.seed = static_cast<std::uint64_t>(n);
        } else if (flag.rfind("--fault-", 0) == 0) {
            bool known = false;
            for (std::size_t k = 0; k < kFaultKindCount; ++k) {
                const FaultKind kind = static_cast<FaultKind>(k);
                if (flag == std::string("--fault-") + faultName(kind)) {
                    known = true;
                    if (!next(&v))
                        return false;
                    if (!parseFaultSpec(v, &o->faults[kind]))
                        return bad(v);
                }
            }
            if (!known) {
                *error = "unknown flag " + flag + " (see --help)";
                return false;
            }
        } else {
            *error = "unknown flag " + flag + " (see --help)";
            return false;
        }
    }
    if (o->tlsCertFile.empty() != o->tlsKeyFile.empty()) {
        *error = "--tls-cert and --tls-key go together";
        return false;
    }
    return true;
}

} // namespace fleetscope::hub
