#include "tabledecoder.h"

#include "api/paddedjson.h"

namespace fleetscope {
namespace {

QString cellText(std::string_view text)
{
    const size_t lineBreak = text.find_first_of("\n\r\f");
    QString cell = QString::fromUtf8(text.data(), qsizetype(std::min(lineBreak, text.size())));
    if (lineBreak != std::string_view::npos)
        cell += QStringLiteral("...");
    if (cell.size() > TableDecoder::maxCellCharacters)
        cell = cell.left(TableDecoder::maxCellCharacters) + QStringLiteral("...");
    return cell;
}

} // namespace

bool TableDecoder::readCells(ondemand::value &value, const JsonPath &at, QStringList *cells)
{
    return forEachElementOf(value, at, [&](ondemand::value &cell, const JsonPath &cellAt) {
        ondemand::json_type type;
        if (simdjson::error_code e = cell.type().get(type); e != simdjson::SUCCESS)
            return invalid(cellAt, e);
        if (type == ondemand::json_type::null) {
            cells->append(QString());
            return true;
        }
        std::string_view text;
        if (type == ondemand::json_type::string) {
            if (!readText(cell, cellAt, &text))
                return false;
        } else if (simdjson::error_code e = rawJsonText(cell, &text); e != simdjson::SUCCESS) {
            return invalid(cellAt, e);
        }
        cells->append(cellText(text));
        return true;
    });
}

bool TableDecoder::readRowMembers(std::string_view key, ondemand::value &value, const JsonPath &at, ResourceRow *row,
                                  bool *hasCells, bool *hasObject)
{
    if (key == "cells") {
        *hasCells = true;
        return readCells(value, at.member("cells"), &row->cells);
    }
    if (key != "object")
        return true;
    // PartialObjectMetadata (the default), or the whole object (includeObject=Object).
    const JsonPath objectAt = at.member("object");
    bool present = false;
    bool hasMetadata = false;
    const bool read = forEachMemberOf(value, objectAt, [&](std::string_view member, ondemand::value &v) {
        if (member != "metadata")
            return true;
        hasMetadata = true;
        return decodeMetadata(v, objectAt.member("metadata"), false, &row->metadata);
    }, &present);
    if (!read)
        return false;
    if (present && !hasMetadata)
        return missing(objectAt.member("metadata"));
    *hasObject = present;
    return true;
}

bool TableDecoder::readPlainObject(ResponseObjects &objects, ResourceRow *row, bool keepJson)
{
    if (!keepJson) {
        bool hasMetadata = false;
        const bool read = open(objects) && readAnyRoot([&](std::string_view key, ondemand::value &value) {
            if (key != "metadata")
                return true;
            hasMetadata = true;
            return decodeMetadata(value, JsonPath().member("metadata"), false, &row->metadata);
        });
        return read && (hasMetadata || missing(JsonPath().member("metadata")));
    }
    // The text first (consuming the value), then its metadata from a padded copy.
    std::string_view text;
    if (simdjson::error_code e = rawJsonText(beginValue(objects), &text); e != simdjson::SUCCESS)
        return invalid(JsonPath(), e);
    row->json = QByteArray(text.data(), qsizetype(text.size()));
    QByteArray padded = row->json;
    reservePadding(&padded);
    bool hasMetadata = false;
    const bool read = open(std::string_view(padded.constData(), size_t(padded.size())))
        && readAnyRoot([&](std::string_view key, ondemand::value &value) {
               if (key != "metadata")
                   return true;
               hasMetadata = true;
               return decodeMetadata(value, JsonPath().member("metadata"), false, &row->metadata);
           });
    return read && (hasMetadata || missing(JsonPath().member("metadata")));
}

bool TableDecoder::decodeItem(ResponseObjects &objects, ResourceRow *row, bool keepJson)
{
    *row = ResourceRow();
    if (keepJson)
        return readPlainObject(objects, row, true);
    bool hasCells = false;
    bool hasObject = false;
    bool hasMetadata = false;
    const bool read = open(objects) && readAnyRoot([&](std::string_view key, ondemand::value &value) {
        if (key == "metadata") {
            // A plain object from a server that prints no Tables.
            hasMetadata = true;
            return decodeMetadata(value, JsonPath().member("metadata"), false, &row->metadata);
        }
        return readRowMembers(key, value, JsonPath(), row, &hasCells, &hasObject);
    });
    if (!read)
        return false;
    if (hasCells && !hasObject)
        return fail(JsonPath().member("object"), QStringLiteral("required value is missing (the row names no object)"));
    if (!hasCells && !hasMetadata)
        return missing(JsonPath().member("metadata"));
    return true;
}

bool TableDecoder::readColumnArray(ondemand::value &value, const JsonPath &at, QList<TableColumn> *columns)
{
    columns->clear();
    return forEachElementOf(value, at, [&](ondemand::value &definition, const JsonPath &columnAt) {
        TableColumn column;
        std::string_view text;
        const bool read = forEachMemberOf(definition, columnAt, [&](std::string_view key, ondemand::value &v) {
            if (key == "name" || key == "type" || key == "format") {
                const char *field = key == "name" ? "name" : key == "type" ? "type" : "format";
                if (!readText(v, columnAt.member(field), &text))
                    return false;
                (key == "name" ? column.name : key == "type" ? column.type : column.format) = fromUtf8(text);
                return true;
            }
            if (key == "priority") {
                qint64 priority = 0;
                if (!readInt64(v, columnAt.member("priority"), &priority))
                    return false;
                column.priority = int(qBound(qint64(-1000), priority, qint64(1000)));
            }
            return true;
        });
        if (!read)
            return false;
        if (column.name.isEmpty())
            return missing(columnAt.member("name"));
        columns->append(column);
        return true;
    });
}

bool TableDecoder::decodeColumns(ResponseObjects &objects, QList<TableColumn> *columns)
{
    if (!objects.next())
        return fail(JsonPath().member("columnDefinitions"), QStringLiteral("required value is missing"));
    return readColumnArray(beginValue(objects), JsonPath().member("columnDefinitions"), columns);
}

bool TableDecoder::readLooseMetadata(ondemand::value &value, const JsonPath &at, ObjectMeta *out)
{
    return forEachMemberOf(value, at, [&](std::string_view key, ondemand::value &v) {
        std::string_view text;
        if (key == "name" || key == "namespace") {
            if (!readText(v, at.member(key == "name" ? "name" : "namespace"), &text))
                return false;
            if (key == "name")
                out->name = fromUtf8(text);
            else
                out->namespaceName = intern(text);
            return true;
        }
        if (key == "resourceVersion")
            return readTextInto(v, at.member("resourceVersion"), &out->resourceVersion,
                                [](std::string_view version) { return ResourceVersion(version); });
        if (key == "creationTimestamp")
            return readTime(v, at.member("creationTimestamp"), &out->creationTimestamp);
        return true;
    });
}

bool TableDecoder::decodeEvent(ResponseObjects &objects, ResourceRow *row, QList<TableColumn> *columns,
                               bool *hasColumns, bool keepJson)
{
    *row = ResourceRow();
    *hasColumns = false;
    if (keepJson)
        return readPlainObject(objects, row, true);
    bool isTable = false;
    bool hasMetadata = false;
    bool rowRead = false;
    const bool read = open(objects) && readAnyRoot([&](std::string_view key, ondemand::value &value) {
        const JsonPath at;
        if (key == "columnDefinitions") {
            isTable = true;
            ondemand::json_type type;
            if (simdjson::error_code e = value.type().get(type); e != simdjson::SUCCESS)
                return invalid(at.member("columnDefinitions"), e);
            if (type == ondemand::json_type::null)
                return true; // later events: the columns of the first one
            *hasColumns = true;
            return readColumnArray(value, at.member("columnDefinitions"), columns);
        }
        if (key == "rows") {
            isTable = true;
            const JsonPath rowsAt = at.member("rows");
            return forEachElementOf(value, rowsAt, [&](ondemand::value &element, const JsonPath &rowAt) {
                if (rowRead)
                    return fail(rowAt, QStringLiteral("a watch event's Table has more than one row"));
                rowRead = true;
                bool hasCells = false;
                bool hasObject = false;
                const bool ok = forEachMemberOf(element, rowAt, [&](std::string_view member, ondemand::value &v) {
                    return readRowMembers(member, v, rowAt, row, &hasCells, &hasObject);
                });
                if (ok && !hasObject)
                    return fail(rowAt.member("object"), QStringLiteral("required value is missing (the row names no object)"));
                return ok;
            });
        }
        if (key == "metadata") {
            // A plain object's metadata; a Table's own holds only its resourceVersion.
            ObjectMeta meta;
            const bool ok = readLooseMetadata(value, at.member("metadata"), &meta);
            if (ok && !meta.name.isEmpty()) {
                hasMetadata = true;
                row->metadata = meta;
            }
            return ok;
        }
        return true;
    });
    if (!read)
        return false;
    if (isTable && !rowRead)
        return fail(JsonPath().member("rows"), QStringLiteral("a watch event's Table has no row"));
    if (!isTable && !hasMetadata)
        return missing(JsonPath().member("metadata"));
    return true;
}

} // namespace fleetscope
