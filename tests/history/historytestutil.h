#pragma once

// Shared by the history tests: transitions and observations in one line each.

#include "history/historytypes.h"
#include "history/transitiondetector.h"

namespace fleetscope::historytest {

inline ConditionTransition transition(const QString &name, qint64 at, ConditionStatus from, ConditionStatus to,
                                      const QString &type = QStringLiteral("ControlPlaneHealthy"))
{
    ConditionTransition t;
    t.cluster = {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
    t.type = type;
    t.from = from;
    t.to = to;
    t.reason = to == ConditionStatus::False ? QStringLiteral("Down") : QStringLiteral("Up");
    t.message = QStringLiteral("message for %1").arg(name);
    t.at = at;
    t.observedAt = at;
    t.lastTransitionTime = at;
    return t;
}

inline Condition condition(const QString &type, ConditionStatus status, qint64 lastTransitionTime,
                           const QString &reason = QString())
{
    Condition c;
    c.type = type;
    c.status = status;
    c.lastTransitionTime = lastTransitionTime;
    c.reason = reason;
    return c;
}

} // namespace fleetscope::historytest
