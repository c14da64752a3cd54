#include "discovery.h"

#include "resourcetypes.h"

#include <algorithm>

namespace fleetscope::hub {

nlohmann::json versionInfo(const std::string &gitVersion)
{
    // "v1.30.4-eks-1a2b3c" → major "1", minor "30" (kube-apiserver's are strings too).
    const auto firstDot = gitVersion.find('.');
    const auto secondDot = firstDot == std::string::npos ? std::string::npos : gitVersion.find_first_not_of("0123456789", firstDot + 1);
    const std::string major = firstDot == std::string::npos ? std::string() : gitVersion.substr(1, firstDot - 1);
    const std::string minor = firstDot == std::string::npos ? std::string() : gitVersion.substr(firstDot + 1, secondDot - firstDot - 1);
    return {{"major", major},
            {"minor", minor},
            {"gitVersion", gitVersion},
            {"gitCommit", "0000000000000000000000000000000000000000"},
            {"gitTreeState", "clean"},
            {"buildDate", "2026-01-01T00:00:00Z"},
            {"goVersion", "go1.24.0"},
            {"compiler", "gc"},
            {"platform", "linux/amd64"}};
}

nlohmann::json coreApiVersions(const std::string &serverAddress)
{
    return {{"kind", "APIVersions"},
            {"versions", {"v1"}},
            {"serverAddressByClientCIDRs", {{{"clientCIDR", "0.0.0.0/0"}, {"serverAddress", serverAddress}}}}};
}

namespace {

nlohmann::json groupJson(const std::string &group, const ServedApi &served)
{
    nlohmann::json versions = nlohmann::json::array();
    std::vector<std::string> seen;
    for (const ResourceType &type : allResourceTypes()) {
        if (type.group != group)
            continue;
        for (const std::string &v : type.versions) {
            if (!served.serves(type, v) || std::find(seen.begin(), seen.end(), v) != seen.end())
                continue;
            seen.push_back(v);
            versions.push_back({{"groupVersion", group + "/" + v}, {"version", v}});
        }
    }
    if (versions.empty())
        return nullptr;
    return {{"name", group}, {"versions", versions}, {"preferredVersion", versions[0]}};
}

} // namespace

nlohmann::json apiGroupList(const ServedApi &served)
{
    nlohmann::json groups = nlohmann::json::array();
    std::vector<std::string> seen;
    for (const ResourceType &type : allResourceTypes()) {
        if (type.group.empty() || std::find(seen.begin(), seen.end(), type.group) != seen.end())
            continue;
        seen.push_back(type.group);
        if (nlohmann::json g = groupJson(type.group, served); !g.is_null())
            groups.push_back(std::move(g));
    }
    return {{"kind", "APIGroupList"}, {"apiVersion", "v1"}, {"groups", groups}};
}

nlohmann::json apiGroup(const std::string &group, const ServedApi &served)
{
    nlohmann::json g = groupJson(group, served);
    if (g.is_null())
        return g;
    g["kind"] = "APIGroup";
    g["apiVersion"] = "v1";
    return g;
}

nlohmann::json apiResourceList(const std::string &group, const std::string &version, const ServedApi &served)
{
    nlohmann::json resources = nlohmann::json::array();
    for (const ResourceType &type : allResourceTypes()) {
        if (type.group != group || !served.serves(type, version))
            continue;
        nlohmann::json r = {{"name", type.plural},
                            {"singularName", type.singular},
                            {"namespaced", type.namespaced},
                            {"kind", type.kind},
                            {"verbs", {"create", "delete", "get", "list", "patch", "update", "watch"}}};
        if (!type.shortNames.empty())
            r["shortNames"] = type.shortNames;
        if (!type.categories.empty())
            r["categories"] = type.categories;
        if (type.group == kMulticlusterGroup && version == "v1alpha2")
            r["categories"] = {"multicluster"};
        resources.push_back(r);
        if (type.hasStatus) {
            resources.push_back({{"name", type.plural + "/status"},
                                 {"singularName", ""},
                                 {"namespaced", type.namespaced},
                                 {"kind", type.kind},
                                 {"verbs", {"get", "patch", "update"}}});
        }
    }
    if (resources.empty())
        return nullptr;
    return {{"kind", "APIResourceList"},
            {"apiVersion", "v1"},
            {"groupVersion", group.empty() ? version : group + "/" + version},
            {"resources", resources}};
}

} // namespace fleetscope::hub

namespace fleetscope::hub {

nlohmann::json openApiV3Root()
{
    nlohmann::json paths = nlohmann::json::object();
    for (const ResourceType &type : allResourceTypes()) {
        for (const std::string &v : type.versions) {
            const std::string key = type.group.empty() ? "api/" + v : "apis/" + type.group + "/" + v;
            paths[key] = {{"serverRelativeURL", "/openapi/v3/" + key + "?hash=fleetscope"}};
        }
    }
    return {{"paths", paths}};
}

nlohmann::json openApiV3Document(const std::string &groupVersionPath)
{
    // Just enough for kubectl's query-param verifier (query_param_verifier_v3.go): a PATCH
    // operation per kind, tagged with its GVK, that lists `fieldValidation`. kubectl then
    // validates server-side instead of downloading /openapi/v2 for client-side checks.
    nlohmann::json paths = nlohmann::json::object();
    for (const ResourceType &type : allResourceTypes()) {
        for (const std::string &v : type.versions) {
            const std::string key = type.group.empty() ? "api/" + v : "apis/" + type.group + "/" + v;
            if (key != groupVersionPath)
                continue;
            const std::string path = "/" + key + (type.namespaced ? "/namespaces/{namespace}/" : "/") + type.plural
                + "/{name}";
            nlohmann::json parameters = nlohmann::json::array();
            for (const char *name : {"dryRun", "fieldManager", "fieldValidation", "force"})
                parameters.push_back({{"name", name}, {"in", "query"}, {"schema", {{"type", "string"}}}});
            const nlohmann::json operation = {
                {"x-kubernetes-group-version-kind", {{"group", type.group}, {"version", v}, {"kind", type.kind}}},
                {"x-kubernetes-action", "patch"},
                {"parameters", parameters},
                {"responses", {{"200", {{"description", "OK"}}}}}};
            paths[path] = {{"patch", operation}};
        }
    }
    if (paths.empty())
        return nullptr;
    return {{"openapi", "3.0.0"}, {"info", {{"title", "Kubernetes"}, {"version", "v1.34.0"}}}, {"paths", paths}};
}

} // namespace fleetscope::hub
