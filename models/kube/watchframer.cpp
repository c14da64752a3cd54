#include "watchframer.h"

#include "api/paddedjson.h"

#include <cstring>

namespace fleetscope {

bool WatchFramer::feed(const char *data, qsizetype size, QList<QByteArray> *lines)
{
    if (m_overflowed)
        return false;
    qsizetype start = 0;
    while (start < size) {
        const void *found = std::memchr(data + start, '\n', size_t(size - start));
        if (!found) {
            m_buffer.append(data + start, size - start);
            break;
        }
        const qsizetype end = static_cast<const char *>(found) - data;
        QByteArray line;
        if (m_buffer.isEmpty()) {
            // With room for the padding the JSON parser reads past the end, so
            // that the line parses in place.
            line.reserve(end - start + qsizetype(jsonPadding));
            line.append(data + start, end - start);
        } else {
            m_buffer.append(data + start, end - start);
            line.swap(m_buffer);
        }
        if (line.endsWith('\r'))
            line.chop(1);
        if (!line.isEmpty())
            lines->append(std::move(line));
        start = end + 1;
    }
    if (m_buffer.size() > m_maxLineBytes) {
        m_overflowed = true;
        m_buffer = QByteArray();
        return false;
    }
    return true;
}

void WatchFramer::reset()
{
    m_buffer.clear();
    m_overflowed = false;
}

} // namespace fleetscope
