#pragma once

#include <QLoggingCategory>

// One logging category per room, so that `-v N` (Verbosity) and QT_LOGGING_RULES
// can open exactly the part a person is looking at. What goes at which level:
//   info  — hub state changes (fleetscope.fleet), backoffs, relists, plugin runs
//   debug — one line per request (transport), discovery details, watch events
// Never a header, token, key, or exec plugin output.
Q_DECLARE_LOGGING_CATEGORY(lcTransport)  // fleetscope.kube.transport
Q_DECLARE_LOGGING_CATEGORY(lcInformer)   // fleetscope.kube.informer
Q_DECLARE_LOGGING_CATEGORY(lcWatchEvents) // fleetscope.kube.events
Q_DECLARE_LOGGING_CATEGORY(lcExec)       // fleetscope.kube.exec
Q_DECLARE_LOGGING_CATEGORY(lcDiscovery)  // fleetscope.kube.discovery
Q_DECLARE_LOGGING_CATEGORY(lcFleet)      // fleetscope.fleet
