#include "profiledecoder.h"

#include <algorithm>

namespace fleetscope {
namespace {

template<typename T>
void moveInto(std::vector<T> *from, PackedList<T> *to)
{
    to->append(std::make_move_iterator(from->begin()), std::make_move_iterator(from->end()));
    from->clear();
}

} // namespace

bool ProfileDecoder::decodeRoot(ClusterProfile *out)
{
    const JsonPath at;
    ClusterProfile profile;
    // Cleared here, not only in decodeStatus: an object without status must not
    // inherit the previous object's deprecated providers.
    m_deprecatedProviders.clear();
    const bool decoded = readRoot({"ClusterProfile", &profile.apiVersion, true, &profile.metadata},
                                  [&](std::string_view key, ondemand::value &value) {
                                      if (key == "spec")
                                          return decodeSpec(value, at.member("spec"), &profile);
                                      return key != "status" || decodeStatus(value, at.member("status"), &profile);
                                  });
    if (!decoded)
        return false;
    // apiVersion may come after status, so what depends on the version is settled here.
    applyVersionRules(&profile);
    FinishedText text = m_text.finish();
    profile.adoptText(&text);
    *out = std::move(profile);
    return true;
}

bool ProfileDecoder::decodeSpec(ondemand::value &value, const JsonPath &at, ClusterProfile *out)
{
    return forEachMemberOf(value, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "displayName")
            return readBlockText(v, at.member("displayName"), &out->displayName);
        const JsonPath managerAt = at.member("clusterManager");
        return key != "clusterManager" || forEachMemberOf(v, managerAt, [&](std::string_view k, ondemand::value &name) {
            return k != "name" || readPooled(name, managerAt.member("name"), &out->clusterManagerName);
        });
    });
}

bool ProfileDecoder::decodeStatus(ondemand::value &value, const JsonPath &at, ClusterProfile *out)
{
    m_conditions.clear();
    m_properties.clear();
    m_providers.clear();
    m_deprecatedProviders.clear();
    const bool decoded = forEachMemberOf(value, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "version") {
            const JsonPath versionAt = at.member("version");
            return forEachMemberOf(v, versionAt, [&](std::string_view k, ondemand::value &text) {
                return k != "kubernetes" || readPooled(text, versionAt.member("kubernetes"), &out->kubernetesVersion);
            });
        }
        if (key == "conditions") {
            m_conditions.clear();
            return forEachElementOf(v, at.member("conditions"), [&](ondemand::value &item, const JsonPath &itemAt) {
                return decodeCondition(item, itemAt, &m_conditions.emplace_back());
            });
        }
        if (key == "properties") {
            m_properties.clear();
            return forEachElementOf(v, at.member("properties"), [&](ondemand::value &item, const JsonPath &itemAt) {
                return decodeProperty(item, itemAt, &m_properties.emplace_back());
            });
        }
        if (key == "accessProviders")
            return decodeAccessProviders(v, at.member("accessProviders"), &m_providers);
        if (key == "credentialProviders")
            return decodeAccessProviders(v, at.member("credentialProviders"), &m_deprecatedProviders);
        return true;
    });
    if (!decoded)
        return false;
    moveInto(&m_conditions, &out->conditions);
    moveInto(&m_properties, &out->properties);
    moveInto(&m_providers, &out->accessProviders);
    return true;
}

void ProfileDecoder::applyVersionRules(ClusterProfile *out)
{
    if (out->apiVersion == ApiVersion::V1Alpha2) {
        // v1alpha2's schema has neither credentialProviders nor a CA file path: the
        // apiserver prunes both when it serves an object stored through v1alpha1.
        m_deprecatedProviders.clear();
        for (AccessProvider &provider : out->accessProviders)
            provider.cluster.certificateAuthority.clear();
        return;
    }
    // v1alpha1: accessProviders win on the same name, whichever list comes first.
    const auto shadowed = std::remove_if(m_deprecatedProviders.begin(), m_deprecatedProviders.end(),
                                         [out](const AccessProvider &p) { return out->accessProvider(p.name.view()); });
    m_deprecatedProviders.erase(shadowed, m_deprecatedProviders.end());
    for (AccessProvider &provider : m_deprecatedProviders)
        provider.fromCredentialProviders = true;
    moveInto(&m_deprecatedProviders, &out->accessProviders);
}

bool ProfileDecoder::decodeCondition(ondemand::value &value, const JsonPath &at, Condition *out)
{
    ondemand::object condition;
    if (!requireObject(value, at, &condition))
        return false;
    std::string_view status;
    const bool decoded = forEachMember(condition, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "type")
            return readPooled(v, at.member("type"), &out->type);
        if (key == "status")
            return readText(v, at.member("status"), &status);
        if (key == "reason")
            return readPooled(v, at.member("reason"), &out->reason);
        if (key == "message")
            return readPooled(v, at.member("message"), &out->message);
        if (key == "lastTransitionTime")
            return readTime(v, at.member("lastTransitionTime"), &out->lastTransitionTime);
        if (key == "observedGeneration")
            return readInt64(v, at.member("observedGeneration"), &out->observedGeneration);
        return true;
    });
    if (!decoded)
        return false;
    if (out->type.isEmpty())
        return missing(at.member("type"));
    if (status == "True")
        out->status = ConditionStatus::True;
    else if (status == "False")
        out->status = ConditionStatus::False;
    else
        out->status = conditionStatusFromString(fromUtf8(status));
    return true;
}

bool ProfileDecoder::decodeProperty(ondemand::value &value, const JsonPath &at, Property *out)
{
    ondemand::object property;
    if (!requireObject(value, at, &property))
        return false;
    std::string_view name;
    std::string_view text; // the value, until the name says whether to pool it
    const bool decoded = forEachMember(property, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "name")
            return readText(v, at.member("name"), &name);
        if (key == "value")
            return readText(v, at.member("value"), &text);
        if (key == "lastObservedTime")
            return readTime(v, at.member("lastObservedTime"), &out->lastObservedTime);
        return true;
    });
    if (!decoded)
        return false;
    if (name.empty())
        return missing(at.member("name"));
    out->name = intern(name);
    if (!holdsUniqueValues(name))
        out->value = intern(text);
    else if (!text.empty())
        out->value = FieldValue::inBlock(m_text.addCounted(text));
    return true;
}

bool ProfileDecoder::decodeAccessProviders(ondemand::value &value, const JsonPath &at, std::vector<AccessProvider> *out)
{
    out->clear();
    return forEachElementOf(value, at, [&](ondemand::value &item, const JsonPath &itemAt) {
        // v1alpha2's maxItems, applied to v1alpha1 objects too: the apiserver serves
        // those through v1alpha2 unvalidated, and a bound keeps a hostile hub's
        // profile small.
        if (out->size() >= ClusterProfile::maxAccessProviders)
            return fail(at, QStringLiteral("must have at most %1 items").arg(ClusterProfile::maxAccessProviders));
        ondemand::object provider;
        if (!requireObject(item, itemAt, &provider))
            return false;
        AccessProvider &p = out->emplace_back();
        const bool decoded = forEachMember(provider, itemAt, [&](std::string_view key, ondemand::value &v) {
            // Pooled: a fleet has a handful of provider names.
            if (key == "name")
                return readPooled(v, itemAt.member("name"), &p.name);
            if (key == "cluster")
                return decodeCluster(v, itemAt.member("cluster"), &p.cluster);
            return true;
        });
        return decoded && (!p.name.isEmpty() || missing(itemAt.member("name")));
    });
}

bool ProfileDecoder::decodeCluster(ondemand::value &value, const JsonPath &at, KubeconfigCluster *out)
{
    return forEachMemberOf(value, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "server")
            return readBlockText(v, at.member("server"), &out->server);
        if (key == "certificate-authority")
            return readPooled(v, at.member("certificate-authority"), &out->certificateAuthority);
        if (key == "certificate-authority-data")
            return readBlockBase64(v, at.member("certificate-authority-data"), &out->certificateAuthorityData);
        if (key == "tls-server-name")
            return readPooled(v, at.member("tls-server-name"), &out->tlsServerName);
        if (key == "insecure-skip-tls-verify")
            return readBool(v, at.member("insecure-skip-tls-verify"), &out->insecureSkipTlsVerify);
        if (key == "proxy-url")
            return readPooled(v, at.member("proxy-url"), &out->proxyUrl);
        if (key == "disable-compression")
            return readBool(v, at.member("disable-compression"), &out->disableCompression);
        if (key == "extensions")
            return decodeExtensions(v, at.member("extensions"), &out->extensions);
        return true;
    });
}

bool ProfileDecoder::decodeExtensions(ondemand::value &value, const JsonPath &at, PackedList<NamedExtension> *out)
{
    m_extensions.clear();
    const bool decoded = forEachElementOf(value, at, [&](ondemand::value &item, const JsonPath &itemAt) {
        ondemand::object extension;
        if (!requireObject(item, itemAt, &extension))
            return false;
        NamedExtension &e = m_extensions.emplace_back();
        const bool ok = forEachMember(extension, itemAt, [&](std::string_view key, ondemand::value &v) {
            if (key == "name")
                return readPooled(v, itemAt.member("name"), &e.name); // a few well-known names
            if (key == "extension")
                return readBlockJson(v, itemAt.member("extension"), &e.json);
            return true;
        });
        if (!ok)
            return false;
        if (e.name.isEmpty())
            return missing(itemAt.member("name"));
        if (e.json.isEmpty())
            e.json = m_text.add("null");
        return true;
    });
    if (!decoded)
        return false;
    moveInto(&m_extensions, out);
    return true;
}

bool ProfileDecoder::readBlockBase64(ondemand::value &value, const JsonPath &at, BlockText *out)
{
    std::string_view text;
    bool present = false;
    if (!readText(value, at, &text, &present) || !present)
        return ok();
    const auto decoded = QByteArray::fromBase64Encoding(QByteArray::fromRawData(text.data(), qsizetype(text.size())),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return fail(at, QStringLiteral("invalid base64 data"));
    *out = m_text.add(std::string_view(decoded.decoded.constData(), size_t(decoded.decoded.size())));
    return true;
}

bool ProfileDecoder::readBlockJson(ondemand::value &value, const JsonPath &at, BlockText *out)
{
    std::string_view raw;
    if (simdjson::error_code e = rawJsonText(value, &raw); e != simdjson::SUCCESS)
        return invalid(at, e);
    const QByteArray compact = minifiedJson(raw);
    *out = m_text.add(std::string_view(compact.constData(), size_t(compact.size())));
    return true;
}

} // namespace fleetscope
