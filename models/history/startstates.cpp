#include "startstates.h"

namespace fleetscope {

void StartStates::offer(ConditionTransition &&t, qint64 id)
{
    if (t.at >= m_from)
        return;
    const QString key = t.cluster.toString() + u'\n' + t.type;
    const auto it = m_states.find(key);
    if (it == m_states.end())
        m_states.insert(key, {std::move(t), id});
    else if (t.at > it->first.at || (t.at == it->first.at && id > it->second))
        *it = {std::move(t), id};
}

QList<ConditionTransition> StartStates::take()
{
    QStringList keys = m_states.keys();
    keys.sort();
    QList<ConditionTransition> result;
    result.reserve(keys.size());
    for (const QString &key : std::as_const(keys))
        result.append(std::move(m_states[key].first));
    m_states.clear();
    return result;
}

} // namespace fleetscope
