#pragma once

#include "connect/membertarget.h"

#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace fleetscope {

class ClusterActions;
class ClusterTableView;
class FleetStore;
class RunDialog;

// "Run on selected…" and "Export kubeconfig…" for the clusters of the table: the
// dashboard's `fleetscope exec` and `fleetscope kubeconfig`. Both use the selected
// clusters, or every cluster the table shows when none is selected.
class MemberActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberActions)

public:
    MemberActions(const FleetStore *store, ClusterTableView *table, ClusterActions *actions, QWidget *window);

    QAction *runAction() const { return m_run; }
    QAction *exportAction() const { return m_export; }

    // The clusters the actions work on now.
    QList<MemberTarget> targets() const;
    RunDialog *openRunDialog();
    // Writes a kubeconfig with a context per target (HUB/NAMESPACE/NAME) to `path`,
    // 0600. Returns the number of contexts; `message` says what was skipped or failed.
    int exportKubeconfig(const QString &path, QString *message) const;

private:
    void askAndExport();

    const FleetStore *m_store;
    ClusterTableView *m_table;
    ClusterActions *m_actions;
    QWidget *m_window;
    QAction *m_run;
    QAction *m_export;
    QPointer<RunDialog> m_dialog;
};

} // namespace fleetscope
