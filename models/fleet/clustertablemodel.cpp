#include "clustertablemodel.h"

#include "api/conditionreasons.h"

#include "api/stringpool.h"
#include "clustercolumnsource.h"
#include "fleetstore.h"
#include "valueorder.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace fleetscope {
namespace {

// Changed rows closer than this are reported as one range: a few unchanged rows
// re-read by the proxy cost less than another signal round trip.
constexpr int defaultRangeMergeGap = 8;

// Problems first when sorted ascending; an unreported condition last.
int conditionRank(ConditionStatus status)
{
    switch (status) {
    case ConditionStatus::False:
        return 0;
    case ConditionStatus::Unknown:
        return 1;
    case ConditionStatus::True:
        return 2;
    case ConditionStatus::Absent:
        break;
    }
    return 3;
}

KubeTime newestTransition(const ClusterProfile &p)
{
    KubeTime newest = 0;
    for (const Condition &c : p.conditions)
        newest = qMax(newest, c.lastTransitionTime);
    return newest;
}

// Node counts in thousandths, so that one integer orders them; no count sorts
// first and a count that is not a number last.
qint64 nodesKey(const ClusterProfile &p)
{
    const Property *property = p.property(well_known::nodeCountProperty);
    if (!property)
        return std::numeric_limits<qint64>::min();
    double nodes = 0;
    if (!parseDecimal(property->value.view(), &nodes) || std::abs(nodes) > 1e15)
        return std::numeric_limits<qint64>::max();
    return qint64(std::llround(nodes * 1000));
}

int threeWay(qint64 a, qint64 b)
{
    return a < b ? -1 : (a > b ? 1 : 0);
}

int threeWay(double a, double b)
{
    return a < b ? -1 : (a > b ? 1 : 0);
}

// A property cell as a comparable value: absent < numbers < versions < text, so
// that mixed columns still sort consistently.
struct TypedCell
{
    int rank = 0;
    double number = 0;
    qint64 version = 0;
    const QString *text = nullptr;

    explicit TypedCell(const QString *value)
        : text(value)
    {
        if (!value) {
            rank = 0;
        } else if (parseDecimal(*value, &number)) {
            rank = 1;
        } else if (const VersionKey v = VersionKey::parse(*value); v.isValid()) {
            rank = 2;
            version = v.packed();
        } else {
            rank = 3;
        }
    }

    static int compare(const TypedCell &a, const TypedCell &b)
    {
        if (a.rank != b.rank)
            return a.rank < b.rank ? -1 : 1;
        switch (a.rank) {
        case 1:
            return threeWay(a.number, b.number);
        case 2:
            if (const int c = threeWay(a.version, b.version))
                return c;
            return compareText(*a.text, *b.text);
        case 3:
            return compareText(*a.text, *b.text);
        default:
            return 0;
        }
    }
};

QString conditionToolTip(const ClusterProfile &p, const char16_t *type)
{
    const Condition *c = p.condition(type);
    if (!c)
        return QCoreApplication::translate("fleetscope::ClusterTableModel", "Not reported");
    QString tip = conditionStatusName(c->status);
    if (!c->reason.isEmpty())
        tip += u" ("_s + c->reason + u')';
    const QString meaning = conditionReasonText(type, c->reason.view());
    if (!meaning.isEmpty())
        tip += u"\n"_s + meaning;
    if (!c->message.isEmpty())
        tip += u"\n"_s + c->message;
    if (c->lastTransitionTime)
        tip += u"\nsince "_s + formatKubeTime(c->lastTransitionTime);
    return tip;
}

} // namespace

ClusterTableModel::ClusterTableModel(const FleetStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_rangeMergeGap(defaultRangeMergeGap)
{
    connect(store, &FleetStore::profilesChanged, this, &ClusterTableModel::onProfilesChanged);
    connect(store, &FleetStore::profilesRelocated, this, &ClusterTableModel::rowsRelocated);
    connect(store, &FleetStore::profilesAboutToBeRemoved, this,
            [this](int first, int last) { beginRemoveRows(QModelIndex(), first, last); });
    connect(store, &FleetStore::profilesRemoved, this, [this] { endRemoveRows(); });
    connect(store, &FleetStore::profilesAboutToBeInserted, this,
            [this](int first, int last) { beginInsertRows(QModelIndex(), first, last); });
    connect(store, &FleetStore::profilesInserted, this, [this] { endInsertRows(); });
}

ClusterTableModel::~ClusterTableModel() = default;

const FleetProfile &ClusterTableModel::profileAt(int row) const
{
    return m_store->profileAt(row);
}

void ClusterTableModel::onProfilesChanged(const QList<int> &rows)
{
    // `rows` is sorted and unique (the store's contract).
    const int lastColumn = columnCount() - 1;
    m_announcing = true;
    qsizetype i = 0;
    while (i < rows.size()) {
        const int first = rows[i];
        int last = first;
        while (i + 1 < rows.size() && rows[i + 1] - last <= m_rangeMergeGap)
            last = rows[++i];
        ++i;
        emit dataChanged(index(first, 0), index(last, lastColumn));
    }
    m_announcing = false;
    emit changesAnnounced(rows);
}

int ClusterTableModel::extraColumn(bool isLabel, const QString &key) const
{
    for (size_t i = 0; i < m_extraColumns.size(); ++i) {
        if (m_extraColumns[i].isLabel == isLabel && m_extraColumns[i].key == key)
            return FixedColumnCount + int(i);
    }
    return -1;
}

int ClusterTableModel::addExtraColumn(bool isLabel, const QString &key)
{
    if (key.isEmpty())
        return -1;
    if (const int existing = extraColumn(isLabel, key); existing >= 0)
        return existing;
    const int column = columnCount();
    beginInsertColumns(QModelIndex(), column, column);
    m_extraColumns.push_back({isLabel, StringPool::shared().intern(key)});
    endInsertColumns();
    return column;
}

int ClusterTableModel::addPropertyColumn(const QString &name)
{
    return addExtraColumn(false, name);
}

int ClusterTableModel::addLabelColumn(const QString &key)
{
    return addExtraColumn(true, key);
}

int ClusterTableModel::propertyColumn(const QString &name) const
{
    return extraColumn(false, name);
}

int ClusterTableModel::labelColumn(const QString &key) const
{
    return extraColumn(true, key);
}

QString ClusterTableModel::extraColumnSpec(int column) const
{
    if (column < FixedColumnCount || column >= columnCount())
        return {};
    const ExtraColumn &extra = m_extraColumns[size_t(column - FixedColumnCount)];
    if (extra.source)
        return {};
    return (extra.isLabel ? QStringLiteral("label:") : QStringLiteral("property:")) + extra.key;
}

int ClusterTableModel::addSourceColumn(const ClusterColumnSource *source)
{
    for (size_t i = 0; i < m_extraColumns.size(); ++i) {
        if (m_extraColumns[i].source == source)
            return FixedColumnCount + int(i);
    }
    const int column = columnCount();
    beginInsertColumns(QModelIndex(), column, column);
    m_extraColumns.push_back({false, QString(), source});
    endInsertColumns();
    return column;
}

void ClusterTableModel::sourceColumnChanged(const ClusterColumnSource *source)
{
    for (size_t i = 0; i < m_extraColumns.size(); ++i) {
        const int column = FixedColumnCount + int(i);
        if (m_extraColumns[i].source == source && rowCount() > 0)
            Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column), {Qt::DisplayRole, SortRole});
    }
}

bool ClusterTableModel::removeColumnAt(int column)
{
    if (column < FixedColumnCount || column >= columnCount())
        return false;
    beginRemoveColumns(QModelIndex(), column, column);
    m_extraColumns.erase(m_extraColumns.begin() + (column - FixedColumnCount));
    endRemoveColumns();
    return true;
}

int ClusterTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_store->profileCount();
}

int ClusterTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FixedColumnCount + int(m_extraColumns.size());
}

qint64 ClusterTableModel::now() const
{
    return m_now ? m_now : QDateTime::currentMSecsSinceEpoch();
}

const QString *ClusterTableModel::extraValue(const ExtraColumn &column, const FleetProfile &row) const
{
    if (column.source)
        return column.source->value(row);
    return column.isLabel ? row.profile().metadata.labels.findText(column.key)
                          : row.profile().propertyText(column.key);
}

QString ClusterTableModel::displayText(int column, const FleetProfile &row) const
{
    const ClusterProfile &p = row.profile();
    switch (column) {
    case NameColumn:
        return p.metadata.name;
    case DisplayNameColumn:
        return p.displayName;
    case HubColumn:
        return m_store->hubName(row.hub);
    case NamespaceColumn:
        return p.metadata.namespaceName;
    case ClusterSetColumn:
        return row.clusterSet;
    case ManagerColumn:
        return row.manager;
    case VersionColumn:
        return p.kubernetesVersion;
    case ControlPlaneHealthyColumn:
        return conditionStatusName(p.conditionStatus(condition_types::controlPlaneHealthy));
    case JoinedColumn:
        return conditionStatusName(p.conditionStatus(condition_types::joined));
    case LocationColumn:
        return p.property(well_known::locationProperty) ? p.property(well_known::locationProperty)->value.toString()
                                                        : QString();
    case NodesColumn:
        return p.property(well_known::nodeCountProperty) ? p.property(well_known::nodeCountProperty)->value.toString()
                                                         : QString();
    case LastTransitionColumn: {
        const KubeTime newest = newestTransition(p);
        return newest ? humanDuration(qMax<qint64>(0, now() - newest)) : QString();
    }
    default:
        break;
    }
    const QString *value = extraValue(m_extraColumns[size_t(column - FixedColumnCount)], row);
    return value ? *value : QString();
}

QVariant ClusterTableModel::sortValue(int column, const FleetProfile &row) const
{
    const ClusterProfile &p = row.profile();
    switch (column) {
    case VersionColumn:
        return VersionKey::parse(p.kubernetesVersion.view()).packed();
    case ControlPlaneHealthyColumn:
        return conditionRank(p.conditionStatus(condition_types::controlPlaneHealthy));
    case JoinedColumn:
        return conditionRank(p.conditionStatus(condition_types::joined));
    case NodesColumn: {
        double nodes = 0;
        const Property *property = p.property(well_known::nodeCountProperty);
        return property && parseDecimal(property->value.view(), &nodes) ? nodes : -1.0;
    }
    case LastTransitionColumn:
        return qint64(newestTransition(p));
    default:
        break;
    }
    if (column >= FixedColumnCount) {
        const TypedCell cell(extraValue(m_extraColumns[size_t(column - FixedColumnCount)], row));
        switch (cell.rank) {
        case 1:
            return cell.number;
        case 2:
            return cell.version;
        default:
            break;
        }
    }
    return displayText(column, row);
}

QString ClusterTableModel::toolTip(int column, const FleetProfile &row) const
{
    const ClusterProfile &p = row.profile();
    switch (column) {
    case ControlPlaneHealthyColumn:
        return conditionToolTip(p, condition_types::controlPlaneHealthy);
    case JoinedColumn:
        return conditionToolTip(p, condition_types::joined);
    case ManagerColumn:
        if (row.managerMismatch) {
            return tr("The x-k8s.io/cluster-manager label and spec.clusterManager.name disagree (%1 vs %2)")
                .arg(p.metadata.labels.value(well_known::clusterManagerLabel), p.clusterManagerName.toString());
        }
        return QString();
    case ClusterSetColumn:
        switch (row.clusterSetSource) {
        case ClusterSetSource::ProfileLabel:
            return tr("From the profile's multicluster.x-k8s.io/clusterset label");
        case ClusterSetSource::NamespaceLabel:
        case ClusterSetSource::NamespaceLabelKep:
            return tr("From the labels of namespace %1").arg(p.metadata.namespaceName.toString());
        case ClusterSetSource::Property:
            return tr("From the clusterset.k8s.io property");
        case ClusterSetSource::None:
            break;
        }
        return QString();
    case LastTransitionColumn: {
        const KubeTime newest = newestTransition(p);
        return newest ? formatKubeTime(newest) : QString();
    }
    default:
        return QString();
    }
}

QVariant ClusterTableModel::data(const QModelIndex &index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole && role != HealthRole)
        return QVariant();
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return QVariant();
    const FleetProfile &row = m_store->profileAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayText(index.column(), row);
    case SortRole:
        return sortValue(index.column(), row);
    case HealthRole:
        return int(row.health);
    default:
        break;
    }
    const QString tip = toolTip(index.column(), row);
    return tip.isEmpty() ? QVariant() : QVariant(tip);
}

QVariant ClusterTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return QVariant();
    if (section >= FixedColumnCount) {
        const ExtraColumn &extra = m_extraColumns[size_t(section - FixedColumnCount)];
        if (extra.source)
            return role == Qt::ToolTipRole ? extra.source->toolTip() : extra.source->header();
        if (role == Qt::ToolTipRole)
            return extra.isLabel ? tr("Label %1").arg(extra.key) : tr("Property %1").arg(extra.key);
        return extra.key;
    }
    // Condition types, ClusterSet and API paths are Kubernetes names: translators keep them.
    static const char *const titles[FixedColumnCount] = {
        QT_TR_NOOP("Name"),      QT_TR_NOOP("Display name"), QT_TR_NOOP("Hub"),      QT_TR_NOOP("Namespace"),
        QT_TR_NOOP("ClusterSet"), QT_TR_NOOP("Manager"),     QT_TR_NOOP("Version"),  QT_TR_NOOP("ControlPlaneHealthy"),
        QT_TR_NOOP("Joined"),    QT_TR_NOOP("Location"),     QT_TR_NOOP("Nodes"),    QT_TR_NOOP("Last transition"),
    };
    static const char *const tips[FixedColumnCount] = {
        "metadata.name",
        "spec.displayName",
        QT_TR_NOOP("The hub (kubeconfig context) that publishes the profile"),
        "metadata.namespace",
        QT_TR_NOOP("The ClusterSet: profile label, namespace label or clusterset.k8s.io property"),
        QT_TR_NOOP("x-k8s.io/cluster-manager label, else spec.clusterManager.name"),
        "status.version.kubernetes",
        QT_TR_NOOP("The ControlPlaneHealthy condition"),
        QT_TR_NOOP("The Joined condition"),
        QT_TR_NOOP("The location.topology.k8s.io property"),
        QT_TR_NOOP("The count.node.k8s.io property"),
        QT_TR_NOOP("Age of the newest condition transition"),
    };
    return tr(role == Qt::ToolTipRole ? tips[section] : titles[section]);
}

int ClusterTableModel::compare(int column, int leftRow, int rightRow) const
{
    return compare(column, m_store->profileAt(leftRow), m_store->profileAt(rightRow));
}

bool ClusterTableModel::hasSortText(int column)
{
    return column == NameColumn || column == DisplayNameColumn || column == HubColumn || column == NamespaceColumn
        || column == ClusterSetColumn || column == ManagerColumn || column == LocationColumn;
}

bool ClusterTableModel::sortText(int column, const FleetProfile &row, QStringView *text) const
{
    const ClusterProfile &p = row.profile();
    switch (column) {
    case NameColumn:
        *text = p.metadata.name;
        return true;
    case DisplayNameColumn:
        *text = p.displayName;
        return true;
    case HubColumn:
        *text = m_store->hubStatus(row.hub).hub;
        return true;
    case NamespaceColumn:
        *text = p.metadata.namespaceName.view();
        return true;
    case ClusterSetColumn:
        *text = row.clusterSet.view();
        return true;
    case ManagerColumn:
        *text = row.manager.view();
        return true;
    case LocationColumn: {
        const Property *location = p.property(well_known::locationProperty);
        *text = location ? location->value.view() : QStringView();
        return true;
    }
    default:
        return false;
    }
}

int ClusterTableModel::compare(int column, const FleetProfile &a, const FleetProfile &b) const
{
    QStringView ta;
    QStringView tb;
    if (sortText(column, a, &ta) && sortText(column, b, &tb))
        return compareText(ta, tb);
    const ClusterProfile &pa = a.profile();
    const ClusterProfile &pb = b.profile();
    switch (column) {
    case VersionColumn:
    case ControlPlaneHealthyColumn:
    case JoinedColumn:
    case NodesColumn: {
        qint64 ka = 0;
        qint64 kb = 0;
        sortKey(column, a, &ka);
        sortKey(column, b, &kb);
        return threeWay(ka, kb);
    }
    case LastTransitionColumn:
        return threeWay(qint64(newestTransition(pa)), qint64(newestTransition(pb)));
    default:
        break;
    }
    if (column < FixedColumnCount || column >= columnCount())
        return 0;
    const ExtraColumn &extra = m_extraColumns[size_t(column - FixedColumnCount)];
    return TypedCell::compare(TypedCell(extraValue(extra, a)), TypedCell(extraValue(extra, b)));
}

bool ClusterTableModel::hasSortKey(int column)
{
    return column == VersionColumn || column == ControlPlaneHealthyColumn || column == JoinedColumn
        || column == NodesColumn || column == LastTransitionColumn;
}

bool ClusterTableModel::sortKey(int column, int row, qint64 *key) const
{
    return sortKey(column, m_store->profileAt(row), key);
}

bool ClusterTableModel::sortKey(int column, const FleetProfile &row, qint64 *key)
{
    const ClusterProfile &p = row.profile();
    switch (column) {
    case VersionColumn:
        *key = VersionKey::parse(p.kubernetesVersion.view()).packed();
        return true;
    case ControlPlaneHealthyColumn:
        *key = conditionRank(p.conditionStatus(condition_types::controlPlaneHealthy));
        return true;
    case JoinedColumn:
        *key = conditionRank(p.conditionStatus(condition_types::joined));
        return true;
    case NodesColumn:
        *key = nodesKey(p);
        return true;
    case LastTransitionColumn:
        *key = newestTransition(p);
        return true;
    default:
        return false;
    }
}

} // namespace fleetscope
