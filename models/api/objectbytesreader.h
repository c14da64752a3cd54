#pragma once

#include "jsoncursor.h"
#include "objectmeta.h"
#include "stringpool.h"

#include <QString>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace fleetscope {

enum class ApiVersion : quint8;

// What the DOM-free decoders (ProfileBytesDecoder, PlacementBytesDecoder) share:
// typed member readers over a JsonCursor, metadata, and interning through a small
// cache in front of the StringPool. Every reader fails on what the DOM decoders
// would report as an error; the decoders then give up and the caller takes the
// DOM path, which names the problem.
class ObjectBytesReader
{
    Q_DISABLE_COPY_MOVE(ObjectBytesReader)

protected:
    explicit ObjectBytesReader(StringPool &pool);
    ~ObjectBytesReader();

    // Known members of one object, each allowed once: the DOM keeps the last of a
    // repeated key, which these readers do not imitate (they give up instead).
    class Seen
    {
    public:
        bool first(int bit) { return !((m_bits >> bit) & 1u) && ((m_bits |= 1u << bit), true); }

    private:
        quint32 m_bits = 0;
    };

    // metadata of a namespaced object (name and namespace required).
    bool decodeMetadata(JsonCursor &c, ObjectMeta *out);
    // decodeApiVersion(): both may be absent (list items); else they must match.
    static bool checkApiVersion(std::string_view apiVersion, std::string_view kind, std::string_view expectedKind,
                                ApiVersion *out);
    // "apiVersion" or "kind" (null: absent) into `out`.
    bool readKey(JsonCursor &c, std::string *out);

    // Readers of one member value: null leaves *out alone (absent), a wrong type fails.
    bool readString(JsonCursor &c, QString *out);
    bool readInterned(JsonCursor &c, PooledString *out);
    bool readInterned(JsonCursor &c, QString *out); // a pooled string's text, for fields kept as QString
    bool readTime(JsonCursor &c, KubeTime *out);
    bool readBool(JsonCursor &c, bool *out);
    bool readInt(JsonCursor &c, qint64 *out);
    // The next value is null (consumed; *isNull set) or of `type`; false on any other type.
    static bool nullOr(JsonCursor &c, JsonCursor::Type type, bool *isNull);

    PooledString intern(std::string_view text);
    // A string or null (left empty) into `out`, unescaped.
    bool readUtf8(JsonCursor &c, std::string *out);
    // A string (unescaped, valid until the next read) or null.
    bool readText(JsonCursor &c, std::string_view *text, bool *isNull);
    static QString fromUtf8(std::string_view text)
    {
        return QString::fromUtf8(text.data(), qsizetype(text.size()));
    }

    std::string m_scratch;

private:
    bool decodeLabels(JsonCursor &c, LabelMap *out);

    StringPool &m_pool;
    // Interned strings repeat across the objects of a page (namespaces, condition
    // types, reasons, property names): a small direct-mapped cache in front of the
    // pool saves its lock, its hash and a UTF-16 conversion for most of them.
    struct CacheEntry
    {
        std::string utf8;
        PooledString value;
    };
    std::array<CacheEntry, 512> m_cache;
    struct LabelEntry
    {
        std::string key;
        std::string value;
        bool isNull = false;
    };
    std::vector<LabelEntry> m_labels; // reused between objects
    std::vector<const LabelEntry *> m_labelOrder;
    std::vector<LabelMap::Entry> m_labelEntries; // sorted, for LabelMap::assign()
};

} // namespace fleetscope
