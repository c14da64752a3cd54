#include "yamljson.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>

namespace fleetscope {
namespace {

// YAML 1.2 core schema, as in the spec's tag resolution table (10.3.2).
bool isNull(const std::string &s)
{
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

bool asBool(const std::string &s, bool *value)
{
    if (s == "true" || s == "True" || s == "TRUE") {
        *value = true;
        return true;
    }
    if (s == "false" || s == "False" || s == "FALSE") {
        *value = false;
        return true;
    }
    return false;
}

bool asInteger(const std::string &s, nlohmann::json *out)
{
    static const std::regex decimal("[-+]?[0-9]+");
    static const std::regex octal("0o[0-7]+");
    static const std::regex hex("0x[0-9a-fA-F]+");
    int base = 10;
    std::string digits = s;
    if (std::regex_match(s, decimal)) {
        base = 10;
    } else if (std::regex_match(s, octal)) {
        base = 8;
        digits = s.substr(2);
    } else if (std::regex_match(s, hex)) {
        base = 16;
        digits = s.substr(2);
    } else {
        return false;
    }
    errno = 0;
    char *end = nullptr;
    if (!digits.empty() && digits[0] == '-') {
        const long long v = std::strtoll(digits.c_str(), &end, base);
        if (errno == ERANGE)
            return false; // too large: keep the text rather than lose digits
        *out = v;
    } else {
        const unsigned long long v = std::strtoull(digits.c_str(), &end, base);
        if (errno == ERANGE)
            return false;
        if (v <= static_cast<unsigned long long>(std::numeric_limits<long long>::max()))
            *out = static_cast<long long>(v);
        else
            *out = v;
    }
    return true;
}

bool asFloat(const std::string &s, nlohmann::json *out)
{
    static const std::regex number("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    if (std::regex_match(s, number)) {
        *out = std::strtod(s.c_str(), nullptr);
        return true;
    }
    // JSON cannot carry .inf/.nan; they stay strings.
    return false;
}

nlohmann::json scalarToJson(const YAML::Node &node)
{
    const std::string &text = node.Scalar();
    // "!" is yaml-cpp's tag for quoted (non-plain) scalars: always strings.
    if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str")
        return text;
    if (isNull(text))
        return nullptr;
    bool b = false;
    if (asBool(text, &b))
        return b;
    nlohmann::json number;
    if (asInteger(text, &number))
        return number;
    // An integer too large for 64 bits stays text rather than losing digits as a double.
    static const std::regex integerLike("[-+]?[0-9]+");
    if (!std::regex_match(text, integerLike) && asFloat(text, &number))
        return number;
    return text;
}

QString located(const YAML::Mark &mark, const std::string &what)
{
    return QStringLiteral("%1:%2: %3").arg(mark.line + 1).arg(mark.column + 1).arg(QString::fromStdString(what));
}

bool convert(const YAML::Node &node, nlohmann::json *out, QString *error, int depth)
{
    // Deep nesting is an attack, not a fleet: stop before the stack does.
    if (depth > 512) {
        *error = located(node.Mark(), "nesting deeper than 512 levels");
        return false;
    }
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        *out = nullptr;
        return true;
    case YAML::NodeType::Scalar:
        *out = scalarToJson(node);
        return true;
    case YAML::NodeType::Sequence: {
        *out = nlohmann::json::array();
        for (const YAML::Node &item : node) {
            nlohmann::json value;
            if (!convert(item, &value, error, depth + 1))
                return false;
            out->push_back(std::move(value));
        }
        return true;
    }
    case YAML::NodeType::Map: {
        *out = nlohmann::json::object();
        for (const auto &entry : node) {
            if (!entry.first.IsScalar()) {
                *error = located(entry.first.Mark(), "mapping keys must be scalars");
                return false;
            }
            const std::string &key = entry.first.Scalar();
            if (out->contains(key)) {
                *error = located(entry.first.Mark(), "duplicate key \"" + key + "\"");
                return false;
            }
            nlohmann::json value;
            if (!convert(entry.second, &value, error, depth + 1))
                return false;
            (*out)[key] = std::move(value);
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
            *error = sourceName + u':' + located(e.mark, e.msg);
        return false;
    } catch (const std::exception &e) {
        if (error)
            *error = sourceName + u": " + QString::fromUtf8(e.what());
        return false;
    }
    for (const YAML::Node &node : nodes) {
        nlohmann::json value;
        QString message;
        if (!convert(node, &value, &message, 0)) {
            if (error)
                *error = sourceName + u':' + message;
            return false;
        }
        if (!value.is_null()) // "---" followed by nothing is an empty document
            documents->push_back(std::move(value));
    }
    return true;
}

namespace {

// YAML 1.1 booleans and nulls (go-yaml v2's resolve table, which kubectl uses):
// written plain, these would not come back as strings.
bool isYaml11Special(std::string_view text)
{
    static constexpr std::array<std::string_view, 26> words{
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE",
        "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~"};
    for (std::string_view w : words) {
        if (w == text)
            return true;
    }
    return false;
}

// Only text that YAML 1.1 and 1.2 both read as a string stays plain: words,
// paths and URLs. Everything else (numbers, 1.1's 0x.., 1_000, 1:20, .inf,
// indicators, spaces) is double-quoted. This applies to keys as well.
bool isPlainSafe(const std::string &text)
{
    if (text.empty() || isYaml11Special(text))
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
