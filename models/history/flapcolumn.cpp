#include "flapcolumn.h"

#include "fleet/fleetstore.h"

#include <QCoreApplication>

#include <algorithm>

namespace fleetscope {

FlapColumn::FlapColumn(const FleetStore *store, int threshold, int windowHours)
    : m_store(store)
    , m_threshold(threshold)
    , m_windowHours(windowHours)
{
}

QList<int> FlapColumn::setCounts(const QHash<ClusterId, int> &counts)
{
    // Updated in place: rebuilding every text (and comparing the whole table
    // twice) every refresh cost more than the few counts that move.
    QList<ClusterId> changed;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        const auto old = m_counts.constFind(it.key());
        if (old != m_counts.cend() && *old == it.value())
            continue;
        m_counts.insert(it.key(), it.value());
        m_texts.insert(it.key(), QString::number(it.value()));
        changed.append(it.key());
    }
    // Every key of `counts` is in m_counts now: any surplus is gone.
    if (m_counts.size() > counts.size()) {
        for (auto it = m_counts.begin(); it != m_counts.end();) {
            if (counts.contains(it.key())) {
                ++it;
                continue;
            }
            changed.append(it.key());
            m_texts.remove(it.key());
            it = m_counts.erase(it);
        }
    }
    return rowsOf(changed);
}

QList<int> FlapColumn::applyChanges(const QHash<ClusterId, int> &changes)
{
    QList<ClusterId> changed;
    changed.reserve(changes.size());
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        if (it.value() <= 0) {
            if (m_counts.remove(it.key())) {
                m_texts.remove(it.key());
                changed.append(it.key());
            }
            continue;
        }
        const auto old = m_counts.find(it.key());
        if (old != m_counts.end() && *old == it.value())
            continue;
        if (old != m_counts.end())
            *old = it.value();
        else
            m_counts.insert(it.key(), it.value());
        m_texts.insert(it.key(), QString::number(it.value()));
        changed.append(it.key());
    }
    return rowsOf(changed);
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
    return m_counts.value(cluster);
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
    if (m_texts.isEmpty())
        return nullptr;
    const auto it = m_texts.constFind(
        ClusterId{m_store->hubName(row.hub), row.profile().metadata.namespaceName, row.profile().metadata.name});
    return it == m_texts.constEnd() ? nullptr : &it.value();
}

} // namespace fleetscope
