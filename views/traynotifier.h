#pragma once

#include "history/healthchangewatcher.h"

#include <QObject>

class QSystemTrayIcon;

namespace fleetscope {

class FleetStore;
class SavedViewStore;

// Desktop notifications through the system tray: follows the saved views that
// ask for them (SavedView::notify) and shows the HealthChangeWatcher's grouped
// messages; clicking one asks the window to select those clusters. Without a
// system tray (or on the offscreen platform) it stays silent.
class TrayNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrayNotifier)

public:
    TrayNotifier(const FleetStore *store, SavedViewStore *views, QObject *parent = nullptr);
    ~TrayNotifier() override;

    HealthChangeWatcher *watcher() const { return m_watcher; }

signals:
    void selectClusters(const QList<fleetscope::ClusterId> &clusters);

private:
    void show(const QList<HealthNotification> &notifications);

    SavedViewStore *m_views;
    HealthChangeWatcher *m_watcher;
    QSystemTrayIcon *m_tray = nullptr;
    HealthNotification m_last;
};

} // namespace fleetscope
