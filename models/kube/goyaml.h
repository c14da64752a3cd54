#pragma once

#include <QString>

#include <nlohmann/json.hpp>

#include <string>

namespace YAML {
class Node;
}

namespace fleetscope {

// kubectl reads kubeconfig files with go-yaml v2 (YAML 1.1) and then decodes the
// resulting JSON. That differs from YAML 1.2 (api/yamljson.h) in ways users hit:
// `y`, `yes`, `on`, `n`, `off` are booleans, `017` is octal, `1_000` is 1000. A
// string field given such a scalar is an error in kubectl, and an extension body
// keeps the YAML 1.1 reading. These helpers reproduce that reading exactly, so that
// Fleetscope accepts and rejects the same files kubectl does.

// What kubectl makes of a scalar node.
struct GoYamlScalar
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

GoYamlScalar resolveGoYamlScalar(const YAML::Node &scalar);

// A whole node as kubectl stores it in an extension (`runtime.RawExtension`): YAML
// 1.1 scalars, merge keys, non-string keys turned into strings. On failure returns
// false with `error` = "LINE:COLUMN: what" (1-based); never throws.
bool goYamlToJson(const YAML::Node &node, nlohmann::json *out, QString *error);

} // namespace fleetscope
