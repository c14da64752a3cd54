#pragma once

#include <QObject>

#include <memory>
#include <vector>

class QAction;
class QWidget;

namespace fleetscope {

class ClusterTableView;
class ConnectDialog;
class ConnectSession;
class FleetStore;

// The "Connect" action of the main window: for the selected clusters of the table
// (or the current one) it opens the connect dialog, and it keeps the sessions the
// dialog started so that their kubeconfigs live while they are used: a terminal's
// session removes its own file when it ends, the rest go when this object does
// (the dashboard quits). Enter on a row and the row context menu trigger it too.
class ConnectController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectController)

public:
    ConnectController(const FleetStore *store, ClusterTableView *table, QWidget *window);
    ~ConnectController() override; // removes the session files still here

    QAction *action() const { return m_action; }
    // Opens the dialog for the table's selection; null when nothing is selected.
    ConnectDialog *openDialog();
    // Sessions still kept (their kubeconfig still exists).
    int sessionCount();

private:
    void updateEnabled();
    void adoptSessions(ConnectDialog *dialog);
    void pruneEndedSessions();

    const FleetStore *m_store;
    ClusterTableView *m_table;
    QWidget *m_window;
    QAction *m_action;
    std::vector<std::unique_ptr<ConnectSession>> m_sessions;
};

} // namespace fleetscope
