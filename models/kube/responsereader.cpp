#include "responsereader.h"

#include "responseobjects.h"

#include <simdjson.h>

namespace fleetscope {
namespace {

simdjson::padded_string_view padded(std::string_view text)
{
    return simdjson::padded_string_view(text.data(), text.size(), text.size() + jsonPadding);
}

QString invalidJson(const char *what, simdjson::error_code error)
{
    return QStringLiteral("%1 is not valid JSON (parse error: %2)")
        .arg(QLatin1String(what), QString::fromUtf8(simdjson::error_message(error)));
}

// Parses `text` as one document whose root must be an object; `what` names it
// in the error ("the list is not a JSON object").
bool openObject(ondemand::parser &parser, std::string_view text, const char *what, ondemand::document *document,
                ondemand::object *root, QString *error)
{
    ondemand::json_type type;
    simdjson::error_code e = parser.iterate(padded(text)).get(*document);
    if (e == simdjson::SUCCESS)
        e = document->type().get(type);
    if (e != simdjson::SUCCESS) {
        *error = invalidJson(what, e);
        return false;
    }
    if (type != ondemand::json_type::object) {
        *error = QStringLiteral("%1 is not a JSON object").arg(QLatin1String(what));
        return false;
    }
    if (e = document->get_object().get(*root); e != simdjson::SUCCESS) {
        *error = invalidJson(what, e);
        return false;
    }
    return true;
}

// Nothing may follow the root: current_location() fails once all input is read.
bool atEnd(ondemand::document &document, const char *what, QString *error)
{
    const char *rest = nullptr;
    if (document.current_location().get(rest) != simdjson::SUCCESS)
        return true;
    *error = QStringLiteral("%1 is not valid JSON (text after it)").arg(QLatin1String(what));
    return false;
}

// metadata.continue / resourceVersion: strings as they are, other types read as absent.
simdjson::error_code readToken(ondemand::value &value, QByteArray *out)
{
    ondemand::json_type type;
    if (simdjson::error_code e = value.type().get(type); e != simdjson::SUCCESS)
        return e;
    if (type != ondemand::json_type::string)
        return simdjson::SUCCESS;
    std::string_view text;
    if (simdjson::error_code e = value.get_string().get(text); e != simdjson::SUCCESS)
        return e;
    *out = QByteArray(text.data(), qsizetype(text.size()));
    return simdjson::SUCCESS;
}

// Calls `read(key, value)` for each member of `object`, up to the first error.
template<typename Read>
simdjson::error_code readMembers(ondemand::object &object, Read read)
{
    for (auto member : object) {
        std::string_view key;
        ondemand::value value;
        simdjson::error_code e = member.unescaped_key().get(key);
        if (e == simdjson::SUCCESS)
            e = member.value().get(value);
        if (e == simdjson::SUCCESS)
            e = read(key, value);
        if (e != simdjson::SUCCESS)
            return e;
    }
    return simdjson::SUCCESS;
}

simdjson::error_code readListMetadata(ondemand::object &metadata, ResponseReader::ListPage *out)
{
    return readMembers(metadata, [out](std::string_view key, ondemand::value &value) {
        if (key == "continue")
            return readToken(value, &out->continueToken);
        if (key == "resourceVersion")
            return readToken(value, &out->resourceVersion);
        int64_t remaining = 0;
        if (key == "remainingItemCount" && value.get_int64().get(remaining) == simdjson::SUCCESS)
            out->remainingItemCount = remaining;
        return simdjson::SUCCESS;
    });
}

// `items`: null or an array (`present`), whose values go to `deliver`.
simdjson::error_code readItems(ondemand::value &value, ResponseReader::ListPage *out, bool *present,
                               const ResponseReader::Items &deliver)
{
    ondemand::json_type type;
    if (simdjson::error_code e = value.type().get(type); e != simdjson::SUCCESS)
        return e;
    *present = type == ondemand::json_type::null || type == ondemand::json_type::array;
    if (type != ondemand::json_type::array)
        return simdjson::SUCCESS;
    ondemand::array items;
    ondemand::array_iterator begin, end;
    simdjson::error_code e = value.get_array().get(items);
    if (e == simdjson::SUCCESS)
        e = items.begin().get(begin);
    if (e == simdjson::SUCCESS)
        e = items.end().get(end);
    if (e != simdjson::SUCCESS)
        return e;
    ResponseObjects objects(begin, end);
    deliver(objects);
    while (objects.next()) {
        // what the sink left unread
    }
    out->itemCount = objects.count();
    return objects.error();
}

} // namespace

struct ResponseReader::Parsers
{
    ondemand::parser envelope;
    ondemand::parser object; // metadataField() while an event is open
};

ResponseReader::ResponseReader()
    : m_parsers(std::make_unique<Parsers>())
{
}

ResponseReader::~ResponseReader() = default;

void ResponseReader::releaseBuffers()
{
    m_parsers = std::make_unique<Parsers>();
}

bool ResponseReader::readList(std::string_view text, ListPage *out, QString *error, const Items &deliver)
{
    *out = ListPage();
    ondemand::document document;
    ondemand::object list;
    if (!openObject(m_parsers->envelope, text, "the list", &document, &list, error))
        return false;
    bool hasItems = false, hasMetadata = false;
    const simdjson::error_code e = readMembers(list, [&](std::string_view key, ondemand::value &value) {
        if (key == "items")
            return readItems(value, out, &hasItems, deliver);
        ondemand::object metadata;
        if (key == "metadata" && (hasMetadata = value.get_object().get(metadata) == simdjson::SUCCESS))
            return readListMetadata(metadata, out);
        return simdjson::SUCCESS;
    });
    if (e != simdjson::SUCCESS) {
        *error = invalidJson("the list", e);
        return false;
    }
    if (!atEnd(document, "the list", error))
        return false;
    if (!hasItems || !hasMetadata) {
        *error = QStringLiteral("the list has no items array or metadata");
        return false;
    }
    return true;
}

bool ResponseReader::readEvent(std::string_view text, WatchEvent *out, QString *error)
{
    *out = WatchEvent();
    ondemand::document document;
    ondemand::object event;
    if (!openObject(m_parsers->envelope, text, "a watch event", &document, &event, error))
        return false;
    const simdjson::error_code e = readMembers(event, [out](std::string_view key, ondemand::value &value) {
        std::string_view eventType;
        if (key == "type" && value.get_string().get(eventType) == simdjson::SUCCESS)
            out->type = QString::fromUtf8(eventType.data(), qsizetype(eventType.size()));
        if (key != "object")
            return simdjson::SUCCESS;
        ondemand::json_type objectType;
        simdjson::error_code objectError = value.type().get(objectType);
        out->hasObject = objectError == simdjson::SUCCESS && objectType == ondemand::json_type::object;
        return out->hasObject ? OnDemandReader::rawJsonText(value, &out->object) : objectError;
    });
    if (e != simdjson::SUCCESS) {
        *error = invalidJson("a watch event", e);
        return false;
    }
    return atEnd(document, "a watch event", error);
}

bool ResponseReader::readObject(std::string_view object, QString *error, const Items &deliver)
{
    ondemand::document document;
    ondemand::value value;
    simdjson::error_code e = m_parsers->object.iterate(padded(object)).get(document);
    if (e == simdjson::SUCCESS)
        e = document.get_value().get(value);
    if (e != simdjson::SUCCESS) {
        *error = invalidJson("a watch event's object", e);
        return false;
    }
    ResponseObjects objects(value);
    deliver(objects);
    return true;
}

QByteArray ResponseReader::metadataField(std::string_view object, const char *field)
{
    ondemand::document document;
    std::string_view text;
    if (m_parsers->object.iterate(padded(object)).get(document) != simdjson::SUCCESS
        || document.find_field_unordered("metadata").find_field_unordered(field).get_string().get(text)
            != simdjson::SUCCESS)
        return QByteArray();
    return QByteArray(text.data(), qsizetype(text.size()));
}

} // namespace fleetscope
