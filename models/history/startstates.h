#pragma once

#include "historytypes.h"

#include <QHash>
#include <QList>
#include <QString>

#include <utility>

namespace fleetscope {

// Of the transitions offered, each (cluster, type)'s last one that began before
// `from`: the state it was in when a window opens. The latest `at` wins, then
// the later recorded (higher id).
class StartStates final
{
public:
    explicit StartStates(qint64 from)
        : m_from(from)
    {
    }

    void offer(ConditionTransition &&t, qint64 id);
    // Sorted by key, so that the order does not depend on the offers'.
    QList<ConditionTransition> take();

private:
    qint64 m_from;
    QHash<QString, std::pair<ConditionTransition, qint64>> m_states;
};

} // namespace fleetscope
