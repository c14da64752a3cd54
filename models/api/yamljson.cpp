#include "yamljson.h"

#include <QLocale>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>
#include <sstream>
#include <string_view>

namespace fleetscope {
namespace {

// The two readings of yamljson.h: Fleetscope's own files, and kubectl's kubeconfig.
enum class YamlRules { Core12, GoYaml11 };

bool isOneOf(std::string_view s, std::initializer_list<std::string_view> words)
{
    return std::any_of(words.begin(), words.end(), [s](std::string_view w) { return s == w; });
}

// The float pattern both schemas share. Go reports overflow as an error, not ±Inf, and
// JSON cannot carry infinity: such text stays a string.
bool resolveFloat(const std::string &plain, YamlScalar *out)
{
    static const std::regex yamlStyleFloat("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$");
    if (!std::regex_match(plain, yamlStyleFloat))
        return false;
    errno = 0;
    const double value = std::strtod(plain.c_str(), nullptr);
    if (errno == ERANGE && std::abs(value) >= 1)
        return false;
    out->kind = YamlScalar::Kind::Float;
    out->floating = value;
    return true;
}

// YAML 1.2 core schema numbers, as in the spec's tag resolution table (10.3.2). An
// integer too large for 64 bits stays text rather than losing digits as a double.
bool resolveCoreNumber(const std::string &s, YamlScalar *out)
{
    static const std::regex decimal("[-+]?[0-9]+");
    static const std::regex octal("0o[0-7]+");
    static const std::regex hex("0x[0-9a-fA-F]+");
    int base = 10;
    std::string digits = s;
    if (std::regex_match(s, octal) || std::regex_match(s, hex)) {
        base = s[1] == 'o' ? 8 : 16;
        digits = s.substr(2);
    } else if (!std::regex_match(s, decimal)) {
        return resolveFloat(s, out);
    }
    errno = 0;
    out->kind = YamlScalar::Kind::Int;
    if (digits[0] == '-') {
        out->integer = std::strtoll(digits.c_str(), nullptr, base);
    } else {
        const unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
        if (v <= static_cast<unsigned long long>(std::numeric_limits<long long>::max())) {
            out->integer = static_cast<long long>(v);
        } else {
            out->kind = YamlScalar::Kind::Uint;
            out->unsignedInteger = v;
        }
    }
    return errno != ERANGE;
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

bool resolveGoNumber(const std::string &in, YamlScalar *out)
{
    std::string plain = in;
    plain.erase(std::remove(plain.begin(), plain.end(), '_'), plain.end());
    bool negative = false;
    unsigned long long magnitude = 0;
    if (parseGoInteger(plain, true, &negative, &magnitude)) {
        constexpr unsigned long long maxPositive = std::numeric_limits<long long>::max();
        if (!negative && magnitude <= maxPositive) {
            out->kind = YamlScalar::Kind::Int;
            out->integer = static_cast<long long>(magnitude);
            return true;
        }
        if (negative && magnitude <= maxPositive + 1) {
            out->kind = YamlScalar::Kind::Int;
            out->integer = magnitude == maxPositive + 1 ? std::numeric_limits<long long>::min()
                                                         : -static_cast<long long>(magnitude);
            return true;
        }
        if (!negative && plain[0] != '+') {
            out->kind = YamlScalar::Kind::Uint; // ParseUint takes no sign
            out->unsignedInteger = magnitude;
            return true;
        }
    }
    return resolveFloat(plain, out);
}

// What a scalar's text means under `rules`, `tag` being yaml-cpp's. Leaves `text` to
// the caller: the emitter asks for every string it writes.
YamlScalar resolveScalar(const std::string &text, const std::string &tag, YamlRules rules)
{
    const bool go = rules == YamlRules::GoYaml11;
    YamlScalar out;
    // "!" marks quoted scalars in yaml-cpp; they, !!str and !!binary stay strings.
    if (tag == "!" || tag == "tag:yaml.org,2002:str" || tag == "tag:yaml.org,2002:binary") {
        out.kind = YamlScalar::Kind::String;
        return out;
    }
    if (text.empty() || isOneOf(text, {"~", "null", "Null", "NULL"})) {
        out.kind = YamlScalar::Kind::Null;
        return out;
    }
    if (isOneOf(text, {"true", "True", "TRUE"}) || (go && isOneOf(text, {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON"}))) {
        out.kind = YamlScalar::Kind::Bool;
        out.boolean = true;
        return out;
    }
    if (isOneOf(text, {"false", "False", "FALSE"}) || (go && isOneOf(text, {"n", "N", "no", "No", "NO", "off", "Off", "OFF"}))) {
        out.kind = YamlScalar::Kind::Bool;
        return out;
    }
    // Go reads .inf and .nan, which JSON cannot carry; YAML 1.2 text keeps them as strings.
    if (go && isOneOf(text, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF"})) {
        out.kind = YamlScalar::Kind::Float;
        out.floating = text[0] == '-' ? -std::numeric_limits<double>::infinity()
                                      : std::numeric_limits<double>::infinity();
        return out;
    }
    if (go && isOneOf(text, {".nan", ".NaN", ".NAN"})) {
        out.kind = YamlScalar::Kind::Float;
        out.floating = std::numeric_limits<double>::quiet_NaN();
        return out;
    }
    const char first = text[0];
    if ((first >= '0' && first <= '9') || first == '+' || first == '-' || first == '.') {
        if (go ? resolveGoNumber(text, &out) : resolveCoreNumber(text, &out))
            return out;
    }
    // Timestamps (2001-12-14) stay strings: kubectl decodes into untyped values, where
    // go-yaml keeps their text.
    out.kind = YamlScalar::Kind::String;
    return out;
}

QString located(const YAML::Mark &mark, const QString &what)
{
    return QStringLiteral("%1:%2: %3").arg(mark.line + 1).arg(mark.column + 1).arg(what);
}

bool scalarToJson(const YAML::Node &node, YamlRules rules, nlohmann::json *out, QString *error)
{
    const YamlScalar s = resolveScalar(node.Scalar(), node.Tag(), rules);
    switch (s.kind) {
    case YamlScalar::Kind::Null:
        *out = nullptr;
        return true;
    case YamlScalar::Kind::Bool:
        *out = s.boolean;
        return true;
    case YamlScalar::Kind::Int:
        *out = s.integer;
        return true;
    case YamlScalar::Kind::Uint:
        *out = s.unsignedInteger;
        return true;
    case YamlScalar::Kind::Float:
        if (!std::isfinite(s.floating)) {
            // encoding/json cannot write them, so kubectl rejects the file.
            *error = located(node.Mark(), QStringLiteral("unsupported value %1 (JSON has no NaN or infinity)")
                                              .arg(QString::fromStdString(node.Scalar())));
            return false;
        }
        *out = s.floating;
        return true;
    case YamlScalar::Kind::String:
        *out = node.Scalar();
        return true;
    }
    return true;
}

// YAML 1.2 keeps a key's text; sigs.k8s.io/yaml turns non-string keys into their
// text the way Go formats them.
bool keyToString(const YAML::Node &key, YamlRules rules, std::string *out, QString *error)
{
    if (rules == YamlRules::GoYaml11 && key.IsNull()) {
        *error = located(key.Mark(), QStringLiteral("unsupported map key null"));
        return false;
    }
    if (!key.IsScalar()) {
        *error = located(key.Mark(), QStringLiteral("mapping keys must be scalars"));
        return false;
    }
    if (rules == YamlRules::Core12) {
        *out = key.Scalar();
        return true;
    }
    const YamlScalar s = resolveScalar(key.Scalar(), key.Tag(), rules);
    switch (s.kind) {
    case YamlScalar::Kind::Null:
        *error = located(key.Mark(), QStringLiteral("unsupported map key null"));
        return false;
    case YamlScalar::Kind::Bool:
        *out = s.boolean ? "true" : "false";
        return true;
    case YamlScalar::Kind::Int:
        *out = std::to_string(s.integer);
        return true;
    case YamlScalar::Kind::Uint:
        *out = std::to_string(s.unsignedInteger);
        return true;
    case YamlScalar::Kind::Float:
        *out = QString::number(s.floating, 'g', QLocale::FloatingPointShortest).toStdString();
        return true;
    case YamlScalar::Kind::String:
        *out = key.Scalar();
        return true;
    }
    return true;
}

bool isMergeKey(const YAML::Node &key)
{
    return key.IsScalar() && key.Tag() == "?" && key.Scalar() == "<<";
}

bool convert(const YAML::Node &node, YamlRules rules, nlohmann::json *out, QString *error, int depth);

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
    if (!convert(source, YamlRules::GoYaml11, &merged, error, depth + 1))
        return false;
    for (auto it = merged.begin(); it != merged.end(); ++it) {
        if (!target->contains(it.key()))
            (*target)[it.key()] = it.value();
    }
    return true;
}

bool convert(const YAML::Node &node, YamlRules rules, nlohmann::json *out, QString *error, int depth)
{
    // Deep nesting is an attack, not a fleet: stop before the stack does.
    if (depth > 512) {
        *error = located(node.Mark(), QStringLiteral("nesting deeper than 512 levels"));
        return false;
    }
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        *out = nullptr;
        return true;
    case YAML::NodeType::Scalar:
        return scalarToJson(node, rules, out, error);
    case YAML::NodeType::Sequence:
        *out = nlohmann::json::array();
        for (const YAML::Node &item : node) {
            nlohmann::json value;
            if (!convert(item, rules, &value, error, depth + 1))
                return false;
            out->push_back(std::move(value));
        }
        return true;
    case YAML::NodeType::Map: {
        *out = nlohmann::json::object();
        std::vector<YAML::Node> merges;
        for (const auto &entry : node) {
            if (rules == YamlRules::GoYaml11 && isMergeKey(entry.first)) {
                merges.push_back(entry.second);
                continue;
            }
            std::string key;
            if (!keyToString(entry.first, rules, &key, error))
                return false;
            // kubectl lets a repeated key's last value win; in Fleetscope's files it is a mistake.
            if (rules == YamlRules::Core12 && out->contains(key)) {
                *error = located(entry.first.Mark(), QStringLiteral("duplicate key \"%1\"").arg(QString::fromStdString(key)));
                return false;
            }
            nlohmann::json value;
            if (!convert(entry.second, rules, &value, error, depth + 1))
                return false;
            (*out)[key] = std::move(value);
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

class IgnoreEvents final : public YAML::EventHandler
{
public:
    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark &, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t, const std::string &) override {}
    void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
};

// yaml-cpp 0.7 (Debian 12) never finishes LoadAll on a top-level quoted or flow
// value followed by a ',' ("\"x\","): it returns empty documents forever, eating
// memory (found by tests/fuzz). A stream has at most one document more than it
// has "---"/"..." lines, so the events are walked first with that bound.
bool documentsAreBounded(const std::string &text)
{
    std::size_t markers = 0;
    for (std::size_t at = 0;;) {
        if (text.compare(at, 3, "---") == 0 || text.compare(at, 3, "...") == 0)
            ++markers;
        const std::size_t newline = text.find('\n', at);
        if (newline == std::string::npos)
            break;
        at = newline + 1;
    }
    std::istringstream stream(text);
    YAML::Parser parser(stream);
    IgnoreEvents ignore;
    for (std::size_t documents = 0; parser.HandleNextDocument(ignore);) {
        if (++documents > markers + 1)
            return false;
    }
    return true;
}

} // namespace

bool parseYamlDocuments(const QByteArray &text, const QString &sourceName, std::vector<nlohmann::json> *documents,
                        QString *error)
{
    std::vector<YAML::Node> nodes;
    try {
        const std::string utf8(text.constData(), size_t(text.size()));
        if (!documentsAreBounded(utf8)) {
            if (error)
                *error = sourceName + QStringLiteral(": unexpected content after a document's value (a ',' outside [] or {}?)");
            return false;
        }
        nodes = YAML::LoadAll(utf8);
    } catch (const YAML::Exception &e) {
        if (error)
            *error = sourceName + u':' + located(e.mark, QString::fromStdString(e.msg));
        return false;
    } catch (const std::exception &e) {
        if (error)
            *error = sourceName + u": " + QString::fromUtf8(e.what());
        return false;
    }
    for (const YAML::Node &node : nodes) {
        nlohmann::json value;
        QString message;
        if (!convert(node, YamlRules::Core12, &value, &message, 0)) {
            if (error)
                *error = sourceName + u':' + message;
            return false;
        }
        if (!value.is_null()) // "---" followed by nothing is an empty document
            documents->push_back(std::move(value));
    }
    return true;
}

QString YamlScalar::kindName() const
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

YamlScalar resolveGoYamlScalar(const YAML::Node &scalar)
{
    YamlScalar out = resolveScalar(scalar.Scalar(), scalar.Tag(), YamlRules::GoYaml11);
    out.text = scalar.Scalar();
    return out;
}

bool goYamlToJson(const YAML::Node &node, nlohmann::json *out, QString *error)
{
    QString message;
    try {
        if (convert(node, YamlRules::GoYaml11, out, &message, 0))
            return true;
    } catch (const std::exception &e) { // yaml-cpp throws on malformed node access
        message = QString::fromUtf8(e.what());
    }
    if (error)
        *error = message;
    return false;
}

namespace {

// Only text that YAML 1.1 and 1.2 both read as a string stays plain: words,
// paths and URLs. Everything else (1.1's yes/no/on/off, numbers, 0x.., 1_000,
// 1:20, .inf, indicators, spaces) is double-quoted. This applies to keys as well.
bool isPlainSafe(const std::string &text)
{
    if (text.empty() || resolveScalar(text, "?", YamlRules::GoYaml11).kind != YamlScalar::Kind::String)
        return false;
    const char first = text.front();
    if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_' || first == '/'))
        return false;
    for (char c : text) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
            || c == '.' || c == '/' || c == ':' || c == '@' || c == '+' || c == '=' || c == '-';
        if (!ok)
            return false;
    }
    return text.back() != ':'; // "key:" would start a mapping
}

void emitString(YAML::Emitter &out, const std::string &text)
{
    if (!isPlainSafe(text))
        out << YAML::DoubleQuoted;
    out << text;
}

void emitYaml(YAML::Emitter &out, const nlohmann::json &value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::object:
        out << YAML::BeginMap;
        for (auto it = value.begin(); it != value.end(); ++it) {
            out << YAML::Key;
            emitString(out, it.key());
            out << YAML::Value;
            emitYaml(out, *it);
        }
        out << YAML::EndMap;
        break;
    case nlohmann::json::value_t::array:
        out << YAML::BeginSeq;
        for (const auto &item : value)
            emitYaml(out, item);
        out << YAML::EndSeq;
        break;
    case nlohmann::json::value_t::string:
        emitString(out, value.get_ref<const std::string &>());
        break;
    case nlohmann::json::value_t::boolean:
        out << (value.get<bool>() ? "true" : "false");
        break;
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
        out << YAML::Null;
        break;
    default:
        out << value.dump(); // numbers, in JSON's spelling, which YAML reads the same
        break;
    }
}

} // namespace

QByteArray jsonToYaml(const nlohmann::json &value)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitYaml(out, value);
    QByteArray text(out.c_str(), qsizetype(out.size()));
    if (!text.endsWith('\n'))
        text += '\n';
    return text;
}

QByteArray compactJson(const nlohmann::json &value)
{
    // `replace` keeps invalid UTF-8 from throwing; the text is for people and storage.
    const std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

} // namespace fleetscope
