#pragma once

#include "api/clusterfacts.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/savedviews/savedview.h"
#include "historytypes.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <functional>

class QTimer;

class TstHealthChangeWatcher;
class TestHubRemoval;

namespace fleetscope {

class FleetStore;

// One grouped desktop notification: "7 clusters in prod became unhealthy".
struct HealthNotification
{
    QString viewName;
    QString title;
    QString text;
    QList<ClusterId> clusters;
};

// Watches ControlPlaneHealthy and Joined of the clusters matching the saved
// views that ask for notifications, and groups what changed per view and
// direction into a few notifications, debounced so that a burst is one message.
//
// Quiet while a hub is not live and for a settle time after it becomes live
// again: the initial sync and a relist report the fleet as it is, not what
// changed, so they only update what is remembered.
class HealthChangeWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthChangeWatcher)

public:
    explicit HealthChangeWatcher(const FleetStore *store, QObject *parent = nullptr);
    ~HealthChangeWatcher() override;

    // Only views with notify set are watched; their filters are compiled here
    // (a view whose filter no longer compiles is skipped).
    void setViews(const QList<SavedView> &views);
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    // Sends what is pending now (tests; the debounce timer otherwise).
    void flush();

signals:
    void notificationsReady(const QList<fleetscope::HealthNotification> &notifications);

private:
    friend class ::TstHealthChangeWatcher;
    friend class ::TestHubRemoval;
    int watchedViewCount() const { return int(m_views.size()); }
    // Clusters whose last health is remembered: the fleet's, not every cluster
    // ever seen (a fleet that churns through names does not grow it).
    qsizetype rememberedCount() const { return m_last.size(); }
    void setDebounceMs(int ms);
    void setSettleMs(qint64 ms) { m_settleMs = ms; }

    enum class Change : quint8 { BecameUnhealthy, Recovered, BecameUnknown };
    struct View
    {
        QString name;
        FleetFilter filter;
    };
    struct Pending
    {
        QString view;
        Change change;
        QList<ClusterId> clusters;
    };

    void onProfilesUpdated(const QList<int> &rows);
    void onHubStatusChanged(int hub);
    void onHubRemoved(int hub);
    void onProfilesDeleting(const QList<FleetProfile> &gone);
    bool quiet(int hub) const;
    qint64 now() const;

    const FleetStore *m_store;
    QList<View> m_views;
    QHash<ClusterId, Health> m_last; // by the health rules, as the table shows it
    QHash<int, qint64> m_liveSince; // hub → when it (re)became live; absent: not live
    QList<Pending> m_pending;
    QTimer *m_debounce;
    qint64 m_settleMs = 10000;
    std::function<qint64()> m_clock;
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::HealthNotification)
