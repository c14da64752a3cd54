#include "hubchoicemodel.h"

#include "fleet/engine/fleetengine.h"

#include <QLocale>

#include <algorithm>

namespace fleetscope {

HubChoiceModel::HubChoiceModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

HubChoiceModel::~HubChoiceModel() = default;

bool HubChoiceModel::addKubeconfig(const QString &file, QString *error)
{
    if (m_files.contains(file))
        return true;
    KubeconfigLoadOptions load = m_defaultLoad;
    if (!file.isEmpty()) {
        load = KubeconfigLoadOptions();
        load.explicitPath = file;
    }
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(load);
    if (!loaded.ok()) {
        *error = loaded.error;
        return false;
    }
    const QStringList contexts = loaded.config.contextNames();
    if (contexts.isEmpty()) {
        *error = tr("%1: no contexts").arg(file.isEmpty() ? tr("the default kubeconfig") : file);
        return false;
    }
    m_files.append(file);
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(contexts.size()) - 1);
    for (const QString &context : contexts) {
        Row row;
        row.kubeconfig = file;
        row.current = context == loaded.config.currentContext;
        row.result.context = context;
        HubSettings settings;
        QString problem;
        if (!hubSettingsForContext(loaded.config, context, &settings, &problem)) {
            row.result.problem = InventoryProbeResult::Problem::Configuration;
            row.result.error = problem;
            row.result.done = true;
        } else {
            row.result.server = QUrl(settings.cluster.server).toString(QUrl::RemoveUserInfo);
            row.probe = new InventoryProbe(context, settings.cluster, settings.user, settings.contextNamespace, this);
            row.probe->setTimeoutMs(m_probeTimeoutMs);
            InventoryProbe *probe = row.probe;
            connect(probe, &InventoryProbe::finished, this,
                    [this, probe](const InventoryProbeResult &result) { onProbeFinished(probe, result); });
            ++m_running;
        }
        m_rows.append(row);
    }
    endInsertRows();
    // Started after the rows exist: a probe answers from the event loop, never inside this call.
    for (int i = first; i < m_rows.size(); ++i) {
        if (m_rows[i].probe)
            m_rows[i].probe->start();
    }
    if (m_running == 0)
        QMetaObject::invokeMethod(this, &HubChoiceModel::probesFinished, Qt::QueuedConnection);
    return true;
}

void HubChoiceModel::removeKubeconfig(const QString &file)
{
    if (!m_files.removeOne(file))
        return;
    // A file's rows are contiguous (appended together); rows of watched hubs that
    // the file no longer lists are not the file's and stay.
    int first = -1;
    int last = -1;
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].kubeconfig == file && m_rows[i].source.isEmpty()) {
            first = first < 0 ? i : first;
            last = i;
        }
    }
    if (first < 0)
        return;
    beginRemoveRows({}, first, last);
    for (int i = first; i <= last; ++i) {
        if (InventoryProbe *probe = m_rows[i].probe) {
            probe->disconnect(this);
            probe->deleteLater();
            --m_running;
        }
    }
    m_rows.remove(first, last - first + 1);
    endRemoveRows();
    if (m_running == 0)
        emit probesFinished();
}

QStringList HubChoiceModel::addedKubeconfigs() const
{
    QStringList files = m_files;
    files.removeAll(QString());
    return files;
}

void HubChoiceModel::onProbeFinished(InventoryProbe *probe, const InventoryProbeResult &result)
{
    for (int i = 0; i < m_rows.size(); ++i) {
        Row &row = m_rows[i];
        if (row.probe != probe)
            continue;
        row.probe = nullptr;
        row.result = result;
        if (m_preselect && !row.touched && result.inventory)
            row.checked = true;
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
        break;
    }
    probe->deleteLater();
    if (--m_running == 0)
        emit probesFinished();
}

void HubChoiceModel::addWatchedHubs(const QList<WatchedHub> &hubs)
{
    QList<Row> rows;
    for (const WatchedHub &hub : hubs) {
        const bool listed = std::any_of(m_rows.cbegin(), m_rows.cend(), [&hub](const Row &row) {
            return row.kubeconfig == hub.choice.kubeconfig && row.result.context == hub.choice.context;
        });
        if (listed)
            continue;
        Row row;
        row.kubeconfig = hub.choice.kubeconfig;
        row.source = hub.source;
        row.checked = hub.watched;
        row.touched = true;
        row.result.context = hub.choice.context;
        row.result.server = hub.server;
        row.result.inventory = !hub.apiVersion.isEmpty();
        if (!hub.apiVersion.isEmpty())
            row.result.versions = {hub.apiVersion.section(u'/', -1)};
        row.result.profiles = hub.profiles;
        row.result.placements = hub.placements;
        // The Problem column: nothing for a hub that is live, its state for one that is not.
        row.result.error = !hub.watched ? tr("removed in this session; check to watch it again")
            : hub.healthy               ? QString()
                                        : hub.state;
        row.result.done = true;
        rows.append(row);
    }
    if (rows.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows.size()) - 1);
    m_rows.append(rows);
    endInsertRows();
}

void HubChoiceModel::setChosen(const QList<HubChoice> &hubs)
{
    for (int i = 0; i < m_rows.size(); ++i) {
        Row &row = m_rows[i];
        const bool checked = hubs.contains(HubChoice{row.kubeconfig, row.result.context});
        if (checked != row.checked) {
            row.checked = checked;
            emit dataChanged(index(i, ContextColumn), index(i, ContextColumn), {Qt::CheckStateRole});
        }
        row.touched = row.touched || checked; // a chosen hub is not second-guessed
    }
}

QList<HubChoice> HubChoiceModel::chosen() const
{
    QList<HubChoice> hubs;
    for (const Row &row : m_rows) {
        if (row.checked)
            hubs.append({row.kubeconfig, row.result.context});
    }
    return hubs;
}

int HubChoiceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HubChoiceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HubChoiceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const InventoryProbeResult &r = row.result;
    switch (role) {
    case Qt::CheckStateRole:
        return index.column() == ContextColumn ? QVariant(row.checked ? Qt::Checked : Qt::Unchecked) : QVariant();
    case SortRole:
        // Serving contexts first, then as the files list them.
        return QString(QLatin1Char(r.inventory ? '0' : '1') + QString::number(index.row()).rightJustified(6, u'0'));
    case KubeconfigRole:
        return row.kubeconfig;
    case Qt::ToolTipRole:
        if (index.column() == ContextColumn) {
            const QString source = !row.source.isEmpty() ? row.source
                : row.kubeconfig.isEmpty()                ? tr("the default kubeconfig")
                                                          : row.kubeconfig;
            return tr("Kubeconfig: %1").arg(source);
        }
        if (index.column() == ProblemColumn && !r.error.isEmpty())
            return r.error;
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (Column(index.column())) {
    case ContextColumn:
        return row.current ? tr("%1 (current)").arg(r.context) : r.context;
    case ServerColumn:
        return r.server;
    case InventoryColumn:
        return !r.done ? tr("Probing…") : !r.inventory ? tr("No") : tr("Yes (%1)").arg(r.versions.join(QStringLiteral(", ")));
    case PlacementsColumn:
        return !r.done || !r.inventory ? QString() : r.placements ? tr("Yes") : tr("No");
    case ProfilesColumn:
        return r.profiles >= 0 ? QLocale().toString(r.profiles) : QString();
    case ProblemColumn:
        if (r.problem == InventoryProbeResult::Problem::None)
            return r.error;
        return QString(InventoryProbeResult::problemName(r.problem) + QStringLiteral(": ") + r.error);
    case ColumnCount:
        break;
    }
    return {};
}

bool HubChoiceModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || index.column() != ContextColumn
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    Row &row = m_rows[index.row()];
    row.checked = value.toInt() == Qt::Checked;
    row.touched = true;
    emit dataChanged(index, index, {Qt::CheckStateRole});
    return true;
}

Qt::ItemFlags HubChoiceModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ContextColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant HubChoiceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char *const titles[ColumnCount] = {QT_TR_NOOP("Context"),  QT_TR_NOOP("Server"),   QT_TR_NOOP("Inventory API"),
                                                    QT_TR_NOOP("Placements"), QT_TR_NOOP("Profiles"), QT_TR_NOOP("Problem")};
    return section >= 0 && section < ColumnCount ? tr(titles[section]) : QVariant();
}

} // namespace fleetscope
