#pragma once

#include "connect/membertarget.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <vector>

class QAction;
class QWidget;

class TestConnectDialog;

namespace fleetscope {

class ClusterActions;
class ClusterTableView;
class ConnectDialog;
class ConnectSession;
class FleetStore;
class RunDialog;

// What the dashboard does on the member clusters of the table: "Connect…" (the
// dashboard's `fleetscope connect`), "Run on selected…" and "Export kubeconfig…"
// (`fleetscope exec` and `fleetscope kubeconfig`). Connect opens the connect dialog
// for the selected clusters (or the current one); Enter on a row and the row
// context menu trigger it too. It keeps the sessions the dialog started so that
// their kubeconfigs live while they are used: a terminal's session removes its own
// file when it ends, the rest go when this object does (the dashboard quits). Run
// and Export use the selected clusters, or every cluster the table shows when none
// is selected.
class MemberActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberActions)

public:
    MemberActions(const FleetStore *store, ClusterTableView *table, ClusterActions *actions, QWidget *window);
    ~MemberActions() override; // removes the session files still here

    QAction *connectAction() const { return m_connect; }
    QAction *runAction() const { return m_run; }
    QAction *exportAction() const { return m_export; }

    // The clusters Run and Export work on now.
    QList<MemberTarget> targets() const;
    RunDialog *openRunDialog();
    // Writes a kubeconfig with a context per target (HUB/NAMESPACE/NAME) to `path`,
    // 0600. Returns the number of contexts; `message` says what was skipped or failed.
    int exportKubeconfig(const QString &path, QString *message) const;

private:
    friend class ::TestConnectDialog;
    // Connect sessions still kept (their kubeconfig still exists).
    int sessionCount();

    // Opens the connect dialog for the table's selection; null when nothing is selected.
    ConnectDialog *openConnectDialog();
    void updateConnectEnabled();
    void pruneEndedSessions();
    void askAndExport();

    const FleetStore *m_store;
    ClusterTableView *m_table;
    ClusterActions *m_actions;
    QWidget *m_window;
    QAction *m_connect;
    QAction *m_run;
    QAction *m_export;
    QPointer<RunDialog> m_dialog;
    std::vector<std::unique_ptr<ConnectSession>> m_sessions;
};

} // namespace fleetscope
