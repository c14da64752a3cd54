#include "hubstatusmodel.h"

#include "fleet/store/fleetstore.h"

#include <algorithm>

namespace fleetscope {

HubStatusModel::HubStatusModel(FleetStore *store, QObject *parent)
    : QAbstractListModel(parent)
    , m_store(store)
    , m_hubs(store->activeHubs())
{
    connect(store, &FleetStore::hubStatusChanged, this, &HubStatusModel::onHubStatusChanged);
    connect(store, &FleetStore::hubRemoved, this, &HubStatusModel::onHubRemoved);
    m_clock.start();
    m_countdown.setInterval(countdownIntervalMs);
    connect(&m_countdown, &QTimer::timeout, this, &HubStatusModel::countDown);
    for (int hub : std::as_const(m_hubs)) {
        m_statusAt.insert(hub, m_clock.elapsed());
        if (m_store->hubStatus(hub).retryInMs >= 0)
            m_countdown.start();
    }
}

HubStatus HubStatusModel::statusNow(int hub) const
{
    HubStatus status = m_store->hubStatus(hub);
    if (status.retryInMs >= 0)
        status.retryInMs = std::max<qint64>(0, status.retryInMs - (m_clock.elapsed() - m_statusAt.value(hub, m_clock.elapsed())));
    return status;
}

void HubStatusModel::countDown()
{
    bool waiting = false;
    for (int row = 0; row < m_hubs.size(); ++row) {
        const int hub = m_hubs.at(row);
        const HubStatus status = statusNow(hub);
        if (status.retryInMs < 0)
            continue;
        waiting = true;
        // Only when the text changes: a chip is laid out again for each change.
        QString summary = status.summary();
        if (m_shown.value(hub) != summary) {
            m_shown.insert(hub, std::move(summary));
            emit dataChanged(index(row), index(row), {Qt::DisplayRole, Qt::ToolTipRole, SummaryRole});
        }
    }
    if (!waiting)
        m_countdown.stop();
}

void HubStatusModel::onHubStatusChanged(int hub)
{
    m_statusAt.insert(hub, m_clock.elapsed());
    m_shown.remove(hub);
    if (m_store->hubStatus(hub).retryInMs >= 0 && !m_countdown.isActive())
        m_countdown.start();
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
    m_statusAt.remove(hub);
    m_shown.remove(hub);
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
    const HubStatus status = statusNow(hub);
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
