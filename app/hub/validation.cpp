#include "validation.h"

#include "resourcetypes.h"

#include <algorithm>
#include <cctype>

namespace fleetscope::hub {

namespace {

using errors::FieldError;

bool hasString(const nlohmann::json &object, const char *key)
{
    return object.is_object() && object.contains(key) && object[key].is_string()
        && !object[key].get<std::string>().empty();
}

void validateClusterProfile(const nlohmann::json &object, const nlohmann::json *old, std::vector<FieldError> *out)
{
    if (!object.contains("spec") || !object["spec"].is_object()) {
        out->push_back({"spec", "FieldValueRequired", "Required value"});
        return;
    }
    const nlohmann::json &spec = object["spec"];
    if (!spec.contains("clusterManager") || !spec["clusterManager"].is_object()) {
        out->push_back({"spec.clusterManager", "FieldValueRequired", "Required value"});
    } else if (!spec["clusterManager"].contains("name") || !spec["clusterManager"]["name"].is_string()) {
        // `required` asks for the field, not for a value: v1alpha1 takes "" (v1alpha2's minLength does not).
        out->push_back({"spec.clusterManager.name", "FieldValueRequired", "Required value"});
    } else if (old && old->contains("spec") && (*old)["spec"].contains("clusterManager")
               && (*old)["spec"]["clusterManager"] != spec["clusterManager"]) {
        // The CRD's x-kubernetes-validations rule `self == oldSelf`.
        out->push_back({"spec.clusterManager", "FieldValueInvalid",
                        "Invalid value: \"object\": ClusterManager is immutable"});
    }
    if (object.contains("status") && object["status"].is_object()) {
        const nlohmann::json &status = object["status"];
        if (status.contains("properties") && status["properties"].is_array()) {
            for (std::size_t i = 0; i < status["properties"].size(); ++i) {
                const nlohmann::json &p = status["properties"][i];
                const std::string path = "status.properties[" + std::to_string(i) + "]";
                if (!hasString(p, "name"))
                    out->push_back({path + ".name", "FieldValueRequired", "Required value"});
                if (!hasString(p, "value"))
                    out->push_back({path + ".value", "FieldValueRequired", "Required value"});
            }
        }
    }
}

bool isLabelValue(const std::string &text)
{
    // ^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$
    const auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    if (text.empty())
        return true;
    if (!alnum(text.front()) || !alnum(text.back()))
        return false;
    return std::all_of(text.begin(), text.end(), [&](char c) { return alnum(c) || c == '-' || c == '_' || c == '.'; });
}

// An absolute URL with a host, as the v1alpha2 CEL rules check with url(): a scheme,
// "://", and a non-empty authority. `schemes` empty accepts any scheme.
bool isUrlWithHost(const std::string &text, std::initializer_list<const char *> schemes)
{
    const std::size_t colon = text.find("://");
    if (colon == std::string::npos || colon == 0)
        return false;
    const std::string scheme = text.substr(0, colon);
    if (schemes.size() && std::none_of(schemes.begin(), schemes.end(), [&](const char *s) { return scheme == s; }))
        return false;
    const std::string rest = text.substr(colon + 3);
    const std::size_t end = rest.find_first_of("/?#");
    std::string authority = rest.substr(0, end);
    if (const std::size_t at = authority.rfind('@'); at != std::string::npos)
        authority = authority.substr(at + 1);
    return !authority.empty() && authority.front() != ':';
}

void tooLong(const std::string &path, std::size_t limit, std::vector<FieldError> *out)
{
    out->push_back({path, "FieldValueTooLong", "Too long: may not be more than " + std::to_string(limit) + " bytes"});
}

std::string quotedValue(const nlohmann::json &value)
{
    return value.is_string() ? "\"" + value.get<std::string>() + "\"" : "\"" + std::string(value.type_name()) + "\"";
}

void validateClusterV1alpha2(const nlohmann::json &cluster, const std::string &path, std::vector<FieldError> *out)
{
    if (!cluster.contains("server") || !cluster["server"].is_string()) {
        out->push_back({path + ".server", "FieldValueRequired", "Required value"});
    } else {
        const std::string server = cluster["server"].get<std::string>();
        if (server.size() > 2048)
            tooLong(path + ".server", 2048, out);
        else if (!isUrlWithHost(server, {}))
            out->push_back({path + ".server", "FieldValueInvalid",
                            "Invalid value: " + quotedValue(cluster["server"])
                                + ": server must be an absolute URL with a host"});
    }
    if (cluster.contains("tls-server-name") && cluster["tls-server-name"].is_string()
        && cluster["tls-server-name"].get<std::string>().size() > 253)
        tooLong(path + ".tls-server-name", 253, out);
    if (cluster.contains("proxy-url") && cluster["proxy-url"].is_string()) {
        const std::string proxy = cluster["proxy-url"].get<std::string>();
        if (proxy.size() > 2048)
            tooLong(path + ".proxy-url", 2048, out);
        else if (!proxy.empty() && !isUrlWithHost(proxy, {"http", "https", "socks5"}))
            out->push_back({path + ".proxy-url", "FieldValueInvalid",
                            "Invalid value: " + quotedValue(cluster["proxy-url"])
                                + ": proxy-url must be an http, https or socks5 URL with a host"});
    }
    if (cluster.contains("extensions") && cluster["extensions"].is_array()) {
        const nlohmann::json &extensions = cluster["extensions"];
        for (std::size_t i = 0; i < extensions.size(); ++i) {
            const std::string at = path + ".extensions[" + std::to_string(i) + "]";
            if (!hasString(extensions[i], "name"))
                out->push_back({at + ".name", "FieldValueRequired", "Required value"});
            if (!extensions[i].is_object() || !extensions[i].contains("extension"))
                out->push_back({at + ".extension", "FieldValueRequired", "Required value"});
        }
    }
}

void validateClusterProfileV1alpha2(const nlohmann::json &object, std::vector<FieldError> *out)
{
    const nlohmann::json *manager = nullptr;
    if (object.contains("spec") && object["spec"].is_object() && object["spec"].contains("clusterManager"))
        manager = &object["spec"]["clusterManager"];
    if (manager && manager->is_object() && manager->contains("name") && (*manager)["name"].is_string()) {
        const std::string name = (*manager)["name"].get<std::string>();
        if (name.empty())
            out->push_back({"spec.clusterManager.name", "FieldValueInvalid",
                            "Invalid value: \"\": spec.clusterManager.name in body should be at least 1 chars long"});
        else if (name.size() > 63)
            tooLong("spec.clusterManager.name", 63, out);
        else if (!isLabelValue(name))
            out->push_back({"spec.clusterManager.name", "FieldValueInvalid",
                            "Invalid value: \"" + name
                                + "\": spec.clusterManager.name in body should match "
                                  "'^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$'"});
    }
    if (!object.contains("status") || !object["status"].is_object())
        return;
    const nlohmann::json &status = object["status"];
    if (!status.contains("accessProviders") || !status["accessProviders"].is_array())
        return;
    const nlohmann::json &providers = status["accessProviders"];
    if (providers.size() > 64) {
        out->push_back({"status.accessProviders", "FieldValueTooMany",
                        "Too many: " + std::to_string(providers.size()) + ": must have at most 64 items"});
        return;
    }
    for (std::size_t i = 0; i < providers.size(); ++i) {
        const nlohmann::json &p = providers[i];
        const std::string path = "status.accessProviders[" + std::to_string(i) + "]";
        if (!hasString(p, "name"))
            out->push_back({path + ".name", "FieldValueRequired", "Required value"});
        else if (p["name"].get<std::string>().size() > 253)
            tooLong(path + ".name", 253, out);
        if (!p.is_object() || !p.contains("cluster") || !p["cluster"].is_object())
            out->push_back({path + ".cluster", "FieldValueRequired", "Required value"});
        else
            validateClusterV1alpha2(p["cluster"], path + ".cluster", out);
    }
}

// The schema type names the apiserver's structural validation reports.
const char *schemaTypeOf(const nlohmann::json &value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::object: return "object";
    case nlohmann::json::value_t::array: return "array";
    case nlohmann::json::value_t::string: return "string";
    case nlohmann::json::value_t::boolean: return "boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return "integer";
    case nlohmann::json::value_t::number_float: return "number";
    default: return "null";
    }
}

// A value of the wrong type, worded like a CRD's structural schema check:
// `decisions[0].reason: Invalid value: "boolean": decisions[0].reason in body must be of type string: "boolean"`.
bool checkType(const nlohmann::json &value, nlohmann::json::value_t type, const char *typeName, const std::string &path,
               std::vector<FieldError> *out)
{
    if (value.type() == type)
        return true;
    const std::string got = schemaTypeOf(value);
    out->push_back({path, "FieldValueTypeInvalid",
                    "Invalid value: \"" + got + "\": " + path + " in body must be of type " + typeName + ": \"" + got + "\""});
    return false;
}

// The PlacementDecision CRD (both versions): decisions required, at most 100, each
// with a clusterProfileRef that has a name; every field of its type.
void validatePlacementDecision(const nlohmann::json &object, std::vector<FieldError> *out)
{
    using Type = nlohmann::json::value_t;
    if (object.contains("schedulerName"))
        checkType(object["schedulerName"], Type::string, "string", "schedulerName", out);
    if (!object.contains("decisions") || object["decisions"].is_null()) {
        out->push_back({"decisions", "FieldValueRequired", "Required value"});
        return;
    }
    const nlohmann::json &decisions = object["decisions"];
    if (!checkType(decisions, Type::array, "array", "decisions", out))
        return;
    if (decisions.size() > 100) {
        out->push_back({"decisions", "FieldValueTooMany",
                        "Too many: " + std::to_string(decisions.size()) + ": must have at most 100 items"});
        return;
    }
    for (std::size_t i = 0; i < decisions.size(); ++i) {
        const nlohmann::json &d = decisions[i];
        const std::string item = "decisions[" + std::to_string(i) + "]";
        if (!checkType(d, Type::object, "object", item, out))
            continue;
        if (d.contains("reason"))
            checkType(d["reason"], Type::string, "string", item + ".reason", out);
        const std::string path = item + ".clusterProfileRef";
        if (!d.contains("clusterProfileRef") || d["clusterProfileRef"].is_null()) {
            out->push_back({path, "FieldValueRequired", "Required value"});
            continue;
        }
        const nlohmann::json &ref = d["clusterProfileRef"];
        if (!checkType(ref, Type::object, "object", path, out))
            continue;
        if (ref.contains("namespace"))
            checkType(ref["namespace"], Type::string, "string", path + ".namespace", out);
        if (ref.contains("name") && !ref["name"].is_string())
            checkType(ref["name"], Type::string, "string", path + ".name", out);
        else if (!hasString(ref, "name"))
            out->push_back({path + ".name", "FieldValueRequired", "Required value"});
    }
}

} // namespace

ApiError validateObject(const ResourceType &type, const nlohmann::json &object, const nlohmann::json *old,
                        const std::string &version)
{
    std::vector<FieldError> fieldErrors;
    const std::string name = object.contains("metadata") ? object["metadata"].value("name", std::string()) : "";
    if (type.kind == "ClusterProfile") {
        validateClusterProfile(object, old, &fieldErrors);
        if (version == "v1alpha2")
            validateClusterProfileV1alpha2(object, &fieldErrors);
    }
    else if (type.kind == "PlacementDecision")
        validatePlacementDecision(object, &fieldErrors);
    if (fieldErrors.empty())
        return {};
    return errors::invalid(type.qualifiedKind(), name, fieldErrors);
}

void pruneForVersion(const ResourceType &type, const std::string &version, nlohmann::json *object)
{
    if (type.kind != "ClusterProfile" || version != "v1alpha2" || !object->is_object())
        return;
    if (!object->contains("status") || !(*object)["status"].is_object())
        return;
    nlohmann::json &status = (*object)["status"];
    status.erase("credentialProviders");
    if (!status.contains("accessProviders") || !status["accessProviders"].is_array())
        return;
    for (nlohmann::json &provider : status["accessProviders"]) {
        if (provider.is_object() && provider.contains("cluster") && provider["cluster"].is_object())
            provider["cluster"].erase("certificate-authority");
    }
}

std::string versionOf(const std::string &apiVersion)
{
    const std::size_t slash = apiVersion.rfind('/');
    return slash == std::string::npos ? apiVersion : apiVersion.substr(slash + 1);
}

} // namespace fleetscope::hub
