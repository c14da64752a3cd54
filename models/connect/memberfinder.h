#pragma once

#include "fleet/engine/fleetengine.h"
#include "fleet/filter/fleetfilter.h"
#include "membertarget.h"

#include <QList>
#include <QStringList>

namespace fleetscope {

// Which members a command works on: the HUB/NS/NAME it was given, or every member
// of the chosen hubs that `filter` accepts (the dashboard's filter language; an
// empty filter takes them all).
struct MemberQuery
{
    FleetEngineOptions engine;
    QList<MemberTarget> named; // when set, exactly these (their hubs become the contexts unless given)
    FleetFilter filter;
    int timeoutMs = 60'000; // for the hubs to sync; 0 = wait forever
};

struct MemberSearch
{
    QList<MemberTarget> members; // named order, or sorted by label for a filter
    QStringList errors;          // hubs that did not sync, named members that are missing
    QStringList warnings;        // hub warnings (forbidden scopes) that may hide members

    // Named members must all be found; with a filter, the members of the hubs that
    // did sync are still usable.
    bool ok = false;
};

// Runs the fleet engine headless (the GUI's engine, no window) until the hubs the
// query needs have synced or failed, and copies the members out: the store goes
// away with the engine. The one place connect, doctor, exec and kubeconfig find
// their members.
class MemberFinder final
{
public:
    static MemberSearch find(MemberQuery query);
};

} // namespace fleetscope
