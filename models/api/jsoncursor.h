#pragma once

#include <QtGlobal>

#include <string>
#include <string_view>

namespace fleetscope {

// A strict forward reader over JSON text: no DOM, no allocation except for
// strings that carry escapes. The fast list path (ListPageScanner, the
// ClusterProfile byte decoder) reads pages with it; the nlohmann DOM stays the
// path for errors and for everything unusual.
//
// It accepts only what nlohmann::json::parse accepts (RFC 8259: valid UTF-8,
// escapes, surrogate pairs, number grammar, finite numbers, no trailing commas),
// so that a document it reads can never be one the DOM path would refuse. It
// is allowed to refuse more (a leading BOM, numbers it cannot convert exactly):
// a refusal only means "take the DOM path". After the first problem every call
// fails, so callers may check failed() once.
class JsonCursor final
{
public:
    enum class Type : quint8 { Invalid, Null, Boolean, Number, String, Array, Object };

    JsonCursor(const char *begin, const char *end)
        : m_pos(begin)
        , m_end(end)
    {
    }

    bool failed() const { return m_failed; }
    const char *position() const { return m_pos; }

    // The type of the next value (whitespace skipped); Invalid at the end or on bad input.
    Type peek();

    // Containers: enter, then loop on nextMember()/nextElement() with a `first`
    // flag owned by the caller, until they return false (container closed, or failed()).
    bool enterObject();
    bool nextMember(bool *first, std::string_view *key);
    bool enterArray();
    bool nextElement(bool *first);

    // Scalars. A string view points into the text, or into `scratch` when the
    // string has escapes; valid until the next call that uses the same scratch.
    bool readString(std::string_view *out, std::string *scratch);
    bool readBool(bool *out);
    bool readNull();
    // An integer that fits qint64; anything else (fraction, exponent, out of
    // range) fails, as the DOM decoders' "expected integer" or "out of range" would.
    bool readInt64(qint64 *out);
    // Any value, validated and skipped (iterative: nesting costs no stack).
    bool skipValue();
    // An object or array skipped by matching brackets and strings only: its inside
    // is NOT validated (only nesting depth is checked). For list items that are
    // checked byte for byte afterwards, by a decoder or by nlohmann.
    bool skipContainerUnchecked();
    // Nothing but whitespace left.
    bool atEnd();

    // Deeper nesting is refused, as parseJson refuses it.
    static constexpr int maxDepth = 1000;

private:
    bool fail()
    {
        m_failed = true;
        m_pos = m_end;
        return false;
    }
    void skipSpace();
    bool expect(char c);
    bool literal(const char *text, size_t size);
    // The string at m_pos (opening quote included); `scratch` null: validate only.
    bool scanString(std::string_view *out, std::string *scratch);
    bool scanNumber(bool *isInteger);
    bool validUtf8(const unsigned char *&p, const unsigned char *end);

    const char *m_pos;
    const char *m_end;
    std::string m_keyScratch;
    int m_depth = 0; // containers entered and not yet closed
    bool m_failed = false;
};

} // namespace fleetscope
