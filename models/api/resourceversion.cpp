#include "resourceversion.h"

#include <charconv>
#include <limits>

namespace fleetscope {

ResourceVersion::ResourceVersion(std::string_view text)
{
    // Canonical decimal only ("0", or no leading zero), so that printing the number
    // gives back exactly the text the server sent.
    const bool canonical = !text.empty() && (text.size() == 1 || text.front() != '0');
    const char *end = text.data() + text.size();
    quint64 value = 0;
    const auto parsed = std::from_chars(text.data(), end, value);
    if (canonical && parsed.ec == std::errc() && parsed.ptr == end && value < std::numeric_limits<quint64>::max()) {
        m_number = value + 1;
        return;
    }
    m_text = StringPool::shared().pooledUtf8(text);
}

QByteArray ResourceVersion::toByteArray() const
{
    if (m_number != 0)
        return QByteArray::number(m_number - 1);
    return m_text.toString().toUtf8();
}

} // namespace fleetscope
