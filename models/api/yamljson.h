#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace YAML {
class Node;
}

namespace fleetscope {

// YAML → JSON, so that YAML files go through the same JSON decoders as API
// responses. Fleetscope's own files follow the YAML 1.2 core schema (true/false,
// null/~, ints, floats; quoted scalars stay strings), and a duplicate mapping key
// is an error, not a silent "last one wins".
//
// kubectl reads kubeconfig files with go-yaml v2 (YAML 1.1) and then decodes the
// resulting JSON. That differs in ways users hit: `y`, `yes`, `on`, `n`, `off` are
// booleans, `017` is octal, `1_000` is 1000, `<<` merges, a repeated key's last
// value wins. The Go* functions reproduce that reading exactly, so that Fleetscope
// accepts and rejects the same kubeconfig files kubectl does.

// Parses every document of `text` (YAML 1.2). On failure returns false and sets `error` to
// "SOURCE:LINE:COLUMN: what", where SOURCE is `sourceName` (a file path, usually).
bool parseYamlDocuments(const QByteArray &text, const QString &sourceName, std::vector<nlohmann::json> *documents,
                        QString *error);

// What a YAML reading makes of a scalar node.
struct YamlScalar
{
    enum class Kind { Null, Bool, Int, Uint, Float, String };
    Kind kind = Kind::Null;
    bool boolean = false;
    long long integer = 0;
    unsigned long long unsignedInteger = 0;
    double floating = 0;
    std::string text; // the scalar as written

    // "a boolean", "a number", "null", "a string": for "expected a string, got …".
    QString kindName() const;
};

// What kubectl makes of a scalar node.
YamlScalar resolveGoYamlScalar(const YAML::Node &scalar);

// A whole node as kubectl stores it in an extension (`runtime.RawExtension`): YAML
// 1.1 scalars, merge keys, non-string keys turned into strings. On failure returns
// false with `error` = "LINE:COLUMN: what" (1-based); never throws.
bool goYamlToJson(const YAML::Node &node, nlohmann::json *out, QString *error);

// One line of JSON, UTF-8, for messages and stored extension bodies.
QByteArray compactJson(const nlohmann::json &value);

// JSON → block YAML that kubectl (a YAML 1.1 reader) and YAML 1.2 readers both
// read back as the same JSON: for `-o yaml`, the details pane and the kubeconfigs
// written to connect. Keys and strings are double-quoted unless plainly words,
// paths or URLs (an exec extension key `n` must not come back as `false`).
QByteArray jsonToYaml(const nlohmann::json &value);

} // namespace fleetscope
