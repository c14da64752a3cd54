#include "placementmodel.h"

#include "fleet/store/fleetstore.h"

#include <QHash>

#include <algorithm>

namespace fleetscope {
namespace {

QString placementKeyOf(const PlacementDecision &decision)
{
    if (const QString key = decision.placementKey(); !key.isEmpty())
        return key;
    if (const QString key = decision.decisionKey(); !key.isEmpty())
        return key;
    return decision.metadata.name;
}

QString identity(const PlacementModel::Placement &p)
{
    return QString::number(p.hub) + u'/' + p.namespaceName + u'/' + p.key;
}

} // namespace

PlacementModel::PlacementModel(const FleetStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    m_rows = collect();
    indexChosen();
    connect(store, &FleetStore::placementsChanged, this, [this] {
        refresh();
        m_touched.clear();
    });
    // Dangling references change when chosen profiles come and go: only those
    // references are checked, and a moment later rather than per delta (a
    // churning fleet adds and deletes profiles every few deltas; a profile that
    // comes and goes meanwhile is checked once).
    m_danglingTimer.setSingleShot(true);
    m_danglingTimer.setInterval(defaultDanglingDelayMs);
    connect(&m_danglingTimer, &QTimer::timeout, this, &PlacementModel::refreshDangling);
    connect(store, &FleetStore::profilesInserted, this, [this](int first, int last) {
        for (int row = first; row <= last; ++row)
            touch(ClusterRef::of(m_store->profileAt(row)));
    });
    connect(store, &FleetStore::profilesDeleting, this, [this](const QList<FleetProfile> &gone) {
        for (const FleetProfile &p : gone)
            touch(ClusterRef::of(p));
    });
    connect(store, &FleetStore::deltaApplied, this, [this] {
        if (!m_touched.isEmpty() && !m_danglingTimer.isActive())
            m_danglingTimer.start();
    });
}

void PlacementModel::indexChosen()
{
    m_chosenBy.clear();
    m_danglingAt.assign(m_rows.size(), {});
    for (size_t row = 0; row < m_rows.size(); ++row) {
        const Placement &p = m_rows[row];
        // `dangling` is the subsequence of `chosen` whose profiles are missing,
        // so walking both in step finds its indexes.
        qsizetype next = 0;
        for (qsizetype i = 0; i < p.chosen.size(); ++i) {
            m_chosenBy[p.chosen[i]].append(Choice{int(row), int(i)});
            if (next < p.dangling.size() && p.chosen[i] == p.dangling[next]) {
                m_danglingAt[row].append(int(i));
                ++next;
            }
        }
    }
}

void PlacementModel::touch(const ClusterRef &ref)
{
    if (m_chosenBy.contains(ref))
        m_touched.insert(ref);
}

void PlacementModel::refreshDangling()
{
    // Only the references to profiles that came or went change, each where it
    // was chosen: a placement choosing thousands costs what changed, not its size.
    QSet<int> changed;
    for (const ClusterRef &ref : std::as_const(m_touched)) {
        const bool missing = m_store->rowOf(ref.hub, ref.key) < 0;
        for (const Choice &choice : m_chosenBy.value(ref)) {
            QList<int> &at = m_danglingAt[size_t(choice.row)];
            const auto it = std::lower_bound(at.begin(), at.end(), choice.index);
            const bool listed = it != at.end() && *it == choice.index;
            if (missing == listed)
                continue;
            const qsizetype position = it - at.begin();
            QList<ClusterRef> &dangling = m_rows[size_t(choice.row)].dangling;
            if (missing) {
                at.insert(position, choice.index);
                dangling.insert(position, ref);
            } else {
                at.remove(position);
                dangling.remove(position);
            }
            changed.insert(choice.row);
        }
    }
    m_touched.clear();
    for (const int row : std::as_const(changed)) {
        const QModelIndex cell = index(row, DanglingColumn);
        emit dataChanged(cell, cell);
    }
}

std::vector<PlacementModel::Placement> PlacementModel::collect() const
{
    std::vector<Placement> rows;
    for (int hub = 0; hub < m_store->hubCount(); ++hub) {
        // Slices of one placement share its key; merge them in decision-index order.
        QList<PlacementPtr> slices = m_store->placements(hub);
        std::sort(slices.begin(), slices.end(), [](const PlacementPtr &a, const PlacementPtr &b) {
            if (a->metadata.namespaceName != b->metadata.namespaceName)
                return a->metadata.namespaceName < b->metadata.namespaceName;
            const QString ka = placementKeyOf(*a), kb = placementKeyOf(*b);
            if (ka != kb)
                return ka < kb;
            if (a->decisionIndex() != b->decisionIndex())
                return a->decisionIndex() < b->decisionIndex();
            return a->metadata.name < b->metadata.name;
        });
        QHash<QString, size_t> byKey;
        for (const PlacementPtr &slice : slices) {
            Placement probe;
            probe.hub = hub;
            probe.namespaceName = slice->metadata.namespaceName;
            probe.key = placementKeyOf(*slice);
            const QString id = identity(probe);
            auto it = byKey.find(id);
            if (it == byKey.end()) {
                it = byKey.insert(id, rows.size());
                rows.push_back(probe);
            }
            Placement &p = rows[*it];
            ++p.slices;
            if (p.scheduler.isEmpty())
                p.scheduler = slice->schedulerName;
            for (const ClusterDecision &d : slice->decisions) {
                const ClusterRef ref{hub, ObjectKey{slice->profileNamespace(d), d.clusterProfileName}};
                p.chosen.append(ref);
            }
        }
    }
    for (Placement &p : rows) {
        for (const ClusterRef &ref : p.chosen) {
            if (m_store->rowOf(ref.hub, ref.key) < 0)
                p.dangling.append(ref);
        }
    }
    return rows;
}

void PlacementModel::refresh()
{
    std::vector<Placement> fresh = collect();
    QHash<QString, size_t> freshIndex;
    for (size_t i = 0; i < fresh.size(); ++i)
        freshIndex.insert(identity(fresh[i]), i);
    // Placements that went: removed from the end backwards so rows stay valid.
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (!freshIndex.contains(identity(m_rows[size_t(row)]))) {
            beginRemoveRows({}, row, row);
            m_rows.erase(m_rows.begin() + row);
            endRemoveRows();
        }
    }
    // Placements that stayed: updated in place.
    QHash<QString, int> currentIndex;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const QString id = identity(m_rows[i]);
        currentIndex.insert(id, int(i));
        m_rows[i] = fresh[freshIndex.value(id)];
    }
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    // New placements: appended.
    std::vector<Placement> added;
    for (const Placement &p : fresh) {
        if (!currentIndex.contains(identity(p)))
            added.push_back(p);
    }
    if (!added.empty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size()) - 1);
        m_rows.insert(m_rows.end(), added.begin(), added.end());
        endInsertRows();
    }
    indexChosen();
}

ClusterScope PlacementModel::scopeOf(int row) const
{
    ClusterScope scope;
    const Placement &p = m_rows[size_t(row)];
    scope.members = QSet<ClusterRef>(p.chosen.cbegin(), p.chosen.cend());
    return scope;
}

int PlacementModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PlacementModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlacementModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Placement &p = m_rows[size_t(index.row())];
    if (role == Qt::ToolTipRole && index.column() == DanglingColumn && !p.dangling.isEmpty()) {
        QStringList refs;
        for (const ClusterRef &ref : p.dangling)
            refs << ref.key.toString();
        return QString(tr("No such ClusterProfile: %1").arg(refs.join(QStringLiteral(", "))));
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case PlacementColumn:
        // Placements of the same name live in several namespaces (a "batch" per team).
        return p.namespaceName.isEmpty() ? p.key : p.namespaceName + u'/' + p.key;
    case HubColumn:
        return m_store->hubName(p.hub);
    case NamespaceColumn:
        return p.namespaceName;
    case SchedulerColumn:
        return p.scheduler;
    case ClustersColumn:
        return int(p.chosen.size());
    case DanglingColumn:
        return int(p.dangling.size());
    case SlicesColumn:
        return p.slices;
    default:
        return {};
    }
}

QVariant PlacementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount
        || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    static const char *const titles[ColumnCount] = {QT_TR_NOOP("Placement"), QT_TR_NOOP("Hub"),      QT_TR_NOOP("Namespace"),
                                                    QT_TR_NOOP("Scheduler"), QT_TR_NOOP("Clusters"), QT_TR_NOOP("Dangling"),
                                                    QT_TR_NOOP("Slices")};
    // The counts are narrow, so that a narrow pane keeps its room for the placements'
    // names: a sign for a header, the words in its tool tip.
    if (role == Qt::ToolTipRole) {
        if (section == ClustersColumn)
            return tr("Clusters chosen");
        if (section == DanglingColumn)
            return tr("Chosen clusters that have no ClusterProfile (dangling)");
        return tr(titles[section]);
    }
    if (section == ClustersColumn)
        return QStringLiteral("#");
    if (section == DanglingColumn)
        return QStringLiteral("\u26a0"); // ⚠
    return tr(titles[section]);
}

} // namespace fleetscope
