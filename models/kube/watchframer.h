#pragma once

#include <QByteArray>
#include <QList>

namespace fleetscope {

// Splits a watch response body into newline-delimited events. The apiserver
// flushes whenever its queue drains, so one event may span many network reads
// and one read may hold many events: bytes are buffered until a '\n'.
//
// A hostile or broken server could send an endless line; past `maxLineBytes`
// the framer stops buffering and reports overflow instead of growing forever.
class WatchFramer final
{
public:
    explicit WatchFramer(qsizetype maxLineBytes = 64 * 1024 * 1024)
        : m_maxLineBytes(maxLineBytes)
    {
    }

    // Appends bytes and returns the complete lines they finish (without '\n';
    // empty lines are dropped), most with jsonPadding bytes of spare capacity.
    // Returns false once a line exceeded the cap.
    bool feed(const char *data, qsizetype size, QList<QByteArray> *lines);
    bool feed(const QByteArray &bytes, QList<QByteArray> *lines) { return feed(bytes.constData(), bytes.size(), lines); }

    // Bytes of an unfinished event (a stream that ends here was cut mid-event).
    qsizetype pendingBytes() const { return m_buffer.size(); }
    void reset();

private:
    QByteArray m_buffer;
    qsizetype m_maxLineBytes;
    bool m_overflowed = false;
};

} // namespace fleetscope
