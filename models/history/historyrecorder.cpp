#include "historyrecorder.h"

#include "fleet/store/fleetstore.h"
#include "historystore.h"

#include <QDateTime>

#include <algorithm>

namespace fleetscope {

HistoryRecorder::HistoryRecorder(const FleetStore *fleet, HistoryStore *history, QObject *parent)
    : QObject(parent)
    , m_fleet(fleet)
    , m_history(history)
{
    follow(fleet);
    for (int hub = 0; hub < fleet->hubCount(); ++hub)
        onHubStatusChanged(hub);
}

void HistoryRecorder::follow(const FleetStore *fleet)
{
    m_connections << connect(fleet, &FleetStore::profilesUpdated, this, &HistoryRecorder::onProfilesUpdated);
    m_connections << connect(fleet, &FleetStore::hubStatusChanged, this, &HistoryRecorder::onHubStatusChanged);
    // A removed hub is no longer watched: its timelines are hatched from now on,
    // and its clusters were not deleted, so their lanes do not end.
    m_connections << connect(fleet, &FleetStore::hubRemoved, this, [this](int hub) {
        const QString name = m_fleet->hubName(hub);
        m_namespaces.remove(hub);
        m_listed.remove(name);
        if (m_watching.remove(name))
            m_history->endCoverage(name, now());
    });
    m_connections << connect(fleet, &FleetStore::placementsChanged, this, [this](int hub) {
        if (recordsFleet(hub))
            observePlacements(hub);
    });
    // Namespaces come with deltas: their labels may name the clusterset.
    m_connections << connect(fleet, &FleetStore::deltaApplied, this, [this](int hub) {
        if (recordsFleet(hub))
            observeNamespaces(hub, false);
    });
    // A deleted profile reports no conditions any more: its lanes end, and it
    // leaves the fleet health counts instead of staying there as last seen.
    m_connections << connect(fleet, &FleetStore::profilesDeleting, this, [this](const QList<FleetProfile> &gone) {
        const qint64 at = now();
        QList<ClusterObservation> observations;
        for (const FleetProfile &p : gone) {
            ClusterObservation o;
            o.cluster = {m_fleet->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name};
            o.memberId = p.memberId;
            o.observedAt = at;
            o.fleet = recordsFleet(p.hub);
            observations.append(std::move(o));
        }
        if (!observations.isEmpty())
            m_history->observe(observations);
    });
}

void HistoryRecorder::setFleet(const FleetStore *fleet)
{
    if (fleet == m_fleet)
        return;
    for (const QMetaObject::Connection &connection : std::as_const(m_connections))
        disconnect(connection);
    m_connections.clear();
    m_fleet = fleet;
    follow(fleet);
}

HistoryRecorder::~HistoryRecorder()
{
    const qint64 at = now();
    for (const QString &hub : std::as_const(m_watching))
        m_history->endCoverage(hub, at);
}

bool HistoryRecorder::watching(int hub) const
{
    return m_watching.contains(m_fleet->hubName(hub));
}

bool HistoryRecorder::recordsFleet(int hub) const
{
    return m_listed.contains(m_fleet->hubName(hub));
}

qint64 HistoryRecorder::now() const
{
    return m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
}

void HistoryRecorder::observeAll()
{
    QList<int> rows;
    rows.reserve(m_fleet->profileCount());
    for (int row = 0; row < m_fleet->profileCount(); ++row)
        rows.append(row);
    onProfilesUpdated(rows);
    for (int hub = 0; hub < m_fleet->hubCount(); ++hub) {
        if (m_fleet->isHubActive(hub) && recordsFleet(hub)) {
            observeNamespaces(hub, true);
            observePlacements(hub);
        }
    }
}

void HistoryRecorder::observeNamespaces(int hub, bool always)
{
    QList<NamespacePtr> namespaces = m_fleet->namespaces(hub);
    std::sort(namespaces.begin(), namespaces.end());
    QList<NamespacePtr> &sent = m_namespaces[hub];
    if (!always && namespaces == sent)
        return;
    sent = namespaces;
    m_history->observeNamespaces(m_fleet->hubName(hub), namespaces, now());
}

void HistoryRecorder::observePlacements(int hub)
{
    m_history->observePlacements(m_fleet->hubName(hub), m_fleet->placements(hub), now());
}

void HistoryRecorder::onProfilesUpdated(const QList<int> &rows)
{
    const qint64 at = now();
    QList<ClusterObservation> observations;
    observations.reserve(rows.size());
    for (const int row : rows) {
        const FleetProfile &p = m_fleet->profileAt(row);
        ClusterObservation o;
        o.cluster = {m_fleet->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name};
        o.memberId = p.memberId;
        o.observedAt = at;
        o.conditions = p.profile().conditions; // implicitly shared: no copy
        if (recordsFleet(p.hub)) {
            o.fleet = true;
            o.record = p.record;
        }
        observations.append(std::move(o));
    }
    if (!observations.isEmpty())
        m_history->observe(observations);
}

void HistoryRecorder::onHubStatusChanged(int hub)
{
    const HubStatus &status = m_fleet->hubStatus(hub);
    // Listing counts as watching (the watch resumes from the list, and a relist
    // diffs whatever changed meanwhile); while reconnecting or failing nothing is
    // followed, and a timeline must say so.
    const bool watching = status.state == HubStatus::State::Live || status.state == HubStatus::State::Syncing;
    const QString name = m_fleet->hubName(hub);
    if (watching && !m_watching.contains(name)) {
        m_watching.insert(name);
        m_history->beginCoverage(name, now());
    } else if (!watching && m_watching.contains(name)) {
        m_watching.remove(name);
        m_listed.remove(name);
        m_history->endCoverage(name, now());
    }
    if (watching && status.synced && !m_listed.contains(name))
        startFleetRecord(hub);
}

void HistoryRecorder::startFleetRecord(int hub)
{
    // The fleet log begins with the whole hub at one moment (its rows, namespaces
    // and placements as listed), so that the earliest moment time travel offers
    // shows the fleet, not the instants while its list was still coming.
    m_listed.insert(m_fleet->hubName(hub));
    QList<int> rows;
    for (int row = 0; row < m_fleet->profileCount(); ++row) {
        if (m_fleet->profileAt(row).hub == hub)
            rows.append(row);
    }
    onProfilesUpdated(rows);
    observeNamespaces(hub, true);
    observePlacements(hub);
}

} // namespace fleetscope
