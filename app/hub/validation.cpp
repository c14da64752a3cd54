#include "validation.h"

#include "resourcetypes.h"

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
    } else if (!hasString(spec["clusterManager"], "name")) {
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

void validatePlacementDecision(const nlohmann::json &object, std::vector<FieldError> *out)
{
    if (!object.contains("decisions") || !object["decisions"].is_array()) {
        out->push_back({"decisions", "FieldValueRequired", "Required value"});
        return;
    }
    const nlohmann::json &decisions = object["decisions"];
    if (decisions.size() > 100) {
        out->push_back({"decisions", "FieldValueTooMany",
                        "Too many: " + std::to_string(decisions.size()) + ": must have at most 100 items"});
        return;
    }
    for (std::size_t i = 0; i < decisions.size(); ++i) {
        const nlohmann::json &d = decisions[i];
        const std::string path = "decisions[" + std::to_string(i) + "].clusterProfileRef";
        if (!d.is_object() || !d.contains("clusterProfileRef") || !d["clusterProfileRef"].is_object())
            out->push_back({path, "FieldValueRequired", "Required value"});
        else if (!hasString(d["clusterProfileRef"], "name"))
            out->push_back({path + ".name", "FieldValueRequired", "Required value"});
    }
}

} // namespace

ApiError validateObject(const ResourceType &type, const nlohmann::json &object, const nlohmann::json *old)
{
    std::vector<FieldError> fieldErrors;
    const std::string name = object.contains("metadata") ? object["metadata"].value("name", std::string()) : "";
    if (type.kind == "ClusterProfile")
        validateClusterProfile(object, old, &fieldErrors);
    else if (type.kind == "PlacementDecision")
        validatePlacementDecision(object, &fieldErrors);
    if (fieldErrors.empty())
        return {};
    return errors::invalid(type.qualifiedKind(), name, fieldErrors);
}

} // namespace fleetscope::hub
