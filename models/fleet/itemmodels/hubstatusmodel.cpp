#include "hubstatusmodel.h"

#include "fleet/store/fleetstore.h"

namespace fleetscope {

HubStatusModel::HubStatusModel(FleetStore *store, QObject *parent)
    : QAbstractListModel(parent)
    , m_store(store)
    , m_hubs(store->activeHubs())
{
    connect(store, &FleetStore::hubStatusChanged, this, &HubStatusModel::onHubStatusChanged);
    connect(store, &FleetStore::hubRemoved, this, &HubStatusModel::onHubRemoved);
}

void HubStatusModel::onHubStatusChanged(int hub)
{
    const int row = rowOfHub(hub);
    if (row >= 0) {
        emit dataChanged(index(row), index(row));
        return;
    }
    if (!m_store->isHubActive(hub))
        return;
    // A hub added (or added back) since: it goes last, like a new chip.
    const int last = int(m_hubs.size());
    beginInsertRows({}, last, last);
    m_hubs.append(hub);
    endInsertRows();
}

void HubStatusModel::onHubRemoved(int hub)
{
    const int row = rowOfHub(hub);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_hubs.removeAt(row);
    endRemoveRows();
}

int HubStatusModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hubs.size());
}

QVariant HubStatusModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int hub = m_hubs.at(index.row());
    const HubStatus &status = m_store->hubStatus(hub);
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
    case HubNameRole:
        return status.hub;
    case SummaryRole:
        return status.summary();
    case HubIndexRole:
        return hub;
    default:
        return {};
    }
}

} // namespace fleetscope
