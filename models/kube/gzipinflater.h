#pragma once

#include <QByteArray>
#include <QString>

struct libdeflate_decompressor;

namespace fleetscope {

// Inflates a whole gzip body at once with libdeflate, several times the speed of
// the streaming zlib inflate Qt applies when it asks for gzip itself. List pages
// are read whole before they are parsed, so nothing is lost by not streaming;
// watch streams keep Qt's streaming inflate. Not thread-safe: one per informer.
class GzipInflater final
{
    Q_DISABLE_COPY_MOVE(GzipInflater)

public:
    GzipInflater();
    ~GzipInflater();

    // Replaces `body` (one gzip member or several, as RFC 1952 allows) by the bytes
    // it holds, with `padding` bytes of spare capacity after them. False, `body`
    // untouched, and `error` saying why when it is not gzip, is cut short or
    // corrupt, or would inflate past `maxBytes` (the trailer's size is only a hint:
    // a server can lie in it).
    bool inflate(QByteArray *body, qint64 maxBytes, qsizetype padding, QString *error);
    // Frees the spare buffer (after a list: a watch never needs it; it may hold
    // the capacity of the largest page).
    void release();

private:
    libdeflate_decompressor *m_decompressor;
    // The other buffer of the pair: inflating swaps it with the body, so that both
    // keep their capacity from page to page.
    QByteArray m_out;
};

} // namespace fleetscope
