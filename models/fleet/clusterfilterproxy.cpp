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
    // Connected before setSourceModel: slots run in connection order, so the
    // snapshot is current when the base class re-sorts on the same signal.
    connect(source, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (m_snapshotColumn >= 0)
                    updateSnapshot(topLeft.row(), bottomRight.row());
            });
    connect(source, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
        if (m_snapshotColumn < 0)
            return;
        m_snapshot.insert(m_snapshot.begin() + first, size_t(last - first + 1), FleetProfile());
        if (!m_sortKeys.empty() || ClusterTableModel::hasSortKey(m_snapshotColumn))
            m_sortKeys.insert(m_sortKeys.begin() + first, size_t(last - first + 1), 0);
        updateSnapshot(first, last);
    });
    connect(source, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex &, int first, int last) {
        if (m_snapshotColumn < 0)
            return;
        m_snapshot.erase(m_snapshot.begin() + first, m_snapshot.begin() + last + 1);
        if (!m_sortKeys.empty())
            m_sortKeys.erase(m_sortKeys.begin() + first, m_sortKeys.begin() + last + 1);
    });
    connect(source, &QAbstractItemModel::modelReset, this, &ClusterFilterProxy::rebuildSnapshot);
    connect(source, &QAbstractItemModel::layoutChanged, this, &ClusterFilterProxy::rebuildSnapshot);
    setSourceModel(source);
    // Column moves shift the sort column inside the base class: follow it after
    // its own handlers (hence connected after setSourceModel).
    connect(source, &QAbstractItemModel::columnsInserted, this, &ClusterFilterProxy::rebuildSnapshot);
    connect(source, &QAbstractItemModel::columnsRemoved, this, &ClusterFilterProxy::rebuildSnapshot);
}

void ClusterFilterProxy::sort(int column, Qt::SortOrder order)
{
    m_snapshotColumn = column;
    rebuildSnapshot();
    QSortFilterProxyModel::sort(column, order);
}

void ClusterFilterProxy::rebuildSnapshot()
{
    if (sender() && m_snapshotColumn >= 0)
        m_snapshotColumn = sortColumn(); // after a column change
    m_snapshot.clear();
    m_sortKeys.clear();
    if (m_snapshotColumn < 0 || m_snapshotColumn >= m_table->columnCount()) {
        m_snapshotColumn = -1;
        m_snapshot.shrink_to_fit();
        m_sortKeys.shrink_to_fit();
        return;
    }
    const int rows = m_table->rowCount();
    m_snapshot.resize(size_t(rows));
    if (ClusterTableModel::hasSortKey(m_snapshotColumn))
        m_sortKeys.resize(size_t(rows));
    updateSnapshot(0, rows - 1);
}

void ClusterFilterProxy::updateSnapshot(int first, int last)
{
    const bool keyed = !m_sortKeys.empty();
    for (int row = first; row <= last; ++row) {
        const FleetProfile &profile = m_table->profileAt(row);
        m_snapshot[size_t(row)] = profile;
        if (keyed)
            ClusterTableModel::sortKey(m_snapshotColumn, profile, &m_sortKeys[size_t(row)]);
    }
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
    refilter();
}

void ClusterFilterProxy::setScope(const ClusterScope &scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    refilter();
}

void ClusterFilterProxy::refilter()
{
    // A new filter or scope re-tests every row either way. invalidateRowsFilter()
    // then removes and inserts proxy rows interval by interval, each interval
    // shifting the whole mapping: 90 ms at 100k rows with scattered matches.
    // invalidate() rebuilds the mapping in one pass and reports a layout change
    // (persistent indexes and selections follow): 19 ms (tests/bench/bench_filter).
    invalidate();
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
    const size_t l = size_t(left.row());
    const size_t r = size_t(right.row());
    if (left.column() == m_snapshotColumn && qMax(l, r) < m_snapshot.size())
        return snapshotLess(l, r);
    // No snapshot (a sort requested through another path): compare the live rows.
    if (const int c = m_table->compare(left.column(), left.row(), right.row()))
        return c < 0;
    const FleetProfile &a = m_table->profileAt(left.row());
    const FleetProfile &b = m_table->profileAt(right.row());
    if (const int c = QStringView(a.profile().metadata.name).compare(QStringView(b.profile().metadata.name)))
        return c < 0;
    return a.hub < b.hub;
}

bool ClusterFilterProxy::snapshotLess(size_t left, size_t right) const
{
    if (!m_sortKeys.empty()) {
        const qint64 a = m_sortKeys[left];
        const qint64 b = m_sortKeys[right];
        if (a != b)
            return a < b;
    } else if (const int c = m_table->compare(m_snapshotColumn, m_snapshot[left], m_snapshot[right])) {
        return c < 0;
    }
    // Ties fall back to the name, then the hub, so that equal keys keep a stable,
    // meaningful order however the store shuffled its rows. Kubernetes names are
    // lower-case DNS labels: an exact compare orders them like people do, at a
    // fraction of the case-folding compare's cost (most rows tie on a version).
    const FleetProfile &a = m_snapshot[left];
    const FleetProfile &b = m_snapshot[right];
    if (const int c = QStringView(a.profile().metadata.name).compare(QStringView(b.profile().metadata.name)))
        return c < 0;
    return a.hub < b.hub;
}

} // namespace fleetscope
