#include "timetravel.h"

#include "fleettimemachine.h"
#include "historyrecorder.h"

#include "fleet/store/fleetstore.h"
#include "fleet/store/storefeeder.h"

#include <QHash>

namespace fleetscope {

TimeTravel::TimeTravel(FleetStore *store, StoreFeeder *feeder, HistoryRecorder *recorder, FleetTimeMachine *machine,
                       QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_feeder(feeder)
    , m_recorder(recorder)
    , m_machine(machine)
{
    connect(machine, &FleetTimeMachine::momentReady, this, [this](const FleetMoment &moment, const QString &error) {
        // An answer for a moment asked before "now" was chosen comes too late.
        if (m_requested == 0)
            return;
        if (!error.isEmpty()) {
            Q_EMIT failed(error);
            return;
        }
        apply(moment);
    });
}

TimeTravel::~TimeTravel()
{
    showLive();
}

QStringList TimeTravel::hubs() const
{
    QStringList names;
    for (const int hub : m_store->activeHubs())
        names << m_store->hubName(hub);
    return names;
}

void TimeTravel::showMoment(qint64 at)
{
    m_requested = at;
    m_machine->requestMoment(hubs(), at);
}

void TimeTravel::enterPast()
{
    // The live fleet moves to a store of its own, with the same hubs at the same
    // indices (the feeder and the engine name hubs by index).
    m_live = std::make_unique<FleetStore>();
    for (int hub = 0; hub < m_store->hubCount(); ++hub) {
        m_live->addHub(m_store->hubName(hub));
        if (!m_store->isHubActive(hub)) {
            m_live->removeHub(hub);
            continue;
        }
        HubDelta delta;
        delta.upsertedNamespaces = m_store->namespaces(hub);
        delta.upsertedPlacements = m_store->placements(hub);
        m_live->applyDelta(hub, delta);
        m_live->setHubStatus(hub, m_store->hubStatus(hub));
    }
    QHash<int, HubDelta> profiles;
    for (const FleetProfile &p : m_store->profiles())
        profiles[p.hub].upsertedProfiles.append(p.record);
    for (auto it = profiles.cbegin(); it != profiles.cend(); ++it)
        m_live->applyDelta(it.key(), *it);
    // Hubs the engine adds or removes meanwhile are the live fleet's too.
    m_mirror << connect(m_store, &FleetStore::hubAdded, this, [this](int hub) {
        m_live->addHub(m_store->hubName(hub));
    });
    m_mirror << connect(m_store, &FleetStore::hubRemoved, this, [this](int hub) { m_live->removeHub(hub); });
    m_mirror << connect(m_live.get(), &FleetStore::deltaApplied, this, &TimeTravel::liveFleetChanged);
    if (m_feeder)
        m_feeder->setLiveStore(m_live.get());
    if (m_recorder)
        m_recorder->setFleet(m_live.get());
    m_store->setShowingPast(true);
}

void TimeTravel::setRecorder(HistoryRecorder *recorder)
{
    m_recorder = recorder;
    if (m_recorder && m_live)
        m_recorder->setFleet(m_live.get());
}

void TimeTravel::replaceHub(int hub, const QList<ProfilePtr> &profiles, const QList<PlacementPtr> &placements,
                            const QList<NamespacePtr> &namespaces)
{
    HubDelta delta;
    // The records the store lets go: freed on the history's thread, not in the
    // middle of a slider step (thousands of them for a step across a busy minute).
    QList<ProfilePtr> dropped;
    // Found through the store's own index: no table of the moment's keys to build.
    const std::vector<FleetProfile> &rows = m_store->profiles();
    std::vector<bool> stays(rows.size(), false);
    for (const ProfilePtr &p : profiles) {
        const ObjectMeta &meta = p->profile.metadata;
        const int row = m_store->rowOf(hub, meta.namespaceName.view(), meta.name);
        if (row < 0) {
            delta.upsertedProfiles.append(p);
            continue;
        }
        stays[size_t(row)] = true;
        // The same object: nothing changed for this cluster.
        if (rows[size_t(row)].record != p) {
            delta.upsertedProfiles.append(p);
            dropped.append(rows[size_t(row)].record);
        }
    }
    for (size_t row = 0; row < rows.size(); ++row) {
        if (rows[row].hub == hub && !stays[row]) {
            const ObjectMeta &meta = rows[row].profile().metadata;
            delta.removedProfiles.append({meta.namespaceName.toString(), meta.name});
            dropped.append(rows[row].record);
        }
    }

    QHash<ObjectKey, PlacementPtr> wantedPlacements;
    for (const PlacementPtr &p : placements)
        wantedPlacements.insert({p->metadata.namespaceName.toString(), p->metadata.name}, p);
    for (const PlacementPtr &p : m_store->placements(hub)) {
        const ObjectKey key{p->metadata.namespaceName.toString(), p->metadata.name};
        const auto it = wantedPlacements.find(key);
        if (it == wantedPlacements.end())
            delta.removedPlacements.append(key);
        else if (*it == p)
            wantedPlacements.erase(it);
    }
    for (const PlacementPtr &p : std::as_const(wantedPlacements))
        delta.upsertedPlacements.append(p);

    QHash<QString, NamespacePtr> wantedNamespaces;
    for (const NamespacePtr &ns : namespaces)
        wantedNamespaces.insert(ns->metadata.name, ns);
    for (const NamespacePtr &ns : m_store->namespaces(hub)) {
        const auto it = wantedNamespaces.find(ns->metadata.name);
        if (it == wantedNamespaces.end())
            delta.removedNamespaces.append(ns->metadata.name);
        else if (*it == ns)
            wantedNamespaces.erase(it);
    }
    for (const NamespacePtr &ns : std::as_const(wantedNamespaces))
        delta.upsertedNamespaces.append(ns);

    if (delta.changeCount() > 0)
        m_store->applyDelta(hub, delta);
    if (m_machine)
        m_machine->release(std::move(dropped));
}

void TimeTravel::apply(const FleetMoment &moment)
{
    Q_EMIT aboutToShow();
    if (isLive())
        enterPast();
    for (const HubMoment &hub : moment.hubs) {
        const int index = m_store->hubIndex(hub.hub);
        if (index >= 0)
            replaceHub(index, hub.profiles, hub.placements, hub.namespaces);
    }
    m_hubStates = moment.hubs;
    for (HubMoment &state : m_hubStates) {
        // Kept for what the banner says, not the rows.
        state.profiles.clear();
        state.placements.clear();
        state.namespaces.clear();
    }
    m_shown = moment.at;
    Q_EMIT momentShown(moment.at);
}

void TimeTravel::showLive()
{
    m_requested = 0;
    if (isLive())
        return;
    Q_EMIT aboutToShow();
    for (const int hub : m_live->activeHubs()) {
        QList<ProfilePtr> profiles;
        for (const FleetProfile &p : m_live->profiles()) {
            if (p.hub == hub)
                profiles.append(p.record);
        }
        if (m_store->isHubActive(hub))
            replaceHub(hub, profiles, m_live->placements(hub), m_live->namespaces(hub));
    }
    if (m_feeder)
        m_feeder->setLiveStore(nullptr);
    if (m_recorder)
        m_recorder->setFleet(m_store);
    for (const QMetaObject::Connection &connection : std::as_const(m_mirror))
        disconnect(connection);
    m_mirror.clear();
    m_live.reset();
    m_shown = 0;
    m_hubStates.clear();
    m_store->setShowingPast(false);
    Q_EMIT liveShown();
}

bool TimeTravel::existsNow(int hub, const QString &namespaceName, const QString &name) const
{
    return isLive() || m_live->rowOf(hub, ObjectKey{namespaceName, name}) >= 0;
}

} // namespace fleetscope
