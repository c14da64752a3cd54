#include "chainruns.h"

namespace fleetscope {

void ChainRuns::add(qint64 id, qint64 prev, qint64 observedAt, int *lastRun)
{
    // The walk goes on below a row only when it was observed at or after `from`
    // (chainruns.h); one that was not is a run of its own that ends the walk.
    const bool stops = observedAt < m_from;
    if (*lastRun >= 0) {
        Run &run = m_runs[size_t(*lastRun)];
        if (!stops && !run.stops && prev == run.top && id > run.top) {
            run.top = id;
            return;
        }
    }
    m_runs.push_back(Run{id, id, prev, stops});
    *lastRun = int(m_runs.size() - 1);
}

void ChainRuns::index()
{
    m_byTop.reserve(qsizetype(m_runs.size()));
    for (size_t i = 0; i < m_runs.size(); ++i)
        m_byTop.insert(m_runs[i].top, qsizetype(i));
}

qint64 ChainRuns::follow(qint64 id) const
{
    while (id > 0) {
        const auto it = m_byTop.constFind(id);
        if (it == m_byTop.cend())
            return id;
        const Run &run = m_runs[size_t(*it)];
        // A `prev` names an earlier row; one that does not (a damaged file) ends
        // the walk rather than going round for ever.
        if (run.stops || run.bottomPrev >= run.bottom)
            return 0;
        id = run.bottomPrev;
    }
    return 0;
}

} // namespace fleetscope
