#include "resourceversion.h"

#include <limits>

namespace fleetscope {

ResourceVersion::ResourceVersion(std::string_view text)
{
    // Canonical decimal only ("0", or no leading zero), so that printing the number
    // gives back exactly the text the server sent.
    const bool canonical = !text.empty() && text.size() <= 19 && (text.size() == 1 || text.front() != '0');
    quint64 value = 0;
    bool digits = canonical;
    for (size_t i = 0; digits && i < text.size(); ++i) {
        const char c = text[i];
        digits = c >= '0' && c <= '9';
        value = value * 10 + quint64(c - '0'); // 19 digits cannot overflow 64 bits
    }
    if (digits && value < std::numeric_limits<quint64>::max()) {
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
