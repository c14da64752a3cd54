#include "compactjsoncopy.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace fleetscope {
namespace {

using Type = JsonCursor::Type;

// nlohmann's serializer, dump(-1, ' ', false): escapes only '"', '\\' and control characters.
void appendEscaped(QByteArray *out, std::string_view text)
{
    out->append('"');
    for (const char ch : text) {
        const auto u = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"': out->append("\\\"", 2); break;
        case '\\': out->append("\\\\", 2); break;
        case '\b': out->append("\\b", 2); break;
        case '\f': out->append("\\f", 2); break;
        case '\n': out->append("\\n", 2); break;
        case '\r': out->append("\\r", 2); break;
        case '\t': out->append("\\t", 2); break;
        default:
            if (u <= 0x1F) {
                static const char hex[] = "0123456789abcdef";
                const char esc[6] = {'\\', 'u', '0', '0', hex[u >> 4], hex[u & 0xF]};
                out->append(esc, 6);
            } else {
                out->append(ch);
            }
        }
    }
    out->append('"');
}

} // namespace

bool copyCompactJson(JsonCursor &c, QByteArray *out, std::string *scratch, int depth)
{
    // Extension bodies are small; deep ones go to the DOM path.
    if (depth > 32)
        return false;
    switch (c.peek()) {
    case Type::Null:
        out->append("null", 4);
        return c.readNull();
    case Type::Boolean: {
        bool value = false;
        if (!c.readBool(&value))
            return false;
        out->append(value ? "true" : "false");
        return true;
    }
    case Type::Number: {
        // Integers print as nlohmann stores them (int64 below zero, uint64 else);
        // doubles have their own formatting: left to the DOM.
        const char *begin = c.position();
        if (!c.skipValue())
            return false;
        const char *end = c.position();
        char digits[24];
        std::to_chars_result printed{};
        if (*begin == '-') {
            qint64 value = 0;
            const auto parsed = std::from_chars(begin, end, value);
            if (parsed.ec != std::errc() || parsed.ptr != end)
                return false;
            printed = std::to_chars(digits, digits + sizeof digits, value);
        } else {
            quint64 value = 0;
            const auto parsed = std::from_chars(begin, end, value);
            if (parsed.ec != std::errc() || parsed.ptr != end)
                return false;
            printed = std::to_chars(digits, digits + sizeof digits, value);
        }
        out->append(digits, qsizetype(printed.ptr - digits));
        return true;
    }
    case Type::String: {
        std::string_view text;
        if (!c.readString(&text, scratch))
            return false;
        appendEscaped(out, text);
        return true;
    }
    case Type::Array: {
        if (!c.enterArray())
            return false;
        out->append('[');
        bool first = true;
        bool any = false;
        while (c.nextElement(&first)) {
            if (any)
                out->append(',');
            any = true;
            if (!copyCompactJson(c, out, scratch, depth + 1))
                return false;
        }
        out->append(']');
        return !c.failed();
    }
    case Type::Object: {
        // Members print in std::map order (by bytes), whatever order they came in.
        if (!c.enterObject())
            return false;
        std::vector<std::pair<std::string, QByteArray>> members;
        bool first = true;
        std::string_view key;
        while (c.nextMember(&first, &key)) {
            members.emplace_back(std::string(key), QByteArray());
            if (!copyCompactJson(c, &members.back().second, scratch, depth + 1))
                return false;
        }
        if (c.failed())
            return false;
        std::sort(members.begin(), members.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        out->append('{');
        for (size_t i = 0; i < members.size(); ++i) {
            if (i > 0 && members[i - 1].first == members[i].first)
                return false; // repeated key: the DOM keeps the last; not imitated
            if (i > 0)
                out->append(',');
            appendEscaped(out, members[i].first);
            out->append(':');
            out->append(members[i].second);
        }
        out->append('}');
        return true;
    }
    case Type::Invalid:
        break;
    }
    return false;
}

} // namespace fleetscope
