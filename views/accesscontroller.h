#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;
class QProgressDialog;
class QWidget;

namespace fleetscope {

class AccessCheckBatch;
class AccessResults;
class AccessTransports;
class ClusterActions;
class FleetRowFilter;
class ClusterTableView;
class FleetStore;

// "Check access" in the dashboard: checks the selected clusters (or every cluster
// the table shows) the way `fleetscope doctor` does, with a progress dialog that
// can cancel, and keeps the results for the session in the Access column and the
// filter keys `access` and `versionMismatch`.
class AccessController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessController)

public:
    AccessController(FleetStore *store, FleetRowFilter *filter, ClusterTableView *table, ClusterActions *actions,
                     QWidget *window);
    ~AccessController() override;

    QAction *checkSelectedAction() const { return m_checkSelected; }
    QAction *checkShownAction() const { return m_checkShown; }
    AccessResults *results() const { return m_results; }
    // The members' transports, kept for the session: credentials are reused while valid.
    AccessTransports *transports() const { return m_transports; }

    // A provider file for this run only (the demo's, in its private runtime
    // folder): checks, Run and Connect use it instead of the connect setting,
    // and the person's saved choice stays as it was.
    static void setProviderFileOverride(const QString &path);
    static const QString &providerFileOverride();
    // The override, else the connect setting.
    static QString providerFile();

    // Checks these store rows; false when a check is already running or there is nothing to check.
    bool check(const QList<int> &storeRows);
    bool isRunning() const;
    void cancel();

signals:
    void finished();

private:
    void onFinished();
    void updateEnabled();

    // The window may own the store and delete it (as its first child) before us.
    QPointer<FleetStore> m_store;
    FleetRowFilter *m_filter;
    ClusterTableView *m_table;
    ClusterActions *m_actions;
    QWidget *m_window;
    AccessResults *m_results;
    AccessTransports *m_transports;
    QAction *m_checkSelected;
    QAction *m_checkShown;
    std::unique_ptr<AccessCheckBatch> m_batch;
    QPointer<QProgressDialog> m_progress;
};

} // namespace fleetscope
