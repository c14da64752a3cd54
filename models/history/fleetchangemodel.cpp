#include "fleetchangemodel.h"

#include <QCoreApplication>
#include <QDateTime>

namespace fleetscope {

FleetChangeModel::FleetChangeModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FleetChangeModel::setChanges(const QList<FleetChange> &changes)
{
    beginResetModel();
    m_changes = changes;
    endResetModel();
}

qint64 FleetChangeModel::momentOf(const FleetChange &change)
{
    return change.kind == FleetChange::Kind::Left ? change.at - 1 : change.at;
}

QString FleetChangeModel::kindName(FleetChange::Kind kind)
{
    switch (kind) {
    case FleetChange::Kind::Appeared:
        return QCoreApplication::translate("TimeTravel", "appeared");
    case FleetChange::Kind::Left:
        return QCoreApplication::translate("TimeTravel", "left");
    case FleetChange::Kind::Health:
        return QCoreApplication::translate("TimeTravel", "health");
    case FleetChange::Kind::Placement:
        return QCoreApplication::translate("TimeTravel", "placement");
    }
    return QString();
}

QString FleetChangeModel::detail(const FleetChange &c)
{
    switch (c.kind) {
    case FleetChange::Kind::Appeared:
        return healthName(c.to);
    case FleetChange::Kind::Left:
        return QString();
    case FleetChange::Kind::Health:
        return QCoreApplication::translate("TimeTravel", "%1 → %2: %3").arg(healthName(c.from), healthName(c.to), c.reason);
    case FleetChange::Kind::Placement: {
        QStringList parts;
        if (!c.added.isEmpty())
            parts << QCoreApplication::translate("TimeTravel", "added %1").arg(c.added.join(QStringLiteral(", ")));
        if (!c.dropped.isEmpty())
            parts << QCoreApplication::translate("TimeTravel", "dropped %1").arg(c.dropped.join(QStringLiteral(", ")));
        return parts.join(QStringLiteral("; "));
    }
    }
    return QString();
}

int FleetChangeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_changes.size());
}

int FleetChangeModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FleetChangeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_changes.size())
        return {};
    const FleetChange &c = m_changes.at(index.row());
    if (role == MomentRole)
        return momentOf(c);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case TimeColumn:
        return QDateTime::fromMSecsSinceEpoch(c.at).toString(role == Qt::ToolTipRole
                                                                 ? QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz t")
                                                                 : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case HubColumn:
        return c.hub;
    case ClusterColumn:
        return QString(c.namespaceName + u'/' + c.name);
    case ChangeColumn:
        return kindName(c.kind);
    case DetailColumn:
        return detail(c);
    }
    return {};
}

QVariant FleetChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return QCoreApplication::translate("TimeTravel", "Time");
    case HubColumn:
        return QCoreApplication::translate("TimeTravel", "Hub");
    case ClusterColumn:
        return QCoreApplication::translate("TimeTravel", "Cluster");
    case ChangeColumn:
        return QCoreApplication::translate("TimeTravel", "Change");
    case DetailColumn:
        return QCoreApplication::translate("TimeTravel", "Detail");
    }
    return {};
}

} // namespace fleetscope
