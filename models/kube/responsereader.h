#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <functional>
#include <memory>
#include <string_view>

namespace fleetscope {

class ResponseObjects;

// The envelopes around objects, read with simdjson On-Demand: a LIST response
// (`{"items": [...], "metadata": {...}}`) and a watch line (`{"type", "object"}`).
// Objects are only delimited here and decoded one by one by the sink: one bad
// object costs that object only. A page's items reach the sink as values of the
// page's one parse (ResponseObjects); a watch event's object as a view of its text
// in the caller's buffer (which has jsonPadding bytes after it, and so has the view).
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
        qint64 itemCount = 0;
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

    // `text` must be followed by jsonPadding readable bytes. readList() hands the
    // items to `items` as it meets them (not if they are null); a page that breaks
    // off after some were read still fails.
    using Items = std::function<void(ResponseObjects &items)>;
    // A Table (`as=Table;g=meta.k8s.io`) is read the same way: its `rows` are the
    // items, and its `columnDefinitions` (unless null) go to `columns` as one object.
    bool readList(std::string_view text, ListPage *out, QString *error, const Items &items,
                  const Items &columns = {});
    bool readEvent(std::string_view text, WatchEvent *out, QString *error);
    // A watch event's object (its text from readEvent()), handed to `deliver` as
    // the one item.
    bool readObject(std::string_view object, QString *error, const Items &deliver);
    // A string in the metadata of an object readEvent() returned ("resourceVersion",
    // "name"...), or empty.
    QByteArray metadataField(std::string_view object, const char *field);
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
