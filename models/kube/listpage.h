#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <string_view>
#include <vector>

namespace fleetscope {

// One page of a LIST response (`{"items": [...], "metadata": {...}}`) read
// without building a DOM: the items stay JSON text, located by byte ranges into
// the body, for the sink to decode one by one.
//
// scan() succeeds only for a page whose envelope the informer can use as is: a
// strictly valid JSON object, `items` an array or null, `metadata` an object,
// neither repeated. Anything else returns false and the informer parses the page
// the old way (nlohmann DOM), which then names the problem exactly as before.
// Object and array items are only delimited, not validated: the sink checks each
// one (decoding it, or parsing it with nlohmann) before it applies any, and
// refuses the page if one is not valid JSON, which sends it down the DOM path too.
struct ListPage
{
    std::vector<std::string_view> items; // views into the scanned body
    bool itemsIsArray = false;           // false: "items": null
    QByteArray continueToken;
    QByteArray resourceVersion;
    qint64 remainingItemCount = -1;

    static bool scan(const QByteArray &body, ListPage *out);
};

} // namespace fleetscope
