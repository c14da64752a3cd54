#include "traynotifier.h"

#include "fleet/savedviewstore.h"

#include <QApplication>
#include <QIcon>
#include <QSystemTrayIcon>

namespace fleetscope {

TrayNotifier::TrayNotifier(const FleetStore *store, SavedViewStore *views, QObject *parent)
    : QObject(parent)
    , m_views(views)
    , m_watcher(new HealthChangeWatcher(store, this))
{
    if (views) {
        m_watcher->setViews(views->views());
        connect(views, &SavedViewStore::changed, this, [this] { m_watcher->setViews(m_views->views()); });
    }
    connect(m_watcher, &HealthChangeWatcher::notificationsReady, this, &TrayNotifier::show);
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(QIcon(QStringLiteral(":/icons/fleetscope.svg")), this);
        m_tray->setToolTip(tr("Fleetscope"));
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] {
            Q_EMIT selectClusters(m_last.clusters);
        });
        m_tray->show();
    }
}

TrayNotifier::~TrayNotifier() = default;

void TrayNotifier::show(const QList<HealthNotification> &notifications)
{
    if (notifications.isEmpty())
        return;
    // One balloon: the tray shows one message at a time, and a click selects what it names.
    HealthNotification combined = notifications.first();
    for (int i = 1; i < notifications.size(); ++i) {
        combined.title += QStringLiteral("; ") + notifications[i].title;
        for (const ClusterId &id : notifications[i].clusters) {
            if (!combined.clusters.contains(id))
                combined.clusters.append(id);
        }
    }
    m_last = combined;
    if (m_tray)
        m_tray->showMessage(combined.title, combined.text, QSystemTrayIcon::Warning, 10000);
}

} // namespace fleetscope
