#include "profilebytesdecoder.h"

#include "compactjsoncopy.h"

#include <algorithm>

namespace fleetscope {
namespace {

using Type = JsonCursor::Type;

} // namespace

ProfileBytesDecoder::ProfileBytesDecoder(StringPool &pool)
    : ObjectBytesReader(pool)
{
}

ProfileBytesDecoder::~ProfileBytesDecoder() = default;

bool ProfileBytesDecoder::decode(std::string_view json, ClusterProfile *out)
{
    JsonCursor c(json.data(), json.data() + json.size());
    if (c.peek() != Type::Object || !c.enterObject())
        return false;
    ClusterProfile profile;
    std::string apiVersion, kind;
    bool hasMetadata = false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        bool isNull = false;
        if (key == "apiVersion" || key == "kind") {
            ok = seen.first(key == "kind") && readKey(c, key == "kind" ? &kind : &apiVersion);
        } else if (key == "metadata") {
            ok = seen.first(2) && c.peek() == Type::Object && decodeMetadata(c, &profile.metadata);
            hasMetadata = true;
        } else if (key == "spec") {
            ok = seen.first(3) && nullOr(c, Type::Object, &isNull) && (isNull || decodeSpec(c, &profile));
        } else if (key == "status") {
            ok = seen.first(4) && nullOr(c, Type::Object, &isNull) && (isNull || decodeStatus(c, &profile));
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    if (c.failed() || !c.atEnd() || !hasMetadata)
        return false;
    if (!checkApiVersion(apiVersion, kind, "ClusterProfile", &profile.apiVersion))
        return false;
    profile.shareRepeatedText();
    *out = std::move(profile);
    return true;
}

bool ProfileBytesDecoder::decodeSpec(JsonCursor &c, ClusterProfile *out)
{
    if (!c.enterObject())
        return false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "displayName") {
            ok = seen.first(0) && readString(c, &out->displayName);
        } else if (key == "clusterManager") {
            bool isNull = false;
            ok = seen.first(1) && nullOr(c, Type::Object, &isNull);
            if (ok && !isNull) {
                ok = c.enterObject();
                Seen inner;
                bool innerFirst = true;
                std::string_view innerKey;
                while (ok && c.nextMember(&innerFirst, &innerKey)) {
                    if (innerKey == "name")
                        ok = inner.first(0) && readInterned(c, &out->clusterManagerName);
                    else
                        ok = c.skipValue();
                }
                ok = ok && !c.failed();
            }
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    return !c.failed();
}

template<typename T, typename Decode>
static bool decodeArray(JsonCursor &c, std::vector<T> *scratch, Decode decode)
{
    scratch->clear();
    const Type type = c.peek();
    if (type == Type::Null)
        return c.readNull();
    if (type != Type::Array || !c.enterArray())
        return false;
    bool first = true;
    while (c.nextElement(&first)) {
        if (c.peek() != Type::Object)
            return false; // "expected object, got …"
        scratch->emplace_back();
        if (!decode(c, &scratch->back()))
            return false;
    }
    return !c.failed();
}

template<typename T>
static void moveInto(std::vector<T> *from, PackedList<T> *to)
{
    to->append(std::make_move_iterator(from->begin()), std::make_move_iterator(from->end()));
    from->clear();
}

bool ProfileBytesDecoder::decodeStatus(JsonCursor &c, ClusterProfile *out)
{
    if (!c.enterObject())
        return false;
    m_conditions.clear();
    m_properties.clear();
    m_providers.clear();
    m_deprecatedProviders.clear();
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "version") {
            bool isNull = false;
            ok = seen.first(0) && nullOr(c, Type::Object, &isNull);
            if (ok && !isNull) {
                ok = c.enterObject();
                Seen inner;
                bool innerFirst = true;
                std::string_view innerKey;
                while (ok && c.nextMember(&innerFirst, &innerKey)) {
                    if (innerKey == "kubernetes")
                        ok = inner.first(0) && readInterned(c, &out->kubernetesVersion);
                    else
                        ok = c.skipValue();
                }
                ok = ok && !c.failed();
            }
        } else if (key == "conditions") {
            ok = seen.first(1)
                && decodeArray(c, &m_conditions, [this](JsonCursor &c, Condition *v) { return decodeCondition(c, v); });
        } else if (key == "properties") {
            ok = seen.first(2)
                && decodeArray(c, &m_properties, [this](JsonCursor &c, Property *v) { return decodeProperty(c, v); });
        } else if (key == "accessProviders") {
            ok = seen.first(3) && decodeArray(c, &m_providers, [this](JsonCursor &c, AccessProvider *v) {
                     return decodeAccessProvider(c, v);
                 });
        } else if (key == "credentialProviders") {
            ok = seen.first(4) && decodeArray(c, &m_deprecatedProviders, [this](JsonCursor &c, AccessProvider *v) {
                     return decodeAccessProvider(c, v);
                 });
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    if (c.failed())
        return false;
    moveInto(&m_conditions, &out->conditions);
    moveInto(&m_properties, &out->properties);
    moveInto(&m_providers, &out->accessProviders);
    // As decodeProfileStatus(): accessProviders win on the same name.
    const auto shadowed = std::remove_if(m_deprecatedProviders.begin(), m_deprecatedProviders.end(),
                                         [out](const AccessProvider &p) { return out->accessProvider(p.name.view()); });
    m_deprecatedProviders.erase(shadowed, m_deprecatedProviders.end());
    for (AccessProvider &provider : m_deprecatedProviders)
        provider.fromCredentialProviders = true;
    moveInto(&m_deprecatedProviders, &out->accessProviders);
    return true;
}

bool ProfileBytesDecoder::decodeCondition(JsonCursor &c, Condition *out)
{
    if (!c.enterObject())
        return false;
    Seen seen;
    bool hasStatus = false;
    std::string_view status;
    std::string statusCopy;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "type") {
            ok = seen.first(0) && readInterned(c, &out->type);
        } else if (key == "status") {
            bool isNull = false;
            ok = seen.first(1) && nullOr(c, Type::String, &isNull);
            if (ok && !isNull) {
                ok = c.readString(&status, &m_scratch);
                statusCopy.assign(status);
                hasStatus = true;
            }
        } else if (key == "reason") {
            ok = seen.first(2) && readInterned(c, &out->reason);
        } else if (key == "message") {
            ok = seen.first(3) && readInterned(c, &out->message);
        } else if (key == "lastTransitionTime") {
            ok = seen.first(4) && readTime(c, &out->lastTransitionTime);
        } else if (key == "observedGeneration") {
            ok = seen.first(5) && readInt(c, &out->observedGeneration);
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    if (c.failed() || out->type.isEmpty())
        return false;
    if (!hasStatus)
        out->status = conditionStatusFromString(QStringView());
    else if (statusCopy == "True")
        out->status = conditionStatusFromString(u"True");
    else if (statusCopy == "False")
        out->status = conditionStatusFromString(u"False");
    else
        out->status = conditionStatusFromString(fromUtf8(statusCopy));
    return true;
}

bool ProfileBytesDecoder::decodeProperty(JsonCursor &c, Property *out)
{
    if (!c.enterObject())
        return false;
    m_propertyValue.clear();
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "name")
            ok = seen.first(0) && readInterned(c, &out->name);
        else if (key == "value")
            ok = seen.first(1) && readUtf8(c, &m_propertyValue); // interned below, unless an identifier
        else if (key == "lastObservedTime")
            ok = seen.first(2) && readTime(c, &out->lastObservedTime);
        else
            ok = c.skipValue();
        if (!ok)
            return false;
    }
    out->value = StringPool::holdsUniqueValues(out->name.view()) ? PooledString::unique(fromUtf8(m_propertyValue))
                                                                 : intern(m_propertyValue);
    return !c.failed() && !out->name.isEmpty();
}

bool ProfileBytesDecoder::decodeAccessProvider(JsonCursor &c, AccessProvider *out)
{
    if (!c.enterObject())
        return false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "name") {
            // Interned here (not in the DOM path): a fleet has a handful of provider names.
            ok = seen.first(0) && readInterned(c, &out->name);
        } else if (key == "cluster") {
            bool isNull = false;
            ok = seen.first(1) && nullOr(c, Type::Object, &isNull) && (isNull || decodeCluster(c, &out->cluster));
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    return !c.failed() && !out->name.isEmpty();
}

bool ProfileBytesDecoder::decodeCluster(JsonCursor &c, KubeconfigCluster *out)
{
    if (!c.enterObject())
        return false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "server") {
            ok = seen.first(0) && readString(c, &out->server);
        } else if (key == "certificate-authority") {
            ok = seen.first(1) && readInterned(c, &out->certificateAuthority);
        } else if (key == "certificate-authority-data") {
            bool isNull = false;
            ok = seen.first(2) && nullOr(c, Type::String, &isNull);
            if (ok && !isNull) {
                std::string_view text;
                ok = c.readString(&text, &m_scratch);
                auto decoded = QByteArray::fromBase64Encoding(QByteArray(text.data(), qsizetype(text.size())),
                                                              QByteArray::AbortOnBase64DecodingErrors);
                ok = ok && bool(decoded);
                if (ok) {
                    // Decoded in place: the buffer still has the base64 text's size.
                    out->certificateAuthorityData = *decoded;
                    out->certificateAuthorityData.squeeze();
                }
            }
        } else if (key == "tls-server-name") {
            ok = seen.first(3) && readInterned(c, &out->tlsServerName);
        } else if (key == "insecure-skip-tls-verify") {
            ok = seen.first(4) && readBool(c, &out->insecureSkipTlsVerify);
        } else if (key == "proxy-url") {
            ok = seen.first(5) && readInterned(c, &out->proxyUrl);
        } else if (key == "disable-compression") {
            ok = seen.first(6) && readBool(c, &out->disableCompression);
        } else if (key == "extensions") {
            ok = seen.first(7) && decodeExtensions(c, &out->extensions);
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    return !c.failed();
}

bool ProfileBytesDecoder::decodeExtensions(JsonCursor &c, PackedList<NamedExtension> *out)
{
    bool isNull = false;
    if (!nullOr(c, Type::Array, &isNull))
        return false;
    if (isNull)
        return true;
    if (!c.enterArray())
        return false;
    // Staged like the status lists, so that the list gets an exact capacity.
    m_extensions.clear();
    bool first = true;
    while (c.nextElement(&first)) {
        if (c.peek() != Type::Object || !c.enterObject())
            return false;
        NamedExtension extension;
        Seen seen;
        bool hasBody = false;
        bool memberFirst = true;
        std::string_view key;
        while (c.nextMember(&memberFirst, &key)) {
            bool ok = true;
            if (key == "name") {
                ok = seen.first(0) && readInterned(c, &extension.name); // a few well-known names
            } else if (key == "extension") {
                ok = seen.first(1);
                if (ok && c.peek() == Type::Null) {
                    ok = c.readNull();
                } else if (ok) {
                    ok = copyCompactJson(c, &extension.json, &m_scratch);
                    hasBody = true;
                }
            } else {
                ok = c.skipValue();
            }
            if (!ok)
                return false;
        }
        if (c.failed() || extension.name.isEmpty())
            return false;
        if (!hasBody)
            extension.json = QByteArrayLiteral("null");
        m_extensions.push_back(std::move(extension));
    }
    if (c.failed())
        return false;
    moveInto(&m_extensions, out);
    return true;
}

} // namespace fleetscope
