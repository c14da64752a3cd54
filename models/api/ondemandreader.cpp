#include "ondemandreader.h"

#include "clusterprofile.h"

#include <QUuid>

namespace fleetscope {
namespace {

static_assert(jsonPadding >= simdjson::SIMDJSON_PADDING);

QString typeName(ondemand::json_type type)
{
    switch (type) {
    case ondemand::json_type::array:
        return QStringLiteral("array");
    case ondemand::json_type::object:
        return QStringLiteral("object");
    case ondemand::json_type::number:
        return QStringLiteral("number");
    case ondemand::json_type::string:
        return QStringLiteral("string");
    case ondemand::json_type::boolean:
        return QStringLiteral("boolean");
    case ondemand::json_type::null:
        break;
    }
    return QStringLiteral("null");
}

// Objects' and arrays' raw text runs to the next token, scalars' to the next structural character.
std::string_view withoutTrailingSpace(std::string_view text)
{
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

} // namespace

void OnDemandReader::startDecode(ResponseObjects *objects)
{
    m_error.clear();
    m_failedName.clear();
    m_failedNamespace.clear();
    m_isText = objects == nullptr;
    m_objects = objects;
    m_documentFailed = false;
    m_root = ondemand::object();
    m_text.clear();
}

bool OnDemandReader::open(std::string_view json)
{
    startDecode(nullptr);
    m_json = json;
    const JsonPath at;
    if (simdjson::error_code e = m_parser.iterate(padded(json)).get(m_document); e != simdjson::SUCCESS)
        return invalid(at, e);
    ondemand::json_type type;
    if (simdjson::error_code e = m_document.type().get(type); e != simdjson::SUCCESS)
        return invalid(at, e);
    if (type != ondemand::json_type::object)
        return fail(at, QStringLiteral("expected object, got %1").arg(typeName(type)));
    if (simdjson::error_code e = m_document.get_object().get(m_root); e != simdjson::SUCCESS)
        return invalid(at, e);
    return true;
}

bool OnDemandReader::open(ResponseObjects &objects)
{
    startDecode(&objects);
    return requireObject(objects.current(), JsonPath(), &m_root) && nameFromLateMetadata();
}

bool OnDemandReader::nameFromLateMetadata()
{
    // An apiserver writes apiVersion, kind and metadata first; an object that does
    // not (a proxy's, a lying server's) is named before it is decoded, while its
    // start can still be searched from: a failure later must not leave it nameless.
    // The first key is compared raw: the decode that follows unescapes it again.
    bool usualStart = true; // or no member at all
    for (auto member : m_root) {
        ondemand::field field;
        if (simdjson::error_code e = std::move(member).get(field); e != simdjson::SUCCESS)
            return invalid(JsonPath(), e);
        const ondemand::raw_json_string first = field.key();
        usualStart = first == "" || first == "apiVersion" || first == "kind" || first == "metadata";
        break;
    }
    if (simdjson::error_code e = m_root.reset().error(); e != simdjson::SUCCESS)
        return invalid(JsonPath(), e);
    if (usualStart)
        return true;
    lookUpKey(m_root, &m_failedNamespace, &m_failedName);
    if (m_documentFailed)
        return fail(JsonPath(), QStringLiteral("invalid JSON"));
    if (simdjson::error_code e = m_root.reset().error(); e != simdjson::SUCCESS)
        return invalid(JsonPath(), e);
    return true;
}

bool OnDemandReader::finish(bool decoded, bool hasMetadata)
{
    if (decoded && !hasMetadata)
        decoded = missing(JsonPath().member("metadata"));
    // current_location() fails once the whole input is consumed.
    const char *rest = nullptr;
    if (decoded && m_isText && m_document.current_location().get(rest) == simdjson::SUCCESS)
        decoded = fail(JsonPath(), QStringLiteral("unexpected text after the object"));
    // A failure before metadata was read leaves the object without a name. The
    // rest of the object is unchecked text (On-Demand validates as it goes), so
    // the name is never searched from where the decode stopped: a text is read
    // afresh from its start, a list page's item keeps no name (the page's error
    // names the item).
    if (!decoded && m_failedName.isEmpty() && m_isText)
        lookUpKeyAfresh();
    return decoded;
}

void OnDemandReader::lookUpKeyAfresh()
{
    // m_document and m_root are done with: the parser starts over on the same text.
    m_root = ondemand::object();
    ondemand::object root;
    if (m_parser.iterate(padded(m_json)).get(m_document) != simdjson::SUCCESS
        || m_document.get_object().get(root) != simdjson::SUCCESS)
        return;
    QString namespaceName, name;
    if (lookUpKey(root, &namespaceName, &name)) {
        m_failedName = name;
        m_failedNamespace = namespaceName;
    }
}

std::string_view OnDemandReader::decodedText()
{
    std::string_view text;
    if (!ok() || m_isText || m_root.raw_json().get(text) != simdjson::SUCCESS)
        return {};
    return withoutTrailingSpace(text);
}

bool OnDemandReader::fail(const JsonPath &at, const QString &message)
{
    if (m_error.isEmpty())
        m_error = at.toString() + u": " + message;
    return false;
}

bool OnDemandReader::invalid(const JsonPath &at, simdjson::error_code error)
{
    documentFailed(error);
    return fail(at, QStringLiteral("invalid JSON (%1)").arg(QString::fromUtf8(simdjson::error_message(error))));
}

bool OnDemandReader::breaksDocument(simdjson::error_code error)
{
    // Errors in a scalar's content (a bad escape, number or atom, a type that
    // does not match) leave the iterator on that value; the others may have
    // abandoned it (structure, depth, an unclosed object).
    switch (error) {
    case simdjson::SUCCESS:
    case simdjson::STRING_ERROR:
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE:
    case simdjson::INCORRECT_TYPE:
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
    case simdjson::NO_SUCH_FIELD:
        return false;
    default:
        return true;
    }
}

void OnDemandReader::documentFailed(simdjson::error_code error)
{
    if (!breaksDocument(error))
        return;
    m_documentFailed = true;
    if (m_objects)
        m_objects->abandon(error);
}

bool OnDemandReader::expect(ondemand::value &value, const JsonPath &at, ondemand::json_type type, bool *present)
{
    ondemand::json_type actual;
    if (simdjson::error_code e = value.type().get(actual); e != simdjson::SUCCESS)
        return invalid(at, e);
    *present = actual != ondemand::json_type::null;
    if (*present && actual != type)
        return fail(at, QStringLiteral("expected %1, got %2").arg(typeName(type), typeName(actual)));
    return true;
}

bool OnDemandReader::readObject(ondemand::value &value, const JsonPath &at, ondemand::object *out, bool *present)
{
    return readPresent(value, at, ondemand::json_type::object, present, [&] { return value.get_object().get(*out); });
}

bool OnDemandReader::readArray(ondemand::value &value, const JsonPath &at, ondemand::array *out, bool *present)
{
    return readPresent(value, at, ondemand::json_type::array, present, [&] { return value.get_array().get(*out); });
}

bool OnDemandReader::requireObject(ondemand::value &value, const JsonPath &at, ondemand::object *out)
{
    bool present = false;
    return readObject(value, at, out, &present) && (present || fail(at, QStringLiteral("expected object, got null")));
}

bool OnDemandReader::readText(ondemand::value &value, const JsonPath &at, std::string_view *out, bool *present)
{
    bool isPresent = false;
    return readPresent(value, at, ondemand::json_type::string, present ? present : &isPresent, [&] {
        // A string token runs to the next structural character: its closing quote
        // is the last one in it, only whitespace follows.
        const std::string_view token = value.raw_json_token();
        if (plainText(token.data() + 1, token.data() + token.size(), out))
            return simdjson::SUCCESS;
        return value.get_string().get(*out);
    });
}

bool OnDemandReader::readBool(ondemand::value &value, const JsonPath &at, bool *out)
{
    bool present = false;
    return readPresent(value, at, ondemand::json_type::boolean, &present, [&] { return value.get_bool().get(*out); });
}

bool OnDemandReader::readInt64(ondemand::value &value, const JsonPath &at, qint64 *out)
{
    ondemand::json_type type;
    if (simdjson::error_code e = value.type().get(type); e != simdjson::SUCCESS)
        return invalid(at, e);
    if (type == ondemand::json_type::null)
        return true;
    if (type != ondemand::json_type::number)
        return fail(at, QStringLiteral("expected integer, got %1").arg(typeName(type)));
    int64_t number = 0;
    const simdjson::error_code e = value.get_int64().get(number);
    if (e == simdjson::SUCCESS) {
        *out = number;
        return true;
    }
    if (e != simdjson::INCORRECT_TYPE && e != simdjson::NUMBER_OUT_OF_RANGE)
        return invalid(at, e);
    // An unsigned integer beyond int64 still is an integer, just too large for us.
    uint64_t unsignedNumber = 0;
    if (value.get_uint64().get(unsignedNumber) == simdjson::SUCCESS)
        return fail(at, QStringLiteral("integer out of range"));
    return fail(at, QStringLiteral("expected integer, got number"));
}

bool OnDemandReader::readTime(ondemand::value &value, const JsonPath &at, KubeTime *out)
{
    std::string_view text;
    if (!readText(value, at, &text))
        return false;
    return text.empty() || parseKubeTime(text, out)
        || fail(at, QStringLiteral("expected an RFC 3339 time, got \"%1\"").arg(fromUtf8(text.substr(0, 64))));
}

simdjson::error_code OnDemandReader::rawJsonText(ondemand::value &value, std::string_view *out)
{
    ondemand::json_type type;
    simdjson::error_code e = value.type().get(type);
    if (e == simdjson::SUCCESS && type == ondemand::json_type::object) {
        ondemand::object object;
        e = value.get_object().get(object);
        if (e == simdjson::SUCCESS)
            e = object.raw_json().get(*out);
    } else if (e == simdjson::SUCCESS && type == ondemand::json_type::array) {
        ondemand::array array;
        e = value.get_array().get(array);
        if (e == simdjson::SUCCESS)
            e = array.raw_json().get(*out);
    } else if (e == simdjson::SUCCESS) {
        *out = value.raw_json_token();
    }
    *out = withoutTrailingSpace(*out);
    return e;
}

bool OnDemandReader::readHeaderMember(std::string_view key, ondemand::value &value, const Header &header,
                                      bool *hasMetadata)
{
    const JsonPath root;
    if (key == "metadata") {
        *hasMetadata = true;
        return decodeMetadata(value, root.member("metadata"), header.namespaced, header.metadata);
    }
    // Both may be absent (list items).
    std::string_view text;
    if (key == "kind") {
        const JsonPath at = root.member("kind");
        return readText(value, at, &text)
            && (text.empty() || text == header.kind
                || fail(at, QStringLiteral("expected %1, got \"%2\"").arg(QLatin1String(header.kind), fromUtf8(text))));
    }
    const JsonPath at = root.member("apiVersion");
    if (!readText(value, at, &text))
        return false;
    if (text.empty() || (!header.version && text == "v1"))
        return true;
    const bool alpha1 = text == "multicluster.x-k8s.io/v1alpha1";
    if (header.version && (alpha1 || text == "multicluster.x-k8s.io/v1alpha2")) {
        *header.version = alpha1 ? ApiVersion::V1Alpha1 : ApiVersion::V1Alpha2;
        return true;
    }
    return fail(at, QStringLiteral("unsupported API version \"%1\"").arg(fromUtf8(text)));
}

bool OnDemandReader::holdsUniqueValues(std::string_view key)
{
    // KEP-2149's cluster id, the ids of the inventory drafts, the proposed endpoint
    // list property, and the inventory member label (clusterprofile-api.md §1.6–1.7).
    return key == "multicluster.x-k8s.io/inventory-member-id" || key == "cluster.clusterset.k8s.io"
        || key == "id.k8s.io" || key == "clusterset.k8s.io/cluster-id" || key == "cluster-endpoints.k8s.io";
}

PooledString OnDemandReader::intern(std::string_view text)
{
    if (text.empty())
        return PooledString();
    const quint16 slot = quint16(std::hash<std::string_view>()(text) % m_cache.size());
    CacheEntry &entry = m_cache[slot];
    if (!entry.value.isEmpty() && entry.utf8 == text)
        return entry.value;
    if (entry.value.isEmpty())
        m_cacheUsed.push_back(slot);
    entry.value = StringPool::shared().pooledUtf8(text);
    entry.utf8.assign(text);
    return entry.value;
}

void OnDemandReader::forgetCachedStrings()
{
    for (const quint16 slot : m_cacheUsed)
        m_cache[slot].value = PooledString();
    m_cacheUsed.clear();
}

bool OnDemandReader::decodeMetadata(ondemand::value &value, const JsonPath &at, bool namespaced, ObjectMeta *out)
{
    std::string_view name, namespaceName;
    bool present = false;
    const bool ok = forEachMemberOf(value, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "name") {
            if (!readText(v, at.member("name"), &name))
                return false;
            m_failedName = fromUtf8(name);
            return true;
        }
        if (key == "namespace") {
            if (!readText(v, at.member("namespace"), &namespaceName))
                return false;
            m_failedNamespace = fromUtf8(namespaceName);
            return true;
        }
        if (key == "uid") {
            std::string_view uid;
            if (!readText(v, at.member("uid"), &uid))
                return false;
            out->uid = QUuid::fromString(QUtf8StringView(uid.data(), qsizetype(uid.size())));
            return true;
        }
        if (key == "resourceVersion") {
            return readTextInto(v, at.member("resourceVersion"), &out->resourceVersion,
                                [](std::string_view version) { return ResourceVersion(version); });
        }
        if (key == "generation")
            return readInt64(v, at.member("generation"), &out->generation);
        if (key == "creationTimestamp")
            return readTime(v, at.member("creationTimestamp"), &out->creationTimestamp);
        if (key == "deletionTimestamp")
            return readTime(v, at.member("deletionTimestamp"), &out->deletionTimestamp);
        return key != "labels" || decodeLabels(v, at.member("labels"), &out->labels);
    }, &present);
    if (!ok)
        return false;
    if (!present)
        return missing(at);
    if (name.empty())
        return missing(at.member("name"));
    if (namespaced && namespaceName.empty())
        return missing(at.member("namespace"));
    out->name = m_failedName;
    out->namespaceName = intern(namespaceName);
    return true;
}

bool OnDemandReader::decodeLabels(ondemand::value &labels, const JsonPath &at, LabelMap *out)
{
    m_labelEntries.clear();
    const bool ok = forEachMemberOf(labels, at, [&](std::string_view key, ondemand::value &v) {
        ondemand::json_type type;
        if (simdjson::error_code e = v.type().get(type); e != simdjson::SUCCESS)
            return invalid(at, e);
        if (type == ondemand::json_type::null)
            return true;
        if (type != ondemand::json_type::string) {
            // The key is data, not a static name: render it into the message here.
            return fail(at, QStringLiteral("label \"%1\": expected string, got %2").arg(fromUtf8(key), typeName(type)));
        }
        // Keys and values are unescaped one after another into the parser's
        // string buffer: both views stay valid for the whole document.
        std::string_view text;
        if (!readText(v, at, &text))
            return false;
        FieldValue value;
        if (m_labelValuesInBlock && !text.empty() && holdsUniqueValues(key))
            value = FieldValue::inBlock(m_text.addCounted(text));
        else
            value = intern(text);
        m_labelEntries.emplace_back(intern(key), std::move(value));
        return true;
    });
    if (!ok)
        return false;
    out->assign(&m_labelEntries); // sorts; of a repeated key the last wins, as in Go
    return true;
}

bool OnDemandReader::peekKey(ResponseObjects &objects, QString *namespaceName, QString *name)
{
    startDecode(&objects);
    ondemand::object root;
    if (simdjson::error_code e = objects.current().get_object().get(root); e != simdjson::SUCCESS) {
        documentFailed(e);
        return false;
    }
    return lookUpKey(root, namespaceName, name);
}

bool OnDemandReader::lookUpKey(ondemand::object &object, QString *namespaceName, QString *name)
{
    const auto failed = [this](simdjson::error_code e) {
        documentFailed(e);
        return false;
    };
    ondemand::object metadata;
    if (simdjson::error_code e = object.find_field_unordered("metadata").get_object().get(metadata); e != simdjson::SUCCESS)
        return failed(e);
    // Keys and values are read raw, never unescaped: unescaping writes into the
    // parser's string buffer, which is sized for each string of the document
    // unescaped once, and a late name is looked up before the whole object is
    // decoded (which unescapes them again). A Kubernetes name has no escapes; one
    // that does is left to the decode, which reports it.
    bool hasName = false;
    for (auto member : metadata) {
        ondemand::field field;
        if (simdjson::error_code e = std::move(member).get(field); e != simdjson::SUCCESS)
            return failed(e);
        const ondemand::raw_json_string key = field.key();
        const bool isName = key == "name";
        if (!isName && key != "namespace")
            continue;
        // A value of another type is passed over (type() also tells a token that is no value).
        ondemand::json_type type;
        if (simdjson::error_code e = field.value().type().get(type); e != simdjson::SUCCESS)
            return failed(e);
        if (type != ondemand::json_type::string)
            continue;
        // The string with its quotes.
        const std::string_view token = withoutTrailingSpace(field.value().raw_json_token());
        if (token.size() < 2 || token.front() != '"' || token.back() != '"')
            continue;
        const std::string_view text = token.substr(1, token.size() - 2);
        if (text.find('\\') != std::string_view::npos)
            continue;
        if (isName) {
            *name = fromUtf8(text);
            hasName = !text.empty();
        } else {
            *namespaceName = fromUtf8(text);
        }
    }
    return hasName;
}

} // namespace fleetscope
