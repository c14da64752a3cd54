#pragma once

#include "clusterscope.h"
#include "fleetfilter.h"
#include "rowsequence.h"
#include "sortkey.h"

#include <QAbstractProxyModel>
#include <QPersistentModelIndex>

#include <functional>
#include <vector>

namespace fleetscope {

class ClusterTableModel;

// Sorts and filters the rows of any flat model (a table or a list; a tree's
// top level) for the views, on Qt's model protocol in both directions. Over a
// ClusterTableModel it also applies the fleet filter and the scope; other
// sources are only sorted.
//
// Per source row it keeps the sort-role value of the sort column (as a SortKey)
// and whether the row is accepted; every source row in sort order (RowSequence,
// so a row moves in microseconds) and the accepted rows as a subsequence of it.
// Ties sort by source row, so the order is total and the position of any row is
// a binary search: no inverse table to renumber. Hence:
// - a filter or scope change tests every row once, in source order, and picks
//   the accepted rows out of the sort order: no sort;
// - a sort is one std::sort of the cached keys;
// - changed source rows move, appear and disappear as single-row signals, with
//   one dataChanged per source range for the rows that stay in place.
class ClusterFilterProxy final : public QAbstractProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterFilterProxy)

public:
    explicit ClusterFilterProxy(QAbstractItemModel *source = nullptr, QObject *parent = nullptr);
    ~ClusterFilterProxy() override;

    void setSourceModel(QAbstractItemModel *source) override;
    // The source as the fleet table, or null for other sources.
    ClusterTableModel *tableModel() const { return m_table; }

    // Compiles and applies `text`. On a syntax error the current filter stays in
    // place, `error` says where, and false is returned.
    bool setFilterText(const QString &text, FilterError *error = nullptr);
    void setFilter(const FleetFilter &filter);
    const FleetFilter &filter() const { return m_filter; }
    // Tests every row again with the same filter: what it means changed (the alias table).
    void reapplyFilter() { refilter(); }

    // For other sources: which source rows to show (all when unset). Call again
    // (or reapplyFilter()) when what it reads changed.
    void setRowFilter(std::function<bool(int sourceRow)> accepts);

    void setScope(const ClusterScope &scope);
    const ClusterScope &scope() const { return m_scope; }

    // Whether a source row passes the scope and the filter (always, for sources
    // other than the fleet table).
    bool acceptsSourceRow(int row) const;

    // -1 restores the source's order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }
    // The role sorted by: ClusterTableModel::SortRole over the fleet table, else
    // Qt::DisplayRole, until set.
    void setSortRole(int role);
    int sortRole() const { return m_sortRole; }

    // Source changes touching more rows than this at once (a range of changed
    // rows, or the runs of inserted rows) become one layout change instead of
    // single-row signals. Tests lower it to cover both paths.
    void setMaxRowSignals(int rows) { m_maxRowSignals = qMax(0, rows); }

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &) const override { return QModelIndex(); }
    QModelIndex sibling(int row, int column, const QModelIndex &) const override { return index(row, column); }
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override
    {
        return !parent.isValid() && !m_visible.isEmpty();
    }
    int rowCount(const QModelIndex &parent = QModelIndex()) const override
    {
        return parent.isValid() ? 0 : m_visible.size();
    }
    int columnCount(const QModelIndex &parent = QModelIndex()) const override
    {
        return parent.isValid() || m_connections.empty() ? 0 : sourceModel()->columnCount();
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool isSorted() const { return m_sortColumn >= 0; }
    // The strict total order of source rows: sort key, then source row.
    bool less(int left, int right) const;
    SortKey keyOf(int row) const;
    // The proxy row of a source row, or -1.
    int proxyRowOf(int sourceRow) const;
    int sourceRowCount() const;

    // Runs `rebuild` between layoutAboutToBeChanged and layoutChanged; persistent
    // indexes follow their source rows.
    void relayout(const std::function<void()> &rebuild);
    void rebuildAll();
    // Whether each source row passes the scope and the filter, into m_accepted.
    void testAllRows();
    void rebuildOrder();
    void rebuildVisible();
    void refilter();

    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles);
    // Places one changed row; true if rows moved, appeared or went.
    bool placeChangedRow(int row, bool retest, bool rekey, std::vector<std::pair<int, int>> *stayed);
    void placeChangedRowsInBulk(int first, int last, bool retest, bool rekey);
    void onRowsAboutToBeRemoved(int first, int last);
    // Where the visible rows at or after `sourceRow` may start.
    int firstShifted(int sourceRow) const;
    void onRowsRemoved(int first, int last);
    void onRowsInserted(int first, int last);
    void onLayoutAboutToBeChanged();
    void onLayoutChanged();
    void onColumnsRemoved(int first, int last);
    void onSourceDestroyed();

    ClusterTableModel *m_table = nullptr;
    std::vector<QMetaObject::Connection> m_connections;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    int m_sortRole = Qt::DisplayRole;
    bool m_sortRoleSet = false;
    // Per source row: its sort key (while sorted) and whether it is accepted.
    std::vector<SortKey> m_keys;
    std::vector<char> m_accepted;
    // Every source row in sort order (empty while unsorted: the order is the row number).
    RowSequence m_order;
    // The accepted rows in order: a subsequence of m_order.
    RowSequence m_visible;
    // Across a source layout change: our persistent indexes and their sources.
    QModelIndexList m_layoutProxy;
    QList<QPersistentModelIndex> m_layoutSource;
    int m_maxRowSignals = 256;
    FleetFilter m_filter;
    ClusterScope m_scope;
    std::function<bool(int)> m_rowFilter;
};

} // namespace fleetscope
