#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <string_view>

namespace fleetscope {

// Where a decoder is inside a JSON document. Nodes live on the decoder's stack
// and link to their parent, so tracking the path costs nothing until an error
// needs it rendered ("status.conditions[2].status").
struct JsonPath
{
    const JsonPath *parent = nullptr;
    const char *key = nullptr; // member name, or nullptr for an array index
    int index = -1;

    JsonPath member(const char *name) const { return JsonPath{this, name, -1}; }
    JsonPath element(int i) const { return JsonPath{this, nullptr, i}; }
    QString toString() const;
};

// "string", "number", "object", ...: the words error messages use for JSON types.
QString jsonTypeName(const nlohmann::json &value);

// JSON text without insignificant whitespace, members in their order (simdjson's
// minifier, which does not validate: callers pass text a parser has delimited).
QByteArray minifiedJson(std::string_view json);

// Parses JSON text into a nlohmann DOM without exceptions, for the cold, small
// documents (discovery, provider files, extension bodies, the details pane); on
// failure *error names `sourceName` and the position ("hub-a: line 1, column 7:
// syntax error ...").
bool parseJson(const QByteArray &text, const QString &sourceName, nlohmann::json *out, QString *error);

} // namespace fleetscope
