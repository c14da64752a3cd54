#pragma once

#include "fleet/engine/hubselection.h"
#include "kube/inventoryprobe.h"
#include "kube/kubeconfigloader.h"

#include <QAbstractTableModel>
#include <QList>

namespace fleetscope {

// Every context of the kubeconfigs being looked at (the default one and files
// the user adds), one row each, with a checkbox (is it a hub?) and what an
// InventoryProbe found out: server, Inventory API versions, PlacementDecisions,
// ClusterProfiles, or the problem. Probes run in the background as files are
// added; rows are appended per file and removed per file, never reset.
// SortRole orders contexts that serve the API first (then file order, name).
class HubChoiceModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubChoiceModel)

public:
    enum Column { ContextColumn, ServerColumn, InventoryColumn, PlacementsColumn, ProfilesColumn, ProblemColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, KubeconfigRole };

    explicit HubChoiceModel(QObject *parent = nullptr);
    ~HubChoiceModel() override;

    // What HubChoice's empty kubeconfig means (--kubeconfig, else $KUBECONFIG or
    // ~/.kube/config: the engine's own rule).
    void setDefaultKubeconfig(const KubeconfigLoadOptions &options) { m_defaultLoad = options; }
    void setProbeTimeoutMs(int milliseconds) { m_probeTimeoutMs = milliseconds; }
    // Check, once probed, the contexts that serve the API and that nobody
    // checked or unchecked by hand (a first run).
    void setPreselectInventory(bool preselect) { m_preselect = preselect; }

    // Reads a kubeconfig ("" = the default) and probes each of its contexts.
    // False with `error` naming the file when it cannot be read or has no context.
    bool addKubeconfig(const QString &file, QString *error);
    void removeKubeconfig(const QString &file);
    QStringList kubeconfigs() const { return m_files; }
    // Files that were added, the default one left out (what is remembered).
    QStringList addedKubeconfigs() const;

    // Rows for the hubs watched now (checked) and removed earlier (unchecked) that
    // no kubeconfig read here lists: the demo's, or a file gone since. What the
    // engine knows of them stands in for a probe.
    void addWatchedHubs(const QList<WatchedHub> &hubs);
    void setChosen(const QList<HubChoice> &hubs);
    QList<HubChoice> chosen() const;
    const InventoryProbeResult &resultAt(int row) const { return m_rows.at(row).result; }
    int probesRunning() const { return m_running; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // Every probe started so far has answered.
    void probesFinished();

private:
    struct Row
    {
        QString kubeconfig;
        InventoryProbeResult result;
        bool checked = false;
        bool touched = false; // checked or unchecked by the user
        bool current = false; // the kubeconfig's current-context
        QString source;       // how the kubeconfig is named (empty: the file or the default)
        InventoryProbe *probe = nullptr;
    };

    void onProbeFinished(InventoryProbe *probe, const InventoryProbeResult &result);

    KubeconfigLoadOptions m_defaultLoad;
    QStringList m_files;
    QList<Row> m_rows;
    int m_running = 0;
    int m_probeTimeoutMs = InventoryProbe::defaultTimeoutMs;
    bool m_preselect = false;
};

} // namespace fleetscope
