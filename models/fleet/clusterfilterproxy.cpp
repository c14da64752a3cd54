#include "clusterfilterproxy.h"

#include "clustertablemodel.h"
#include "fleetstore.h"

#include <algorithm>
#include <numeric>

namespace fleetscope {

ClusterFilterProxy::ClusterFilterProxy(ClusterTableModel *source, QObject *parent)
    : QAbstractProxyModel(parent)
    , m_table(source)
    , m_sort(source)
{
    QAbstractProxyModel::setSourceModel(source);
    connect(source, &QAbstractItemModel::dataChanged, this, &ClusterFilterProxy::onDataChanged);
    connect(source, &ClusterTableModel::changesAnnounced, this, &ClusterFilterProxy::onChangesAnnounced);
    connect(source, &ClusterTableModel::rowsRelocated, this, [this](const QList<int> &from, const QList<int> &to) {
        for (qsizetype i = 0; i < to.size(); ++i) {
            m_relocated.insert(to[i], -1);
            m_relocated.insert(from[i], to[i]);
        }
    });
    connect(source, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) { onRowsAboutToBeRemoved(first, last); });
    connect(source, &QAbstractItemModel::rowsRemoved, this,
            [this](const QModelIndex &, int first, int last) { onRowsRemoved(first, last); });
    connect(source, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { onRowsInserted(first, last); });
    connect(source, &QAbstractItemModel::columnsAboutToBeInserted, this,
            [this](const QModelIndex &, int first, int last) { beginInsertColumns(QModelIndex(), first, last); });
    connect(source, &QAbstractItemModel::columnsInserted, this, [this](const QModelIndex &, int first, int last) {
        if (m_sort.column() >= first)
            m_sort.moveColumn(m_sort.column() + last - first + 1);
        endInsertColumns();
    });
    connect(source, &QAbstractItemModel::columnsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) { beginRemoveColumns(QModelIndex(), first, last); });
    connect(source, &QAbstractItemModel::columnsRemoved, this,
            [this](const QModelIndex &, int first, int last) { onColumnsRemoved(first, last); });
    connect(source, &QAbstractItemModel::headerDataChanged, this,
            [this](Qt::Orientation orientation, int first, int last) {
                if (orientation == Qt::Horizontal)
                    emit headerDataChanged(orientation, first, last);
            });
    // The table never resets or re-lays itself out; if a source ever does, the
    // rows may have been permuted and only a full rebuild is safe.
    connect(source, &QAbstractItemModel::modelAboutToBeReset, this, [this] { beginResetModel(); });
    connect(source, &QAbstractItemModel::modelReset, this, [this] {
        rebuildAll();
        endResetModel();
    });
    // Parents delete their children in creation order, so the table may go first,
    // in the middle of a window's teardown: no signals then (their receivers may
    // be half gone, as QAbstractProxyModel itself does), just an empty proxy.
    connect(source, &QObject::destroyed, this, [this] {
        m_table = nullptr;
        m_sort.reset(-1, Qt::AscendingOrder);
        m_order.clear();
        m_visible.clear();
        m_relocated.clear();
        const QModelIndexList persistent = persistentIndexList();
        changePersistentIndexList(persistent, QModelIndexList(persistent.size()));
    });
    connect(source, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { beginResetModel(); });
    connect(source, &QAbstractItemModel::layoutChanged, this, [this] {
        rebuildAll();
        endResetModel();
    });
    rebuildAll();
}

ClusterFilterProxy::~ClusterFilterProxy() = default;

// --- filter, scope, sort -----------------------------------------------------

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
    refilter();
}

void ClusterFilterProxy::setScope(const ClusterScope &scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    refilter();
}

bool ClusterFilterProxy::acceptsStoreRow(int row) const
{
    if (!m_table)
        return false;
    const FleetProfile &profile = m_table->profileAt(row);
    return m_scope.matches(profile) && m_filter.matches(profile, &m_table->store());
}

namespace {

// The rows of `order` (or of 0..rows-1 without a sort) that `accept` takes, in order.
template<typename Accept>
std::vector<int> selectRows(bool sorted, const std::vector<int> &order, int rows, Accept accept)
{
    std::vector<int> selected;
    if (sorted) {
        for (const int row : order) {
            if (accept(row))
                selected.push_back(row);
        }
    } else {
        for (int row = 0; row < rows; ++row) {
            if (accept(row))
                selected.push_back(row);
        }
    }
    return selected;
}

// Merges the sorted `added` into the sorted `base` with one binary search per
// added row (k log n comparisons) rather than std::merge's n: a comparison
// reads two rows' values, a copy reads nothing.
template<typename Less>
std::vector<int> mergeSorted(const std::vector<int> &base, const std::vector<int> &added, Less less)
{
    std::vector<int> merged;
    merged.reserve(base.size() + added.size());
    auto from = base.begin();
    for (const int row : added) {
        const auto at = std::lower_bound(from, base.end(), row, less);
        merged.insert(merged.end(), from, at);
        merged.push_back(row);
        from = at;
    }
    merged.insert(merged.end(), from, base.end());
    return merged;
}

} // namespace

void ClusterFilterProxy::refilter()
{
    if (!m_table)
        return;
    // One pass over the sorted order, one layout change: persistent indexes and
    // selections follow their rows, and nothing is sorted again.
    relayout([this] {
        m_visible = selectRows(m_sort.isActive(), m_order, m_table->rowCount(),
                               [this](int row) { return acceptsStoreRow(row); });
    });
}

void ClusterFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (!m_table)
        return;
    if (column >= columnCount())
        column = -1;
    relayout([this, column, order] {
        const std::vector<char> visible = visibleFlags();
        m_sort.reset(column, order);
        rebuildOrder();
        keepVisible(visible);
    });
}

void ClusterFilterProxy::rebuildOrder()
{
    m_order.clear();
    if (m_sort.isActive()) {
        m_order.resize(size_t(m_table->rowCount()));
        std::iota(m_order.begin(), m_order.end(), 0);
        m_sort.sortRows(&m_order);
    }
    m_order.shrink_to_fit();
}

void ClusterFilterProxy::keepVisible(const std::vector<char> &visible)
{
    m_visible = selectRows(m_sort.isActive(), m_order, m_table->rowCount(),
                           [&visible](int row) { return visible[size_t(row)] != 0; });
}

void ClusterFilterProxy::rebuildAll()
{
    m_sort.reset(m_sort.column(), m_sort.order());
    rebuildOrder();
    m_visible = selectRows(m_sort.isActive(), m_order, m_table->rowCount(),
                           [this](int row) { return acceptsStoreRow(row); });
}

void ClusterFilterProxy::relayout(const std::function<void()> &rebuild, const QHash<int, int> &moved)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> tableRows;
    tableRows.reserve(size_t(before.size()));
    for (const QModelIndex &index : before) {
        const int row = index.row() < int(m_visible.size()) ? m_visible[size_t(index.row())] : -1;
        tableRows.push_back(moved.value(row, row));
    }

    rebuild();

    if (!before.isEmpty()) {
        std::vector<int> proxyRows(size_t(m_table->rowCount()), -1);
        for (size_t i = 0; i < m_visible.size(); ++i)
            proxyRows[size_t(m_visible[i])] = int(i);
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            const int tableRow = tableRows[size_t(i)];
            const int row = tableRow >= 0 && tableRow < int(proxyRows.size()) ? proxyRows[size_t(tableRow)] : -1;
            after.append(row < 0 ? QModelIndex() : createIndex(row, before[i].column()));
        }
        changePersistentIndexList(before, after);
    }
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

std::vector<char> ClusterFilterProxy::visibleFlags() const
{
    std::vector<char> flags(size_t(m_table->rowCount()), 0);
    for (const int row : m_visible)
        flags[size_t(row)] = 1;
    return flags;
}

int ClusterFilterProxy::proxyRowOf(int tableRow) const
{
    const auto it = std::lower_bound(m_visible.begin(), m_visible.end(), tableRow,
                                     [this](int a, int b) { return rowLess(a, b); });
    return it != m_visible.end() && *it == tableRow ? int(it - m_visible.begin()) : -1;
}

int ClusterFilterProxy::orderPositionOf(int tableRow) const
{
    const auto it = std::lower_bound(m_order.begin(), m_order.end(), tableRow,
                                     [this](int a, int b) { return rowLess(a, b); });
    Q_ASSERT(it != m_order.end() && *it == tableRow);
    return int(it - m_order.begin());
}

// --- changed rows ------------------------------------------------------------

void ClusterFilterProxy::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight)
{
    if (!topLeft.isValid() || !bottomRight.isValid())
        return;
    if (m_table->isAnnouncingChanges()) {
        // The ranges of a store change (which may span unchanged rows) are
        // followed by its exact rows: those are placed together then.
        return;
    }
    if (topLeft.column() < ClusterTableModel::FixedColumnCount) {
        std::vector<int> rows(size_t(bottomRight.row() - topLeft.row() + 1));
        std::iota(rows.begin(), rows.end(), topLeft.row());
        placeChangedRows(rows);
        return;
    }
    // Computed columns only (history's flap counts): the profiles did not change,
    // so neither did the filter's verdicts, but a sort by such a column did.
    const int column = m_sort.column();
    if (column >= topLeft.column() && column <= bottomRight.column()) {
        relayout([this] {
            const std::vector<char> visible = visibleFlags();
            m_sort.sortRows(&m_order);
            keepVisible(visible);
        });
    } else if (!m_visible.empty()) {
        emit dataChanged(index(0, topLeft.column()), index(rowCount() - 1, bottomRight.column()));
    }
}

void ClusterFilterProxy::onChangesAnnounced(const QList<int> &rows)
{
    if (!m_relocated.isEmpty()) {
        // Filled holes: the clusters moved rows, and a selection goes with them
        // (a row-by-row update would leave it on the row, now another cluster).
        QHash<int, int> relocated;
        relocated.swap(m_relocated);
        placeChangedRowsInBulk(std::vector<int>(rows.begin(), rows.end()), relocated);
        return;
    }
    placeChangedRows(std::vector<int>(rows.begin(), rows.end()));
}

void ClusterFilterProxy::placeChangedRows(const std::vector<int> &rows)
{
    if (rows.empty())
        return;
    if (int(rows.size()) > m_maxRowSignals) {
        placeChangedRowsInBulk(rows);
        return;
    }
    for (const int row : rows)
        placeChangedRow(row);
    int first = rowCount();
    int last = -1;
    for (const int row : rows) {
        if (const int proxyRow = proxyRowOf(row); proxyRow >= 0) {
            first = qMin(first, proxyRow);
            last = qMax(last, proxyRow);
        }
    }
    if (last >= 0)
        emit dataChanged(index(first, 0), index(last, columnCount() - 1));
}

void ClusterFilterProxy::placeChangedRow(int row)
{
    // Both searches use the values the row was placed with, before the update.
    const int oldRow = proxyRowOf(row);
    if (m_sort.isActive()) {
        const int position = orderPositionOf(row);
        m_sort.update(row);
        const bool fits = (position == 0 || rowLess(m_order[size_t(position - 1)], row))
            && (position + 1 == int(m_order.size()) || rowLess(row, m_order[size_t(position + 1)]));
        if (!fits) {
            m_order.erase(m_order.begin() + position);
            m_order.insert(std::lower_bound(m_order.begin(), m_order.end(), row,
                                            [this](int a, int b) { return rowLess(a, b); }),
                           row);
        }
    }
    const bool accepted = acceptsStoreRow(row);
    const auto less = [this](int a, int b) { return rowLess(a, b); };
    if (oldRow < 0) {
        if (accepted) {
            const auto at = std::lower_bound(m_visible.begin(), m_visible.end(), row, less);
            const int position = int(at - m_visible.begin());
            beginInsertRows(QModelIndex(), position, position);
            m_visible.insert(at, row);
            endInsertRows();
        }
        return;
    }
    if (!accepted) {
        beginRemoveRows(QModelIndex(), oldRow, oldRow);
        m_visible.erase(m_visible.begin() + oldRow);
        endRemoveRows();
        return;
    }
    if (!m_sort.isActive())
        return;
    // The rows either side are still in order: search the side it now belongs to.
    const auto begin = m_visible.begin();
    int target = oldRow;
    if (oldRow > 0 && rowLess(row, m_visible[size_t(oldRow - 1)]))
        target = int(std::lower_bound(begin, begin + oldRow, row, less) - begin);
    else if (oldRow + 1 < int(m_visible.size()) && rowLess(m_visible[size_t(oldRow + 1)], row))
        target = int(std::lower_bound(begin + oldRow + 1, m_visible.end(), row, less) - begin) - 1;
    if (target == oldRow)
        return;
    beginMoveRows(QModelIndex(), oldRow, oldRow, QModelIndex(), target > oldRow ? target + 1 : target);
    if (target > oldRow)
        std::rotate(begin + oldRow, begin + oldRow + 1, begin + target + 1);
    else
        std::rotate(begin + target, begin + oldRow, begin + oldRow + 1);
    endMoveRows();
}

void ClusterFilterProxy::placeChangedRowsInBulk(const std::vector<int> &rows, const QHash<int, int> &relocated)
{
    // Take the changed rows out of the order, sort them by their new values and
    // merge them back: O(n + k log k), and one signal for views to re-read.
    const std::vector<char> wasVisible = visibleFlags();
    std::vector<char> changed(wasVisible.size(), 0);
    for (const int row : rows)
        changed[size_t(row)] = 1;
    std::vector<int> order;
    if (m_sort.isActive()) {
        for (const int row : rows)
            m_sort.update(row);
        std::vector<int> moved = rows;
        const auto less = [this](int a, int b) { return m_sort.less(a, b); };
        std::sort(moved.begin(), moved.end(), less);
        std::vector<int> kept;
        kept.reserve(m_order.size());
        for (const int row : m_order) {
            if (!changed[size_t(row)])
                kept.push_back(row);
        }
        order = mergeSorted(kept, moved, less);
    }
    std::vector<int> visible = selectRows(m_sort.isActive(), order, m_table->rowCount(), [&](int row) {
        return changed[size_t(row)] ? acceptsStoreRow(row) : wasVisible[size_t(row)] != 0;
    });
    m_order.swap(order);
    if (visible == m_visible && relocated.isEmpty()) {
        // Same rows in the same places: their cells changed, nothing moved.
        if (!m_visible.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    relayout([this, &visible] { m_visible.swap(visible); }, relocated);
}

// --- inserted and removed rows ----------------------------------------------

void ClusterFilterProxy::onRowsAboutToBeRemoved(int first, int last)
{
    const auto inRange = [first, last](int row) { return row >= first && row <= last; };
    std::vector<int> positions;
    for (size_t i = 0; i < m_visible.size(); ++i) {
        if (inRange(m_visible[i]))
            positions.push_back(int(i));
    }
    int runs = 0;
    for (size_t i = 0; i < positions.size(); ++i)
        runs += i == 0 || positions[i] != positions[i - 1] + 1 ? 1 : 0;
    if (runs > m_maxRowSignals) {
        relayout([this, &inRange] { m_visible.erase(std::remove_if(m_visible.begin(), m_visible.end(), inRange), m_visible.end()); });
    } else {
        // Back to front, so that the positions still to remove stay valid.
        size_t end = positions.size();
        while (end > 0) {
            size_t start = end - 1;
            while (start > 0 && positions[start - 1] + 1 == positions[start])
                --start;
            beginRemoveRows(QModelIndex(), positions[start], positions[end - 1]);
            m_visible.erase(m_visible.begin() + positions[start], m_visible.begin() + positions[end - 1] + 1);
            endRemoveRows();
            end = start;
        }
    }
    m_order.erase(std::remove_if(m_order.begin(), m_order.end(), inRange), m_order.end());
}

void ClusterFilterProxy::onRowsRemoved(int first, int last)
{
    const int count = last - first + 1;
    for (int &row : m_visible)
        row -= row > last ? count : 0;
    for (int &row : m_order)
        row -= row > last ? count : 0;
    m_sort.removeRows(first, count);
}

void ClusterFilterProxy::onRowsInserted(int first, int last)
{
    const int count = last - first + 1;
    for (int &row : m_visible)
        row += row >= first ? count : 0;
    for (int &row : m_order)
        row += row >= first ? count : 0;
    m_sort.insertRows(first, count);

    const auto less = [this](int a, int b) { return rowLess(a, b); };
    std::vector<int> added(static_cast<size_t>(count));
    std::iota(added.begin(), added.end(), first);
    if (m_sort.isActive()) {
        std::sort(added.begin(), added.end(), less);
        m_order = mergeSorted(m_order, added, less);
    }
    added.erase(std::remove_if(added.begin(), added.end(), [this](int row) { return !acceptsStoreRow(row); }),
                added.end());
    if (added.empty())
        return;
    // Where each new row goes among the rows already shown; equal places make a run.
    std::vector<int> positions(added.size());
    int runs = 0;
    for (size_t i = 0; i < added.size(); ++i) {
        positions[i] = int(std::lower_bound(m_visible.begin(), m_visible.end(), added[i], less) - m_visible.begin());
        runs += i == 0 || positions[i] != positions[i - 1] ? 1 : 0;
    }
    if (runs > m_maxRowSignals) {
        relayout([this, &added, &less] { m_visible = mergeSorted(m_visible, added, less); });
        return;
    }
    size_t end = added.size();
    while (end > 0) {
        size_t start = end - 1;
        while (start > 0 && positions[start - 1] == positions[start])
            --start;
        const int at = positions[start];
        beginInsertRows(QModelIndex(), at, at + int(end - start) - 1);
        m_visible.insert(m_visible.begin() + at, added.begin() + qsizetype(start), added.begin() + qsizetype(end));
        endInsertRows();
        end = start;
    }
}

void ClusterFilterProxy::onColumnsRemoved(int first, int last)
{
    endRemoveColumns();
    const int column = m_sort.column();
    if (column >= first && column <= last)
        sort(-1); // its column is gone: back to the table's order
    else if (column > last)
        m_sort.moveColumn(column - (last - first + 1));
}

// --- QAbstractProxyModel -----------------------------------------------------

QModelIndex ClusterFilterProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || proxyIndex.model() != this || proxyIndex.row() >= int(m_visible.size()))
        return QModelIndex();
    return m_table->index(m_visible[size_t(proxyIndex.row())], proxyIndex.column());
}

QModelIndex ClusterFilterProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.model() != m_table)
        return QModelIndex();
    const int row = proxyRowOf(sourceIndex.row());
    return row < 0 ? QModelIndex() : createIndex(row, sourceIndex.column());
}

QModelIndex ClusterFilterProxy::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return QModelIndex();
    return createIndex(row, column);
}

QModelIndex ClusterFilterProxy::parent(const QModelIndex &) const
{
    return QModelIndex();
}

QModelIndex ClusterFilterProxy::sibling(int row, int column, const QModelIndex &) const
{
    return index(row, column);
}

bool ClusterFilterProxy::hasChildren(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_visible.empty();
}

int ClusterFilterProxy::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_visible.size());
}

int ClusterFilterProxy::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : m_table->columnCount();
}

QVariant ClusterFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal)
        return m_table ? m_table->headerData(section, orientation, role) : QVariant();
    // Row numbers are positions in this view, not table rows.
    return QAbstractItemModel::headerData(section, orientation, role);
}

} // namespace fleetscope
