#include "logcategories.h"

// Info and debug are off until Verbosity::apply() (or QT_LOGGING_RULES) opens them.
Q_LOGGING_CATEGORY(lcTransport, "fleetscope.kube.transport", QtWarningMsg)
Q_LOGGING_CATEGORY(lcInformer, "fleetscope.kube.informer", QtWarningMsg)
Q_LOGGING_CATEGORY(lcWatchEvents, "fleetscope.kube.events", QtWarningMsg)
Q_LOGGING_CATEGORY(lcExec, "fleetscope.kube.exec", QtWarningMsg)
Q_LOGGING_CATEGORY(lcDiscovery, "fleetscope.kube.discovery", QtWarningMsg)
Q_LOGGING_CATEGORY(lcFleet, "fleetscope.fleet", QtWarningMsg)
