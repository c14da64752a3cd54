#pragma once

#include "blocktext.h"
#include "jsontext.h"
#include "objectmeta.h"
#include "paddedjson.h"
#include "responseobjects.h"
#include "stringpool.h"

#include <QString>

#include <simdjson.h>

#include <array>
#include <string_view>
#include <vector>

namespace fleetscope {

enum class ApiVersion : quint8;

// What the object decoders (ProfileDecoder, PlacementDecoder, NamespaceDecoder)
// share: one simdjson On-Demand parser, typed readers of member values that name
// the JSON path of the first problem ("status.conditions[2].status: expected
// string, got number"), metadata, and interning through a small cache in front of
// the StringPool.
//
// The rules follow Go's encoding/json as the apiserver's clients do: unknown
// fields are ignored, null is "absent", a missing status is fine. On-Demand reads
// each object's members once, in document order, so a decoder keeps what depends
// on a later member (a property's value until its name is known) as UTF-8 views:
// they stay valid while the document is.
//
// A simdjson error of structure (not one in a scalar's content) ends the document:
// On-Demand may have abandoned its iterator (its parser pointer is then null), so
// after one nothing of that document is touched again, not even, through
// ResponseObjects::abandon(), to skip to a list page's next item. After any
// failure the failed object's name is what was read before it (a text is read
// again from its start to find it).
//
// Not thread-safe; one per thread (HubCache keeps one per kind).
class OnDemandReader
{
    Q_DISABLE_COPY_MOVE(OnDemandReader)

public:
    // After a failed decode: "PATH: problem", and the object's metadata.name and
    // namespace if it has them (else empty).
    const QString &error() const { return m_error; }
    const QString &failedName() const { return m_failedName; }
    const QString &failedNamespace() const { return m_failedNamespace; }

    // metadata.namespace and metadata.name of the current object, found out of
    // order and without checking anything else: what a DELETED event still tells.
    // False without a name.
    bool peekKey(ResponseObjects &objects, QString *namespaceName, QString *name);

    // The JSON text of the object the last decode() of a value read, without
    // trailing whitespace: a view into the document's buffer (empty after a failure).
    std::string_view decodedText();

    // The JSON text of any value (consuming it), without trailing whitespace; a
    // view into the document's buffer.
    static simdjson::error_code rawJsonText(ondemand::value &value, std::string_view *out);

    // Interned strings cached since the last call stay alive until then (at
    // most the cache's 512): called after a list, so that
    // StringPool::purgeUnused() can free what the objects no longer hold.
    void forgetCachedStrings();

protected:
    OnDemandReader() = default;
    ~OnDemandReader() = default;

    // Starts a decode of a JSON text (jsonPadding readable bytes after it), or of
    // the current object of a document that is open elsewhere (a list page's item,
    // read in the page's one parse): either must be an object.
    bool open(std::string_view json);
    bool open(ResponseObjects &objects);

    // What every kind has at its root: apiVersion and kind (checked against `kind`
    // and, unless `version` is null, the multicluster group), and metadata (name
    // required, namespace too if `namespaced`).
    struct Header
    {
        const char *kind;
        ApiVersion *version; // null: core/v1
        bool namespaced;
        ObjectMeta *metadata;
    };
    // Reads the opened object's members: the header's through `header`, the others
    // through visit(key, value). Then checks that metadata was there and that
    // nothing follows the root of a text; after a failure the object's name is
    // looked up out of order if the problem came before it.
    template<typename Visit>
    bool readRoot(const Header &header, Visit visit)
    {
        bool hasMetadata = false;
        const bool decoded = forEachMember(m_root, JsonPath(), [&](std::string_view key, ondemand::value &value) {
            if (key == "apiVersion" || key == "kind" || key == "metadata")
                return readHeaderMember(key, value, header, &hasMetadata);
            return visit(key, value);
        });
        return finish(decoded, hasMetadata);
    }

    // The opened object's members through visit(key, value), with no header: for
    // objects of any kind (a member's Table, its rows, a plain object). Ends as
    // readRoot() does, metadata not required.
    template<typename Visit>
    bool readAnyRoot(Visit visit)
    {
        return finish(forEachMember(m_root, JsonPath(), visit), true);
    }
    // Starts a decode of a value that need not be an object (an array of column
    // definitions), the current one of `objects`.
    ondemand::value &beginValue(ResponseObjects &objects)
    {
        startDecode(&objects);
        return objects.current();
    }
    // metadata (name required, namespace too if `namespaced`).
    bool decodeMetadata(ondemand::value &value, const JsonPath &at, bool namespaced, ObjectMeta *out);

    bool ok() const { return m_error.isEmpty(); }
    bool fail(const JsonPath &at, const QString &message);
    // A simdjson error: the message, and the document is not read again.
    bool invalid(const JsonPath &at, simdjson::error_code error);
    bool missing(const JsonPath &at) { return fail(at, QStringLiteral("required value is missing")); }

    // Calls visit(key, value) for each member, in document order.
    template<typename Visit>
    bool forEachMember(ondemand::object &object, const JsonPath &at, Visit visit)
    {
        for (auto member : object) {
            ondemand::field field;
            std::string_view key;
            if (simdjson::error_code e = std::move(member).get(field); e != simdjson::SUCCESS)
                return invalid(at, e);
            // A view into the input unless the name has escapes (Kubernetes' JSON almost never has any).
            const char *keyEnd = field.value().raw_json_token().data();
            if (!plainText(field.key().raw(), keyEnd, &key)) {
                if (simdjson::error_code e = field.unescaped_key().get(key); e != simdjson::SUCCESS)
                    return invalid(at, e);
            }
            if (!visit(key, field.value()))
                return false;
        }
        return true;
    }
    // Calls visit(value, path of the element) for each element.
    template<typename Visit>
    bool forEachElement(ondemand::array &array, const JsonPath &at, Visit visit)
    {
        int index = 0;
        for (auto element : array) {
            const JsonPath elementAt = at.element(index++);
            ondemand::value value;
            if (simdjson::error_code e = element.get(value); e != simdjson::SUCCESS)
                return invalid(elementAt, e);
            if (!visit(value, elementAt))
                return false;
        }
        return true;
    }

    // forEachMember() and forEachElement() of a member value that must be an
    // object or an array; null is absent (no calls, *present false).
    template<typename Visit>
    bool forEachMemberOf(ondemand::value &value, const JsonPath &at, Visit visit, bool *present = nullptr)
    {
        ondemand::object object;
        bool isPresent = false;
        present = present ? present : &isPresent;
        return readObject(value, at, &object, present) && (!*present || forEachMember(object, at, visit));
    }
    template<typename Visit>
    bool forEachElementOf(ondemand::value &value, const JsonPath &at, Visit visit)
    {
        ondemand::array array;
        bool present = false;
        return readArray(value, at, &array, &present) && (!present || forEachElement(array, at, visit));
    }

    // Readers of one member value at `at`: null leaves *out alone (absent), a wrong
    // type fails with "expected string, got number".
    bool readText(ondemand::value &value, const JsonPath &at, std::string_view *out, bool *present = nullptr);
    // readText(), then *out = store(text) unless the value is null.
    template<typename T, typename Store>
    bool readTextInto(ondemand::value &value, const JsonPath &at, T *out, Store store)
    {
        std::string_view text;
        bool present = false;
        if (!readText(value, at, &text, &present))
            return false;
        if (present)
            *out = store(text);
        return true;
    }
    bool readPooled(ondemand::value &value, const JsonPath &at, PooledString *out)
    {
        return readTextInto(value, at, out, [this](std::string_view text) { return intern(text); });
    }
    // Into m_text: pending until the decoder makes the object's block.
    bool readBlockText(ondemand::value &value, const JsonPath &at, BlockText *out)
    {
        return readTextInto(value, at, out, [this](std::string_view text) { return m_text.add(text); });
    }
    bool readBool(ondemand::value &value, const JsonPath &at, bool *out);
    bool readInt64(ondemand::value &value, const JsonPath &at, qint64 *out);
    bool readTime(ondemand::value &value, const JsonPath &at, KubeTime *out);
    // An element that must be an object ("expected object, got string").
    bool requireObject(ondemand::value &value, const JsonPath &at, ondemand::object *out);

    PooledString intern(std::string_view text);
    // Label keys and property names whose values identify one cluster (member ids,
    // cluster ids, endpoints): pooling those would share nothing and cost a pool
    // entry per cluster, so they go to m_text where m_labelValuesInBlock says.
    static bool holdsUniqueValues(std::string_view key);

    // The object's per-cluster text, one block per object.
    TextBlockBuilder m_text;
    // Whether the values of labels that identify one cluster (the member id) go to
    // m_text, whose block the decoder then hands to the labels, or to the pool.
    bool m_labelValuesInBlock = false;
    static QString fromUtf8(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }

private:
    void startDecode(ResponseObjects *objects);
    // apiVersion, kind or metadata.
    bool readHeaderMember(std::string_view key, ondemand::value &value, const Header &header, bool *hasMetadata);
    bool finish(bool decoded, bool hasMetadata);
    // The text from `begin` to the last quote before `end` (a member name, a string
    // token); false if it has escapes, which the parser then unescapes.
    static bool plainText(const char *begin, const char *end, std::string_view *out)
    {
        while (end > begin && *--end != '"') {
        }
        *out = std::string_view(begin, size_t(end - begin));
        return out->find('\\') == std::string_view::npos;
    }
    bool expect(ondemand::value &value, const JsonPath &at, ondemand::json_type type, bool *present);
    // expect(), then, if present, get() (an error_code): the shape of every typed reader.
    template<typename Get>
    bool readPresent(ondemand::value &value, const JsonPath &at, ondemand::json_type type, bool *present, Get get)
    {
        if (!expect(value, at, type, present))
            return false;
        const simdjson::error_code e = *present ? get() : simdjson::SUCCESS;
        return e == simdjson::SUCCESS || invalid(at, e);
    }
    bool readObject(ondemand::value &value, const JsonPath &at, ondemand::object *out, bool *present);
    bool readArray(ondemand::value &value, const JsonPath &at, ondemand::array *out, bool *present);
    bool decodeLabels(ondemand::value &labels, const JsonPath &at, LabelMap *out);
    // From the start of an object only: searching on from where a decode
    // stopped reads unchecked text and On-Demand's own assumptions break.
    bool lookUpKey(ondemand::object &object, QString *namespaceName, QString *name);
    void lookUpKeyAfresh();
    bool nameFromLateMetadata();
    // Whether On-Demand may have abandoned the document after this error.
    static bool breaksDocument(simdjson::error_code error);
    // After a simdjson error that breaks the document: latches, and tells the page.
    void documentFailed(simdjson::error_code error);

    ondemand::parser m_parser;
    ondemand::document m_document;
    ondemand::object m_root; // of the object being decoded
    bool m_isText = false;   // m_root is m_document's root
    std::string_view m_json; // the text, when m_isText
    ResponseObjects *m_objects = nullptr; // where m_root came from, unless m_isText
    bool m_documentFailed = false;
    QString m_error;
    QString m_failedName;
    QString m_failedNamespace;
    // Interned strings repeat across the objects of a page (namespaces, condition
    // types, reasons, property names): a small direct-mapped cache in front of the
    // pool saves its lock, its hash and a UTF-16 conversion for most of them.
    struct CacheEntry
    {
        std::string utf8;
        PooledString value;
    };
    std::array<CacheEntry, 512> m_cache;
    std::vector<quint16> m_cacheUsed;
    std::vector<LabelMap::Entry> m_labelEntries; // reused between objects
};

// A view of JSON text whose buffer extends jsonPadding bytes past its end.
inline simdjson::padded_string_view padded(std::string_view json)
{
    return simdjson::padded_string_view(json.data(), json.size(), json.size() + jsonPadding);
}

} // namespace fleetscope
