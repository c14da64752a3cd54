#pragma once

#include <QHash>
#include <QtGlobal>

#include <vector>

namespace fleetscope {

// The chains (historyschema.h) as far as a scan of the rows that began at or
// after `from` shows them, so that the walk from each key's head back to its
// state at `from` reads only the rows the scan did not: each key's one
// transition from before `from` and those that were recorded after `from` but
// began before it (first sights, a gap's reported times). Without this the
// walk reads again, one primary-key look-up each, every row the scan read.
//
// A run is a stretch of one chain that the scan read in chain order (each row's
// `prev` is the row read before it): a walk that reaches its top leaves it at
// its bottom's `prev`. The scan reads rows by `at`, which a key's rows mostly
// follow in recording order, so a key has one run, and one more after each row
// the scan did not read or read out of order.
class ChainRuns final
{
public:
    explicit ChainRuns(qint64 from)
        : m_from(from)
    {
    }

    // A row the scan read (`prev` 0 for NULL), of the key whose last run is
    // `*lastRun` (-1 before the key's first row), which it updates.
    void add(qint64 id, qint64 prev, qint64 observedAt, int *lastRun);
    // After the last add().
    void index();
    // Where a walk that reaches row `id` reads next: `id` itself when the scan
    // did not read it, else the first row below it along the chain that the
    // scan did not read, or 0 when the walk ends first (a NULL `prev`, or a row
    // observed before `from`, where the walk stops).
    qint64 follow(qint64 id) const;

private:
    struct Run
    {
        qint64 top;
        qint64 bottom;
        qint64 bottomPrev;
        bool stops; // one row, observed before `from`
    };

    qint64 m_from;
    std::vector<Run> m_runs;
    QHash<qint64, qsizetype> m_byTop;
};

} // namespace fleetscope
