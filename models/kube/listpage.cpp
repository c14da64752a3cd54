#include "listpage.h"

#include "api/jsoncursor.h"

#include <QString>

#include <utility>

namespace fleetscope {
namespace {

// metadata.continue / resourceVersion: strings as they are, other types read as
// absent (the DOM path's jsonText() does the same).
bool readText(JsonCursor &c, QByteArray *out, std::string *scratch)
{
    if (c.peek() != JsonCursor::Type::String)
        return c.skipValue();
    std::string_view text;
    if (!c.readString(&text, scratch))
        return false;
    // The DOM path goes through QString::toLatin1(); keep that for non-ASCII bytes.
    for (const char ch : text) {
        if (static_cast<unsigned char>(ch) >= 0x80) {
            *out = QString::fromUtf8(text.data(), qsizetype(text.size())).toLatin1();
            return true;
        }
    }
    *out = QByteArray(text.data(), qsizetype(text.size()));
    return true;
}

bool scanMetadata(JsonCursor &c, ListPage *out)
{
    if (!c.enterObject())
        return false;
    std::string scratch;
    bool seenContinue = false, seenVersion = false, seenRemaining = false;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        // A repeated key: the DOM keeps the last one; not worth copying that here.
        if (key == "continue") {
            if (std::exchange(seenContinue, true) || !readText(c, &out->continueToken, &scratch))
                return false;
        } else if (key == "resourceVersion") {
            if (std::exchange(seenVersion, true) || !readText(c, &out->resourceVersion, &scratch))
                return false;
        } else if (key == "remainingItemCount") {
            if (std::exchange(seenRemaining, true))
                return false;
            if (c.peek() != JsonCursor::Type::Number) {
                if (!c.skipValue())
                    return false;
                continue;
            }
            // Not an int64 (a fraction, out of range): rare enough to leave to the DOM path.
            qint64 remaining = 0;
            if (!c.readInt64(&remaining))
                return false;
            out->remainingItemCount = remaining;
        } else if (!c.skipValue()) {
            return false;
        }
    }
    return !c.failed();
}

} // namespace

bool ListPage::scan(const QByteArray &body, ListPage *out)
{
    *out = ListPage();
    JsonCursor c(body.constData(), body.constData() + body.size());
    if (c.peek() != JsonCursor::Type::Object || !c.enterObject())
        return false;
    bool seenItems = false, seenMetadata = false;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        if (key == "items") {
            if (std::exchange(seenItems, true))
                return false;
            const JsonCursor::Type type = c.peek();
            if (type == JsonCursor::Type::Null) {
                if (!c.readNull())
                    return false;
                continue;
            }
            if (type != JsonCursor::Type::Array || !c.enterArray())
                return false;
            out->itemsIsArray = true;
            bool firstItem = true;
            while (c.nextElement(&firstItem)) {
                const JsonCursor::Type itemType = c.peek(); // skips the whitespace before the item
                const char *begin = c.position();
                // Items are checked by whoever decodes them (see the header); scanning
                // them twice was ~7 % of a cold sync.
                const bool container = itemType == JsonCursor::Type::Object || itemType == JsonCursor::Type::Array;
                if (itemType == JsonCursor::Type::Invalid || !(container ? c.skipContainerUnchecked() : c.skipValue()))
                    return false;
                out->items.emplace_back(begin, size_t(c.position() - begin));
            }
            if (c.failed())
                return false;
        } else if (key == "metadata") {
            if (std::exchange(seenMetadata, true) || c.peek() != JsonCursor::Type::Object || !scanMetadata(c, out))
                return false;
        } else if (!c.skipValue()) {
            return false;
        }
    }
    return !c.failed() && c.atEnd() && seenItems && seenMetadata;
}

} // namespace fleetscope
