#include "apidecoder.h"

#include "jsonreader.h"
#include "yamljson.h"

namespace fleetscope {
namespace {

constexpr char groupPrefix[] = "multicluster.x-k8s.io/";

bool decodeApiVersion(JsonReader &r, const nlohmann::json &object, const JsonPath &root, const char *kind,
                      ApiVersion *out)
{
    QString apiVersion, actualKind;
    if (!r.readString(object, "apiVersion", root, &apiVersion) || !r.readString(object, "kind", root, &actualKind))
        return false;
    // List items may come without apiVersion/kind (the list carries them).
    if (!actualKind.isEmpty() && actualKind != QLatin1String(kind))
        return r.fail(root.member("kind"), QStringLiteral("expected %1, got \"%2\"").arg(QLatin1String(kind), actualKind));
    if (apiVersion.isEmpty())
        return true;
    if (!out) { // a core/v1 kind
        if (apiVersion == u"v1")
            return true;
        return r.fail(root.member("apiVersion"), QStringLiteral("unsupported API version \"%1\"").arg(apiVersion));
    }
    if (apiVersion == QLatin1String(groupPrefix) + u"v1alpha1")
        *out = ApiVersion::V1Alpha1;
    else if (apiVersion == QLatin1String(groupPrefix) + u"v1alpha2")
        *out = ApiVersion::V1Alpha2;
    else
        return r.fail(root.member("apiVersion"), QStringLiteral("unsupported API version \"%1\"").arg(apiVersion));
    return true;
}

bool decodeLabels(JsonReader &r, const nlohmann::json &metadata, const JsonPath &at, LabelMap *out)
{
    const nlohmann::json *labels = nullptr;
    if (!r.readObject(metadata, "labels", at, &labels) || !labels)
        return r.ok();
    const JsonPath labelsAt = at.member("labels");
    std::vector<LabelMap::Entry> entries;
    entries.reserve(labels->size());
    for (auto it = labels->begin(); it != labels->end(); ++it) {
        if (it->is_null())
            continue;
        if (!it->is_string()) {
            // The key is data, not a static name: render it into the message here.
            return r.fail(labelsAt, QStringLiteral("label \"%1\": expected string, got %2")
                                        .arg(QString::fromStdString(it.key()), JsonReader::typeName(*it)));
        }
        const auto &key = it.key();
        const auto &value = it->get_ref<const std::string &>();
        entries.emplace_back(r.pool().pooledUtf8(key),
                             StringPool::holdsUniqueValues(std::string_view(key))
                                 ? PooledString::unique(QString::fromUtf8(value.data(), qsizetype(value.size())))
                                 : r.pool().pooledUtf8(value));
    }
    out->assign(&entries);
    return true;
}

bool decodeMetadata(JsonReader &r, const nlohmann::json &object, const JsonPath &root, bool namespaced,
                    ObjectMeta *out)
{
    const nlohmann::json *metadata = nullptr;
    if (!r.readObject(object, "metadata", root, &metadata))
        return false;
    const JsonPath at = root.member("metadata");
    if (!metadata)
        return r.fail(at, QStringLiteral("required value is missing"));
    QString uid;
    QByteArray resourceVersion;
    if (!r.requireString(*metadata, "name", at, &out->name)
        || !r.readPooledString(*metadata, "namespace", at, &out->namespaceName)
        || !r.readString(*metadata, "uid", at, &uid)
        || !r.readLatin1(*metadata, "resourceVersion", at, &resourceVersion)
        || !r.readInt64(*metadata, "generation", at, &out->generation)
        || !r.readTime(*metadata, "creationTimestamp", at, &out->creationTimestamp)
        || !r.readTime(*metadata, "deletionTimestamp", at, &out->deletionTimestamp)
        || !decodeLabels(r, *metadata, at, &out->labels))
        return false;
    if (namespaced && out->namespaceName.isEmpty())
        return r.fail(at.member("namespace"), QStringLiteral("required value is missing"));
    out->uid = QUuid::fromString(uid);
    out->resourceVersion = resourceVersion;
    return true;
}

bool decodeCondition(JsonReader &r, const nlohmann::json &item, const JsonPath &at, Condition *out)
{
    if (!item.is_object())
        return r.fail(at, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(item)));
    QString type;
    QString status;
    if (!r.requireString(item, "type", at, &type) || !r.readString(item, "status", at, &status)
        || !r.readPooledString(item, "reason", at, &out->reason)
        || !r.readPooledString(item, "message", at, &out->message)
        || !r.readTime(item, "lastTransitionTime", at, &out->lastTransitionTime)
        || !r.readInt64(item, "observedGeneration", at, &out->observedGeneration))
        return false;
    out->type = r.pool().pooled(type);
    out->status = conditionStatusFromString(status);
    return true;
}

bool decodeProperty(JsonReader &r, const nlohmann::json &item, const JsonPath &at, Property *out)
{
    if (!item.is_object())
        return r.fail(at, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(item)));
    QString name;
    QString value;
    if (!r.requireString(item, "name", at, &name) || !r.readString(item, "value", at, &value)
        || !r.readTime(item, "lastObservedTime", at, &out->lastObservedTime))
        return false;
    out->value = StringPool::holdsUniqueValues(name) ? PooledString::unique(value) : r.pool().pooled(value);
    out->name = r.pool().pooled(name);
    return true;
}

template<typename T>
void appendAll(QList<T> *to, QList<T> &&from)
{
    to->reserve(to->size() + from.size()); // exact, as the bytes decoder's
    for (T &item : from)
        to->append(std::move(item));
}

template<typename T>
void appendAll(PackedList<T> *to, QList<T> &&from)
{
    to->append(std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// Decodes into `out`'s end; the whole list first, so that a PackedList is
// reallocated once.
template<typename List, typename Decode>
bool decodeList(JsonReader &r, const nlohmann::json &object, const char *key, const JsonPath &at, List *out,
                Decode decode)
{
    const nlohmann::json *array = nullptr;
    if (!r.readArray(object, key, at, &array) || !array)
        return r.ok();
    const JsonPath listAt = at.member(key);
    QList<typename List::value_type> decoded;
    decoded.reserve(qsizetype(array->size()));
    int index = 0;
    for (const nlohmann::json &item : *array) {
        typename List::value_type value;
        if (!decode(r, item, listAt.element(index), &value))
            return false;
        decoded.append(std::move(value));
        ++index;
    }
    appendAll(out, std::move(decoded));
    return true;
}

bool decodeAccessProvider(JsonReader &r, const nlohmann::json &item, const JsonPath &at, AccessProvider *out)
{
    if (!item.is_object())
        return r.fail(at, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(item)));
    const nlohmann::json *cluster = nullptr;
    QString name;
    if (!r.requireString(item, "name", at, &name) || !r.readObject(item, "cluster", at, &cluster))
        return false;
    out->name = r.pool().pooled(name);
    if (cluster)
        return decodeKubeconfigCluster(r, *cluster, at.member("cluster"), &out->cluster);
    return true;
}

bool decodeProfileStatus(JsonReader &r, const nlohmann::json &status, const JsonPath &at, ClusterProfile *out)
{
    const nlohmann::json *version = nullptr;
    if (!r.readObject(status, "version", at, &version))
        return false;
    if (version && !r.readPooledString(*version, "kubernetes", at.member("version"), &out->kubernetesVersion))
        return false;
    if (!decodeList(r, status, "conditions", at, &out->conditions, decodeCondition)
        || !decodeList(r, status, "properties", at, &out->properties, decodeProperty)
        || !decodeList(r, status, "accessProviders", at, &out->accessProviders, decodeAccessProvider))
        return false;
    QList<AccessProvider> deprecated;
    if (!decodeList(r, status, "credentialProviders", at, &deprecated, decodeAccessProvider))
        return false;
    // accessProviders win on the same name.
    deprecated.removeIf([out](const AccessProvider &p) { return out->accessProvider(p.name.view()) != nullptr; });
    for (AccessProvider &provider : deprecated)
        provider.fromCredentialProviders = true;
    appendAll(&out->accessProviders, std::move(deprecated));
    return true;
}

} // namespace

bool decodeKubeconfigCluster(JsonReader &r, const nlohmann::json &object, const JsonPath &at, KubeconfigCluster *out)
{
    if (!r.readString(object, "server", at, &out->server)
        || !r.readPooledString(object, "certificate-authority", at, &out->certificateAuthority)
        || !r.readBase64(object, "certificate-authority-data", at, &out->certificateAuthorityData)
        || !r.readPooledString(object, "tls-server-name", at, &out->tlsServerName)
        || !r.readBool(object, "insecure-skip-tls-verify", at, &out->insecureSkipTlsVerify)
        || !r.readPooledString(object, "proxy-url", at, &out->proxyUrl)
        || !r.readBool(object, "disable-compression", at, &out->disableCompression))
        return false;
    const nlohmann::json *extensions = nullptr;
    if (!r.readArray(object, "extensions", at, &extensions) || !extensions)
        return r.ok();
    const JsonPath listAt = at.member("extensions");
    QList<NamedExtension> decoded;
    int index = 0;
    for (const nlohmann::json &item : *extensions) {
        const JsonPath itemAt = listAt.element(index++);
        if (!item.is_object())
            return r.fail(itemAt, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(item)));
        NamedExtension extension;
        QString name;
        if (!r.requireString(item, "name", itemAt, &name))
            return false;
        extension.name = r.pool().pooled(name);
        const nlohmann::json *body = r.member(item, "extension");
        extension.json = body ? compactJson(*body) : QByteArrayLiteral("null");
        decoded.append(std::move(extension));
    }
    appendAll(&out->extensions, std::move(decoded));
    return true;
}

bool decodeClusterProfile(const nlohmann::json &object, ClusterProfile *out, QString *error, StringPool &pool)
{
    JsonReader r(pool);
    const JsonPath root;
    ClusterProfile profile;
    const nlohmann::json *spec = nullptr;
    const nlohmann::json *status = nullptr;
    const nlohmann::json *manager = nullptr;
    bool ok = object.is_object() || r.fail(root, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(object)));
    ok = ok && decodeApiVersion(r, object, root, "ClusterProfile", &profile.apiVersion)
        && decodeMetadata(r, object, root, true, &profile.metadata) && r.readObject(object, "spec", root, &spec)
        && r.readObject(object, "status", root, &status);
    if (ok && spec) {
        const JsonPath at = root.member("spec");
        ok = r.readString(*spec, "displayName", at, &profile.displayName)
            && r.readObject(*spec, "clusterManager", at, &manager)
            && (!manager || r.readPooledString(*manager, "name", at.member("clusterManager"), &profile.clusterManagerName));
    }
    if (ok && status)
        ok = decodeProfileStatus(r, *status, root.member("status"), &profile);
    if (!ok) {
        if (error)
            *error = r.error();
        return false;
    }
    profile.shareRepeatedText();
    *out = std::move(profile);
    return true;
}

bool decodePlacementDecision(const nlohmann::json &object, PlacementDecision *out, QString *error, StringPool &pool)
{
    JsonReader r(pool);
    const JsonPath root;
    PlacementDecision decision;
    bool ok = object.is_object() || r.fail(root, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(object)));
    ok = ok && decodeApiVersion(r, object, root, "PlacementDecision", &decision.apiVersion)
        && decodeMetadata(r, object, root, true, &decision.metadata)
        && r.readInternedString(object, "schedulerName", root, &decision.schedulerName)
        && decodeList(r, object, "decisions", root, &decision.decisions,
                      [](JsonReader &r, const nlohmann::json &item, const JsonPath &at, ClusterDecision *d) {
                          if (!item.is_object())
                              return r.fail(at, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(item)));
                          const nlohmann::json *ref = nullptr;
                          if (!r.readObject(item, "clusterProfileRef", at, &ref) || !r.readPooledString(item, "reason", at, &d->reason))
                              return false;
                          if (!ref)
                              return r.fail(at.member("clusterProfileRef"), QStringLiteral("required value is missing"));
                          const JsonPath refAt = at.member("clusterProfileRef");
                          return r.requireString(*ref, "name", refAt, &d->clusterProfileName)
                              && r.readPooledString(*ref, "namespace", refAt, &d->clusterProfileNamespace);
                      });
    if (!ok) {
        if (error)
            *error = r.error();
        return false;
    }
    *out = std::move(decision);
    return true;
}

bool decodeNamespace(const nlohmann::json &object, KubeNamespace *out, QString *error, StringPool &pool)
{
    JsonReader r(pool);
    const JsonPath root;
    KubeNamespace ns;
    bool ok = object.is_object() || r.fail(root, QStringLiteral("expected object, got %1").arg(JsonReader::typeName(object)));
    ok = ok && decodeApiVersion(r, object, root, "Namespace", nullptr) && decodeMetadata(r, object, root, false, &ns.metadata);
    if (!ok) {
        if (error)
            *error = r.error();
        return false;
    }
    *out = std::move(ns);
    return true;
}

} // namespace fleetscope
