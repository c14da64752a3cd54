#pragma once

#include "apistatus.h"
#include "discovery.h"
#include "huboptions.h"
#include "objectstore.h"
#include "resourcetypes.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fleetscope::hub {

class FaultInjector;
class WatchStream;

// An HTTP request reduced to what the API needs, so that routing, auth and faults are
// testable without sockets.
struct ApiRequest
{
    std::string method;
    std::string path;
    std::multimap<std::string, std::string> query; // already URL-decoded
    std::string accept;
    std::string contentType;
    std::string authorization;
    std::string clientCertificateUser; // CN of a verified client certificate
    std::string body;
};

struct ApiResponse
{
    int status = 200;
    std::string contentType = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    std::shared_ptr<WatchStream> watch; // set for watch requests: stream this instead of body
    std::chrono::milliseconds delay{0}; // fault: answer this late
    // Fault: a body made on the fly (chunked): appends to *chunk, false after the last.
    std::function<bool(std::string *chunk)> generate;
    // Fault: gzip the body whatever its size (if the client asks) and send half of it.
    bool brokenGzip = false;
};

struct AccessPolicy
{
    std::string adminToken;
    bool allowAnonymous = false;
    bool acceptClientCertificates = false;
    std::map<std::string, std::vector<std::string>> restrictions;
    std::vector<ForbidRule> forbidden; // for every user, the admin too
};

struct WatchSettings
{
    int minTimeoutSeconds = 1800;
    int bookmarkIntervalSeconds = 60;
    bool watchList = true;
};

// Authenticates, authorizes, injects faults and serves the Kubernetes REST API.
class ApiRouter final
{
public:
    ApiRouter(ObjectStore &store, FaultInjector &faults, AccessPolicy policy, WatchSettings watch,
              std::string serverAddress, std::string gitVersion = kDefaultGitVersion, ServedApi served = {});
    ApiRouter(const ApiRouter &) = delete;
    ApiRouter &operator=(const ApiRouter &) = delete;

    ApiResponse handle(const ApiRequest &request);
    // Whether background churn is still changing objects (reported by /fleetscope-hub/truth,
    // so that a test can wait for a still fleet). Set before the server serves requests.
    void setChurningProbe(std::function<bool()> churning) { m_churning = std::move(churning); }

private:
    struct Identity
    {
        bool authenticated = false;
        std::string user;
        bool restricted = false;
        std::vector<std::string> namespaces;
    };
    struct Target
    {
        const ResourceType *type = nullptr;
        std::string version;
        std::string namespaceName;
        std::string name;
        Subresource subresource = Subresource::None;
    };

    Identity authenticate(const ApiRequest &request) const;
    bool isForbidden(const std::string &verb, const Target &target) const;
    // {"resourceVersion": …, "clusterprofiles": {"ns/name": rv}}: GET /fleetscope-hub/truth.
    nlohmann::json truth() const;
    bool parseResourcePath(const std::vector<std::string> &parts, Target *target, ApiError *error) const;
    ApiResponse serveResource(const ApiRequest &request, const Identity &identity, const Target &target);
    ApiResponse list(const ApiRequest &request, const Target &target);
    ApiResponse watch(const ApiRequest &request, const Target &target);
    ApiResponse getOne(const ApiRequest &request, const Target &target);
    ApiResponse objectResponse(const ApiRequest &request, const Target &target, const StoreResult &result,
                               int successCode);

    ObjectStore &m_store;
    FaultInjector &m_faults;
    AccessPolicy m_policy;
    WatchSettings m_watch;
    std::string m_serverAddress;
    std::string m_gitVersion;
    ServedApi m_served;
    std::function<bool()> m_churning;
};

ApiResponse errorResponse(const ApiError &error);
ApiResponse jsonResponse(int status, const nlohmann::json &body);
bool queryBool(const std::multimap<std::string, std::string> &query, const std::string &key);
std::string queryValue(const std::multimap<std::string, std::string> &query, const std::string &key);

} // namespace fleetscope::hub
