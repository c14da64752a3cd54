#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <memory>
#include <string_view>
#include <vector>

namespace fleetscope {

// The envelopes around objects, read with simdjson On-Demand: a LIST response
// (`{"items": [...], "metadata": {...}}`) and a watch line (`{"type", "object"}`).
// Objects are only delimited here, handed on as views of their JSON text into the
// caller's buffer (which has jsonPadding bytes after it, and so has every view),
// and decoded one by one by the sink: one bad object costs that object only.
//
// Errors name what was wrong ("the list is not valid JSON (...)") for the caller
// to prefix with its source. Not thread-safe: one per informer.
class ResponseReader final
{
    Q_DISABLE_COPY_MOVE(ResponseReader)

public:
    ResponseReader();
    ~ResponseReader();

    struct ListPage
    {
        std::vector<std::string_view> items; // JSON text of each item
        bool itemsIsArray = false;           // false: "items": null
        QByteArray continueToken;
        QByteArray resourceVersion;
        qint64 remainingItemCount = -1;
    };
    struct WatchEvent
    {
        QString type;            // "ADDED", "BOOKMARK", ...
        std::string_view object; // JSON text of the object, if it is one
        bool hasObject = false;
    };

    // `text` must be followed by jsonPadding readable bytes.
    bool readList(std::string_view text, ListPage *out, QString *error);
    bool readEvent(std::string_view text, WatchEvent *out, QString *error);
    // metadata.resourceVersion of an object readEvent() returned, or empty.
    QByteArray resourceVersionOf(std::string_view object);
    // Frees the parsers' buffers. A parser keeps buffers for the largest text it
    // has read (~6 bytes per byte of a ~0.8 MB list page: 17 MB over a hub's three
    // informers), which watch lines of ~2 KB never need again: call after a list.
    void releaseBuffers();

private:
    // simdjson stays out of this header: the engine's headers include it.
    struct Parsers;
    std::unique_ptr<Parsers> m_parsers;
};

} // namespace fleetscope
