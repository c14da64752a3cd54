#pragma once

#include <QByteArray>

#include <nlohmann/json.hpp>

namespace fleetscope {

// JSON → block YAML that kubectl reads back as the same JSON. kubectl parses
// kubeconfigs with a YAML 1.1 reader (sigs.k8s.io/yaml on go-yaml v2), where plain
// `n`, `yes`, `off`, `~` or `1:20` are not strings — and that applies to mapping keys
// too (an exec extension `{n: 1}` reached the plugin as `{"false": 1}`). So every key
// and string is double-quoted unless it is plainly a word, a path or a URL that both
// YAML 1.1 and 1.2 read as a string. api/yamljson.h's jsonToYaml follows YAML 1.2 only.
QByteArray kubeconfigYaml(const nlohmann::json &value);

} // namespace fleetscope
