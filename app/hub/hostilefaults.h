#pragma once

#include "apirouter.h"

#include <functional>

namespace fleetscope::hub {

class FaultInjector;

// Hostile hubs: answers no honest apiserver sends, for clients to survive
// with bounded memory and a clear error. Each fires per --fault-<name> like the others.
//
// After a LIST answer was built: corrupts its body (a 10 MB object, 100 000-deep
// nesting, invalid UTF-8, duplicate keys, wrong types, a gzip stream cut in half) or
// replaces it with a generated stream (a million items, or items that never end).
void applyHostileListFault(FaultInjector &faults, const std::function<bool()> &stopped, ApiResponse *response);

// For a WATCH: drip a bookmark event one byte per second, forever.
bool applyHostileWatchFault(FaultInjector &faults, const std::function<bool()> &stopped, ApiResponse *response);

// For any request: accept it and never answer (no status line, no headers).
bool applyNoAnswerFault(FaultInjector &faults, ApiResponse *response);

} // namespace fleetscope::hub
