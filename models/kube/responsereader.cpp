#include "responsereader.h"

#include "api/ondemandreader.h"
#include "api/responseobjects.h"

#include <simdjson.h>

namespace fleetscope {
namespace {

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

// Calls `read(key, value)` for each member of `object`, up to the first error:
// after one, On-Demand may have abandoned the document, which is not read again.
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

// The type of a member value, or its error.
simdjson::error_code typeOf(ondemand::value &value, ondemand::json_type *type)
{
    return value.type().get(*type);
}

simdjson::error_code readListMetadata(ondemand::object &metadata, ResponseReader::ListPage *out)
{
    return readMembers(metadata, [out](std::string_view key, ondemand::value &value) {
        if (key == "continue")
            return readToken(value, &out->continueToken);
        if (key == "resourceVersion")
            return readToken(value, &out->resourceVersion);
        if (key != "remainingItemCount")
            return simdjson::SUCCESS;
        ondemand::json_type type;
        if (simdjson::error_code e = typeOf(value, &type); e != simdjson::SUCCESS || type != ondemand::json_type::number)
            return e;
        int64_t remaining = 0;
        const simdjson::error_code e = value.get_int64().get(remaining);
        if (e == simdjson::SUCCESS)
            out->remainingItemCount = remaining;
        // A fraction or a huge number is no count: absent, as Go's client reads it.
        return e == simdjson::INCORRECT_TYPE || e == simdjson::NUMBER_OUT_OF_RANGE ? simdjson::SUCCESS : e;
    });
}

// `items`: null or an array (`present`), whose values go to `deliver`.
simdjson::error_code readItems(ondemand::value &value, ResponseReader::ListPage *out, bool *present,
                               qint64 *failedItem, const ResponseReader::Items &deliver)
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
    // Where a decoder gave up on the page, which item it was; an error met while
    // skipping over items has no item of its own.
    if (objects.abandoned())
        *failedItem = objects.count();
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

bool ResponseReader::readList(std::string_view text, ListPage *out, QString *error, const Items &deliver,
                              const Items &columns)
{
    *out = ListPage();
    ondemand::document document;
    ondemand::object list;
    if (!openObject(m_parsers->envelope, text, "the list", &document, &list, error))
        return false;
    bool hasItems = false, hasMetadata = false;
    qint64 failedItem = 0; // 1-based
    const simdjson::error_code e = readMembers(list, [&](std::string_view key, ondemand::value &value) {
        if (key == "items" || key == "rows")
            return readItems(value, out, &hasItems, &failedItem, deliver);
        if (key == "columnDefinitions" && columns) {
            ondemand::json_type type;
            if (simdjson::error_code typeError = typeOf(value, &type); typeError != simdjson::SUCCESS)
                return typeError;
            if (type != ondemand::json_type::array)
                return simdjson::SUCCESS;
            ResponseObjects definitions(value);
            columns(definitions);
            return definitions.abandoned() ? definitions.error() : simdjson::SUCCESS;
        }
        if (key != "metadata")
            return simdjson::SUCCESS;
        ondemand::json_type type;
        if (simdjson::error_code typeError = typeOf(value, &type); typeError != simdjson::SUCCESS)
            return typeError;
        ondemand::object metadata;
        if (type != ondemand::json_type::object)
            return simdjson::SUCCESS;
        if (simdjson::error_code objectError = value.get_object().get(metadata); objectError != simdjson::SUCCESS)
            return objectError;
        hasMetadata = true;
        return readListMetadata(metadata, out);
    });
    if (e != simdjson::SUCCESS) {
        *error = failedItem > 0 ? QStringLiteral("the list is not valid JSON (item %1: parse error: %2)")
                                      .arg(failedItem)
                                      .arg(QString::fromUtf8(simdjson::error_message(e)))
                                : invalidJson("the list", e);
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
        if (key != "type" && key != "object")
            return simdjson::SUCCESS;
        ondemand::json_type type;
        if (simdjson::error_code typeError = typeOf(value, &type); typeError != simdjson::SUCCESS)
            return typeError;
        if (key == "type") {
            std::string_view eventType;
            if (type != ondemand::json_type::string)
                return simdjson::SUCCESS; // no known type: the caller says so
            simdjson::error_code typeError = value.get_string().get(eventType);
            out->type = QString::fromUtf8(eventType.data(), qsizetype(eventType.size()));
            return typeError;
        }
        out->hasObject = type == ondemand::json_type::object;
        return out->hasObject ? OnDemandReader::rawJsonText(value, &out->object) : simdjson::SUCCESS;
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
