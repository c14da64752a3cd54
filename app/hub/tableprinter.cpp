#include "tableprinter.h"

#include "hubutil.h"
#include "resourcetypes.h"
#include "workloadprinter.h"

namespace fleetscope::hub {

namespace {

nlohmann::json column(const char *name, const char *type, const char *format, const char *description,
                      int priority = 0)
{
    return {{"name", name}, {"type", type}, {"format", format}, {"description", description}, {"priority", priority}};
}

nlohmann::json nullableString(const nlohmann::json &object, std::initializer_list<const char *> path)
{
    const nlohmann::json *node = &object;
    for (const char *key : path) {
        if (!node->is_object() || !node->contains(key))
            return nullptr;
        node = &(*node)[key];
    }
    return node->is_string() ? *node : nlohmann::json(nullptr);
}

nlohmann::json conditionStatus(const nlohmann::json &object, const std::string &type)
{
    if (!object.contains("status") || !object["status"].is_object() || !object["status"].contains("conditions")
        || !object["status"]["conditions"].is_array())
        return nullptr;
    for (const nlohmann::json &c : object["status"]["conditions"]) {
        if (c.is_object() && c.value("type", std::string()) == type && c.contains("status"))
            return c["status"];
    }
    return nullptr;
}

// kubectl's printer: the node-role.kubernetes.io/<role> label keys, "<none>" without any.
std::string nodeRoles(const nlohmann::json &meta)
{
    std::string roles;
    const std::string prefix = "node-role.kubernetes.io/";
    if (meta.contains("labels") && meta["labels"].is_object()) {
        for (auto it = meta["labels"].begin(); it != meta["labels"].end(); ++it) {
            if (it.key().rfind(prefix, 0) == 0)
                roles += (roles.empty() ? "" : ",") + it.key().substr(prefix.size());
        }
    }
    return roles.empty() ? "<none>" : roles;
}

std::string internalIp(const nlohmann::json &object)
{
    if (object.contains("status") && object["status"].is_object() && object["status"].contains("addresses")
        && object["status"]["addresses"].is_array()) {
        for (const nlohmann::json &a : object["status"]["addresses"]) {
            if (a.is_object() && a.value("type", std::string()) == "InternalIP")
                return a.value("address", std::string());
        }
    }
    return "<none>";
}

} // namespace

bool acceptsTable(const std::string &acceptHeader)
{
    return acceptHeader.find("as=Table") != std::string::npos
        && acceptHeader.find("g=meta.k8s.io") != std::string::npos;
}

TablePrinter::TablePrinter(const ResourceType &type, std::string apiVersion, IncludeObject include)
    : m_type(type)
    , m_apiVersion(std::move(apiVersion))
    , m_include(include)
    , m_now(std::chrono::system_clock::now())
{
}

nlohmann::json TablePrinter::columnDefinitions() const
{
    if (printsWorkload(m_type.kind))
        return workloadColumns(m_type.kind);
    const char *nameDescription =
        "Name must be unique within a namespace. Is required when creating resources, although some resources "
        "may allow a client to request the generation of an appropriate name automatically. Name is primarily "
        "intended for creation idempotence and configuration definition. Cannot be updated. More info: "
        "https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
    const char *ageDescription =
        "CreationTimestamp is a timestamp representing the server time when this object was created.";
    nlohmann::json columns = nlohmann::json::array();
    columns.push_back(column("Name", "string", "name", nameDescription));
    if (m_type.kind == "ClusterProfile") {
        columns.push_back(column("Display Name", "string", "", "DisplayName defines a human-readable name."));
        columns.push_back(column("Manager", "string", "", "Name of the cluster manager."));
        columns.push_back(column("Version", "string", "", "Kubernetes version of the cluster."));
        columns.push_back(column("Healthy", "string", "", "Status of the ControlPlaneHealthy condition."));
    } else if (m_type.kind == "PlacementDecision") {
        columns.push_back(column("Scheduler", "string", "", "Name of the scheduler that made the decisions."));
        columns.push_back(column("Decisions", "integer", "", "Number of selected clusters."));
    } else if (m_type.kind == "Namespace") {
        columns.push_back(column("Status", "string", "", "The status of the namespace"));
    } else if (m_type.kind == "Node") {
        columns.push_back(column("Status", "string", "", "The status of the node"));
        columns.push_back(column("Roles", "string", "", "The roles of the node"));
    }
    columns.push_back(column("Age", "date", "", ageDescription));
    if (m_type.kind == "Node") {
        columns.push_back(column("Version", "string", "", "Kubelet Version reported by the node."));
        columns.push_back(column("Internal-IP", "string", "", "List of internal IPs (if availalbe).", 1));
        columns.push_back(column("OS-Image", "string", "", "OS image reported by the node.", 1));
    }
    return columns;
}

nlohmann::json TablePrinter::row(const nlohmann::json &object) const
{
    const nlohmann::json &meta = object["metadata"];
    nlohmann::json cells = printsWorkload(m_type.kind) ? workloadCells(m_type.kind, object, m_now) : regularCells(object);
    nlohmann::json row = {{"cells", cells}};
    if (m_include == IncludeObject::Object) {
        nlohmann::json full = object;
        full["apiVersion"] = m_apiVersion;
        row["object"] = full;
    } else if (m_include == IncludeObject::Metadata) {
        nlohmann::json partialMeta = meta;
        partialMeta.erase("managedFields");
        row["object"] = {{"kind", "PartialObjectMetadata"}, {"apiVersion", "meta.k8s.io/v1"}, {"metadata", partialMeta}};
    }
    return row;
}

nlohmann::json TablePrinter::regularCells(const nlohmann::json &object) const
{
    nlohmann::json cells = nlohmann::json::array();
    const nlohmann::json &meta = object["metadata"];
    cells.push_back(meta.value("name", std::string()));
    if (m_type.kind == "ClusterProfile") {
        cells.push_back(nullableString(object, {"spec", "displayName"}));
        cells.push_back(nullableString(object, {"spec", "clusterManager", "name"}));
        cells.push_back(nullableString(object, {"status", "version", "kubernetes"}));
        cells.push_back(conditionStatus(object, "ControlPlaneHealthy"));
    } else if (m_type.kind == "PlacementDecision") {
        cells.push_back(nullableString(object, {"schedulerName"}));
        cells.push_back(object.contains("decisions") && object["decisions"].is_array()
                            ? nlohmann::json(object["decisions"].size())
                            : nlohmann::json(nullptr));
    } else if (m_type.kind == "Namespace") {
        cells.push_back(nullableString(object, {"status", "phase"}));
    } else if (m_type.kind == "Node") {
        const nlohmann::json ready = conditionStatus(object, "Ready");
        cells.push_back(ready == "True" ? "Ready" : "NotReady");
        cells.push_back(nodeRoles(meta));
    }
    std::chrono::system_clock::time_point created;
    if (meta.contains("creationTimestamp") && meta["creationTimestamp"].is_string()
        && parseTimestamp(meta["creationTimestamp"].get<std::string>(), &created))
        cells.push_back(humanDuration(std::chrono::duration_cast<std::chrono::seconds>(m_now - created)));
    else
        cells.push_back("<unknown>");
    if (m_type.kind == "Node") {
        cells.push_back(nullableString(object, {"status", "nodeInfo", "kubeletVersion"}));
        cells.push_back(internalIp(object));
        cells.push_back(nullableString(object, {"status", "nodeInfo", "osImage"}));
    }
    return cells;
}

nlohmann::json TablePrinter::table(const std::vector<ObjectPtr> &objects, bool withColumns) const
{
    nlohmann::json rows = nlohmann::json::array();
    for (const ObjectPtr &object : objects)
        rows.push_back(row(*object));
    nlohmann::json table = {{"kind", "Table"}, {"apiVersion", "meta.k8s.io/v1"}, {"metadata", nlohmann::json::object()}};
    table["columnDefinitions"] = withColumns ? columnDefinitions() : nlohmann::json(nullptr);
    table["rows"] = rows;
    return table;
}

} // namespace fleetscope::hub
