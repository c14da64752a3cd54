#include "healthchangewatcher.h"

#include "fleet/store/fleetstore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

namespace fleetscope {

HealthChangeWatcher::HealthChangeWatcher(const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_debounce(new QTimer(this))
{
    qRegisterMetaType<QList<fleetscope::HealthNotification>>();
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(5000);
    connect(m_debounce, &QTimer::timeout, this, &HealthChangeWatcher::flush);
    connect(store, &FleetStore::profilesUpdated, this, &HealthChangeWatcher::onProfilesUpdated);
    connect(store, &FleetStore::hubStatusChanged, this, &HealthChangeWatcher::onHubStatusChanged);
    connect(store, &FleetStore::hubRemoved, this, &HealthChangeWatcher::onHubRemoved);
    connect(store, &FleetStore::profilesDeleting, this, &HealthChangeWatcher::onProfilesDeleting);
    // While the rows show a recorded moment their changes are no news; back on
    // the live fleet, what it holds now is the state to compare with, silently.
    connect(store, &FleetStore::showingPastChanged, this, [this](bool past) {
        if (past)
            return;
        m_last.clear();
        for (const FleetProfile &p : m_store->profiles())
            m_last.insert(ClusterId{m_store->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name},
                          p.health);
    });
    // New rules change verdicts, not clusters: what they say now is the new normal.
    connect(store, &FleetStore::healthRulesReapplied, this, [this] {
        for (int row = 0; row < m_store->profileCount(); ++row) {
            const FleetProfile &p = m_store->profileAt(row);
            const ClusterId id{m_store->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name};
            if (const auto it = m_last.find(id); it != m_last.end())
                *it = p.health;
        }
    });
    for (int hub = 0; hub < store->hubCount(); ++hub)
        onHubStatusChanged(hub);
}

HealthChangeWatcher::~HealthChangeWatcher() = default;

void HealthChangeWatcher::setDebounceMs(int ms)
{
    m_debounce->setInterval(ms);
}

qint64 HealthChangeWatcher::now() const
{
    return m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
}

void HealthChangeWatcher::setViews(const QList<SavedView> &views)
{
    m_views.clear();
    for (const SavedView &view : views) {
        if (!view.notify)
            continue;
        FilterError error;
        FleetFilter filter = FleetFilter::compile(view.filter, &error);
        if (error.isError())
            continue;
        m_views.append({view.name, filter});
    }
}

void HealthChangeWatcher::onHubStatusChanged(int hub)
{
    const HubStatus &status = m_store->hubStatus(hub);
    const bool live = status.synced && status.state == HubStatus::State::Live;
    if (!live)
        m_liveSince.remove(hub);
    else if (!m_liveSince.contains(hub))
        m_liveSince.insert(hub, now());
}

void HealthChangeWatcher::onHubRemoved(int hub)
{
    // Its clusters are no longer watched: nothing about them is news any more,
    // and if the hub comes back its first sync is not news either.
    m_liveSince.remove(hub);
    const QString name = m_store->hubName(hub);
    m_last.removeIf([&name](QHash<ClusterId, Health>::iterator it) { return it.key().hub == name; });
    for (Pending &pending : m_pending)
        pending.clusters.removeIf([&name](const ClusterId &id) { return id.hub == name; });
    m_pending.removeIf([](const Pending &pending) { return pending.clusters.isEmpty(); });
    if (m_pending.isEmpty())
        m_debounce->stop();
}

void HealthChangeWatcher::onProfilesDeleting(const QList<FleetProfile> &gone)
{
    if (m_store->isShowingPast())
        return;
    // A deleted cluster is forgotten: one that comes back under its name is a
    // first sight, not a change.
    for (const FleetProfile &p : gone)
        m_last.remove(ClusterId{m_store->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name});
}

bool HealthChangeWatcher::quiet(int hub) const
{
    const auto it = m_liveSince.constFind(hub);
    return it == m_liveSince.constEnd() || now() - *it < m_settleMs;
}

void HealthChangeWatcher::onProfilesUpdated(const QList<int> &rows)
{
    if (m_store->isShowingPast())
        return;
    for (const int row : rows) {
        const FleetProfile &p = m_store->profileAt(row);
        const ClusterProfile &profile = p.profile();
        const ClusterId id{m_store->hubName(p.hub), profile.metadata.namespaceName, profile.metadata.name};
        const auto it = m_last.find(id);
        const bool known = it != m_last.end();
        const Health before = known ? *it : p.health;
        m_last.insert(id, p.health);
        if (!known || before == p.health || quiet(p.hub) || m_views.isEmpty())
            continue;
        Change change;
        if (p.health == Health::Unhealthy)
            change = Change::BecameUnhealthy;
        else if (p.health == Health::Healthy)
            change = Change::Recovered;
        else if (p.health == Health::Unknown)
            change = Change::BecameUnknown;
        else
            continue; // a producer that stopped reporting is no alarm
        for (const View &view : std::as_const(m_views)) {
            if (!view.filter.matches(p, m_store))
                continue;
            Pending *group = nullptr;
            for (Pending &pending : m_pending) {
                if (pending.view == view.name && pending.change == change)
                    group = &pending;
            }
            if (!group) {
                m_pending.append({view.name, change, {}});
                group = &m_pending.last();
            }
            if (!group->clusters.contains(id))
                group->clusters.append(id);
        }
        if (!m_pending.isEmpty() && !m_debounce->isActive())
            m_debounce->start();
    }
}

void HealthChangeWatcher::flush()
{
    m_debounce->stop();
    if (m_pending.isEmpty())
        return;
    QList<HealthNotification> notifications;
    for (const Pending &pending : std::as_const(m_pending)) {
        HealthNotification n;
        n.viewName = pending.view;
        n.clusters = pending.clusters;
        const int count = int(pending.clusters.size());
        switch (pending.change) {
        case Change::BecameUnhealthy:
            n.title = QCoreApplication::translate("Notifications", "%n cluster(s) in %1 became unhealthy", nullptr, count)
                          .arg(pending.view);
            break;
        case Change::Recovered:
            n.title = QCoreApplication::translate("Notifications", "%n cluster(s) in %1 recovered", nullptr, count)
                          .arg(pending.view);
            break;
        case Change::BecameUnknown:
            n.title = QCoreApplication::translate("Notifications", "%n cluster(s) in %1 became unknown", nullptr, count)
                          .arg(pending.view);
            break;
        }
        QStringList names;
        for (const ClusterId &id : pending.clusters.mid(0, 5))
            names << id.name;
        n.text = names.join(QStringLiteral(", "));
        if (count > 5)
            n.text += QCoreApplication::translate("Notifications", " and %n more", nullptr, count - 5);
        notifications.append(n);
    }
    m_pending.clear();
    Q_EMIT notificationsReady(notifications);
}

} // namespace fleetscope
