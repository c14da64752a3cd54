#include "clusterfilterproxy.h"

#include "clustertablemodel.h"
#include "fleetstore.h"
#include "valueorder.h"

namespace fleetscope {

ClusterFilterProxy::ClusterFilterProxy(ClusterTableModel *source, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_table(source)
{
    setSortRole(ClusterTableModel::SortRole);
    setDynamicSortFilter(true);
    setSourceModel(source);
}

ClusterFilterProxy::~ClusterFilterProxy() = default;

bool ClusterFilterProxy::setFilterText(const QString &text, FilterError *error)
{
    FilterError parsed;
    const FleetFilter filter = FleetFilter::compile(text, &parsed);
    if (error)
        *error = parsed;
    if (!filter.isValid())
        return false;
    setFilter(filter);
    return true;
}

void ClusterFilterProxy::setFilter(const FleetFilter &filter)
{
    // Same text, same program: re-testing 100k rows for nothing is what makes
    // typing feel slow.
    if (filter.isValid() == m_filter.isValid() && filter.text() == m_filter.text())
        return;
    m_filter = filter;
    invalidateRowsFilter();
}

void ClusterFilterProxy::setScope(const ClusterScope &scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    invalidateRowsFilter();
}

bool ClusterFilterProxy::acceptsStoreRow(int row) const
{
    const FleetProfile &profile = m_table->profileAt(row);
    return m_scope.matches(profile) && m_filter.matches(profile, &m_table->store());
}

bool ClusterFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    return acceptsStoreRow(sourceRow);
}

bool ClusterFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    // Qt 6.4's reorder check on dataChanged can hand in an invalid neighbour.
    if (!left.isValid() || !right.isValid())
        return QSortFilterProxyModel::lessThan(left, right);
    const int column = left.column();
    if (const int c = m_table->compare(column, left.row(), right.row()))
        return c < 0;
    // Ties fall back to the name, then the hub, so that equal keys keep a stable,
    // meaningful order however the store shuffled its rows. Kubernetes names are
    // lower-case DNS labels: an exact compare orders them like people do, at a
    // fraction of the case-folding compare's cost (most rows tie on a version).
    const FleetProfile &a = m_table->profileAt(left.row());
    const FleetProfile &b = m_table->profileAt(right.row());
    if (const int c = QStringView(a.profile().metadata.name).compare(QStringView(b.profile().metadata.name)))
        return c < 0;
    return a.hub < b.hub;
}

} // namespace fleetscope
