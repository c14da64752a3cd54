#pragma once

#include "clusterprofile.h"
#include "jsoncursor.h"
#include "stringpool.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace fleetscope {

// Decodes a ClusterProfile straight from its JSON text, without a DOM: the cold
// sync path, where building and freeing a nlohmann tree per object was half of
// the CPU.
//
// It is the fast path of decodeClusterProfile(), not a second decoder with its
// own opinions: it succeeds only where decodeClusterProfile() would succeed, and
// then yields the identical ClusterProfile (same strings, same interning). On
// anything else (a wrong type, a bad time, an unsupported version, a repeated
// key, an extension body it cannot reproduce byte for byte) it returns false
// without a message, and the caller decodes the object through the DOM, which
// names the problem. Not thread-safe; use one per thread (or per list page).
class ProfileBytesDecoder final
{
    Q_DISABLE_COPY_MOVE(ProfileBytesDecoder)

public:
    explicit ProfileBytesDecoder(StringPool &pool = StringPool::shared());
    ~ProfileBytesDecoder();

    bool decode(std::string_view json, ClusterProfile *out);

private:
    bool decodeMetadata(JsonCursor &c, ObjectMeta *out);
    bool decodeLabels(JsonCursor &c, LabelMap *out);
    bool decodeSpec(JsonCursor &c, ClusterProfile *out);
    bool decodeStatus(JsonCursor &c, ClusterProfile *out);
    bool decodeCondition(JsonCursor &c, Condition *out);
    bool decodeProperty(JsonCursor &c, Property *out);
    bool decodeAccessProvider(JsonCursor &c, AccessProvider *out);
    bool decodeCluster(JsonCursor &c, KubeconfigCluster *out);
    bool decodeExtensions(JsonCursor &c, QList<NamedExtension> *out);

    // Readers of one member value: null leaves *out alone (absent), a wrong type fails.
    bool readString(JsonCursor &c, QString *out);
    bool readInterned(JsonCursor &c, QString *out);
    bool readTime(JsonCursor &c, KubeTime *out);
    bool readBool(JsonCursor &c, bool *out);
    bool readInt(JsonCursor &c, qint64 *out);
    // The next value is null (consumed; *isNull set) or of `type`; false on any other type.
    static bool nullOr(JsonCursor &c, JsonCursor::Type type, bool *isNull);

    QString intern(std::string_view text);

    StringPool &m_pool;
    std::string m_scratch;
    // Interned strings repeat across the objects of a page (namespaces, condition
    // types, reasons, property names): a small direct-mapped cache in front of the
    // pool saves its lock, its hash and a UTF-16 conversion for most of them.
    struct CacheEntry
    {
        std::string utf8;
        QString value;
    };
    std::array<CacheEntry, 512> m_cache;
    // Reused between objects, so that lists end up exactly sized (as the DOM path makes them).
    struct LabelEntry
    {
        std::string key;
        std::string value;
        bool isNull = false;
    };
    std::vector<LabelEntry> m_labels;
    std::vector<const LabelEntry *> m_labelOrder;
    std::vector<Condition> m_conditions;
    std::vector<Property> m_properties;
    std::vector<AccessProvider> m_providers;
    std::vector<AccessProvider> m_deprecatedProviders;
};

} // namespace fleetscope
