#pragma once

#include "rowsequence.h"
#include "sortkey.h"

#include <QAbstractProxyModel>
#include <QPersistentModelIndex>

#include <climits>
#include <functional>
#include <vector>

class TestSortFilterProxy;
class TestFleetRowFilter;

namespace fleetscope {

// Sorts and filters the rows of any flat model (a table or a list; a tree's
// top level) for the views, on Qt's model protocol in both directions. Which
// rows show is a predicate its owner installs (the fleet's: FleetRowFilter).
//
// Per source row it keeps the sort-role value of the sort column (as a SortKey)
// and whether the row is accepted; every source row in sort order (RowSequence,
// so a row moves in microseconds) and the accepted rows as a subsequence of it.
// Ties sort by source row, so the order is total and the position of any row is
// a binary search: no inverse table to renumber. Hence:
// - a filter change tests every row once, in source order, and picks
//   the accepted rows out of the sort order: no sort;
// - a sort is one std::sort of the cached keys;
// - changed source rows move, appear and disappear as single-row signals, with
//   one dataChanged per source range for the rows that stay in place.
class SortFilterProxy final : public QAbstractProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SortFilterProxy)

public:
    explicit SortFilterProxy(QAbstractItemModel *source = nullptr, QObject *parent = nullptr);
    ~SortFilterProxy() override;

    void setSourceModel(QAbstractItemModel *source) override;

    // Which source rows to show: all while `accepts` is unset. `acceptsAll`, if
    // set, gives every row's verdict in one pass (1 or 0, resized to the source's
    // rows) for a predicate that is faster over all rows at once. Verdicts read
    // only the source columns before `columnsRead`: a change to later ones keeps them.
    void setRowFilter(std::function<bool(int sourceRow)> accepts,
                      std::function<void(std::vector<char> *accepted)> acceptsAll = {}, int columnsRead = INT_MAX);
    // Tests every row again: what the predicate reads changed.
    void invalidateRowFilter();
    bool acceptsSourceRow(int row) const { return !m_accepts || m_accepts(row); }

    // -1 restores the source's order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }
    // The role sorted by: Qt::DisplayRole until set.
    void setSortRole(int role);
    int sortRole() const { return m_sortRole; }

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
    friend class ::TestSortFilterProxy;
    friend class ::TestFleetRowFilter;
    // Source changes touching more rows than this at once (a range of changed
    // rows, or the runs of inserted rows) become one layout change instead of
    // single-row signals. Tests lower it to cover both paths.
    void setMaxRowSignals(int rows) { m_maxRowSignals = qMax(0, rows); }

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
    // Whether each source row passes the predicate, into m_accepted.
    void testAllRows();
    void rebuildOrder();
    void rebuildVisible();

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

    std::vector<QMetaObject::Connection> m_connections;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    int m_sortRole = Qt::DisplayRole;
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
    std::function<bool(int)> m_accepts;
    std::function<void(std::vector<char> *)> m_acceptsAll;
    int m_columnsRead = INT_MAX;
};

} // namespace fleetscope
