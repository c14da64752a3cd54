#include "jsoncursor.h"

#include <charconv>
#include <cstring>

#include <QVarLengthArray>

namespace fleetscope {
namespace {

inline bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(std::string *out, char32_t cp)
{
    if (cp < 0x80) {
        out->push_back(char(cp));
    } else if (cp < 0x800) {
        out->push_back(char(0xC0 | (cp >> 6)));
        out->push_back(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out->push_back(char(0xE0 | (cp >> 12)));
        out->push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(char(0x80 | (cp & 0x3F)));
    } else {
        out->push_back(char(0xF0 | (cp >> 18)));
        out->push_back(char(0x80 | ((cp >> 12) & 0x3F)));
        out->push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(char(0x80 | (cp & 0x3F)));
    }
}

} // namespace

void JsonCursor::skipSpace()
{
    while (m_pos < m_end && isSpace(*m_pos))
        ++m_pos;
}

bool JsonCursor::expect(char c)
{
    skipSpace();
    if (m_pos >= m_end || *m_pos != c)
        return fail();
    ++m_pos;
    return true;
}

JsonCursor::Type JsonCursor::peek()
{
    if (m_failed)
        return Type::Invalid;
    skipSpace();
    if (m_pos >= m_end)
        return Type::Invalid;
    switch (*m_pos) {
    case '{':
        return Type::Object;
    case '[':
        return Type::Array;
    case '"':
        return Type::String;
    case 't':
    case 'f':
        return Type::Boolean;
    case 'n':
        return Type::Null;
    case '-':
        return Type::Number;
    default:
        return isDigit(*m_pos) ? Type::Number : Type::Invalid;
    }
}

bool JsonCursor::atEnd()
{
    if (m_failed)
        return false;
    skipSpace();
    return m_pos == m_end;
}

bool JsonCursor::enterObject()
{
    if (m_failed || !expect('{'))
        return false;
    return ++m_depth <= maxDepth || fail();
}

bool JsonCursor::enterArray()
{
    if (m_failed || !expect('['))
        return false;
    return ++m_depth <= maxDepth || fail();
}

bool JsonCursor::nextMember(bool *first, std::string_view *key)
{
    if (m_failed)
        return false;
    skipSpace();
    if (m_pos >= m_end)
        return fail();
    if (*first) {
        *first = false;
        if (*m_pos == '}') {
            ++m_pos;
            --m_depth;
            return false;
        }
    } else if (*m_pos == '}') {
        ++m_pos;
        --m_depth;
        return false;
    } else if (*m_pos == ',') {
        ++m_pos;
        skipSpace();
    } else {
        return fail();
    }
    // Keys with escapes are rare; they share one scratch that lives as long as the cursor.
    if (m_pos >= m_end || *m_pos != '"' || !scanString(key, &m_keyScratch))
        return fail();
    return expect(':');
}

bool JsonCursor::nextElement(bool *first)
{
    if (m_failed)
        return false;
    skipSpace();
    if (m_pos >= m_end)
        return fail();
    if (*first) {
        *first = false;
        if (*m_pos == ']') {
            ++m_pos;
            --m_depth;
            return false;
        }
        return true;
    }
    if (*m_pos == ']') {
        ++m_pos;
        --m_depth;
        return false;
    }
    if (*m_pos != ',')
        return fail();
    ++m_pos;
    return true;
}

bool JsonCursor::literal(const char *text, size_t size)
{
    skipSpace();
    if (size_t(m_end - m_pos) < size || std::memcmp(m_pos, text, size) != 0)
        return fail();
    m_pos += size;
    return true;
}

bool JsonCursor::readBool(bool *out)
{
    if (peek() != Type::Boolean)
        return fail();
    *out = *m_pos == 't';
    return *out ? literal("true", 4) : literal("false", 5);
}

bool JsonCursor::readNull()
{
    return peek() == Type::Null ? literal("null", 4) : fail();
}

bool JsonCursor::readString(std::string_view *out, std::string *scratch)
{
    if (peek() != Type::String)
        return fail();
    return scanString(out, scratch) || fail();
}

bool JsonCursor::validUtf8(const unsigned char *&p, const unsigned char *end)
{
    // The ranges nlohmann's lexer admits (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    const unsigned char c = *p;
    auto cont = [&](int n, unsigned char lo, unsigned char hi) {
        if (end - p < n + 1 || p[1] < lo || p[1] > hi)
            return false;
        for (int i = 2; i <= n; ++i) {
            if (p[i] < 0x80 || p[i] > 0xBF)
                return false;
        }
        p += n + 1;
        return true;
    };
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1, 0x80, 0xBF);
    if (c == 0xE0)
        return cont(2, 0xA0, 0xBF);
    if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF)
        return cont(2, 0x80, 0xBF);
    if (c == 0xED)
        return cont(2, 0x80, 0x9F);
    if (c == 0xF0)
        return cont(3, 0x90, 0xBF);
    if (c >= 0xF1 && c <= 0xF3)
        return cont(3, 0x80, 0xBF);
    if (c == 0xF4)
        return cont(3, 0x80, 0x8F);
    return false;
}

bool JsonCursor::scanString(std::string_view *out, std::string *scratch)
{
    const auto *p = reinterpret_cast<const unsigned char *>(m_pos) + 1; // past the quote
    const auto *end = reinterpret_cast<const unsigned char *>(m_end);
    const auto *start = p;
    bool escaped = false;
    while (true) {
        // The common case: printable ASCII up to the closing quote, eight bytes at a
        // time (a word with no quote, backslash, control or non-ASCII byte is skipped whole).
        constexpr quint64 ones = 0x0101010101010101ull;
        constexpr quint64 highs = 0x8080808080808080ull;
        while (end - p >= 8) {
            quint64 word;
            std::memcpy(&word, p, 8);
            const quint64 quote = word ^ (ones * '"');
            const quint64 backslash = word ^ (ones * '\\');
            const quint64 special = ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash)
                | (word - ones * 0x20) | word;
            if (special & highs)
                break;
            p += 8;
        }
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            ++p;
        if (p >= end)
            return false;
        if (*p == '"')
            break;
        if (*p < 0x20)
            return false; // control characters must be escaped
        if (*p >= 0x80) {
            if (!validUtf8(p, end))
                return false;
            continue;
        }
        // A backslash: validate it here; decode below if the caller wants the text.
        escaped = true;
        if (end - p < 2)
            return false;
        const unsigned char e = p[1];
        if (e == 'u') {
            auto hex4 = [&](const unsigned char *h, char32_t *cp) {
                if (end - h < 4)
                    return false;
                char32_t v = 0;
                for (int i = 0; i < 4; ++i) {
                    const int d = hexValue(char(h[i]));
                    if (d < 0)
                        return false;
                    v = (v << 4) | char32_t(d);
                }
                *cp = v;
                return true;
            };
            char32_t cp = 0;
            if (!hex4(p + 2, &cp))
                return false;
            p += 6;
            if (cp >= 0xDC00 && cp <= 0xDFFF)
                return false; // a lone low surrogate
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                char32_t low = 0;
                if (end - p < 2 || p[0] != '\\' || p[1] != 'u' || !hex4(p + 2, &low) || low < 0xDC00 || low > 0xDFFF)
                    return false;
                p += 6;
            }
            continue;
        }
        if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't')
            return false;
        p += 2;
    }
    const char *textBegin = reinterpret_cast<const char *>(start);
    const char *textEnd = reinterpret_cast<const char *>(p);
    m_pos = textEnd + 1;
    if (!out)
        return true;
    if (!escaped) {
        *out = std::string_view(textBegin, size_t(textEnd - textBegin));
        return true;
    }
    // Already validated: decode without checks.
    scratch->clear();
    for (const char *q = textBegin; q < textEnd;) {
        if (*q != '\\') {
            scratch->push_back(*q++);
            continue;
        }
        const char e = q[1];
        q += 2;
        switch (e) {
        case 'b': scratch->push_back('\b'); break;
        case 'f': scratch->push_back('\f'); break;
        case 'n': scratch->push_back('\n'); break;
        case 'r': scratch->push_back('\r'); break;
        case 't': scratch->push_back('\t'); break;
        case 'u': {
            auto hex4 = [](const char *h) {
                char32_t v = 0;
                for (int i = 0; i < 4; ++i)
                    v = (v << 4) | char32_t(hexValue(h[i]));
                return v;
            };
            char32_t cp = hex4(q);
            q += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(q + 2) - 0xDC00);
                q += 6;
            }
            appendUtf8(scratch, cp);
            break;
        }
        default: scratch->push_back(e); break; // " \ /
        }
    }
    *out = *scratch;
    return true;
}

bool JsonCursor::scanNumber(bool *isInteger)
{
    const char *p = m_pos;
    const char *start = p;
    if (p < m_end && *p == '-')
        ++p;
    if (p >= m_end || !isDigit(*p))
        return false;
    if (*p == '0')
        ++p;
    else
        while (p < m_end && isDigit(*p))
            ++p;
    *isInteger = true;
    if (p < m_end && *p == '.') {
        ++p;
        if (p >= m_end || !isDigit(*p))
            return false;
        while (p < m_end && isDigit(*p))
            ++p;
        *isInteger = false;
    }
    if (p < m_end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p < m_end && (*p == '+' || *p == '-'))
            ++p;
        if (p >= m_end || !isDigit(*p))
            return false;
        while (p < m_end && isDigit(*p))
            ++p;
        *isInteger = false;
    }
    // nlohmann stores integers that overflow 64 bits as doubles and refuses
    // non-finite doubles ("number overflow"): refuse what does not convert cleanly.
    const bool small = *isInteger && (p - start) <= 18;
    if (!small) {
        double value = 0;
        const auto result = std::from_chars(start, p, value);
        if (result.ec != std::errc() || result.ptr != p)
            return false;
    }
    m_pos = p;
    return true;
}

bool JsonCursor::readInt64(qint64 *out)
{
    if (peek() != Type::Number)
        return fail();
    const char *start = m_pos;
    bool integer = false;
    if (!scanNumber(&integer) || !integer)
        return fail();
    qint64 value = 0;
    const auto result = std::from_chars(start, m_pos, value);
    if (result.ec != std::errc() || result.ptr != m_pos)
        return fail();
    *out = value;
    return true;
}

bool JsonCursor::skipContainerUnchecked()
{
    const Type type = peek();
    if (type != Type::Object && type != Type::Array)
        return fail();
    int depth = 0;
    const char *p = m_pos;
    while (p < m_end) {
        const char ch = *p++;
        if (ch == '"') {
            while (p < m_end && *p != '"') {
                const void *quote = std::memchr(p, '"', size_t(m_end - p));
                const char *stop = quote ? static_cast<const char *>(quote) : m_end;
                const void *backslash = std::memchr(p, '\\', size_t(stop - p));
                if (!backslash) {
                    p = stop;
                    break;
                }
                p = static_cast<const char *>(backslash) + 2; // the escaped character, whatever it is
            }
            if (p >= m_end)
                return fail();
            ++p; // the closing quote
        } else if (ch == '{' || ch == '[') {
            if (m_depth + ++depth > maxDepth)
                return fail();
        } else if (ch == '}' || ch == ']') {
            if (--depth == 0) {
                m_pos = p;
                return true;
            }
        }
    }
    return fail();
}

bool JsonCursor::skipValue()
{
    // Containers open on this stack; values are validated on the way.
    QVarLengthArray<char, 32> open;
    bool expectValue = true;
    while (true) {
        if (m_failed)
            return false;
        if (expectValue) {
            switch (peek()) {
            case Type::Object:
                ++m_pos;
                if (m_depth + int(open.size()) >= maxDepth)
                    return fail();
                open.push_back('}');
                skipSpace();
                if (m_pos < m_end && *m_pos == '}') {
                    ++m_pos;
                    open.pop_back();
                    expectValue = false;
                    break;
                }
                if (m_pos >= m_end || *m_pos != '"' || !scanString(nullptr, nullptr) || !expect(':'))
                    return fail();
                continue;
            case Type::Array:
                ++m_pos;
                if (m_depth + int(open.size()) >= maxDepth)
                    return fail();
                open.push_back(']');
                skipSpace();
                if (m_pos < m_end && *m_pos == ']') {
                    ++m_pos;
                    open.pop_back();
                    expectValue = false;
                    break;
                }
                continue;
            case Type::String:
                if (!scanString(nullptr, nullptr))
                    return fail();
                break;
            case Type::Number: {
                bool integer = false;
                if (!scanNumber(&integer))
                    return fail();
                break;
            }
            case Type::Boolean:
                if (!(*m_pos == 't' ? literal("true", 4) : literal("false", 5)))
                    return false;
                break;
            case Type::Null:
                if (!literal("null", 4))
                    return false;
                break;
            case Type::Invalid:
                return fail();
            }
            expectValue = false;
        }
        // After a value: done, or a separator, or a closing bracket.
        if (open.empty())
            return true;
        skipSpace();
        if (m_pos >= m_end)
            return fail();
        if (*m_pos == open.back()) {
            ++m_pos;
            open.pop_back();
            continue;
        }
        if (*m_pos != ',')
            return fail();
        ++m_pos;
        if (open.back() == '}') {
            skipSpace();
            if (m_pos >= m_end || *m_pos != '"' || !scanString(nullptr, nullptr) || !expect(':'))
                return fail();
        }
        expectValue = true;
    }
}

} // namespace fleetscope
