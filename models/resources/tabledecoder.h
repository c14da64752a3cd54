#pragma once

#include "resourcerow.h"

#include "api/ondemandreader.h"

namespace fleetscope {

// Reads what a member sends for any kind, with simdjson On-Demand: the rows of a
// Table list (`{"cells": [...], "object": {PartialObjectMetadata}}`), a watch
// event's one-row Table (its columnDefinitions only on the first event), the
// column definitions, and the plain objects of servers that print no Tables.
// Cells keep the server's text (numbers and booleans as JSON prints them, null as
// empty), each cut at its first line break and at 1024 characters, as kubectl does
// (which adds "..."). Errors name the JSON path; one object's error costs that
// object only (ondemandreader.h). Not thread-safe: one per member thread.
class TableDecoder final : public OnDemandReader
{
    Q_DISABLE_COPY_MOVE(TableDecoder)

public:
    TableDecoder() = default;

    // A list page's item: a Table row, or a plain object. With `keepJson`, a plain
    // object's text is kept in the row (-o json: objects are asked for, not Tables).
    bool decodeItem(ResponseObjects &objects, ResourceRow *row, bool keepJson = false);
    // A watch event's object: a one-row Table (`*columns` set when it carries its
    // column definitions, `*hasColumns` says so) or a plain object.
    bool decodeEvent(ResponseObjects &objects, ResourceRow *row, QList<TableColumn> *columns, bool *hasColumns,
                     bool keepJson = false);
    bool decodeColumns(ResponseObjects &objects, QList<TableColumn> *columns);

    static constexpr int maxCellCharacters = 1024;

private:
    bool readRowMembers(std::string_view key, ondemand::value &value, const JsonPath &at, ResourceRow *row,
                        bool *hasCells, bool *hasObject);
    bool readCells(ondemand::value &value, const JsonPath &at, QStringList *cells);
    bool readColumnArray(ondemand::value &value, const JsonPath &at, QList<TableColumn> *columns);
    bool readPlainObject(ResponseObjects &objects, ResourceRow *row, bool keepJson);
    // Name, namespace, resourceVersion and creation time, none required (a Table's
    // own metadata has only its resourceVersion).
    bool readLooseMetadata(ondemand::value &value, const JsonPath &at, ObjectMeta *out);
};

} // namespace fleetscope
