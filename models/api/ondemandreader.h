#pragma once

#include "blocktext.h"
#include "jsontext.h"
#include "objectmeta.h"
#include "paddedjson.h"
#include "stringpool.h"

#include <QString>

#include <simdjson.h>

#include <array>
#include <string_view>
#include <vector>

namespace fleetscope {

enum class ApiVersion : quint8;

namespace ondemand = simdjson::ondemand;

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

    // metadata.namespace and metadata.name of an object, found out of order and
    // without checking anything else: what a DELETED event still tells. False
    // without a name.
    bool peekKey(ondemand::value &object, QString *namespaceName, QString *name);

    // The JSON text of the object the last decode() of a value read, without
    // trailing whitespace: a view into the document's buffer (empty after a failure).
    std::string_view decodedText();

    // The JSON text of any value (consuming it), without trailing whitespace; a
    // view into the document's buffer.
    static simdjson::error_code rawJsonText(ondemand::value &value, std::string_view *out);

    // Interned strings cached since the last call stay alive until then: called
    // after each batch, so that StringPool::purgeUnused() can free what the
    // objects no longer hold.
    void forgetCachedStrings();

protected:
    explicit OnDemandReader(StringPool &pool);
    ~OnDemandReader();

    // Starts a decode of a JSON text (jsonPadding readable bytes after it), or of a
    // value inside a document that is open elsewhere (a list page's item, read in
    // the page's one parse): either must be an object.
    bool open(std::string_view json, ondemand::object *root);
    bool open(ondemand::value &object, ondemand::object *root);

    bool ok() const { return m_error.isEmpty(); }
    bool fail(const JsonPath &at, const QString &message);
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
            if (simdjson::error_code e = keyText(field, &key); e != simdjson::SUCCESS)
                return invalid(at, e);
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

    // Readers of one member value at `at`: null leaves *out alone (absent), a wrong
    // type fails with "expected string, got number".
    bool readObject(ondemand::value &value, const JsonPath &at, ondemand::object *out, bool *present);
    bool readArray(ondemand::value &value, const JsonPath &at, ondemand::array *out, bool *present);
    bool readText(ondemand::value &value, const JsonPath &at, std::string_view *out, bool *present = nullptr);
    bool readString(ondemand::value &value, const JsonPath &at, QString *out);
    bool readPooled(ondemand::value &value, const JsonPath &at, PooledString *out);
    bool readInterned(ondemand::value &value, const JsonPath &at, QString *out); // a pooled string's text
    bool readBool(ondemand::value &value, const JsonPath &at, bool *out);
    bool readInt64(ondemand::value &value, const JsonPath &at, qint64 *out);
    bool readTime(ondemand::value &value, const JsonPath &at, KubeTime *out);
    bool readBase64(ondemand::value &value, const JsonPath &at, QByteArray *out);
    // Any value as compact JSON text (member order kept), for extension bodies.
    bool readCompactJson(ondemand::value &value, const JsonPath &at, QByteArray *out);
    // An element that must be an object ("expected object, got string").
    bool requireObject(ondemand::value &value, const JsonPath &at, ondemand::object *out);

    // apiVersion and kind as they are read: both may be absent (list items), else
    // they must name `kind` in the multicluster group (or core v1 when `out` is null).
    bool checkApiVersion(std::string_view apiVersion, const JsonPath &at, ApiVersion *out);
    bool checkKind(std::string_view kind, const JsonPath &at, const char *expected);
    // metadata (the caller reports it missing); name required, namespace too if `namespaced`.
    bool decodeMetadata(ondemand::value &value, const JsonPath &at, bool namespaced, ObjectMeta *out);

    // What every kind has at its root: apiVersion and kind (checked against `kind`
    // and, unless `version` is null, the multicluster group), and metadata.
    struct Header
    {
        const char *kind;
        ApiVersion *version; // null: core/v1
        bool namespaced;
        ObjectMeta *metadata;
        bool hasMetadata = false;
    };
    // Reads `key` if it is one of those (*handled then true).
    bool readHeaderMember(std::string_view key, ondemand::value &value, Header *header, bool *handled);
    // After the root's members (`decoded`: all were read): metadata was there, and
    // nothing follows the root of a text. After a failure the object's name is
    // looked up out of order if the problem came before it.
    bool finish(bool decoded, const Header &header);

    PooledString intern(std::string_view text);
    StringPool &pool() { return m_pool; }

    // Where the values of labels that identify one cluster go (the member id):
    // the decoder's text block, or, when null, slots of their own.
    TextBlockBuilder *m_uniqueText = nullptr;
    static QString fromUtf8(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }

private:
    // Forgets the previous decode's error and root before a new one.
    void startDecode(bool isText);
    // A member's name and a string value's text: a view into the input when it has
    // no escapes (Kubernetes' JSON almost never has any), else unescaped into the
    // parser's buffer. Both stay valid while the document is open.
    static simdjson::error_code keyText(ondemand::field &field, std::string_view *out)
    {
        // The name runs from after its opening quote to the last quote before the value.
        const char *begin = field.key().raw();
        const char *end = field.value().raw_json_token().data();
        while (end > begin && *--end != '"') {
        }
        for (const char *c = begin; c != end; ++c) {
            if (*c == '\\')
                return field.unescaped_key().get(*out);
        }
        *out = std::string_view(begin, size_t(end - begin));
        return simdjson::SUCCESS;
    }
    static simdjson::error_code stringText(ondemand::value &value, std::string_view token, std::string_view *out);
    bool typeOf(ondemand::value &value, const JsonPath &at, ondemand::json_type *type);
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
    // A string, if present, handed to use(text), which may fail.
    template<typename Use>
    bool useText(ondemand::value &value, const JsonPath &at, Use use)
    {
        std::string_view text;
        bool present = false;
        return readText(value, at, &text, &present) && (!present || use(text));
    }
    bool decodeLabels(ondemand::object &labels, const JsonPath &at, LabelMap *out);

    StringPool &m_pool;
    bool lookUpKey(ondemand::object &object, QString *namespaceName, QString *name);

    ondemand::parser m_parser;
    ondemand::document m_document;
    ondemand::object m_root; // of the object being decoded
    bool m_isText = false;   // m_root is m_document's root
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

} // namespace fleetscope
