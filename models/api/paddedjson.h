#pragma once

#include <QByteArray>

#include <cstddef>
#include <string>
#include <string_view>

namespace fleetscope {

// simdjson loads its input 64 bytes at a time and so reads up to this many bytes
// past the end of a JSON text: every text handed to a decoder must be followed by
// that many readable bytes (their values do not matter). Buffers we fill ourselves
// reserve it; the decoders then parse list bodies and watch lines in place.
inline constexpr std::size_t jsonPadding = 64;

// Text from elsewhere (a file, a test), copied once into a buffer with the padding.
class PaddedJson
{
public:
    explicit PaddedJson(std::string_view text)
        : m_buffer(text.size() + jsonPadding, ' ')
        , m_size(text.size())
    {
        m_buffer.replace(0, text.size(), text);
    }
    explicit PaddedJson(const QByteArray &text)
        : PaddedJson(std::string_view(text.constData(), std::size_t(text.size())))
    {
    }

    std::string_view view() const { return std::string_view(m_buffer.data(), m_size); }

private:
    std::string m_buffer;
    std::size_t m_size;
};

// Makes sure `buffer`'s allocation extends jsonPadding bytes past its end (a copy
// only when it does not already), so that it parses in place. Only read there:
// a shared buffer stays shared.
inline void reservePadding(QByteArray *buffer)
{
    if (buffer->capacity() - buffer->size() < qsizetype(jsonPadding))
        buffer->reserve(buffer->size() + qsizetype(jsonPadding));
}

} // namespace fleetscope
