#include "fleetrowfilter.h"

#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"

namespace fleetscope {

FleetRowFilter::FleetRowFilter(ClusterTableModel *table, SortFilterProxy *proxy)
    : QObject(proxy)
    , m_table(table)
    , m_proxy(proxy)
{
    proxy->setSortRole(ClusterTableModel::SortRole);
    const auto accepts = [this](int row) {
        const FleetProfile &profile = m_table->profileAt(row);
        return m_scope.matches(profile) && m_filter.matches(profile, &m_table->store());
    };
    // Table row = store row: the store's vector itself, no empty-slot lookup per row.
    const auto acceptAll = [this](std::vector<char> *accepted) {
        const std::vector<FleetProfile> &rows = m_table->store().profiles();
        m_filter.matchAll(rows, &m_table->store(), accepted);
        if (m_scope.isEmpty())
            return;
        for (size_t row = 0; row < rows.size(); ++row)
            (*accepted)[row] = (*accepted)[row] && m_scope.matches(rows[row]) ? 1 : 0;
    };
    // The filter reads the profile, which only the fixed columns show: other
    // columns (history's flap counts) never change a verdict.
    proxy->setRowFilter(accepts, acceptAll, ClusterTableModel::fixedColumnCount());
}

bool FleetRowFilter::setFilterText(const QString &text, FilterError *error)
{
    FilterError parsed;
    const FleetFilter filter = FleetFilter::compile(text, &parsed);
    if (error)
        *error = parsed;
    if (!filter.isValid())
        return false;
    // Same text, same program: re-testing 100k rows for nothing is what makes
    // typing feel slow.
    if (filter.text() != m_filter.text()) {
        m_filter = filter;
        reapply();
    }
    return true;
}

void FleetRowFilter::setScope(const ClusterScope &scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    reapply();
}

} // namespace fleetscope
