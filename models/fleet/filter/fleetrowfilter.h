#pragma once

#include "clusterscope.h"
#include "fleetfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"

#include <QObject>

namespace fleetscope {

class ClusterTableModel;

// The fleet filter and a scope (a tree group, a placement) as the row filter of
// a proxy over the fleet table, which it also sorts by the table's SortRole. A
// child of the proxy, so the predicate it installs lives as long as the proxy.
class FleetRowFilter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetRowFilter)

public:
    FleetRowFilter(ClusterTableModel *table, SortFilterProxy *proxy);

    ClusterTableModel *table() const { return m_table; }
    SortFilterProxy *proxy() const { return m_proxy; }

    // Compiles and applies `text`. On a syntax error the current filter stays in
    // place, `error` says where, and false is returned.
    bool setFilterText(const QString &text, FilterError *error = nullptr);
    const FleetFilter &filter() const { return m_filter; }
    void setScope(const ClusterScope &scope);
    const ClusterScope &scope() const { return m_scope; }
    // Tests every row again with the same filter: what it means changed (the alias table).
    void reapply() { m_proxy->invalidateRowFilter(); }

private:
    ClusterTableModel *m_table;
    SortFilterProxy *m_proxy;
    FleetFilter m_filter;
    ClusterScope m_scope;
};

} // namespace fleetscope
