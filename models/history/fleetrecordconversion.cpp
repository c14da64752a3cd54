#include "fleetrecordconversion.h"

#include "api/compressedjson.h"
#include "api/kubetime.h"
#include "recordedtextmemo.h"

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

PooledString pooled(const QString &text, RecordedTextMemo *texts)
{
    return texts ? texts->pooled(text) : PooledString(text);
}

LabelMap toLabels(const RecordedLabels &labels, RecordedTextMemo *texts = nullptr)
{
    std::vector<LabelMap::Entry> entries;
    entries.reserve(size_t(labels.size()));
    for (const auto &[key, value] : labels)
        entries.emplace_back(pooled(key, texts), FieldValue(pooled(value, texts)));
    LabelMap map;
    map.assign(&entries);
    return map;
}

// The recorded object as JSON, written straight into one buffer: a jump shows
// thousands of clusters, each with its JSON (the details pane's YAML, `-o json`),
// and building a JSON tree per cluster first cost more than the rest of the read.
// Members come in the order nlohmann::json would print them (by name), strings
// escaped as it escapes them.
class JsonWriter
{
public:
    QByteArray take() { return std::move(m_out); }

    void string(const QByteArray &utf8)
    {
        m_out += '"';
        for (const char ch : utf8) {
            const auto c = static_cast<unsigned char>(ch);
            switch (c) {
            case '"':
                m_out += "\\\"";
                break;
            case '\\':
                m_out += "\\\\";
                break;
            case '\b':
                m_out += "\\b";
                break;
            case '\f':
                m_out += "\\f";
                break;
            case '\n':
                m_out += "\\n";
                break;
            case '\r':
                m_out += "\\r";
                break;
            case '\t':
                m_out += "\\t";
                break;
            default:
                if (c < 0x20) {
                    static const char hex[] = "0123456789abcdef";
                    m_out += "\\u00";
                    m_out += hex[c >> 4];
                    m_out += hex[c & 0xf];
                } else {
                    m_out += ch;
                }
            }
        }
        m_out += '"';
    }
    void string(const QString &text) { string(text.toUtf8()); }
    // `"name":`, after a comma unless it opens its object.
    void key(const char *name)
    {
        separate();
        m_out += '"';
        m_out += name;
        m_out += "\":";
        m_first = true; // the value that follows needs no comma
    }
    void key(const QByteArray &name)
    {
        separate();
        string(name);
        m_out += ':';
        m_first = true;
    }
    void open(char bracket)
    {
        separate();
        m_out += bracket;
        m_first = true;
    }
    void close(char bracket)
    {
        m_out += bracket;
        m_first = false;
    }
    void value(const QString &text)
    {
        separate();
        string(text);
        m_first = false;
    }

private:
    void separate()
    {
        if (!m_first)
            m_out += ',';
        m_first = false;
    }

    QByteArray m_out;
    bool m_first = true;
};

void writeLabels(JsonWriter *w, const RecordedLabels &labels)
{
    // By the UTF-8 bytes of their keys, as a JSON object prints its members.
    std::vector<std::pair<QByteArray, QByteArray>> sorted;
    sorted.reserve(size_t(labels.size()));
    for (const auto &[key, value] : labels)
        sorted.emplace_back(key.toUtf8(), value.toUtf8());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    w->open('{');
    for (auto it = sorted.cbegin(); it != sorted.cend(); ++it) {
        // A repeated key prints once, with its last value, as in a JSON object.
        if (std::next(it) != sorted.cend() && std::next(it)->first == it->first)
            continue;
        w->key(it->first);
        w->value(QString::fromUtf8(it->second));
    }
    w->close('}');
}

} // namespace

QByteArray profileJson(const RecordedCluster &c)
{
    JsonWriter w;
    w.open('{');
    w.key("apiVersion");
    w.value(apiVersionString(ApiVersion(c.apiVersion)));
    w.key("kind");
    w.value(QStringLiteral("ClusterProfile"));
    w.key("metadata");
    w.open('{');
    if (c.creationTimestamp) {
        w.key("creationTimestamp");
        w.value(formatKubeTime(c.creationTimestamp));
    }
    if (!c.labels.isEmpty()) {
        w.key("labels");
        writeLabels(&w, c.labels);
    }
    w.key("name");
    w.value(c.name);
    w.key("namespace");
    w.value(c.namespaceName);
    w.close('}');
    w.key("spec");
    w.open('{');
    if (!c.clusterManager.isEmpty()) {
        w.key("clusterManager");
        w.open('{');
        w.key("name");
        w.value(c.clusterManager);
        w.close('}');
    }
    if (!c.displayName.isEmpty()) {
        w.key("displayName");
        w.value(c.displayName);
    }
    w.close('}');
    w.key("status");
    w.open('{');
    if (!c.conditions.isEmpty()) {
        w.key("conditions");
        w.open('[');
        for (const RecordedCondition &k : c.conditions) {
            w.open('{');
            if (k.lastTransitionTime) {
                w.key("lastTransitionTime");
                w.value(formatKubeTime(k.lastTransitionTime));
            }
            w.key("message");
            w.value(k.message);
            w.key("reason");
            w.value(k.reason);
            w.key("status");
            w.value(conditionStatusName(k.status));
            w.key("type");
            w.value(k.type);
            w.close('}');
        }
        w.close(']');
    }
    if (!c.properties.isEmpty()) {
        w.key("properties");
        w.open('[');
        for (const auto &[name, value] : c.properties) {
            w.open('{');
            w.key("name");
            w.value(name);
            w.key("value");
            w.value(value);
            w.close('}');
        }
        w.close(']');
    }
    if (!c.kubernetesVersion.isEmpty()) {
        w.key("version");
        w.open('{');
        w.key("kubernetes");
        w.value(c.kubernetesVersion);
        w.close('}');
    }
    w.close('}');
    w.close('}');
    return w.take();
}

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

namespace {

class RecordedClusterJson final : public ProfileJsonSource
{
public:
    explicit RecordedClusterJson(std::shared_ptr<const RecordedCluster> cluster)
        : m_cluster(std::move(cluster))
    {
    }
    QByteArray json() const override { return profileJson(*m_cluster); }

private:
    std::shared_ptr<const RecordedCluster> m_cluster;
};

} // namespace

ClusterProfile toClusterProfile(const RecordedCluster &c, RecordedTextMemo *texts)
{
    ClusterProfile p;
    p.metadata.name = c.name;
    p.metadata.namespaceName = pooled(c.namespaceName, texts);
    p.metadata.creationTimestamp = c.creationTimestamp;
    p.metadata.labels = toLabels(c.labels, texts);
    p.displayName = BlockString(c.displayName);
    p.clusterManagerName = pooled(c.clusterManager, texts);
    p.kubernetesVersion = pooled(c.kubernetesVersion, texts);
    p.apiVersion = c.apiVersion == quint8(ApiVersion::V1Alpha2) ? ApiVersion::V1Alpha2 : ApiVersion::V1Alpha1;
    QList<Condition> conditions;
    conditions.reserve(c.conditions.size());
    for (const RecordedCondition &k : c.conditions) {
        Condition condition;
        condition.type = pooled(k.type, texts);
        condition.status = k.status;
        condition.reason = pooled(k.reason, texts);
        condition.message = pooled(k.message, texts);
        condition.lastTransitionTime = k.lastTransitionTime;
        conditions.append(std::move(condition));
    }
    p.conditions = PackedList<Condition>(conditions);
    QList<Property> properties;
    properties.reserve(c.properties.size());
    for (const auto &[name, value] : c.properties)
        properties.append(Property{pooled(name, texts), FieldValue(pooled(value, texts)), 0});
    p.properties = PackedList<Property>(properties);
    return p;
}

ProfilePtr toProfile(const std::shared_ptr<const RecordedCluster> &cluster, RecordedTextMemo *texts)
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile = toClusterProfile(*cluster, texts);
    record->jsonSource = std::make_shared<RecordedClusterJson>(cluster);
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
