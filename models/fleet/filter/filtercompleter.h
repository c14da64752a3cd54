#pragma once

#include <QString>
#include <QStringList>

namespace fleetscope {

class FilterValueIndex;
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
// is offered after "key op" or inside "key in (…)"; a key everywhere else. Keys
// and shared values come from the FilterValueIndex; the values that are one per
// cluster (name, display name, member id) from a scan of the store, which the
// filter bar debounces like the filter itself.
class FilterCompleter final
{
public:
    static FilterCompletions completions(const FleetStore &store, FilterValueIndex &index, const QString &text,
                                         int cursor, int limit = 50);
};

} // namespace fleetscope
