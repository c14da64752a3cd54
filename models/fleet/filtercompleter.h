#pragma once

#include <QString>
#include <QStringList>

namespace fleetscope {

class FleetStore;

// What the filter bar may offer at the cursor: candidates replace
// text[replaceStart, replaceStart + replaceLength).
struct FilterCompletions
{
    int replaceStart = 0;
    int replaceLength = 0;
    QStringList candidates;
};

// Keys and values seen in the live fleet for the word under the cursor. A value
// is offered after "key op" or inside "key in (…)"; a key everywhere else. One
// scan over the store per call: interned strings are deduplicated by their
// buffer before any hashing of text, so a 100k fleet costs a few milliseconds.
class FilterCompleter final
{
public:
    static FilterCompletions completions(const FleetStore &store, const QString &text, int cursor, int limit = 50);
};

} // namespace fleetscope
