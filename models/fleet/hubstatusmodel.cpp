#include "hubstatusmodel.h"

#include "fleet/fleetstore.h"

namespace fleetscope {

HubStatusModel::HubStatusModel(FleetStore *store, QObject *parent)
    : QAbstractListModel(parent)
    , m_store(store)
    , m_rows(store->hubCount())
{
    connect(store, &FleetStore::hubStatusChanged, this, [this](int hub) {
        if (hub >= m_rows) {
            // A hub added since: rows appear in order, once.
            beginInsertRows({}, m_rows, m_store->hubCount() - 1);
            m_rows = m_store->hubCount();
            endInsertRows();
            return;
        }
        emit dataChanged(index(hub), index(hub));
    });
}

int HubStatusModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

QVariant HubStatusModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HubStatus &status = m_store->hubStatus(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return QString(status.hub + QStringLiteral(": ") + status.summary());
    case Qt::ToolTipRole: {
        QStringList lines{status.summary()};
        if (!status.apiVersion.isEmpty())
            lines << tr("API: %1").arg(status.apiVersion);
        for (const QString &warning : status.warnings)
            lines << tr("Warning: %1").arg(warning);
        if (status.skippedObjects > 0)
            lines << tr("%n object(s) could not be read", nullptr, status.skippedObjects);
        return lines.join(u'\n');
    }
    case StateRole:
        return int(status.state);
    case SyncedRole:
        return status.synced;
    case HubNameRole:
        return status.hub;
    case ProgressRole:
        return status.received;
    case EstimatedTotalRole:
        return status.estimatedTotal;
    default:
        return {};
    }
}

QHash<int, QByteArray> HubStatusModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(StateRole, "state");
    names.insert(SyncedRole, "synced");
    names.insert(HubNameRole, "hubName");
    names.insert(ProgressRole, "progress");
    names.insert(EstimatedTotalRole, "estimatedTotal");
    return names;
}

} // namespace fleetscope
