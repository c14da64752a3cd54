#include "workloadgenerator.h"

#include "hubutil.h"

#include <algorithm>
#include <cstdio>

namespace fleetscope::hub {

namespace {

struct AppTemplate
{
    const char *namespaceName;
    const char *name;
    const char *image;
};

// Realistic applications over a few namespaces; repeated with a suffix for big members.
const AppTemplate kApps[] = {
    {"shop", "frontend", "registry.example.com/shop/frontend:2.14.1"},
    {"shop", "cart", "registry.example.com/shop/cart:1.9.0"},
    {"shop", "checkout", "registry.example.com/shop/checkout:3.2.4"},
    {"payments", "ledger", "registry.example.com/payments/ledger:5.0.2"},
    {"payments", "gateway", "registry.example.com/payments/gateway:5.0.2"},
    {"monitoring", "prometheus", "quay.io/prometheus/prometheus:v2.54.1"},
    {"monitoring", "grafana", "docker.io/grafana/grafana:11.2.0"},
    {"ingress", "ingress-nginx-controller", "registry.k8s.io/ingress-nginx/controller:v1.11.2"},
    {"kube-system", "coredns", "registry.k8s.io/coredns/coredns:v1.11.3"},
    {"kube-system", "metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.7.2"},
};

// The characters Kubernetes uses for generated name suffixes (no vowels, no confusables).
const char kSuffixAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";

std::string suffix(std::mt19937_64 &random, int length)
{
    std::string out;
    for (int i = 0; i < length; ++i)
        out += kSuffixAlphabet[random() % (sizeof kSuffixAlphabet - 1)];
    return out;
}

std::string at(std::chrono::system_clock::time_point when)
{
    return formatTimestamp(when);
}

nlohmann::json namespaceObject(const std::string &name, std::chrono::system_clock::time_point created)
{
    return {{"apiVersion", "v1"},
            {"kind", "Namespace"},
            {"metadata", {{"name", name}, {"creationTimestamp", at(created)}}}};
}

std::string podIp(std::mt19937_64 &random)
{
    return "10.244." + std::to_string(random() % 64) + "." + std::to_string(2 + random() % 250);
}

} // namespace

nlohmann::json generatePod(std::mt19937_64 &random, const nlohmann::json &deployment, const std::string &node,
                           std::chrono::system_clock::time_point created)
{
    const nlohmann::json &meta = deployment["metadata"];
    const std::string app = meta["name"].get<std::string>();
    const std::string hash = deployment["spec"]["template"]["metadata"]["labels"]["pod-template-hash"].get<std::string>();
    const std::string name = app + "-" + hash + "-" + suffix(random, 5);
    const nlohmann::json &container = deployment["spec"]["template"]["spec"]["containers"][0];
    const std::string started = at(created + std::chrono::seconds(4));
    return {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata",
             {{"name", name},
              {"namespace", meta["namespace"]},
              {"creationTimestamp", at(created)},
              {"labels", {{"app", app}, {"pod-template-hash", hash}}},
              {"ownerReferences",
               {{{"apiVersion", "apps/v1"}, {"kind", "ReplicaSet"}, {"name", app + "-" + hash}, {"controller", true},
                 {"uid", randomUuid()}}}}}},
            {"spec",
             {{"nodeName", node},
              {"containers", {{{"name", container["name"]}, {"image", container["image"]}}}},
              {"restartPolicy", "Always"}}},
            {"status",
             {{"phase", "Running"},
              {"podIP", podIp(random)},
              {"hostIP", "10.0.0." + std::to_string(2 + random() % 200)},
              {"startTime", at(created)},
              {"containerStatuses",
               {{{"name", container["name"]}, {"image", container["image"]}, {"ready", true}, {"restartCount", 0},
                 {"started", true}, {"state", {{"running", {{"startedAt", started}}}}}}}}}}};
}

std::vector<nlohmann::json> generateWorkloads(int pods, std::uint64_t seed, int nodes,
                                              std::chrono::system_clock::time_point now)
{
    using std::chrono::hours;
    using std::chrono::minutes;
    std::mt19937_64 random(seed * 0x2545f4914f6cdd1dULL + 17);
    std::vector<nlohmann::json> out;
    const auto clusterBirth = now - hours(24 * 60);
    std::vector<std::string> namespaces = {"kube-system", "shop", "payments", "monitoring", "ingress"};
    for (const std::string &ns : namespaces)
        out.push_back(namespaceObject(ns, clusterBirth));
    out.push_back({{"apiVersion", "v1"},
                   {"kind", "Service"},
                   {"metadata", {{"name", "kubernetes"}, {"namespace", "default"}, {"creationTimestamp", at(clusterBirth)},
                                 {"labels", {{"component", "apiserver"}, {"provider", "kubernetes"}}}}},
                   {"spec", {{"type", "ClusterIP"}, {"clusterIP", "10.96.0.1"},
                             {"ports", {{{"name", "https"}, {"port", 443}, {"protocol", "TCP"}, {"targetPort", 6443}}}}}}});

    int made = 0;
    int round = 0;
    const int nodeCount = std::max(1, nodes);
    std::vector<nlohmann::json> events;
    while (made < pods) {
        for (const AppTemplate &app : kApps) {
            if (made >= pods)
                break;
            const std::string name = round == 0 ? app.name : std::string(app.name) + "-" + std::to_string(round);
            const int replicas = std::min(pods - made, 1 + int(random() % 6));
            const auto created = now - hours(1 + random() % (24 * 40));
            const std::string hash = suffix(random, 10);
            nlohmann::json deployment = {
                {"apiVersion", "apps/v1"},
                {"kind", "Deployment"},
                {"metadata", {{"name", name}, {"namespace", app.namespaceName}, {"creationTimestamp", at(created)},
                              {"generation", 1}, {"labels", {{"app", name}}}}},
                {"spec",
                 {{"replicas", replicas},
                  {"selector", {{"matchLabels", {{"app", name}}}}},
                  {"template",
                   {{"metadata", {{"labels", {{"app", name}, {"pod-template-hash", hash}}}}},
                    {"spec", {{"containers", {{{"name", std::string(app.name)}, {"image", app.image}}}}}}}}}},
                {"status", {{"replicas", replicas}, {"readyReplicas", replicas}, {"updatedReplicas", replicas},
                            {"availableReplicas", replicas}, {"observedGeneration", 1}}}};
            int ready = 0;
            for (int r = 0; r < replicas; ++r) {
                char node[32];
                std::snprintf(node, sizeof node, "node-%03d", int(random() % unsigned(nodeCount)));
                // Pods come up after their Deployment and at least an hour before now,
                // so that every restart below happened during the pod's life.
                const auto podCreated = std::min(created + minutes(random() % 600), now - hours(1));
                nlohmann::json pod = generatePod(random, deployment, node, podCreated);
                const unsigned roll = unsigned(random() % 100);
                nlohmann::json &status = pod["status"]["containerStatuses"][0];
                if (roll < 3) {
                    // Crash-looping: restarts piling up, the last one a few minutes ago.
                    status["ready"] = false;
                    status["restartCount"] = 3 + int(random() % 40);
                    status["state"] = {{"waiting", {{"reason", "CrashLoopBackOff"},
                                                   {"message", "back-off 5m0s restarting failed container"}}}};
                    status["lastState"] = {{"terminated", {{"exitCode", 1}, {"reason", "Error"},
                                                          {"finishedAt", at(now - minutes(1 + random() % 9))}}}};
                    const auto firstBackOff = std::max(podCreated, now - hours(2));
                    events.push_back({{"apiVersion", "v1"},
                                      {"kind", "Event"},
                                      {"metadata", {{"name", pod["metadata"]["name"].get<std::string>() + "." + suffix(random, 8)},
                                                    {"namespace", app.namespaceName},
                                                    {"creationTimestamp", at(firstBackOff)}}},
                                      {"involvedObject", {{"kind", "Pod"}, {"name", pod["metadata"]["name"]},
                                                          {"namespace", app.namespaceName},
                                                          {"fieldPath", "spec.containers{" + std::string(app.name) + "}"}}},
                                      {"reason", "BackOff"},
                                      {"message", "Back-off restarting failed container " + std::string(app.name)},
                                      {"type", "Warning"},
                                      {"source", {{"component", "kubelet"}, {"host", node}}},
                                      {"count", 5 + int(random() % 80)},
                                      {"firstTimestamp", at(firstBackOff)},
                                      {"lastTimestamp", at(now - minutes(random() % 5))}});
                } else if (roll < 5) {
                    pod["status"]["phase"] = "Pending";
                    pod["status"].erase("podIP");
                    status["ready"] = false;
                    status["started"] = false;
                    status["state"] = {{"waiting", {{"reason", "ContainerCreating"}}}};
                } else {
                    ++ready;
                    if (roll < 15) {
                        // The last restart somewhere in the pod's life, the container running since.
                        const auto life = std::chrono::duration_cast<minutes>(now - podCreated).count();
                        const auto finished = now - minutes(1 + std::int64_t(random() % std::uint64_t(std::max<std::int64_t>(1, life - 1))));
                        status["restartCount"] = 1 + int(random() % 3);
                        status["lastState"] = {{"terminated", {{"exitCode", 137}, {"reason", "OOMKilled"},
                                                              {"finishedAt", at(finished)}}}};
                        status["state"] = {{"running", {{"startedAt", at(finished + std::chrono::seconds(2))}}}};
                    }
                }
                out.push_back(std::move(pod));
                ++made;
            }
            deployment["status"]["readyReplicas"] = ready;
            deployment["status"]["availableReplicas"] = ready;
            out.push_back({{"apiVersion", "v1"},
                           {"kind", "Service"},
                           {"metadata", {{"name", name}, {"namespace", app.namespaceName}, {"creationTimestamp", at(created)}}},
                           {"spec", {{"type", "ClusterIP"},
                                     {"clusterIP", "10.96." + std::to_string(random() % 250) + "." + std::to_string(2 + random() % 250)},
                                     {"selector", {{"app", name}}},
                                     {"ports", {{{"port", 80}, {"protocol", "TCP"}, {"targetPort", 8080}}}}}}});
            out.push_back(std::move(deployment));
        }
        ++round;
    }
    for (nlohmann::json &event : events)
        out.push_back(std::move(event));

    // Secrets and Certificates per application namespace.
    for (std::size_t i = 1; i < namespaces.size(); ++i) {
        const std::string &ns = namespaces[i];
        out.push_back({{"apiVersion", "v1"},
                       {"kind", "Secret"},
                       {"metadata", {{"name", ns + "-tls"}, {"namespace", ns}, {"creationTimestamp", at(clusterBirth)}}},
                       {"type", "kubernetes.io/tls"},
                       {"data", {{"tls.crt", kWorkloadSecretValue}, {"tls.key", kWorkloadSecretValue}}}});
        out.push_back({{"apiVersion", "v1"},
                       {"kind", "Secret"},
                       {"metadata", {{"name", "db-credentials"}, {"namespace", ns}, {"creationTimestamp", at(clusterBirth)}}},
                       {"type", "Opaque"},
                       {"data", {{"password", kWorkloadSecretValue}}}});
        const bool issuing = i == 2;
        out.push_back({{"apiVersion", "cert-manager.io/v1"},
                       {"kind", "Certificate"},
                       {"metadata", {{"name", ns + "-tls"}, {"namespace", ns}, {"creationTimestamp", at(clusterBirth + hours(1))},
                                     {"generation", 1}}},
                       {"spec", {{"secretName", ns + "-tls"}, {"dnsNames", {ns + ".example.com"}},
                                 {"issuerRef", {{"name", "letsencrypt-prod"}, {"kind", "ClusterIssuer"}}}}},
                       {"status", {{"conditions",
                                    {{{"type", "Ready"}, {"status", issuing ? "False" : "True"},
                                      {"reason", issuing ? "DoesNotExist" : "Ready"},
                                      {"message", issuing ? "Issuing certificate as Secret does not exist"
                                                          : "Certificate is up to date and has not expired"},
                                      {"lastTransitionTime", at(now - hours(3))}}}}}}});
    }
    return out;
}

} // namespace fleetscope::hub
