#include "workloadprinter.h"

#include "hubutil.h"

namespace fleetscope::hub {

namespace {

const char *const kNameDescription =
    "Name must be unique within a namespace. Is required when creating resources, although some resources may "
    "allow a client to request the generation of an appropriate name automatically. Name is primarily intended "
    "for creation idempotence and configuration definition. Cannot be updated. More info: "
    "https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
const char *const kAgeDescription =
    "CreationTimestamp is a timestamp representing the server time when this object was created.";

nlohmann::json column(const char *name, const char *type, const char *description, int priority = 0,
                      const char *format = "")
{
    return {{"name", name}, {"type", type}, {"format", format}, {"description", description}, {"priority", priority}};
}

const nlohmann::json &at(const nlohmann::json &object, std::initializer_list<const char *> path)
{
    static const nlohmann::json null;
    const nlohmann::json *node = &object;
    for (const char *key : path) {
        if (!node->is_object() || !node->contains(key))
            return null;
        node = &(*node)[key];
    }
    return *node;
}

std::string text(const nlohmann::json &object, std::initializer_list<const char *> path,
                 const std::string &fallback = "<none>")
{
    const nlohmann::json &value = at(object, path);
    return value.is_string() && !value.get<std::string>().empty() ? value.get<std::string>() : fallback;
}

std::int64_t number(const nlohmann::json &object, std::initializer_list<const char *> path)
{
    const nlohmann::json &value = at(object, path);
    return value.is_number_integer() ? value.get<std::int64_t>() : 0;
}

std::string since(const nlohmann::json &timestamp, std::chrono::system_clock::time_point now)
{
    std::chrono::system_clock::time_point when;
    if (!timestamp.is_string() || !parseTimestamp(timestamp.get<std::string>(), &when))
        return "<unknown>";
    return humanDuration(std::chrono::duration_cast<std::chrono::seconds>(now - when));
}

std::string age(const nlohmann::json &object, std::chrono::system_clock::time_point now)
{
    return since(at(object, {"metadata", "creationTimestamp"}), now);
}

std::string conditionField(const nlohmann::json &object, const std::string &type, const char *field)
{
    const nlohmann::json &conditions = at(object, {"status", "conditions"});
    if (conditions.is_array()) {
        for (const nlohmann::json &c : conditions) {
            if (c.is_object() && c.value("type", std::string()) == type && c.contains(field) && c[field].is_string())
                return c[field].get<std::string>();
        }
    }
    return std::string();
}

std::string labelSelector(const nlohmann::json &labels)
{
    if (!labels.is_object() || labels.empty())
        return "<none>";
    std::string out;
    for (auto it = labels.begin(); it != labels.end(); ++it)
        out += (out.empty() ? "" : ",") + it.key() + "=" + (it->is_string() ? it->get<std::string>() : std::string());
    return out;
}

// printPod: READY counts ready containers, STATUS is the first waiting or
// terminated reason (else the phase), RESTARTS adds when the last one ended.
nlohmann::json podCells(const nlohmann::json &pod, std::chrono::system_clock::time_point now)
{
    const nlohmann::json &statuses = at(pod, {"status", "containerStatuses"});
    const nlohmann::json &containers = at(pod, {"spec", "containers"});
    int total = containers.is_array() ? int(containers.size()) : 0;
    int ready = 0;
    std::int64_t restarts = 0;
    std::string reason = text(pod, {"status", "phase"}, "Unknown");
    nlohmann::json lastRestart;
    if (statuses.is_array()) {
        for (const nlohmann::json &s : statuses) {
            if (s.value("ready", false))
                ++ready;
            restarts += s.value("restartCount", std::int64_t(0));
            const nlohmann::json &finished = at(s, {"lastState", "terminated", "finishedAt"});
            if (finished.is_string() && (lastRestart.is_null() || finished.get<std::string>() > lastRestart.get<std::string>()))
                lastRestart = finished;
            const nlohmann::json &waiting = at(s, {"state", "waiting", "reason"});
            const nlohmann::json &terminated = at(s, {"state", "terminated", "reason"});
            if (waiting.is_string())
                reason = waiting.get<std::string>();
            else if (terminated.is_string())
                reason = terminated.get<std::string>();
        }
    }
    if (at(pod, {"metadata", "deletionTimestamp"}).is_string())
        reason = "Terminating";
    std::string restartText = std::to_string(restarts);
    if (restarts > 0 && !lastRestart.is_null())
        restartText += " (" + since(lastRestart, now) + " ago)";
    return {text(pod, {"metadata", "name"}, ""),
            std::to_string(ready) + "/" + std::to_string(total),
            reason,
            restartText,
            age(pod, now),
            text(pod, {"status", "podIP"}),
            text(pod, {"spec", "nodeName"}),
            text(pod, {"status", "nominatedNodeName"}),
            "<none>"};
}

nlohmann::json deploymentCells(const nlohmann::json &d, std::chrono::system_clock::time_point now)
{
    std::string names, images;
    const nlohmann::json &containers = at(d, {"spec", "template", "spec", "containers"});
    if (containers.is_array()) {
        for (const nlohmann::json &c : containers) {
            names += (names.empty() ? "" : ",") + c.value("name", std::string());
            images += (images.empty() ? "" : ",") + c.value("image", std::string());
        }
    }
    return {text(d, {"metadata", "name"}, ""),
            std::to_string(number(d, {"status", "readyReplicas"})) + "/" + std::to_string(number(d, {"spec", "replicas"})),
            number(d, {"status", "updatedReplicas"}),
            number(d, {"status", "availableReplicas"}),
            age(d, now),
            names,
            images,
            labelSelector(at(d, {"spec", "selector", "matchLabels"}))};
}

nlohmann::json serviceCells(const nlohmann::json &s, std::chrono::system_clock::time_point now)
{
    std::string ports;
    const nlohmann::json &list = at(s, {"spec", "ports"});
    if (list.is_array()) {
        for (const nlohmann::json &p : list) {
            std::string port = std::to_string(p.value("port", 0));
            if (p.contains("nodePort"))
                port += ":" + std::to_string(p.value("nodePort", 0));
            ports += (ports.empty() ? "" : ",") + port + "/" + p.value("protocol", std::string("TCP"));
        }
    }
    return {text(s, {"metadata", "name"}, ""),
            text(s, {"spec", "type"}, "ClusterIP"),
            text(s, {"spec", "clusterIP"}),
            "<none>",
            ports.empty() ? "<none>" : ports,
            age(s, now),
            labelSelector(at(s, {"spec", "selector"}))};
}

nlohmann::json eventCells(const nlohmann::json &e, std::chrono::system_clock::time_point now)
{
    const nlohmann::json &involved = at(e, {"involvedObject"});
    std::string kind = text(involved, {"kind"}, "");
    for (char &c : kind)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return {since(at(e, {"lastTimestamp"}), now),
            text(e, {"type"}, ""),
            text(e, {"reason"}, ""),
            kind + "/" + text(involved, {"name"}, ""),
            text(involved, {"fieldPath"}, ""),
            text(e, {"source", "component"}, "") + (at(e, {"source", "host"}).is_string() ? ", " + text(e, {"source", "host"}) : ""),
            text(e, {"message"}, ""),
            since(at(e, {"firstTimestamp"}), now),
            std::to_string(number(e, {"count"})),
            text(e, {"metadata", "name"}, "")};
}

nlohmann::json secretCells(const nlohmann::json &s, std::chrono::system_clock::time_point now)
{
    const nlohmann::json &data = at(s, {"data"});
    return {text(s, {"metadata", "name"}, ""), text(s, {"type"}, "Opaque"),
            data.is_object() ? std::int64_t(data.size()) : std::int64_t(0), age(s, now)};
}

// A CRD's printer columns: JSONPath text, or null when the path finds nothing.
nlohmann::json certificateCells(const nlohmann::json &c, std::chrono::system_clock::time_point now)
{
    const auto orNull = [](const std::string &value) { return value.empty() ? nlohmann::json(nullptr) : nlohmann::json(value); };
    return {text(c, {"metadata", "name"}, ""),
            orNull(conditionField(c, "Ready", "status")),
            orNull(text(c, {"spec", "secretName"}, "")),
            orNull(text(c, {"spec", "issuerRef", "name"}, "")),
            orNull(conditionField(c, "Ready", "message")),
            age(c, now)};
}

} // namespace

bool printsWorkload(const std::string &kind)
{
    return kind == "Pod" || kind == "Deployment" || kind == "Service" || kind == "Event" || kind == "Secret"
        || kind == "Certificate";
}

nlohmann::json workloadColumns(const std::string &kind)
{
    if (kind == "Pod")
        return {column("Name", "string", kNameDescription, 0, "name"),
                column("Ready", "string", "The aggregate readiness state of this pod for accepting traffic."),
                column("Status", "string", "The aggregate status of the containers in this pod."),
                column("Restarts", "string",
                       "The number of times the containers in this pod have been restarted and when the last "
                       "container in this pod has restarted."),
                column("Age", "string", kAgeDescription),
                column("IP", "string", "IP address allocated to the pod. Routable at least within the cluster.", 1),
                column("Node", "string", "NodeName indicates in which node this pod is scheduled.", 1),
                column("Nominated Node", "string", "nominatedNodeName is set only when this pod preempts other pods.", 1),
                column("Readiness Gates", "string", "If specified, all readiness gates will be evaluated for pod readiness.", 1)};
    if (kind == "Deployment")
        return {column("Name", "string", kNameDescription, 0, "name"),
                column("Ready", "string", "Number of the pod with ready state"),
                column("Up-to-date", "integer", "Total number of non-terminated pods targeted by this deployment that have the desired template spec."),
                column("Available", "integer", "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."),
                column("Age", "string", kAgeDescription),
                column("Containers", "string", "Names of each container in the template.", 1),
                column("Images", "string", "Images referenced by each container in the template.", 1),
                column("Selector", "string", "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.", 1)};
    if (kind == "Service")
        return {column("Name", "string", kNameDescription, 0, "name"),
                column("Type", "string", "type determines how the Service is exposed."),
                column("Cluster-IP", "string", "clusterIP is the IP address of the service."),
                column("External-IP", "string", "List of IP addresses for which nodes in the cluster will also accept traffic for this service."),
                column("Port(s)", "string", "The list of ports that are exposed by this service."),
                column("Age", "string", kAgeDescription),
                column("Selector", "string", "Route service traffic to pods with label keys and values matching this selector.", 1)};
    if (kind == "Event")
        return {column("Last Seen", "string", "The time at which the most recent occurrence of this event was recorded."),
                column("Type", "string", "Type of this event (Normal, Warning), new types could be added in the future"),
                column("Reason", "string", "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
                column("Object", "string", "The object this Event is about."),
                column("Subobject", "string", "The field of the object this Event is about.", 1),
                column("Source", "string", "The component reporting this event.", 1),
                column("Message", "string", "A human-readable description of the status of this operation."),
                column("First Seen", "string", "The time at which the event was first recorded.", 1),
                column("Count", "string", "The number of times this event has occurred.", 1),
                column("Name", "string", kNameDescription, 1, "name")};
    if (kind == "Secret")
        return {column("Name", "string", kNameDescription, 0, "name"),
                column("Type", "string", "Used to facilitate programmatic handling of secret data."),
                column("Data", "string", "Data contains the secret data."),
                column("Age", "string", kAgeDescription)};
    if (kind == "Certificate")
        return {column("Name", "string", kNameDescription, 0, "name"),
                column("Ready", "string", ""),
                column("Secret", "string", ""),
                column("Issuer", "string", "", 1),
                column("Status", "string", "", 1),
                column("Age", "date", kAgeDescription)};
    return nlohmann::json::array();
}

nlohmann::json workloadCells(const std::string &kind, const nlohmann::json &object,
                             std::chrono::system_clock::time_point now)
{
    if (kind == "Pod")
        return podCells(object, now);
    if (kind == "Deployment")
        return deploymentCells(object, now);
    if (kind == "Service")
        return serviceCells(object, now);
    if (kind == "Event")
        return eventCells(object, now);
    if (kind == "Secret")
        return secretCells(object, now);
    if (kind == "Certificate")
        return certificateCells(object, now);
    return nlohmann::json::array();
}

} // namespace fleetscope::hub
