#pragma once

#include "fleet/engine/hubselection.h"
#include "kube/kubeconfigloader.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;

namespace fleetscope {

class HubChoiceModel;
class SortFilterProxy;

// File → Hubs…: every context of the kubeconfig in use and of the files the
// user adds, each with a checkbox and what a background probe found (does it
// serve the Cluster Inventory API, which versions, PlacementDecisions, how many
// ClusterProfiles, or why not), and every hub watched now whatever its source
// (checked) or removed earlier in this session. Contexts that serve the API come
// first. Apply hands back what the person changed; the caller applies only that.
class HubsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubsDialog)

public:
    // `files`: kubeconfig files added before; `watched`: the engine's hubs. With
    // `preselect` (a first run), contexts that serve the API are checked as
    // their probes answer.
    HubsDialog(const KubeconfigLoadOptions &defaultKubeconfig, const QStringList &files, const QList<WatchedHub> &watched,
               bool preselect, QWidget *parent = nullptr);
    ~HubsDialog() override;

    HubChoiceModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    // The files and contexts chosen (saved = true).
    HubSelection selection() const;
    // What the person changed: hubs watched before and now unchecked, and hubs
    // checked that were not watched.
    QList<HubChoice> removedHubs() const;
    QList<HubChoice> addedHubs() const;
    // Adds a kubeconfig file as "Add kubeconfig file…" does, without the file picker.
    bool addKubeconfigFile(const QString &path);
    QString statusText() const;

private:
    void chooseKubeconfigFile();
    void removeSelectedFile();
    void updateStatus();

    HubChoiceModel *m_model;
    SortFilterProxy *m_sorted;
    QTableView *m_view;
    QLabel *m_status;
    QLabel *m_errors;
    QPushButton *m_removeFile;
    QPushButton *m_ok;
    QList<HubChoice> m_watched;
};

} // namespace fleetscope
