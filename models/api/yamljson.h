#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace fleetscope {

// YAML → JSON, so that YAML files go through the same JSON decoders as API
// responses. Scalars follow the YAML 1.2 core schema (true/false, null/~, ints,
// floats; quoted scalars stay strings). Duplicate mapping keys are an error, not
// a silent "last one wins".

// Parses every document of `text`. On failure returns false and sets `error` to
// "SOURCE:LINE:COLUMN: what", where SOURCE is `sourceName` (a file path, usually).
bool parseYamlDocuments(const QByteArray &text, const QString &sourceName, std::vector<nlohmann::json> *documents,
                        QString *error);

// One line of JSON, UTF-8, for messages and stored extension bodies.
QByteArray compactJson(const nlohmann::json &value);

} // namespace fleetscope

namespace fleetscope {

// JSON → block YAML that kubectl (a YAML 1.1 reader) and YAML 1.2 readers both
// read back as the same JSON: for `-o yaml`, the details pane and the kubeconfigs
// written to connect. Keys and strings are double-quoted unless plainly words,
// paths or URLs (an exec extension key `n` must not come back as `false`).
QByteArray jsonToYaml(const nlohmann::json &value);

} // namespace fleetscope
