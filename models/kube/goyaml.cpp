#include "goyaml.h"

#include <QLocale>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>

namespace fleetscope {
namespace {

bool isOneOf(const std::string &s, std::initializer_list<const char *> words)
{
    return std::any_of(words.begin(), words.end(), [&s](const char *w) { return s == w; });
}

// Go's strconv.ParseInt/ParseUint with base 0: optional sign, then 0x/0o/0b
// prefixes or a leading 0 for octal. Returns false when it is not an integer or
// does not fit in 64 bits.
bool parseGoInteger(const std::string &s, bool allowSign, bool *negative, unsigned long long *magnitude)
{
    size_t i = 0;
    *negative = false;
    if (allowSign && i < s.size() && (s[i] == '+' || s[i] == '-')) {
        *negative = s[i] == '-';
        ++i;
    }
    int base = 10;
    if (s.size() - i >= 2 && s[i] == '0') {
        const char p = char(std::tolower(static_cast<unsigned char>(s[i + 1])));
        if (p == 'x' || p == 'o' || p == 'b') {
            base = p == 'x' ? 16 : (p == 'o' ? 8 : 2);
            i += 2;
        } else {
            base = 8;
            i += 1;
        }
    }
    if (i >= s.size())
        return false; // a sign or prefix without digits
    unsigned long long value = 0;
    for (; i < s.size(); ++i) {
        const char c = char(std::tolower(static_cast<unsigned char>(s[i])));
        int digit = -1;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        if (digit < 0 || digit >= base)
            return false;
        if (value > (std::numeric_limits<unsigned long long>::max() - unsigned(digit)) / unsigned(base))
            return false;
        value = value * unsigned(base) + unsigned(digit);
    }
    *magnitude = value;
    return true;
}

bool resolveNumber(const std::string &in, GoYamlScalar *out)
{
    std::string plain = in;
    plain.erase(std::remove(plain.begin(), plain.end(), '_'), plain.end());
    bool negative = false;
    unsigned long long magnitude = 0;
    if (parseGoInteger(plain, true, &negative, &magnitude)) {
        constexpr unsigned long long maxPositive = std::numeric_limits<long long>::max();
        if (!negative && magnitude <= maxPositive) {
            out->kind = GoYamlScalar::Kind::Int;
            out->integer = static_cast<long long>(magnitude);
            return true;
        }
        if (negative && magnitude <= maxPositive + 1) {
            out->kind = GoYamlScalar::Kind::Int;
            out->integer = magnitude == maxPositive + 1 ? std::numeric_limits<long long>::min()
                                                         : -static_cast<long long>(magnitude);
            return true;
        }
        if (!negative && plain[0] != '+') {
            out->kind = GoYamlScalar::Kind::Uint; // ParseUint takes no sign
            out->unsignedInteger = magnitude;
            return true;
        }
    }
    static const std::regex yamlStyleFloat("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$");
    if (std::regex_match(plain, yamlStyleFloat)) {
        errno = 0;
        const double value = std::strtod(plain.c_str(), nullptr);
        if (errno != ERANGE || std::abs(value) < 1) { // Go reports overflow as an error, not ±Inf
            out->kind = GoYamlScalar::Kind::Float;
            out->floating = value;
            return true;
        }
    }
    return false;
}

QString located(const YAML::Mark &mark, const QString &what)
{
    return QStringLiteral("%1:%2: %3").arg(mark.line + 1).arg(mark.column + 1).arg(what);
}

bool scalarToJson(const YAML::Node &node, nlohmann::json *out, QString *error)
{
    const GoYamlScalar s = resolveGoYamlScalar(node);
    switch (s.kind) {
    case GoYamlScalar::Kind::Null:
        *out = nullptr;
        return true;
    case GoYamlScalar::Kind::Bool:
        *out = s.boolean;
        return true;
    case GoYamlScalar::Kind::Int:
        *out = s.integer;
        return true;
    case GoYamlScalar::Kind::Uint:
        *out = s.unsignedInteger;
        return true;
    case GoYamlScalar::Kind::Float:
        if (!std::isfinite(s.floating)) {
            // encoding/json cannot write them, so kubectl rejects the file.
            *error = located(node.Mark(), QStringLiteral("unsupported value %1 (JSON has no NaN or infinity)")
                                              .arg(QString::fromStdString(s.text)));
            return false;
        }
        *out = s.floating;
        return true;
    case GoYamlScalar::Kind::String:
        *out = s.text;
        return true;
    }
    return true;
}

// sigs.k8s.io/yaml turns non-string keys into their text the way Go formats them.
bool keyToString(const YAML::Node &key, std::string *out, QString *error)
{
    if (key.IsNull()) {
        *error = located(key.Mark(), QStringLiteral("unsupported map key null"));
        return false;
    }
    if (!key.IsScalar()) {
        *error = located(key.Mark(), QStringLiteral("mapping keys must be scalars"));
        return false;
    }
    const GoYamlScalar s = resolveGoYamlScalar(key);
    switch (s.kind) {
    case GoYamlScalar::Kind::Null:
        *error = located(key.Mark(), QStringLiteral("unsupported map key null"));
        return false;
    case GoYamlScalar::Kind::Bool:
        *out = s.boolean ? "true" : "false";
        return true;
    case GoYamlScalar::Kind::Int:
        *out = std::to_string(s.integer);
        return true;
    case GoYamlScalar::Kind::Uint:
        *out = std::to_string(s.unsignedInteger);
        return true;
    case GoYamlScalar::Kind::Float:
        *out = QString::number(s.floating, 'g', QLocale::FloatingPointShortest).toStdString();
        return true;
    case GoYamlScalar::Kind::String:
        *out = s.text;
        return true;
    }
    return true;
}

bool isMergeKey(const YAML::Node &key)
{
    return key.IsScalar() && key.Tag() == "?" && key.Scalar() == "<<";
}

bool convert(const YAML::Node &node, nlohmann::json *out, QString *error, int depth);

bool mergeInto(const YAML::Node &source, nlohmann::json *target, QString *error, int depth)
{
    // `<<: *anchor` or `<<: [*a, *b]`; keys written in the mapping itself win.
    if (source.IsSequence()) {
        for (const YAML::Node &item : source) {
            if (!mergeInto(item, target, error, depth + 1))
                return false;
        }
        return true;
    }
    if (!source.IsMap()) {
        *error = located(source.Mark(), QStringLiteral("map merge requires map or sequence of maps as the value"));
        return false;
    }
    nlohmann::json merged;
    if (!convert(source, &merged, error, depth + 1))
        return false;
    for (auto it = merged.begin(); it != merged.end(); ++it) {
        if (!target->contains(it.key()))
            (*target)[it.key()] = it.value();
    }
    return true;
}

bool convert(const YAML::Node &node, nlohmann::json *out, QString *error, int depth)
{
    if (depth > 512) { // a hostile file, not a kubeconfig: stop before the stack does
        *error = located(node.Mark(), QStringLiteral("nesting deeper than 512 levels"));
        return false;
    }
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        *out = nullptr;
        return true;
    case YAML::NodeType::Scalar:
        return scalarToJson(node, out, error);
    case YAML::NodeType::Sequence:
        *out = nlohmann::json::array();
        for (const YAML::Node &item : node) {
            nlohmann::json value;
            if (!convert(item, &value, error, depth + 1))
                return false;
            out->push_back(std::move(value));
        }
        return true;
    case YAML::NodeType::Map: {
        *out = nlohmann::json::object();
        std::vector<YAML::Node> merges;
        for (const auto &entry : node) {
            if (isMergeKey(entry.first)) {
                merges.push_back(entry.second);
                continue;
            }
            std::string key;
            if (!keyToString(entry.first, &key, error))
                return false;
            nlohmann::json value;
            if (!convert(entry.second, &value, error, depth + 1))
                return false;
            (*out)[key] = std::move(value); // a repeated key: the last one wins, as in kubectl
        }
        for (const YAML::Node &m : merges) {
            if (!mergeInto(m, out, error, depth))
                return false;
        }
        return true;
    }
    }
    *out = nullptr;
    return true;
}

} // namespace

QString GoYamlScalar::kindName() const
{
    switch (kind) {
    case Kind::Null:
        return QStringLiteral("null");
    case Kind::Bool:
        return QStringLiteral("a boolean");
    case Kind::Int:
    case Kind::Uint:
    case Kind::Float:
        return QStringLiteral("a number");
    case Kind::String:
        return QStringLiteral("a string");
    }
    return {};
}

GoYamlScalar resolveGoYamlScalar(const YAML::Node &scalar)
{
    GoYamlScalar out;
    out.text = scalar.Scalar();
    const std::string &tag = scalar.Tag();
    const std::string &in = out.text;
    // "!" marks quoted scalars in yaml-cpp; they and !!str stay strings.
    if (tag == "!" || tag == "tag:yaml.org,2002:str" || tag == "tag:yaml.org,2002:binary") {
        out.kind = GoYamlScalar::Kind::String;
        return out;
    }
    if (in.empty() || isOneOf(in, {"~", "null", "Null", "NULL"})) {
        out.kind = GoYamlScalar::Kind::Null;
        return out;
    }
    if (isOneOf(in, {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE"})) {
        out.kind = GoYamlScalar::Kind::Bool;
        out.boolean = true;
        return out;
    }
    if (isOneOf(in, {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE"})) {
        out.kind = GoYamlScalar::Kind::Bool;
        return out;
    }
    if (isOneOf(in, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF"})) {
        out.kind = GoYamlScalar::Kind::Float;
        out.floating = in[0] == '-' ? -std::numeric_limits<double>::infinity()
                                    : std::numeric_limits<double>::infinity();
        return out;
    }
    if (isOneOf(in, {".nan", ".NaN", ".NAN"})) {
        out.kind = GoYamlScalar::Kind::Float;
        out.floating = std::numeric_limits<double>::quiet_NaN();
        return out;
    }
    const char first = in[0];
    if ((first >= '0' && first <= '9') || first == '+' || first == '-' || first == '.') {
        if (resolveNumber(in, &out))
            return out;
    }
    // Timestamps (2001-12-14) stay strings: kubectl decodes into untyped values, where
    // go-yaml keeps their text.
    out.kind = GoYamlScalar::Kind::String;
    return out;
}

bool goYamlToJson(const YAML::Node &node, nlohmann::json *out, QString *error)
{
    QString message;
    try {
        if (convert(node, out, &message, 0))
            return true;
    } catch (const std::exception &e) { // yaml-cpp throws on malformed node access
        message = QString::fromUtf8(e.what());
    }
    if (error)
        *error = message;
    return false;
}

} // namespace fleetscope
