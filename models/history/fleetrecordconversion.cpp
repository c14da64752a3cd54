#include "fleetrecordconversion.h"

#include "api/compressedjson.h"
#include "api/kubetime.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

namespace fleetscope::fleet_records {
namespace {

RecordedLabels fromLabels(const LabelMap &labels)
{
    RecordedLabels result;
    result.reserve(labels.size());
    for (const LabelMap::Entry &entry : labels.entries())
        result.append({entry.first.toString(), labels.text(entry).toString()});
    // The map is sorted by its keys' text already; a recorded list must be too.
    std::sort(result.begin(), result.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return result;
}

LabelMap toLabels(const RecordedLabels &labels)
{
    std::vector<LabelMap::Entry> entries;
    entries.reserve(size_t(labels.size()));
    for (const auto &[key, value] : labels)
        entries.emplace_back(PooledString(key), FieldValue(value));
    LabelMap map;
    map.assign(&entries);
    return map;
}

std::string utf8(const QString &text)
{
    return text.toStdString();
}

nlohmann::json labelsJson(const RecordedLabels &labels)
{
    nlohmann::json object = nlohmann::json::object();
    for (const auto &[key, value] : labels)
        object[utf8(key)] = utf8(value);
    return object;
}

QByteArray profileJson(const RecordedCluster &c)
{
    nlohmann::json metadata = {{"name", utf8(c.name)}, {"namespace", utf8(c.namespaceName)}};
    if (c.creationTimestamp)
        metadata["creationTimestamp"] = utf8(formatKubeTime(c.creationTimestamp));
    if (!c.labels.isEmpty())
        metadata["labels"] = labelsJson(c.labels);
    nlohmann::json spec = nlohmann::json::object();
    if (!c.displayName.isEmpty())
        spec["displayName"] = utf8(c.displayName);
    if (!c.clusterManager.isEmpty())
        spec["clusterManager"] = {{"name", utf8(c.clusterManager)}};
    nlohmann::json status = nlohmann::json::object();
    if (!c.kubernetesVersion.isEmpty())
        status["version"] = {{"kubernetes", utf8(c.kubernetesVersion)}};
    if (!c.conditions.isEmpty()) {
        nlohmann::json conditions = nlohmann::json::array();
        for (const RecordedCondition &k : c.conditions) {
            nlohmann::json condition = {{"type", utf8(k.type)},
                                        {"status", utf8(conditionStatusName(k.status))},
                                        {"reason", utf8(k.reason)},
                                        {"message", utf8(k.message)}};
            if (k.lastTransitionTime)
                condition["lastTransitionTime"] = utf8(formatKubeTime(k.lastTransitionTime));
            conditions.push_back(std::move(condition));
        }
        status["conditions"] = std::move(conditions);
    }
    if (!c.properties.isEmpty()) {
        nlohmann::json properties = nlohmann::json::array();
        for (const auto &[name, value] : c.properties)
            properties.push_back({{"name", utf8(name)}, {"value", utf8(value)}});
        status["properties"] = std::move(properties);
    }
    const nlohmann::json object = {{"apiVersion", utf8(apiVersionString(ApiVersion(c.apiVersion)))},
                                   {"kind", "ClusterProfile"},
                                   {"metadata", std::move(metadata)},
                                   {"spec", std::move(spec)},
                                   {"status", std::move(status)}};
    return QByteArray::fromStdString(object.dump());
}

} // namespace

RecordedCluster fromProfile(const ClusterProfile &p)
{
    RecordedCluster c;
    c.namespaceName = p.metadata.namespaceName.toString();
    c.name = p.metadata.name;
    c.apiVersion = quint8(p.apiVersion);
    c.creationTimestamp = p.metadata.creationTimestamp;
    c.displayName = p.displayName.toString();
    c.clusterManager = p.clusterManagerName.toString();
    c.kubernetesVersion = p.kubernetesVersion.toString();
    c.labels = fromLabels(p.metadata.labels);
    c.properties.reserve(p.properties.size());
    for (const Property &property : p.properties)
        c.properties.append({property.name.toString(), p.valueText(property).toString()});
    c.conditions.reserve(p.conditions.size());
    for (const Condition &condition : p.conditions) {
        c.conditions.append({condition.type.toString(), condition.status, condition.reason.toString(),
                             condition.message.toString(), condition.lastTransitionTime});
    }
    return c;
}

RecordedNamespace fromNamespace(const KubeNamespace &ns)
{
    return {ns.metadata.name, fromLabels(ns.metadata.labels)};
}

RecordedPlacement fromPlacement(const PlacementDecision &placement)
{
    RecordedPlacement p;
    p.namespaceName = placement.metadata.namespaceName.toString();
    p.name = placement.metadata.name;
    p.apiVersion = quint8(placement.apiVersion);
    p.scheduler = placement.schedulerName.toString();
    p.labels = fromLabels(placement.metadata.labels);
    p.decisions.reserve(placement.decisions.size());
    for (const ClusterDecision &d : placement.decisions)
        p.decisions.append(
            {d.clusterProfileName.toString(), d.clusterProfileNamespace.toString(), d.reason.toString()});
    return p;
}

ProfilePtr toProfile(const RecordedCluster &c, bool withJson)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = c.name;
    p.metadata.namespaceName = c.namespaceName;
    p.metadata.creationTimestamp = c.creationTimestamp;
    p.metadata.labels = toLabels(c.labels);
    p.displayName = BlockString(c.displayName);
    p.clusterManagerName = c.clusterManager;
    p.kubernetesVersion = c.kubernetesVersion;
    p.apiVersion = c.apiVersion == quint8(ApiVersion::V1Alpha2) ? ApiVersion::V1Alpha2 : ApiVersion::V1Alpha1;
    QList<Condition> conditions;
    conditions.reserve(c.conditions.size());
    for (const RecordedCondition &k : c.conditions) {
        Condition condition;
        condition.type = k.type;
        condition.status = k.status;
        condition.reason = k.reason;
        condition.message = k.message;
        condition.lastTransitionTime = k.lastTransitionTime;
        conditions.append(std::move(condition));
    }
    p.conditions = PackedList<Condition>(conditions);
    QList<Property> properties;
    properties.reserve(c.properties.size());
    for (const auto &[name, value] : c.properties)
        properties.append(Property{PooledString(name), FieldValue(value), 0});
    p.properties = PackedList<Property>(properties);
    if (withJson)
        record->rawJson = CompressedJson(profileJson(c));
    return record;
}

NamespacePtr toNamespace(const RecordedNamespace &ns)
{
    auto result = std::make_shared<KubeNamespace>();
    result->metadata.name = ns.name;
    result->metadata.labels = toLabels(ns.labels);
    return result;
}

PlacementPtr toPlacement(const RecordedPlacement &placement)
{
    auto result = std::make_shared<PlacementDecision>();
    result->apiVersion = placement.apiVersion == quint8(ApiVersion::V1Alpha2) ? ApiVersion::V1Alpha2
                                                                              : ApiVersion::V1Alpha1;
    result->metadata.name = placement.name;
    result->metadata.namespaceName = placement.namespaceName;
    result->metadata.labels = toLabels(placement.labels);
    result->schedulerName = placement.scheduler;
    result->decisions.reserve(placement.decisions.size());
    for (const RecordedDecision &d : placement.decisions) {
        ClusterDecision decision;
        decision.clusterProfileName = BlockString(d.clusterName);
        decision.clusterProfileNamespace = d.clusterNamespace;
        decision.reason = d.reason;
        result->decisions.append(std::move(decision));
    }
    return result;
}

} // namespace fleetscope::fleet_records
