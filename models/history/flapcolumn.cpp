#include "flapcolumn.h"

#include "fleet/store/fleetstore.h"

#include <QCoreApplication>

#include <algorithm>

namespace fleetscope {

FlapColumn::FlapColumn(const FleetStore *store, int threshold, int windowHours)
    : m_store(store)
    , m_threshold(threshold)
    , m_windowHours(windowHours)
{
}

void FlapColumn::setCell(Cell *cell, int count)
{
    cell->count = count;
    if (count >= sharedTextLimit) {
        cell->text = QString::number(count);
        return;
    }
    if (m_numbers.size() <= size_t(count)) {
        const size_t from = m_numbers.size();
        m_numbers.resize(size_t(count) + 1);
        for (size_t n = from; n < m_numbers.size(); ++n)
            m_numbers[n] = QString::number(n);
    }
    cell->text = m_numbers[size_t(count)];
}

QList<int> FlapColumn::setCounts(const QHash<ClusterId, int> &counts)
{
    // Updated in place: rebuilding every text (and comparing the whole table
    // twice) every refresh cost more than the few counts that move.
    QList<ClusterId> changed = apply(counts);
    // Every key of `counts` is in m_cells now: any surplus is gone.
    if (m_cells.size() > counts.size()) {
        for (auto it = m_cells.begin(); it != m_cells.end();) {
            if (counts.contains(it.key())) {
                ++it;
                continue;
            }
            changed.append(it.key());
            it = m_cells.erase(it);
        }
    }
    return rowsOf(changed);
}

QList<int> FlapColumn::applyChanges(const QHash<ClusterId, int> &changes)
{
    return rowsOf(apply(changes));
}

QList<ClusterId> FlapColumn::apply(const QHash<ClusterId, int> &counts)
{
    QList<ClusterId> changed;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() <= 0) {
            if (m_cells.remove(it.key()))
                changed.append(it.key());
            continue;
        }
        Cell &cell = m_cells[it.key()];
        if (cell.count == it.value())
            continue;
        setCell(&cell, it.value());
        changed.append(it.key());
    }
    return changed;
}

QList<int> FlapColumn::rowsOf(const QList<ClusterId> &clusters) const
{
    QList<int> rows;
    rows.reserve(clusters.size());
    for (const ClusterId &cluster : clusters) {
        const int hub = m_store->hubIndex(cluster.hub);
        if (const int row = hub < 0 ? -1 : m_store->rowOf(hub, ObjectKey{cluster.namespaceName, cluster.name}); row >= 0)
            rows.append(row);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

int FlapColumn::count(const ClusterId &cluster) const
{
    return m_cells.value(cluster).count;
}

QString FlapColumn::header() const
{
    return QCoreApplication::translate("FlapColumn", "Flaps");
}

QString FlapColumn::toolTip() const
{
    return QCoreApplication::translate("FlapColumn", "Status changes in the last %1 h; %2 or more is flapping")
        .arg(m_windowHours)
        .arg(m_threshold);
}

const QString *FlapColumn::value(const FleetProfile &row) const
{
    if (m_cells.isEmpty())
        return nullptr;
    const auto it = m_cells.constFind(
        ClusterId{m_store->hubName(row.hub), row.profile().metadata.namespaceName, row.profile().metadata.name});
    return it == m_cells.constEnd() ? nullptr : &it->text;
}

} // namespace fleetscope
