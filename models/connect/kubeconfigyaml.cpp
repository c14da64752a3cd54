#include "kubeconfigyaml.h"

#include <yaml-cpp/yaml.h>

#include <array>
#include <string_view>

namespace fleetscope {
namespace {

// YAML 1.1 booleans and nulls (go-yaml v2's resolve table): plain, these are not strings.
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

bool isPlainSafe(const std::string &text)
{
    if (text.empty() || isYaml11Special(text))
        return false;
    const char first = text.front();
    // Digits, signs and dots start numbers (1.1 also has 0x.., 1_000, 1:20 and .inf).
    if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_' || first == '/'))
        return false;
    for (char c : text) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
            || c == '.' || c == '/' || c == ':' || c == '@' || c == '+' || c == '=' || c == '-';
        if (!ok)
            return false;
    }
    // "key:" would start a mapping.
    return text.back() != ':';
}

void emitString(YAML::Emitter &out, const std::string &text)
{
    if (!isPlainSafe(text))
        out << YAML::DoubleQuoted;
    out << text;
}

void emitNode(YAML::Emitter &out, const nlohmann::json &value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::object:
        out << YAML::BeginMap;
        for (auto it = value.begin(); it != value.end(); ++it) {
            out << YAML::Key;
            emitString(out, it.key());
            out << YAML::Value;
            emitNode(out, *it);
        }
        out << YAML::EndMap;
        break;
    case nlohmann::json::value_t::array:
        out << YAML::BeginSeq;
        for (const auto &item : value)
            emitNode(out, item);
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

QByteArray kubeconfigYaml(const nlohmann::json &value)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitNode(out, value);
    QByteArray text(out.c_str(), qsizetype(out.size()));
    if (!text.endsWith('\n'))
        text += '\n';
    return text;
}

} // namespace fleetscope
