#include "objectbytesreader.h"

#include "clusterprofile.h"

#include <QUuid>

#include <algorithm>

namespace fleetscope {
namespace {

using Type = JsonCursor::Type;

constexpr std::string_view groupPrefix = "multicluster.x-k8s.io/";

bool isAscii(std::string_view text)
{
    for (const char ch : text) {
        if (static_cast<unsigned char>(ch) >= 0x80)
            return false;
    }
    return true;
}

} // namespace

ObjectBytesReader::ObjectBytesReader(StringPool &pool)
    : m_pool(pool)
{
}

ObjectBytesReader::~ObjectBytesReader() = default;

bool ObjectBytesReader::readKey(JsonCursor &c, std::string *out)
{
    bool isNull = false;
    if (!nullOr(c, Type::String, &isNull))
        return false;
    std::string_view text;
    if (!isNull && !c.readString(&text, &m_scratch))
        return false;
    out->assign(text);
    return true;
}

bool ObjectBytesReader::checkApiVersion(std::string_view apiVersion, std::string_view kind,
                                        std::string_view expectedKind, ApiVersion *out)
{
    if (!kind.empty() && kind != expectedKind)
        return false;
    if (apiVersion.empty())
        return true;
    if (apiVersion.size() <= groupPrefix.size() || apiVersion.substr(0, groupPrefix.size()) != groupPrefix)
        return false;
    const std::string_view version = apiVersion.substr(groupPrefix.size());
    if (version == "v1alpha1")
        *out = ApiVersion::V1Alpha1;
    else if (version == "v1alpha2")
        *out = ApiVersion::V1Alpha2;
    else
        return false;
    return true;
}

PooledString ObjectBytesReader::intern(std::string_view text)
{
    if (text.empty())
        return PooledString();
    CacheEntry &entry = m_cache[std::hash<std::string_view>()(text) % m_cache.size()];
    if (entry.utf8 == text && !entry.value.isEmpty())
        return entry.value;
    entry.value = m_pool.pooledUtf8(text);
    entry.utf8.assign(text);
    return entry.value;
}

bool ObjectBytesReader::nullOr(JsonCursor &c, JsonCursor::Type type, bool *isNull)
{
    const Type actual = c.peek();
    *isNull = actual == Type::Null;
    if (*isNull)
        return c.readNull();
    return actual == type;
}

bool ObjectBytesReader::readText(JsonCursor &c, std::string_view *text, bool *isNull)
{
    *text = {};
    if (!nullOr(c, Type::String, isNull))
        return false;
    return *isNull || c.readString(text, &m_scratch);
}

bool ObjectBytesReader::readString(JsonCursor &c, QString *out)
{
    std::string_view text;
    bool isNull = false;
    if (!readText(c, &text, &isNull))
        return false;
    if (!isNull)
        *out = fromUtf8(text);
    return true;
}

bool ObjectBytesReader::readUtf8(JsonCursor &c, std::string *out)
{
    std::string_view text;
    bool isNull = false;
    if (!readText(c, &text, &isNull))
        return false;
    out->assign(text); // empty for null
    return true;
}

bool ObjectBytesReader::readInterned(JsonCursor &c, PooledString *out)
{
    std::string_view text;
    bool isNull = false;
    if (!readText(c, &text, &isNull))
        return false;
    if (!isNull)
        *out = intern(text);
    return true;
}

bool ObjectBytesReader::readInterned(JsonCursor &c, QString *out)
{
    PooledString pooled;
    if (!readInterned(c, &pooled))
        return false;
    if (!pooled.isEmpty())
        *out = pooled.toString();
    return true;
}

bool ObjectBytesReader::readTime(JsonCursor &c, KubeTime *out)
{
    std::string_view text;
    bool isNull = false;
    if (!readText(c, &text, &isNull))
        return false;
    return isNull || text.empty() || parseKubeTime(text, out);
}

bool ObjectBytesReader::readBool(JsonCursor &c, bool *out)
{
    bool isNull = false;
    if (!nullOr(c, Type::Boolean, &isNull))
        return false;
    return isNull || c.readBool(out);
}

bool ObjectBytesReader::readInt(JsonCursor &c, qint64 *out)
{
    bool isNull = false;
    if (!nullOr(c, Type::Number, &isNull))
        return false;
    return isNull || c.readInt64(out);
}

bool ObjectBytesReader::decodeMetadata(JsonCursor &c, ObjectMeta *out)
{
    if (!c.enterObject())
        return false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "name") {
            ok = seen.first(0) && readString(c, &out->name);
        } else if (key == "namespace") {
            ok = seen.first(1) && readInterned(c, &out->namespaceName);
        } else if (key == "uid") {
            bool isNull = false;
            std::string_view text;
            ok = seen.first(2) && nullOr(c, Type::String, &isNull);
            if (ok && !isNull) {
                ok = c.readString(&text, &m_scratch);
                out->uid = isAscii(text) ? QUuid::fromString(QLatin1String(text.data(), qsizetype(text.size())))
                                         : QUuid::fromString(fromUtf8(text));
            }
        } else if (key == "resourceVersion") {
            bool isNull = false;
            std::string_view text;
            ok = seen.first(3) && nullOr(c, Type::String, &isNull);
            if (ok && !isNull) {
                ok = c.readString(&text, &m_scratch);
                out->resourceVersion = QByteArray(text.data(), qsizetype(text.size()));
            }
        } else if (key == "generation") {
            ok = seen.first(4) && readInt(c, &out->generation);
        } else if (key == "creationTimestamp") {
            ok = seen.first(5) && readTime(c, &out->creationTimestamp);
        } else if (key == "deletionTimestamp") {
            ok = seen.first(6) && readTime(c, &out->deletionTimestamp);
        } else if (key == "labels") {
            bool isNull = false;
            ok = seen.first(7) && nullOr(c, Type::Object, &isNull) && (isNull || decodeLabels(c, &out->labels));
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    // Both required (ClusterProfiles are namespaced).
    return !c.failed() && !out->name.isEmpty() && !out->namespaceName.isEmpty();
}

bool ObjectBytesReader::decodeLabels(JsonCursor &c, LabelMap *out)
{
    if (!c.enterObject())
        return false;
    size_t used = 0;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        // Entries are reused between objects: their strings keep their capacity.
        if (used == m_labels.size())
            m_labels.emplace_back();
        LabelEntry &entry = m_labels[used++];
        entry.key.assign(key);
        if (!nullOr(c, Type::String, &entry.isNull))
            return false;
        std::string_view value;
        if (!entry.isNull && !c.readString(&value, &m_scratch))
            return false;
        entry.value.assign(value);
    }
    if (c.failed())
        return false;
    // Sorted by bytes to find repeated keys; LabelMap::assign() orders by UTF-16 itself.
    m_labelOrder.clear();
    for (size_t i = 0; i < used; ++i)
        m_labelOrder.push_back(&m_labels[i]);
    std::sort(m_labelOrder.begin(), m_labelOrder.end(),
              [](const LabelEntry *a, const LabelEntry *b) { return a->key < b->key; });
    m_labelEntries.clear();
    for (size_t i = 0; i < m_labelOrder.size(); ++i) {
        const LabelEntry &entry = *m_labelOrder[i];
        if (i > 0 && m_labelOrder[i - 1]->key == entry.key)
            return false; // a repeated label: the DOM keeps the last; left to the DOM
        if (!entry.isNull)
            m_labelEntries.emplace_back(intern(entry.key), StringPool::holdsUniqueValues(entry.key)
                                                                ? PooledString::unique(fromUtf8(entry.value))
                                                                : intern(entry.value));
    }
    out->assign(&m_labelEntries);
    return true;
}

} // namespace fleetscope
