#pragma once

#include "certificates.h"
#include "huboptions.h"
#include "objectstore.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace fleetscope::hub {

class FaultInjector;

// A simulated hub API server: kube-apiserver's REST semantics for Namespaces,
// ClusterProfiles and PlacementDecisions over HTTPS (cpp-httplib), embeddable in-process
// (Fleetscope's demo mode) or run as the fleetscope-hub executable. No Qt event loop needed.
//
// All methods are thread-safe. The mutation methods go through the same store as the REST
// API, so watches see them like any other change.
class HubServer final
{
public:
    explicit HubServer(HubOptions options);
    ~HubServer(); // stops
    HubServer(const HubServer &) = delete;
    HubServer &operator=(const HubServer &) = delete;

    // Loads/generates the fleet, makes certificates, binds and starts serving. Returns false
    // with a message naming the cause (file:line for fleet files, the address for binds).
    bool start(std::string *error);
    // Ends open watches (their bodies just end, as on an apiserver shutdown), stops churn and
    // joins every thread. Idempotent.
    void stop();
    bool isRunning() const;

    std::string url() const; // "https://127.0.0.1:PORT"
    int port() const;
    std::string token() const;
    std::string caCertificatePem() const; // empty for plain HTTP
    // kubeconfig with server, CA data and token, written with mode 0600.
    bool writeKubeconfig(const std::string &path, const std::string &contextName, std::string *error) const;
    // A client certificate for `user` signed by the hub's generated CA (needs clientCertAuth).
    bool issueClientCertificate(const std::string &user, PemPair *out, std::string *error) const;

    // Creates (status kept, unlike the REST create) or replaces an object, found by its
    // apiVersion/kind/metadata; namespaces are created on demand.
    StoreResult apply(const nlohmann::json &object);
    StoreResult create(const nlohmann::json &object);
    // PUT semantics: metadata.resourceVersion, when set, must match (409 otherwise).
    StoreResult update(const nlohmann::json &object);
    StoreResult updateStatus(const nlohmann::json &object);
    StoreResult patch(const std::string &apiVersion, const std::string &kind, const std::string &namespaceName,
                      const std::string &name, PatchKind patchKind, const nlohmann::json &patch,
                      Subresource subresource = Subresource::None);
    StoreResult remove(const std::string &apiVersion, const std::string &kind, const std::string &namespaceName,
                       const std::string &name);
    StoreResult get(const std::string &apiVersion, const std::string &kind, const std::string &namespaceName,
                    const std::string &name) const;
    std::uint64_t currentResourceVersion() const;

    ObjectStore &store();
    FaultInjector &faults();
    const HubOptions &options() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace fleetscope::hub
