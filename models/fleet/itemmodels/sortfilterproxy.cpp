#include "sortfilterproxy.h"

#include <algorithm>
#include <numeric>

namespace fleetscope {
namespace {

// Changed rows up to this many are looked up one by one for their dataChanged.
constexpr int rowsLookedUp = 64;

} // namespace

SortFilterProxy::SortFilterProxy(QAbstractItemModel *source, QObject *parent)
    : QAbstractProxyModel(parent)
{
    setSourceModel(source);
}

SortFilterProxy::~SortFilterProxy() = default;

void SortFilterProxy::setSourceModel(QAbstractItemModel *source)
{
    beginResetModel();
    for (const QMetaObject::Connection &connection : m_connections)
        disconnect(connection);
    m_connections.clear();
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        using M = QAbstractItemModel;
        auto &c = m_connections;
        c.push_back(connect(source, &M::dataChanged, this, &SortFilterProxy::onDataChanged));
        // Only the top level's rows and columns are ours.
        const auto topLevel = [this](void (SortFilterProxy::*handler)(int, int)) {
            return [this, handler](const QModelIndex &parent, int first, int last) {
                if (!parent.isValid())
                    (this->*handler)(first, last);
            };
        };
        c.push_back(connect(source, &M::rowsAboutToBeRemoved, this, topLevel(&SortFilterProxy::onRowsAboutToBeRemoved)));
        c.push_back(connect(source, &M::rowsRemoved, this, topLevel(&SortFilterProxy::onRowsRemoved)));
        c.push_back(connect(source, &M::rowsInserted, this, topLevel(&SortFilterProxy::onRowsInserted)));
        // A move permutes source rows: like a layout change, for the rows of the top level.
        c.push_back(connect(source, &M::rowsAboutToBeMoved, this, [this](const QModelIndex &from, int, int, const QModelIndex &to) {
            if (!from.isValid() || !to.isValid())
                onLayoutAboutToBeChanged();
        }));
        c.push_back(connect(source, &M::rowsMoved, this, [this](const QModelIndex &from, int, int, const QModelIndex &to) {
            if (!from.isValid() || !to.isValid())
                onLayoutChanged();
        }));
        c.push_back(connect(source, &M::layoutAboutToBeChanged, this, &SortFilterProxy::onLayoutAboutToBeChanged));
        c.push_back(connect(source, &M::layoutChanged, this, &SortFilterProxy::onLayoutChanged));
        c.push_back(connect(source, &M::columnsAboutToBeInserted, this, [this](const QModelIndex &parent, int first, int last) {
            if (!parent.isValid())
                beginInsertColumns(QModelIndex(), first, last);
        }));
        c.push_back(connect(source, &M::columnsInserted, this, [this](const QModelIndex &parent, int first, int last) {
            if (parent.isValid())
                return;
            if (m_sortColumn >= first)
                m_sortColumn += last - first + 1;
            endInsertColumns();
        }));
        c.push_back(connect(source, &M::columnsAboutToBeRemoved, this, [this](const QModelIndex &parent, int first, int last) {
            if (!parent.isValid())
                beginRemoveColumns(QModelIndex(), first, last);
        }));
        c.push_back(connect(source, &M::columnsRemoved, this, topLevel(&SortFilterProxy::onColumnsRemoved)));
        c.push_back(connect(source, &M::headerDataChanged, this, [this](Qt::Orientation orientation, int first, int last) {
            if (orientation == Qt::Horizontal)
                emit headerDataChanged(orientation, first, last);
        }));
        c.push_back(connect(source, &M::modelAboutToBeReset, this, [this] { beginResetModel(); }));
        c.push_back(connect(source, &M::modelReset, this, [this] {
            rebuildAll();
            endResetModel();
        }));
        // Parents delete their children in creation order, so the table may go
        // first, in the middle of a window's teardown: no signals then (their
        // receivers may be half gone), just an empty proxy.
        c.push_back(connect(source, &QObject::destroyed, this, &SortFilterProxy::onSourceDestroyed));
    }
    rebuildAll();
    endResetModel();
}

void SortFilterProxy::onSourceDestroyed()
{
    for (const QMetaObject::Connection &connection : m_connections)
        disconnect(connection);
    m_connections.clear();
    m_keys.clear();
    m_accepted.clear();
    m_order.clear();
    m_visible.clear();
    const QModelIndexList persistent = persistentIndexList();
    changePersistentIndexList(persistent, QModelIndexList(persistent.size()));
}

int SortFilterProxy::sourceRowCount() const
{
    return m_connections.empty() ? 0 : sourceModel()->rowCount();
}

// --- filter and sort ---------------------------------------------------------

void SortFilterProxy::setRowFilter(std::function<bool(int)> accepts, std::function<void(std::vector<char> *)> acceptsAll,
                                   int columnsRead)
{
    m_accepts = std::move(accepts);
    m_acceptsAll = std::move(acceptsAll);
    m_columnsRead = columnsRead;
    invalidateRowFilter();
}

void SortFilterProxy::setSortRole(int role)
{
    if (role == m_sortRole)
        return;
    m_sortRole = role;
    if (isSorted())
        sort(m_sortColumn, m_sortOrder);
}

SortKey SortFilterProxy::keyOf(int row) const
{
    return SortKey(sourceModel()->index(row, m_sortColumn).data(m_sortRole));
}

bool SortFilterProxy::less(int left, int right) const
{
    if (!isSorted())
        return left < right;
    int c = SortKey::compare(m_keys[size_t(left)], m_keys[size_t(right)]);
    if (c == 0)
        c = left < right ? -1 : (left > right ? 1 : 0);
    return m_sortOrder == Qt::AscendingOrder ? c < 0 : c > 0;
}

void SortFilterProxy::invalidateRowFilter()
{
    if (m_connections.empty())
        return;
    // Every row tested once in source order, then picked out of the sort
    // order: one layout change, no sort.
    relayout([this] {
        testAllRows();
        rebuildVisible();
    });
}

void SortFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (column >= columnCount())
        column = -1;
    relayout([this, column, order] {
        m_sortColumn = column;
        m_sortOrder = order;
        rebuildOrder();
        rebuildVisible();
    });
}

void SortFilterProxy::rebuildOrder()
{
    const int rows = sourceRowCount();
    m_keys.clear();
    if (!isSorted()) {
        m_keys.shrink_to_fit();
        m_order.clear();
        return;
    }
    m_keys.reserve(size_t(rows));
    for (int row = 0; row < rows; ++row)
        m_keys.push_back(keyOf(row));
    std::vector<int> order(static_cast<size_t>(rows));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [this](int a, int b) { return less(a, b); });
    m_order.assign(order);
}

void SortFilterProxy::rebuildVisible()
{
    std::vector<int> visible;
    const auto take = [this, &visible](int row) {
        if (m_accepted[size_t(row)])
            visible.push_back(row);
    };
    if (isSorted()) {
        m_order.forEach(take);
    } else {
        const int rows = sourceRowCount();
        for (int row = 0; row < rows; ++row)
            take(row);
    }
    m_visible.assign(visible);
}

void SortFilterProxy::testAllRows()
{
    const int rows = sourceRowCount();
    if (m_acceptsAll && rows > 0)
        return m_acceptsAll(&m_accepted);
    m_accepted.assign(size_t(rows), 1);
    for (int row = 0; m_accepts && row < rows; ++row)
        m_accepted[size_t(row)] = m_accepts(row) ? 1 : 0;
}

void SortFilterProxy::rebuildAll()
{
    if (!m_connections.empty() && m_sortColumn >= sourceModel()->columnCount())
        m_sortColumn = -1;
    testAllRows();
    rebuildOrder();
    rebuildVisible();
}

void SortFilterProxy::relayout(const std::function<void()> &rebuild)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> sourceRows;
    sourceRows.reserve(size_t(before.size()));
    for (const QModelIndex &index : before)
        sourceRows.push_back(index.row() < m_visible.size() ? m_visible.at(index.row()) : -1);
    rebuild();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int row = sourceRows[size_t(i)] >= 0 ? proxyRowOf(sourceRows[size_t(i)]) : -1;
        after.append(row < 0 ? QModelIndex() : createIndex(row, before[i].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

int SortFilterProxy::proxyRowOf(int sourceRow) const
{
    if (sourceRow < 0 || size_t(sourceRow) >= m_accepted.size() || !m_accepted[size_t(sourceRow)])
        return -1;
    const int position = m_visible.lowerBound(sourceRow, [this](int a, int b) { return less(a, b); });
    return position < m_visible.size() && m_visible.at(position) == sourceRow ? position : -1;
}

// --- changed rows ------------------------------------------------------------

void SortFilterProxy::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                       const QList<int> &roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid() || topLeft.parent().isValid())
        return;
    const int first = topLeft.row();
    const int last = bottomRight.row();
    const bool retest = m_accepts && topLeft.column() < m_columnsRead;
    const bool rekey = isSorted() && topLeft.column() <= m_sortColumn && m_sortColumn <= bottomRight.column()
        && (roles.isEmpty() || roles.contains(m_sortRole));
    const int lastColumn = bottomRight.column();
    if (!retest && !rekey) {
        if (m_visible.isEmpty())
            return;
        // Nothing moves: the cells of these rows, wherever they are shown.
        int top = rowCount();
        int bottom = -1;
        if (last - first < rowsLookedUp) {
            for (int row = first; row <= last; ++row) {
                if (const int at = proxyRowOf(row); at >= 0) {
                    top = qMin(top, at);
                    bottom = qMax(bottom, at);
                }
            }
        } else {
            top = 0;
            bottom = rowCount() - 1;
        }
        if (bottom >= 0)
            emit dataChanged(index(top, topLeft.column()), index(bottom, lastColumn), roles);
        return;
    }
    if (last - first + 1 > m_maxRowSignals) {
        placeChangedRowsInBulk(first, last, retest, rekey);
        return;
    }
    // Rows that stay where they are, by proxy row: exact unless a row of this
    // range moved, appeared or went (then they are looked up again).
    std::vector<std::pair<int, int>> stayed; // source row, proxy row
    bool shifted = false;
    for (int row = first; row <= last; ++row)
        shifted = placeChangedRow(row, retest, rekey, &stayed) || shifted;
    int top = rowCount();
    int bottom = -1;
    for (const auto &[sourceRow, at] : stayed) {
        const int proxyRow = shifted ? proxyRowOf(sourceRow) : at;
        top = qMin(top, proxyRow);
        bottom = qMax(bottom, proxyRow);
    }
    if (bottom >= 0)
        emit dataChanged(index(top, 0), index(bottom, columnCount() - 1), roles);
}

bool SortFilterProxy::placeChangedRow(int row, bool retest, bool rekey, std::vector<std::pair<int, int>> *stayed)
{
    const auto lessThan = [this](int a, int b) { return less(a, b); };
    // Found by the key the row was placed with, before it is updated.
    const int oldRow = proxyRowOf(row);
    const bool accepted = retest ? acceptsSourceRow(row) : m_accepted[size_t(row)] != 0;
    bool moved = false;
    if (rekey) {
        SortKey key = keyOf(row);
        if (key != m_keys[size_t(row)]) {
            const int position = m_order.lowerBound(row, lessThan);
            Q_ASSERT(m_order.at(position) == row);
            m_order.erase(position);
            m_keys[size_t(row)] = std::move(key);
            m_order.insert(m_order.lowerBound(row, lessThan), row);
            moved = true;
        }
    }
    if (oldRow < 0) {
        if (accepted) {
            const int at = m_visible.lowerBound(row, lessThan);
            beginInsertRows(QModelIndex(), at, at);
            m_visible.insert(at, row);
            m_accepted[size_t(row)] = 1;
            endInsertRows();
            return true;
        }
        return false;
    }
    if (!accepted) {
        beginRemoveRows(QModelIndex(), oldRow, oldRow);
        m_visible.erase(oldRow);
        m_accepted[size_t(row)] = 0;
        endRemoveRows();
        return true;
    }
    // The rows either side are still in order: search the side it now belongs to.
    int target = oldRow;
    if (moved) {
        const int count = m_visible.size();
        if (oldRow > 0 && less(row, m_visible.at(oldRow - 1)))
            target = m_visible.lowerBound(row, lessThan, 0, oldRow);
        else if (oldRow + 1 < count && less(m_visible.at(oldRow + 1), row))
            target = m_visible.lowerBound(row, lessThan, oldRow + 1, count) - 1;
    }
    if (target == oldRow) {
        stayed->emplace_back(row, oldRow);
        return false;
    }
    beginMoveRows(QModelIndex(), oldRow, oldRow, QModelIndex(), target > oldRow ? target + 1 : target);
    m_visible.erase(oldRow);
    m_visible.insert(target, row);
    endMoveRows();
    return true;
}

void SortFilterProxy::placeChangedRowsInBulk(int first, int last, bool retest, bool rekey)
{
    // New keys and verdicts for the whole range, then the changed rows merged
    // back into the order: O(n + k log k), and one layout change.
    relayout([this, first, last, retest, rekey] {
        if (rekey) {
            const auto lessThan = [this](int a, int b) { return less(a, b); };
            m_order.eraseRows(first, last, lessThan); // by the keys they were placed with
            std::vector<int> changed(size_t(last - first + 1));
            std::iota(changed.begin(), changed.end(), first);
            for (const int row : changed)
                m_keys[size_t(row)] = keyOf(row);
            std::sort(changed.begin(), changed.end(), lessThan);
            m_order.mergeRows(changed, lessThan);
        }
        if (retest) {
            for (int row = first; row <= last; ++row)
                m_accepted[size_t(row)] = acceptsSourceRow(row) ? 1 : 0;
        }
        rebuildVisible();
    });
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

// --- inserted and removed rows ----------------------------------------------

void SortFilterProxy::onRowsAboutToBeRemoved(int first, int last)
{
    std::vector<int> positions;
    for (int row = first; row <= last; ++row) {
        if (const int at = proxyRowOf(row); at >= 0)
            positions.push_back(at);
    }
    std::sort(positions.begin(), positions.end());
    // Back to front, so that the positions still to remove stay valid.
    size_t end = positions.size();
    while (end > 0) {
        size_t start = end - 1;
        while (start > 0 && positions[start - 1] + 1 == positions[start])
            --start;
        const int from = positions[start];
        const int to = positions[end - 1];
        beginRemoveRows(QModelIndex(), from, to);
        m_visible.eraseRange(from, to);
        endRemoveRows();
        end = start;
    }
    if (isSorted())
        m_order.eraseRows(first, last, [this](int a, int b) { return less(a, b); });
}

int SortFilterProxy::firstShifted(int sourceRow) const
{
    // Unsorted, the visible rows ascend: the rows from `sourceRow` on are a tail.
    return isSorted() ? 0 : m_visible.lowerBound(sourceRow, std::less<int>());
}

void SortFilterProxy::onRowsRemoved(int first, int last)
{
    const int count = last - first + 1;
    if (size_t(last) + 1 < m_accepted.size()) {
        m_visible.shiftRows(last + 1, -count, firstShifted(last + 1));
        m_order.shiftRows(last + 1, -count);
    }
    m_accepted.erase(m_accepted.begin() + first, m_accepted.begin() + last + 1);
    if (isSorted())
        m_keys.erase(m_keys.begin() + first, m_keys.begin() + last + 1);
}

void SortFilterProxy::onRowsInserted(int first, int last)
{
    const int count = last - first + 1;
    if (size_t(first) < m_accepted.size()) {
        m_visible.shiftRows(first, count, firstShifted(first));
        m_order.shiftRows(first, count);
    }
    m_accepted.insert(m_accepted.begin() + first, size_t(count), 0);
    std::vector<int> added(static_cast<size_t>(count));
    std::iota(added.begin(), added.end(), first);
    const auto lessThan = [this](int a, int b) { return less(a, b); };
    if (isSorted()) {
        m_keys.insert(m_keys.begin() + first, size_t(count), SortKey());
        for (const int row : added)
            m_keys[size_t(row)] = keyOf(row);
        std::sort(added.begin(), added.end(), lessThan);
        m_order.mergeRows(added, lessThan);
    }
    added.erase(std::remove_if(added.begin(), added.end(), [this](int row) { return !acceptsSourceRow(row); }),
                added.end());
    if (added.empty())
        return;
    // Where each new row goes among the rows already shown; equal places make a run.
    std::vector<int> positions(added.size());
    int runs = 0;
    for (size_t i = 0; i < added.size(); ++i) {
        positions[i] = m_visible.lowerBound(added[i], lessThan);
        runs += i == 0 || positions[i] != positions[i - 1] ? 1 : 0;
    }
    if (runs > m_maxRowSignals) {
        relayout([&] {
            for (const int row : added)
                m_accepted[size_t(row)] = 1;
            rebuildVisible();
        });
        return;
    }
    size_t end = added.size();
    while (end > 0) {
        size_t start = end - 1;
        while (start > 0 && positions[start - 1] == positions[start])
            --start;
        const int at = positions[start];
        beginInsertRows(QModelIndex(), at, at + int(end - start) - 1);
        for (size_t i = start; i < end; ++i)
            m_accepted[size_t(added[i])] = 1;
        m_visible.insertRange(at, added.data() + start, int(end - start));
        endInsertRows();
        end = start;
    }
}

void SortFilterProxy::onLayoutAboutToBeChanged()
{
    emit layoutAboutToBeChanged();
    m_layoutProxy = persistentIndexList();
    m_layoutSource.clear();
    for (const QModelIndex &index : std::as_const(m_layoutProxy))
        m_layoutSource.append(QPersistentModelIndex(mapToSource(index)));
}

void SortFilterProxy::onLayoutChanged()
{
    rebuildAll();
    QModelIndexList after;
    after.reserve(m_layoutProxy.size());
    for (const QPersistentModelIndex &source : std::as_const(m_layoutSource))
        after.append(mapFromSource(source));
    changePersistentIndexList(m_layoutProxy, after);
    m_layoutProxy.clear();
    m_layoutSource.clear();
    emit layoutChanged();
}

void SortFilterProxy::onColumnsRemoved(int first, int last)
{
    endRemoveColumns();
    if (m_sortColumn >= first && m_sortColumn <= last)
        sort(-1); // its column is gone: back to the source's order
    else if (m_sortColumn > last)
        m_sortColumn -= last - first + 1;
}

// --- QAbstractProxyModel -----------------------------------------------------

QModelIndex SortFilterProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || proxyIndex.model() != this || proxyIndex.row() >= m_visible.size())
        return QModelIndex();
    return sourceModel()->index(m_visible.at(proxyIndex.row()), proxyIndex.column());
}

QModelIndex SortFilterProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.model() != sourceModel() || sourceIndex.parent().isValid())
        return QModelIndex();
    const int row = proxyRowOf(sourceIndex.row());
    return row < 0 ? QModelIndex() : createIndex(row, sourceIndex.column());
}

QModelIndex SortFilterProxy::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return QModelIndex();
    return createIndex(row, column);
}

QVariant SortFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal)
        return m_connections.empty() ? QVariant() : sourceModel()->headerData(section, orientation, role);
    // Row numbers are positions in this view, not source rows.
    return QAbstractItemModel::headerData(section, orientation, role);
}

} // namespace fleetscope
