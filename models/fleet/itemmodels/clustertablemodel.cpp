#include "clustertablemodel.h"

#include "api/stringpool.h"
#include "clustercolumnsource.h"
#include "fleetfields.h"
#include "fleet/store/fleetstore.h"
#include "fleet/filter/valueorder.h"

#include <QDateTime>

#include <algorithm>

namespace fleetscope {
namespace {

// A property or label cell as SortRole: absent sorts first, then numbers and
// versions by value, then text.
QVariant extraSortValue(const QString *value)
{
    if (!value)
        return QVariant();
    double number = 0;
    if (parseDecimal(*value, &number))
        return number;
    if (const VersionKey version = VersionKey::parse(*value); version.isValid())
        return version.packed();
    return *value;
}

} // namespace

ClusterTableModel::ClusterTableModel(const FleetStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(store, &FleetStore::profilesChanged, this, [this](int first, int last) {
        emit dataChanged(index(first, 0), index(last, columnCount() - 1));
    });
    connect(store, &FleetStore::profilesAboutToBeRemoved, this,
            [this](int first, int last) { beginRemoveRows(QModelIndex(), first, last); });
    connect(store, &FleetStore::profilesRemoved, this, [this] { endRemoveRows(); });
    connect(store, &FleetStore::profilesAboutToBeInserted, this,
            [this](int first, int last) { beginInsertRows(QModelIndex(), first, last); });
    connect(store, &FleetStore::profilesInserted, this, [this] { endInsertRows(); });
}

ClusterTableModel::~ClusterTableModel() = default;

int ClusterTableModel::fixedColumnCount()
{
    return fleetFieldCount();
}

const FleetProfile &ClusterTableModel::profileAt(int row) const
{
    return m_store->profileAt(row);
}

int ClusterTableModel::extraColumn(bool isLabel, const QString &key) const
{
    for (size_t i = 0; i < m_extraColumns.size(); ++i) {
        if (m_extraColumns[i].isLabel == isLabel && m_extraColumns[i].key == key)
            return fixedColumnCount() + int(i);
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

QString ClusterTableModel::extraColumnSpec(int column) const
{
    if (column < fixedColumnCount() || column >= columnCount())
        return {};
    const ExtraColumn &extra = m_extraColumns[size_t(column - fixedColumnCount())];
    if (extra.source)
        return {};
    return (extra.isLabel ? QStringLiteral("label:") : QStringLiteral("property:")) + extra.key;
}

QString ClusterTableModel::columnKey(int column) const
{
    if (column < 0 || column >= columnCount())
        return {};
    if (column < fixedColumnCount())
        return QStringLiteral("field:") + QString::fromUtf16(fleetField(column).key);
    const ExtraColumn &extra = m_extraColumns[size_t(column - fixedColumnCount())];
    return extra.source ? QStringLiteral("source:") + extra.source->key() : extraColumnSpec(column);
}

int ClusterTableModel::columnOf(const ClusterColumnSource *source) const
{
    const auto it = std::find_if(m_extraColumns.cbegin(), m_extraColumns.cend(),
                                 [source](const ExtraColumn &column) { return column.source == source; });
    return it == m_extraColumns.cend() ? -1 : fixedColumnCount() + int(it - m_extraColumns.cbegin());
}

int ClusterTableModel::addSourceColumn(const ClusterColumnSource *source)
{
    if (const int existing = columnOf(source); existing >= 0)
        return existing;
    const int column = columnCount();
    beginInsertColumns(QModelIndex(), column, column);
    m_extraColumns.push_back({false, QString(), source});
    endInsertColumns();
    return column;
}

void ClusterTableModel::sourceColumnChanged(const ClusterColumnSource *source)
{
    if (const int column = columnOf(source); column >= 0 && rowCount() > 0)
        Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column), {Qt::DisplayRole, SortRole});
}

void ClusterTableModel::sourceColumnChanged(const ClusterColumnSource *source, const QList<int> &rows)
{
    const int column = columnOf(source);
    qsizetype start = 0;
    while (column >= 0 && start < rows.size()) {
        qsizetype end = start + 1;
        while (end < rows.size() && rows[end] == rows[end - 1] + 1)
            ++end;
        Q_EMIT dataChanged(index(rows[start], column), index(rows[end - 1], column), {Qt::DisplayRole, SortRole});
        start = end;
    }
}

bool ClusterTableModel::removeColumnAt(int column)
{
    if (column < fixedColumnCount() || column >= columnCount())
        return false;
    beginRemoveColumns(QModelIndex(), column, column);
    m_extraColumns.erase(m_extraColumns.begin() + (column - fixedColumnCount()));
    endRemoveColumns();
    return true;
}

int ClusterTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_store->profileCount();
}

int ClusterTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : fixedColumnCount() + int(m_extraColumns.size());
}

qint64 ClusterTableModel::now() const
{
    return m_now ? m_now : QDateTime::currentMSecsSinceEpoch();
}

const QString *ClusterTableModel::extraValue(const ExtraColumn &column, const FleetProfile &row, QString *scratch) const
{
    if (column.source)
        return column.source->value(row);
    const FieldText value = column.isLabel ? row.profile().metadata.labels.findText(column.key)
                                           : row.profile().propertyText(column.key);
    return value.text(scratch);
}

QVariant ClusterTableModel::data(const QModelIndex &index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole && role != HealthRole)
        return QVariant();
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return QVariant();
    const FleetProfile &row = m_store->profileAt(index.row());
    if (role == HealthRole)
        return int(row.health);
    const int column = index.column();
    if (column >= fixedColumnCount()) {
        QString scratch;
        const QString *value = extraValue(m_extraColumns[size_t(column - fixedColumnCount())], row, &scratch);
        if (role == SortRole)
            return extraSortValue(value);
        return role == Qt::DisplayRole && value ? QVariant(*value) : QVariant();
    }
    const FleetField &spec = fleetField(column);
    switch (role) {
    case Qt::DisplayRole:
        if (column == ClusterSetColumn && row.clusterSet.isEmpty())
            return noValueText(); // as the tree and the details say it
        return spec.text(row, m_store->hubName(row.hub), now());
    case SortRole:
        return spec.sortKey ? QVariant(spec.sortKey(row)) : QVariant(spec.text(row, m_store->hubName(row.hub), now()));
    default:
        break;
    }
    const QString tip = spec.cellToolTip ? spec.cellToolTip(row) : QString();
    return tip.isEmpty() ? QVariant() : QVariant(tip);
}

QVariant ClusterTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return QVariant();
    if (section >= fixedColumnCount()) {
        const ExtraColumn &extra = m_extraColumns[size_t(section - fixedColumnCount())];
        if (extra.source)
            return role == Qt::ToolTipRole ? extra.source->toolTip() : extra.source->header();
        if (role == Qt::ToolTipRole)
            return extra.isLabel ? tr("Label %1").arg(extra.key) : tr("Property %1").arg(extra.key);
        return extra.key;
    }
    const FleetField &spec = fleetField(section);
    return translatedFieldText(role == Qt::ToolTipRole ? spec.toolTip : spec.title);
}

} // namespace fleetscope
