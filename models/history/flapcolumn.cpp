#include "flapcolumn.h"

#include "fleet/fleetstore.h"

#include <QCoreApplication>

namespace fleetscope {

FlapColumn::FlapColumn(const FleetStore *store, int threshold, int windowHours)
    : m_store(store)
    , m_threshold(threshold)
    , m_windowHours(windowHours)
{
}

bool FlapColumn::setCounts(const QHash<ClusterId, int> &counts)
{
    if (counts == m_counts)
        return false;
    m_counts = counts;
    m_texts.clear();
    m_texts.reserve(counts.size());
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        m_texts.insert(it.key(), QString::number(it.value()));
    return true;
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
