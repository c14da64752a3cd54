#pragma once

#include "clusterscope.h"
#include "fleetfilter.h"
#include "fleetstore.h"

#include <QSortFilterProxyModel>

#include <vector>

namespace fleetscope {

class ClusterTableModel;

// Sorts and filters a ClusterTableModel. The filter and the scope read each
// FleetProfile directly (never display strings), and sorting uses the model's
// typed comparisons, so neither builds a QVariant per row.
class ClusterFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterFilterProxy)

public:
    explicit ClusterFilterProxy(ClusterTableModel *source, QObject *parent = nullptr);
    ~ClusterFilterProxy() override;

    ClusterTableModel *tableModel() const { return m_table; }

    // Compiles and applies `text`. On a syntax error the current filter stays in
    // place, `error` says where, and false is returned.
    bool setFilterText(const QString &text, FilterError *error = nullptr);
    void setFilter(const FleetFilter &filter);
    const FleetFilter &filter() const { return m_filter; }

    void setScope(const ClusterScope &scope);
    const ClusterScope &scope() const { return m_scope; }

    // Whether a store row passes the scope and the filter (also for counts).
    bool acceptsStoreRow(int row) const;

    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    void refilter();
    void rebuildSnapshot();
    void updateSnapshot(int first, int last);
    bool snapshotLess(size_t left, size_t right) const;

    ClusterTableModel *m_table;
    // While a sort is active: a copy of every source row as the proxy was last
    // told about it (records are shared, so a row costs a few reference counts),
    // plus one integer key per row for the columns that have one. The store
    // changes its rows first and announces them range by range afterwards; a
    // comparison against a changed-but-unannounced row would place rows by a
    // state QSortFilterProxyModel never re-sorts (it only re-sorts the rows of
    // the dataChanged range at hand), so every comparison reads this snapshot,
    // which is updated ahead of QSortFilterProxyModel's own handlers.
    std::vector<FleetProfile> m_snapshot;
    std::vector<qint64> m_sortKeys;
    int m_snapshotColumn = -1;
    FleetFilter m_filter;
    ClusterScope m_scope;
};

} // namespace fleetscope
