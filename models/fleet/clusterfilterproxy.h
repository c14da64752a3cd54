#pragma once

#include "clusterscope.h"
#include "fleetfilter.h"
#include "sortsnapshot.h"

#include <QAbstractProxyModel>
#include <QHash>

#include <functional>
#include <vector>

namespace fleetscope {

class ClusterTableModel;

// Sorts and filters a ClusterTableModel for the views. It keeps every table row
// in one sorted order and the visible rows as a filtered subsequence of it, so:
// - a filter or scope change is one pass over the sorted order (no sort);
// - a sort is one std::sort of integer keys (or typed values) over all rows;
// - a store change places its rows all at once: a few rows as single-row
//   moves, inserts and removes, many rows as one sorted merge and one layout
//   change — never a re-sort per announced range (QSortFilterProxyModel's cost).
// The filter and the scope read each FleetProfile directly (never display
// strings), and sorting compares typed values, so neither builds a QVariant.
// Without a sort, rows keep the table's order.
class ClusterFilterProxy final : public QAbstractProxyModel
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
    // Tests every row again with the same filter: what it means changed (the alias table).
    void reapplyFilter() { refilter(); }

    void setScope(const ClusterScope &scope);
    const ClusterScope &scope() const { return m_scope; }

    // Whether a store row passes the scope and the filter (also for counts).
    bool acceptsStoreRow(int row) const;

    // -1 restores the table's order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sort.column(); }
    Qt::SortOrder sortOrder() const { return m_sort.order(); }

    // Up to this many rows of one change (or runs of inserted/removed rows) are
    // announced as single-row signals; more become one layout change, which is
    // cheaper for views of a large table. Tests lower it to cover both paths.
    void setMaxRowSignals(int rows) { m_maxRowSignals = qMax(0, rows); }

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &index) const override;
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool rowLess(int left, int right) const
    {
        return m_sort.isActive() ? m_sort.less(left, right) : left < right;
    }
    // The proxy row of a table row, or -1 (a binary search in the visible rows).
    int proxyRowOf(int tableRow) const;
    int orderPositionOf(int tableRow) const;

    // Runs `rebuild` between layoutAboutToBeChanged and layoutChanged and moves
    // persistent indexes (selection, current row) with their table rows, or
    // where `moved` says a row's cluster went (-1: it is gone).
    void relayout(const std::function<void()> &rebuild, const QHash<int, int> &moved = {});
    std::vector<char> visibleFlags() const;
    // Every table row in sort order (none without a sort).
    void rebuildOrder();
    // The rows flagged visible, in the current order.
    void keepVisible(const std::vector<char> &visible);
    void refilter();

    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight);
    void onChangesAnnounced(const QList<int> &rows);
    void placeChangedRows(const std::vector<int> &rows);
    void placeChangedRowsInBulk(const std::vector<int> &rows, const QHash<int, int> &relocated = {});
    void placeChangedRow(int row);
    void onRowsAboutToBeRemoved(int first, int last);
    void onRowsRemoved(int first, int last);
    void onRowsInserted(int first, int last);
    void onColumnsRemoved(int first, int last);
    void rebuildAll();

    ClusterTableModel *m_table;
    SortSnapshot m_sort;
    // Every table row in sort order (empty without a sort: the order is the row number).
    std::vector<int> m_order;
    // The table rows shown, in order: a subsequence of m_order.
    std::vector<int> m_visible;
    // Old table row → new table row of clusters the store relocated (-1 for the
    // deleted ones they replace), until the relocated rows are placed.
    QHash<int, int> m_relocated;
    int m_maxRowSignals = 16;
    FleetFilter m_filter;
    ClusterScope m_scope;
};

} // namespace fleetscope
