#include "apirouter.h"

#include "discovery.h"
#include "faults.h"
#include "hostilefaults.h"
#include "resourcetypes.h"
#include "tableprinter.h"
#include "validation.h"
#include "watchstream.h"

#include <algorithm>
#include <random>

namespace fleetscope::hub {

ApiResponse jsonResponse(int status, const nlohmann::json &body)
{
    ApiResponse response;
    response.status = status;
    response.body = body.dump();
    return response;
}

ApiResponse errorResponse(const ApiError &error)
{
    ApiResponse response = jsonResponse(error.code, error.toStatus());
    if (error.retryAfterSeconds > 0)
        response.headers.emplace_back("Retry-After", std::to_string(error.retryAfterSeconds));
    return response;
}

std::string queryValue(const std::multimap<std::string, std::string> &query, const std::string &key)
{
    const auto it = query.find(key);
    return it == query.end() ? std::string() : it->second;
}

bool queryBool(const std::multimap<std::string, std::string> &query, const std::string &key)
{
    // runtime/conversion.go: absent, "0" and "false" are false; anything else (even "") is true.
    const auto it = query.find(key);
    if (it == query.end())
        return false;
    return it->second != "0" && it->second != "false" && it->second != "False";
}

namespace {

std::vector<std::string> splitPath(const std::string &path)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start < path.size()) {
        const std::size_t slash = path.find('/', start);
        const std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (!part.empty())
            parts.push_back(part);
        if (slash == std::string::npos)
            break;
        start = slash + 1;
    }
    return parts;
}

bool parseRv(const std::string &text, std::uint64_t *out)
{
    if (text.empty() || text.size() > 20 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    try {
        *out = std::stoull(text);
    } catch (...) {
        return false;
    }
    return true;
}

ApiError invalidListOption(const std::string &field, const std::string &message)
{
    return errors::invalid("ListOptions.meta.k8s.io", "", {{field, "FieldValueForbidden", "Forbidden: " + message}});
}

std::string verbFor(const std::string &method, bool isWatch, bool hasName)
{
    if (method == "GET")
        return isWatch ? "watch" : (hasName ? "get" : "list");
    if (method == "POST")
        return "create";
    if (method == "PUT")
        return "update";
    if (method == "PATCH")
        return "patch";
    if (method == "DELETE")
        return hasName ? "delete" : "deletecollection";
    return "get";
}

IncludeObject includeObject(const std::multimap<std::string, std::string> &query)
{
    const std::string v = queryValue(query, "includeObject");
    if (v == "None")
        return IncludeObject::None;
    if (v == "Object")
        return IncludeObject::Object;
    return IncludeObject::Metadata;
}

} // namespace

ApiRouter::ApiRouter(ObjectStore &store, FaultInjector &faults, AccessPolicy policy, WatchSettings watch,
                     std::string serverAddress, std::string gitVersion, ServedApi served)
    : m_store(store)
    , m_faults(faults)
    , m_policy(std::move(policy))
    , m_watch(watch)
    , m_serverAddress(std::move(serverAddress))
    , m_gitVersion(std::move(gitVersion))
    , m_served(std::move(served))
{
}

ApiRouter::Identity ApiRouter::authenticate(const ApiRequest &request) const
{
    Identity identity;
    const std::string prefix = "Bearer ";
    if (request.authorization.rfind(prefix, 0) == 0) {
        const std::string token = request.authorization.substr(prefix.size());
        if (!m_policy.adminToken.empty() && token == m_policy.adminToken) {
            identity.authenticated = true;
            identity.user = "admin";
            return identity;
        }
        const auto restricted = m_policy.restrictions.find(token);
        if (restricted != m_policy.restrictions.end()) {
            identity.authenticated = true;
            identity.restricted = true;
            identity.namespaces = restricted->second;
            // A stable, token-free name for Forbidden messages.
            const auto index = std::distance(m_policy.restrictions.begin(), restricted);
            identity.user = "restricted-user-" + std::to_string(index + 1);
        }
        // A wrong token is 401 even if anonymous access is on, as with kube's authenticators.
        return identity;
    }
    if (m_policy.acceptClientCertificates && !request.clientCertificateUser.empty()) {
        identity.authenticated = true;
        identity.user = request.clientCertificateUser;
        return identity;
    }
    if (m_policy.allowAnonymous) {
        identity.authenticated = true;
        identity.user = "system:anonymous";
    }
    return identity;
}

bool ApiRouter::isForbidden(const std::string &verb, const Target &target) const
{
    for (const ForbidRule &rule : m_policy.forbidden) {
        const bool verbMatches = std::find(rule.verbs.begin(), rule.verbs.end(), "*") != rule.verbs.end()
            || std::find(rule.verbs.begin(), rule.verbs.end(), verb) != rule.verbs.end();
        if (!verbMatches || (rule.resource != "*" && rule.resource != target.type->plural))
            continue;
        if (rule.namespaceName.empty())
            return true;
        if (target.type->namespaced && (target.namespaceName.empty() || target.namespaceName == rule.namespaceName))
            return true;
    }
    return false;
}

ApiResponse ApiRouter::handle(const ApiRequest &request)
{
    std::string path = request.path;
    const std::vector<std::string> parts = splitPath(path);
    // Health and version are public (system:public-info-viewer).
    if (parts.size() == 1 && (parts[0] == "healthz" || parts[0] == "livez" || parts[0] == "readyz")) {
        ApiResponse ok;
        ok.contentType = "text/plain; charset=utf-8";
        ok.body = "ok";
        return ok;
    }
    if (parts.size() == 1 && parts[0] == "version")
        return jsonResponse(200, versionInfo(m_gitVersion));

    const Identity identity = authenticate(request);
    if (!identity.authenticated)
        return errorResponse(errors::unauthorized());

    // What the hub holds right now, for tests that compare a client's view with it:
    // never faulted, unlike the API (kubectl would meet the injected faults too).
    if (parts.size() == 2 && parts[0] == "fleetscope-hub" && parts[1] == "truth" && request.method == "GET")
        return jsonResponse(200, truth());
    if (parts.size() == 2 && parts[0] == "fleetscope-hub" && parts[1] == "compact" && request.method == "POST") {
        m_store.compact();
        return jsonResponse(200, {{"resourceVersion", std::to_string(m_store.currentRv())}});
    }

    if (!parts.empty() && parts[0] == "openapi" && parts.size() >= 2 && parts[1] == "v3"
        && request.method == "GET") {
        if (parts.size() == 2)
            return jsonResponse(200, openApiV3Root());
        std::string key;
        for (std::size_t i = 2; i < parts.size(); ++i)
            key += (key.empty() ? "" : "/") + parts[i];
        const nlohmann::json doc = openApiV3Document(key);
        return doc.is_null() ? errorResponse(errors::pathNotFound()) : jsonResponse(200, doc);
    }
    if (!parts.empty() && (parts[0] == "api" || parts[0] == "apis") && m_faults.fire(FaultKind::HtmlAnswer)) {
        // A single-sign-on proxy in front of the apiserver, answering what it was not meant to.
        ApiResponse page;
        page.contentType = "text/html; charset=utf-8";
        page.body = "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form>Sign in to continue"
                    "</form></body></html>\n";
        return page;
    }
    if (!parts.empty() && (parts[0] == "openapi" || parts[0] == "swagger.json"))
        return errorResponse(errors::pathNotFound());
    if (parts.empty() || (parts[0] != "api" && parts[0] != "apis"))
        return errorResponse(errors::pathNotFound());

    const bool core = parts[0] == "api";
    if (request.method == "GET") {
        if (core && parts.size() == 1)
            return jsonResponse(200, coreApiVersions(m_serverAddress));
        if (core && parts.size() == 2) {
            const nlohmann::json list = apiResourceList("", parts[1], m_served);
            return list.is_null() ? errorResponse(errors::pathNotFound()) : jsonResponse(200, list);
        }
        if (!core && parts.size() == 1)
            return jsonResponse(200, apiGroupList(m_served));
        if (!core && parts.size() == 2) {
            const nlohmann::json group = apiGroup(parts[1], m_served);
            return group.is_null() ? errorResponse(errors::pathNotFound()) : jsonResponse(200, group);
        }
        if (!core && parts.size() == 3) {
            const nlohmann::json list = apiResourceList(parts[1], parts[2], m_served);
            return list.is_null() ? errorResponse(errors::pathNotFound()) : jsonResponse(200, list);
        }
    }

    Target target;
    ApiError error;
    if (!parseResourcePath(parts, &target, &error))
        return errorResponse(error);
    return serveResource(request, identity, target);
}

bool ApiRouter::parseResourcePath(const std::vector<std::string> &parts, Target *target, ApiError *error) const
{
    // /api/v1/...  or  /apis/<group>/<version>/...
    const bool core = parts[0] == "api";
    const std::size_t base = core ? 2 : 3;
    if (parts.size() <= base) {
        *error = errors::pathNotFound();
        return false;
    }
    const std::string group = core ? std::string() : parts[1];
    target->version = core ? parts[1] : parts[2];
    std::vector<std::string> rest(parts.begin() + static_cast<std::ptrdiff_t>(base), parts.end());
    // namespaces/{ns}/{plural}/... unless it is the namespaces resource itself.
    if (rest.size() >= 3 && rest[0] == "namespaces") {
        target->namespaceName = rest[1];
        rest.erase(rest.begin(), rest.begin() + 2);
    }
    target->type = findResourceType(group, rest[0]);
    if (!target->type || !m_served.serves(*target->type, target->version) || rest.size() > 3) {
        *error = errors::pathNotFound();
        return false;
    }
    if (!target->type->namespaced && !target->namespaceName.empty()) {
        *error = errors::pathNotFound();
        return false;
    }
    if (rest.size() >= 2)
        target->name = rest[1];
    if (rest.size() == 3) {
        if (rest[2] != "status" || !target->type->hasStatus) {
            *error = errors::pathNotFound();
            return false;
        }
        target->subresource = Subresource::Status;
    }
    return true;
}

ApiResponse ApiRouter::serveResource(const ApiRequest &request, const Identity &identity, const Target &target)
{
    const bool isWatch = request.method == "GET" && queryBool(request.query, "watch");
    const bool hasName = !target.name.empty();
    const std::string verb = verbFor(request.method, isWatch, hasName);
    if (identity.restricted) {
        // RBAC-narrow user: Roles in its namespaces only, nothing cluster-wide.
        const std::string scope = target.type->namespaced ? target.namespaceName
                                                          : std::string();
        const bool allowed = target.type->namespaced
            ? std::find(identity.namespaces.begin(), identity.namespaces.end(), scope) != identity.namespaces.end()
            : (verb == "get" && std::find(identity.namespaces.begin(), identity.namespaces.end(), target.name)
                   != identity.namespaces.end());
        if (!allowed)
            return errorResponse(errors::forbidden(identity.user, verb, *target.type, scope));
    }

    if (isForbidden(verb, target))
        return errorResponse(errors::forbidden(identity.user, verb, *target.type, target.namespaceName));

    ApiResponse faulted;
    std::chrono::milliseconds delay{0};
    if (m_faults.fire(FaultKind::Slow))
        delay = std::chrono::milliseconds(m_faults.settings().slowDelayMs);
    if (m_faults.fire(FaultKind::TooManyRequests)) {
        // APF rejects with plain text, not a Status (priority-and-fairness.go).
        faulted.status = 429;
        faulted.contentType = "text/plain; charset=utf-8";
        faulted.body = "Too many requests, please try again later.\n";
        faulted.headers = {{"Retry-After", std::to_string(m_faults.settings().retryAfterSeconds)},
                           {"X-Kubernetes-PF-FlowSchema-UID", "fleetscope-hub-flowschema"},
                           {"X-Kubernetes-PF-PriorityLevel-UID", "fleetscope-hub-prioritylevel"}};
        faulted.delay = delay;
        return faulted;
    }
    if (m_faults.fire(FaultKind::InternalError)) {
        faulted = errorResponse(errors::internalError("fault injected by fleetscope-hub"));
        faulted.delay = delay;
        return faulted;
    }
    if (m_faults.fire(FaultKind::ServiceUnavailable)) {
        faulted = errorResponse(errors::serviceUnavailable("the server is currently unable to handle the request",
                                                           m_faults.settings().retryAfterSeconds));
        faulted.delay = delay;
        return faulted;
    }

    ApiResponse response;
    // Hostile answers hit ClusterProfiles only, so that tests know which request fails.
    const bool hostile = target.type->plural == "clusterprofiles";
    if (hostile && applyNoAnswerFault(m_faults, &response))
        return response;
    const Subresource sub = target.subresource;
    if (request.method == "GET") {
        const auto stopped = [this] { return m_store.isShutdown(); };
        if (hasName) {
            response = getOne(request, target);
        } else if (isWatch) {
            response = watch(request, target);
            if (hostile)
                applyHostileWatchFault(m_faults, stopped, &response);
        } else {
            response = list(request, target);
            if (hostile && !acceptsTable(request.accept))
                applyHostileListFault(m_faults, stopped, &response);
        }
    } else if (request.method == "POST" && !hasName) {
        const nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
        if (body.is_discarded()) {
            response = errorResponse(errors::badRequest("the body of the request was not valid JSON"));
        } else {
            StoreResult result = m_store.create(*target.type, target.namespaceName, body, false, target.version);
            response = objectResponse(request, target, result, 201);
        }
    } else if (request.method == "PUT" && hasName) {
        const nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
        if (body.is_discarded())
            response = errorResponse(errors::badRequest("the body of the request was not valid JSON"));
        else
            response = objectResponse(request, target,
                                      m_store.update(*target.type, target.namespaceName, target.name, body, sub, target.version), 200);
    } else if (request.method == "PATCH" && hasName) {
        const std::string type = request.contentType.substr(0, request.contentType.find(';'));
        PatchKind kind;
        if (type == "application/merge-patch+json") {
            kind = PatchKind::Merge;
        } else if (type == "application/json-patch+json") {
            kind = PatchKind::Json;
        } else {
            // Custom resources support neither strategic merge patch nor (here) server-side apply.
            return errorResponse(errors::unsupportedMediaType());
        }
        const nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
        if (body.is_discarded())
            response = errorResponse(errors::badRequest("the body of the request was not valid JSON"));
        else
            response = objectResponse(
                request, target, m_store.patch(*target.type, target.namespaceName, target.name, kind, body, sub, target.version), 200);
    } else if (request.method == "DELETE" && hasName && sub == Subresource::None) {
        std::string precondition;
        const nlohmann::json options = nlohmann::json::parse(request.body, nullptr, false);
        if (options.is_object() && options.contains("preconditions") && options["preconditions"].is_object())
            precondition = options["preconditions"].value("resourceVersion", std::string());
        response = objectResponse(request, target,
                                  m_store.remove(*target.type, target.namespaceName, target.name, precondition), 200);
    } else {
        response = errorResponse(errors::methodNotAllowed());
    }
    response.delay = delay;
    return response;
}

ApiResponse ApiRouter::objectResponse(const ApiRequest &request, const Target &target, const StoreResult &result,
                                      int successCode)
{
    if (!result.error.ok())
        return errorResponse(result.error);
    nlohmann::json object = *result.object;
    object["apiVersion"] = target.type->groupVersion(target.version);
    pruneForVersion(*target.type, target.version, &object);
    if (acceptsTable(request.accept) && request.method == "GET") {
        TablePrinter printer(*target.type, object["apiVersion"].get<std::string>(), includeObject(request.query));
        nlohmann::json table = printer.table({result.object});
        table["metadata"]["resourceVersion"] = object["metadata"].value("resourceVersion", std::string());
        return jsonResponse(200, table);
    }
    return jsonResponse(result.created ? 201 : successCode, object);
}

ApiResponse ApiRouter::getOne(const ApiRequest &request, const Target &target)
{
    return objectResponse(request, target, m_store.get(*target.type, target.namespaceName, target.name), 200);
}

ApiResponse ApiRouter::list(const ApiRequest &request, const Target &target)
{
    ListRequest list;
    list.type = target.type;
    list.namespaceName = target.namespaceName;
    std::string error;
    if (!list.labels.parse(queryValue(request.query, "labelSelector"), &error))
        return errorResponse(errors::badRequest(error));
    std::vector<std::string> fields = {"metadata.name", "metadata.namespace"};
    if (target.type->kind == "Namespace")
        fields.push_back("status.phase");
    if (!list.fields.parse(queryValue(request.query, "fieldSelector"), fields, &error))
        return errorResponse(errors::badRequest(error));
    const std::string limit = queryValue(request.query, "limit");
    if (!limit.empty()) {
        std::uint64_t n = 0;
        if (!parseRv(limit, &n))
            return errorResponse(errors::badRequest("invalid limit \"" + limit + "\""));
        list.limit = static_cast<std::size_t>(n);
    }
    list.continueToken = queryValue(request.query, "continue");
    const std::string rvText = queryValue(request.query, "resourceVersion");
    const std::string match = queryValue(request.query, "resourceVersionMatch");
    if (request.query.count("sendInitialEvents"))
        return errorResponse(invalidListOption("sendInitialEvents", "sendInitialEvents is forbidden for list"));
    if (!match.empty()) {
        if (rvText.empty())
            return errorResponse(invalidListOption("resourceVersionMatch",
                                                   "resourceVersionMatch is forbidden unless resourceVersion is provided"));
        if (!list.continueToken.empty())
            return errorResponse(
                invalidListOption("resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided"));
        if (match == "Exact" && rvText == "0")
            return errorResponse(invalidListOption(
                "resourceVersionMatch", "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
        if (match != "Exact" && match != "NotOlderThan")
            return errorResponse(errors::invalid(
                "ListOptions.meta.k8s.io", "",
                {{"resourceVersionMatch", "FieldValueNotSupported",
                  "Unsupported value: \"" + match + "\": supported values: \"Exact\", \"NotOlderThan\", \"\""}}));
    }
    std::uint64_t rv = 0;
    if (!rvText.empty() && !parseRv(rvText, &rv))
        return errorResponse(errors::invalid("ListOptions.meta.k8s.io", "",
                                             {{"resourceVersion", "FieldValueInvalid",
                                               "Invalid value: \"" + rvText + "\": invalid resource version"}}));
    if (match == "Exact") {
        list.exactRv = rv;
    } else if (rv > 0 && list.continueToken.empty()) {
        // NotOlderThan: the watch cache waits up to 3 s to catch up, then 504.
        if (!m_store.waitForRv(rv, std::chrono::steady_clock::now() + std::chrono::seconds(3)))
            return errorResponse(errors::tooLargeResourceVersion(rv, m_store.currentRv()));
    }
    if (!list.continueToken.empty())
        list.forceExpireContinue = m_faults.fire(FaultKind::ExpireContinue);

    ListResult result = m_store.list(list);
    if (!result.error.ok())
        return errorResponse(result.error);

    const std::string apiVersion = target.type->groupVersion(target.version);
    nlohmann::json meta = {{"resourceVersion", std::to_string(result.rv)}};
    if (!result.continueToken.empty())
        meta["continue"] = result.continueToken;
    if (result.remainingItemCount)
        meta["remainingItemCount"] = *result.remainingItemCount;

    if (acceptsTable(request.accept)) {
        TablePrinter printer(*target.type, apiVersion, includeObject(request.query));
        nlohmann::json table = printer.table(result.items);
        table["metadata"] = meta;
        return jsonResponse(200, table);
    }
    // Built as text: a 10k-profile list is ~14 MB and a DOM copy of it would double the work.
    std::string body = R"({"apiVersion":")" + apiVersion + R"(","items":[)";
    const std::string storageApiVersion = target.type->groupVersion(target.type->storageVersion);
    bool first = true;
    for (const ObjectPtr &item : result.items) {
        if (!first)
            body += ',';
        first = false;
        if (apiVersion == storageApiVersion) {
            body += item->dump();
        } else {
            nlohmann::json copy = *item;
            copy["apiVersion"] = apiVersion;
            pruneForVersion(*target.type, target.version, &copy);
            body += copy.dump();
        }
    }
    body += R"(],"kind":")" + target.type->listKind + R"(","metadata":)" + meta.dump() + "}";
    ApiResponse response;
    response.body = std::move(body);
    return response;
}

ApiResponse ApiRouter::watch(const ApiRequest &request, const Target &target)
{
    WatchRequest w;
    w.type = target.type;
    w.apiVersion = target.type->groupVersion(target.version);
    w.namespaceName = target.namespaceName;
    std::string error;
    if (!w.labels.parse(queryValue(request.query, "labelSelector"), &error))
        return errorResponse(errors::badRequest(error));
    std::vector<std::string> fields = {"metadata.name", "metadata.namespace"};
    if (target.type->kind == "Namespace")
        fields.push_back("status.phase");
    if (!w.fields.parse(queryValue(request.query, "fieldSelector"), fields, &error))
        return errorResponse(errors::badRequest(error));
    const std::string rvText = queryValue(request.query, "resourceVersion");
    const std::string match = queryValue(request.query, "resourceVersionMatch");
    const bool hasSendInitial = request.query.count("sendInitialEvents") > 0;
    std::vector<errors::FieldError> problems;
    // internalversion/validation.go validateWatchOptions, in the same order.
    if (hasSendInitial) {
        if (match != "NotOlderThan")
            problems.push_back({"resourceVersionMatch", "FieldValueForbidden",
                                "Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"});
        if (!m_watch.watchList)
            problems.push_back({"sendInitialEvents", "FieldValueForbidden",
                                "Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature "
                                "gate is enabled"});
    }
    if (!match.empty()) {
        if (!hasSendInitial)
            problems.push_back({"resourceVersionMatch", "FieldValueForbidden",
                                "Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is "
                                "provided"});
        if (match != "NotOlderThan")
            problems.push_back({"resourceVersionMatch", "FieldValueNotSupported",
                                "Unsupported value: \"" + match + "\": supported values: \"NotOlderThan\""});
    }
    if (!problems.empty())
        return errorResponse(errors::invalid("ListOptions.meta.k8s.io", "", problems));
    std::uint64_t rv = 0;
    if (!rvText.empty() && !parseRv(rvText, &rv))
        return errorResponse(errors::invalid("ListOptions.meta.k8s.io", "",
                                             {{"resourceVersion", "FieldValueInvalid",
                                               "Invalid value: \"" + rvText + "\": invalid resource version"}}));
    if (!rvText.empty() && rv != 0)
        w.resourceVersion = rv;
    w.sendInitialEvents = hasSendInitial && queryBool(request.query, "sendInitialEvents");
    if (hasSendInitial && !w.sendInitialEvents && !w.resourceVersion) {
        // sendInitialEvents=false without an RV: start from "now", no synthetic ADDEDs.
        w.resourceVersion = m_store.currentRv();
    }
    w.allowBookmarks = queryBool(request.query, "allowWatchBookmarks");
    w.table = acceptsTable(request.accept);
    w.include = includeObject(request.query);
    w.bookmarkInterval = std::chrono::seconds(m_watch.bookmarkIntervalSeconds);
    const std::string timeout = queryValue(request.query, "timeoutSeconds");
    std::uint64_t seconds = 0;
    if (!timeout.empty() && parseRv(timeout, &seconds) && seconds > 0) {
        w.timeout = std::chrono::seconds(seconds);
    } else {
        // minRequestTimeout × (1 + rand[0,1)): clients must cope with a server-side close.
        static thread_local std::mt19937 random{std::random_device{}()};
        const double factor = 1.0 + std::uniform_real_distribution<double>(0.0, 1.0)(random);
        w.timeout = std::chrono::milliseconds(static_cast<long long>(m_watch.minTimeoutSeconds * 1000.0 * factor));
    }
    if (m_faults.fire(FaultKind::WatchGoneHttp))
        return errorResponse(errors::gone("too old resource version: " + rvText));
    w.startGone = m_faults.fire(FaultKind::WatchGone);

    ApiResponse response;
    response.watch = std::make_shared<WatchStream>(m_store, &m_faults, std::move(w));
    return response;
}

nlohmann::json ApiRouter::truth() const
{
    nlohmann::json objects = nlohmann::json::object();
    std::uint64_t rv = 0;
    if (const ResourceType *profiles = findResourceType("multicluster.x-k8s.io", "clusterprofiles")) {
        for (const ObjectPtr &object : m_store.snapshot(*profiles, &rv)) {
            const nlohmann::json metadata = object->value("metadata", nlohmann::json::object());
            objects[metadata.value("namespace", std::string()) + "/" + metadata.value("name", std::string())] =
                metadata.value("resourceVersion", std::string());
        }
    }
    return {{"resourceVersion", std::to_string(rv)},
            {"churning", m_churning && m_churning()},
            {"clusterprofiles", objects}};
}

} // namespace fleetscope::hub
