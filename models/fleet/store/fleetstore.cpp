#include "fleetstore.h"

#include "fleet/filter/healthrules.h"
#include "heaptuning.h"

#include "api/stringpool.h"

#include <QSet>

#include <algorithm>

namespace fleetscope {
namespace {

// Keep the most recent undecodable-object messages per hub for the status tooltip.
constexpr qsizetype maxDecodeErrorsKept = 200;
// Values that churn (condition messages, versions) leave pooled strings that no
// profile names any more; a week of watch events would pile them up. Purging
// walks the pool (a few thousand strings): every 10k changes is noise.
constexpr qsizetype purgeEvery = 10000;
// The free pages that churn scatters through the heaps (the hub thread allocates
// what this thread frees) are given back now and then too, so that a dashboard
// left open stays flat in RSS (a few ms per trim).
constexpr qsizetype trimEvery = 50000;

void sortUnique(QList<int> *rows)
{
    std::sort(rows->begin(), rows->end());
    rows->erase(std::unique(rows->begin(), rows->end()), rows->end());
}

} // namespace

FleetStore::FleetStore(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<HubDelta>();
    qRegisterMetaType<HubStatus>();
    m_housekeeping.setSingleShot(true);
    connect(&m_housekeeping, &QTimer::timeout, this, &FleetStore::keepHouse);
}

FleetStore::~FleetStore() = default;

int FleetStore::addHub(const QString &name)
{
    for (size_t i = 0; i < m_hubs.size(); ++i) {
        if (m_hubs[i].removed && m_hubs[i].status.hub == name) {
            m_hubs[i] = Hub();
            m_hubs[i].status.hub = name;
            m_settled = allHubsSettled();
            emit hubAdded(int(i));
            emit hubStatusChanged(int(i));
            return int(i);
        }
    }
    Hub hub;
    hub.status.hub = name;
    m_hubs.push_back(std::move(hub));
    const int index = int(m_hubs.size()) - 1;
    emit hubAdded(index);
    emit hubStatusChanged(index);
    return index;
}

void FleetStore::removeHub(int hub)
{
    if (!isHubActive(hub))
        return;
    compact();
    QList<int> rows;
    for (size_t row = 0; row < m_profiles.size(); ++row) {
        if (m_profiles[row].hub == hub)
            rows.append(int(row));
    }
    if (!rows.isEmpty())
        removeRows(rows);
    Hub &h = m_hubs[size_t(hub)];
    const bool hadPlacements = !h.placements.isEmpty();
    const QString name = h.status.hub;
    h = Hub();
    h.status.hub = name;
    h.removed = true;
    if (hadPlacements)
        emit placementsChanged(hub);
    m_settled = allHubsSettled();
    emit hubRemoved(hub);
    if (!rows.isEmpty())
        emit deltaApplied(hub, int(rows.size()));
}

QList<int> FleetStore::activeHubs() const
{
    QList<int> hubs;
    for (size_t i = 0; i < m_hubs.size(); ++i) {
        if (!m_hubs[i].removed)
            hubs.append(int(i));
    }
    return hubs;
}

int FleetStore::hubIndex(const QString &name) const
{
    for (size_t i = 0; i < m_hubs.size(); ++i) {
        if (!m_hubs[i].removed && m_hubs[i].status.hub == name)
            return int(i);
    }
    return -1;
}

int FleetStore::rowOf(int hub, const ObjectKey &key) const
{
    return rowOf(hub, key.namespaceName, key.name);
}

int FleetStore::rowOf(int hub, QStringView namespaceName, QStringView name) const
{
    const int slot = m_rowOf.find(hub, namespaceName, name);
    return slot < 0 || m_dead.empty() ? slot : rowOfSlot(slot);
}

int FleetStore::slotOf(int row) const
{
    // The j-th empty slot has m_dead[j] - j rows before it: count those at or
    // before `row`, which is how many empty slots precede its slot.
    size_t low = 0;
    size_t high = m_dead.size();
    while (low < high) {
        const size_t middle = (low + high) / 2;
        if (m_dead[middle] - int(middle) <= row)
            low = middle + 1;
        else
            high = middle;
    }
    return row + int(low);
}

int FleetStore::rowOfSlot(int slot) const
{
    return slot - int(std::lower_bound(m_dead.begin(), m_dead.end(), slot) - m_dead.begin());
}

void FleetStore::compact() const
{
    if (m_dead.empty())
        return;
    size_t to = size_t(m_dead.front());
    size_t dead = 0;
    for (size_t from = to; from < m_profiles.size(); ++from) {
        if (dead < m_dead.size() && size_t(m_dead[dead]) == from) {
            ++dead;
            continue;
        }
        m_profiles[to++] = std::move(m_profiles[from]);
    }
    m_profiles.resize(to);
    m_rowOf.remapRows([this](int slot) { return rowOfSlot(slot); });
    m_dead.clear();
}

QList<int> FleetStore::rowsOfMember(const QString &memberId) const
{
    // Only the details pane asks, for one cluster at a time: a scan of 100k rows
    // takes well under a millisecond, while an index cost ~160 bytes per profile.
    // Slots, not a compacted vector: a query must not move the rows under a
    // caller that holds one (the details pane renders from a row it holds).
    QList<int> rows;
    if (memberId.isEmpty())
        return rows;
    size_t dead = 0;
    for (size_t slot = 0; slot < m_profiles.size(); ++slot) {
        if (dead < m_dead.size() && size_t(m_dead[dead]) == slot) {
            ++dead;
            continue;
        }
        if (m_profiles[slot].memberId == memberId)
            rows.append(int(slot - dead));
    }
    return rows;
}

const LabelMap *FleetStore::namespaceLabels(int hub, const QString &namespaceName) const
{
    const auto &namespaces = m_hubs.at(size_t(hub)).namespaces;
    const auto it = namespaces.constFind(namespaceName);
    return it == namespaces.cend() ? nullptr : &(*it)->metadata.labels;
}

void FleetStore::setShowingPast(bool past)
{
    if (m_showingPast == past)
        return;
    m_showingPast = past;
    emit showingPastChanged(past);
}

QList<NamespacePtr> FleetStore::namespaces(int hub) const
{
    return m_hubs.at(size_t(hub)).namespaces.values();
}

QList<PlacementPtr> FleetStore::placements(int hub) const
{
    return m_hubs.at(size_t(hub)).placements.values();
}

bool FleetStore::allHubsSettled() const
{
    for (const Hub &hub : m_hubs) {
        if (hub.removed)
            continue;
        const HubStatus &s = hub.status;
        // Like kubectl, a hub that cannot be reached (refused, TLS, garbage) on its
        // first try is reported rather than waited for; 429/5xx are waited out.
        const bool unreachable = !s.synced && s.state == HubStatus::State::Reconnecting && s.httpStatus == 0;
        if (!s.synced && !s.fatal && !unreachable)
            return false;
    }
    return true;
}

FleetProfile FleetStore::makeRow(int hub, ProfilePtr record) const
{
    FleetProfile row;
    const ClusterProfile &p = record->profile;
    const ClusterSetFact set = clusterSetOf(p, namespaceLabels(hub, p.metadata.namespaceName));
    const ManagerFact manager = managerOf(p);
    row.hub = hub;
    row.clusterSet = set.name;
    row.clusterSetSource = set.source;
    row.manager = manager.name;
    row.managerMismatch = manager.mismatch;
    row.memberId = memberIdOf(p);
    row.health = HealthRules::active().verdict(p, manager.name.toString());
    row.record = std::move(record);
    return row;
}

void FleetStore::applyDelta(int hub, const HubDelta &delta)
{
    // A removed hub's last deltas may still be on their way.
    if (!isHubActive(hub))
        return;
    Hub &h = m_hubs[size_t(hub)];
    purgeStringsNowAndThen(delta.changeCount());

    QSet<QString> namespacesChanged;
    for (const NamespacePtr &ns : delta.upsertedNamespaces) {
        const auto old = h.namespaces.constFind(ns->metadata.name);
        if (old == h.namespaces.cend() || (*old)->metadata.labels != ns->metadata.labels)
            namespacesChanged.insert(ns->metadata.name);
        h.namespaces.insert(ns->metadata.name, ns);
    }
    for (const QString &name : delta.removedNamespaces) {
        if (h.namespaces.remove(name))
            namespacesChanged.insert(name);
    }

    // Upserts of known rows are kept aside and written range by range as they
    // are announced (see the class comment); new profiles are appended.
    std::vector<RowUpdate> updates;
    std::vector<FleetProfile> appended;
    QHash<ObjectKey, qsizetype> appendedIndex;
    for (const ProfilePtr &record : delta.upsertedProfiles) {
        const ObjectKey key{record->profile.metadata.namespaceName, record->profile.metadata.name};
        FleetProfile row = makeRow(hub, record);
        const int existing = rowOf(hub, key);
        if (existing >= 0) {
            updates.emplace_back(existing, std::move(row));
        } else if (const auto it = appendedIndex.constFind(key); it != appendedIndex.cend()) {
            appended[size_t(*it)] = std::move(row);
        } else {
            appendedIndex.insert(key, qsizetype(appended.size()));
            appended.push_back(std::move(row));
        }
    }

    QList<int> removed;
    for (const ObjectKey &key : delta.removedProfiles) {
        const int row = rowOf(hub, key);
        if (row >= 0)
            removed.append(row);
    }
    sortUnique(&removed);
    // The upserted rows that were there before, for profilesUpdated.
    QList<int> updated;
    updated.reserve(delta.upsertedProfiles.size());
    for (const RowUpdate &update : updates)
        updated.append(update.first);
    if (!namespacesChanged.isEmpty())
        refreshNamespaceFacts(hub, namespacesChanged, &updates);
    // The last upsert of a row wins; rows about to be removed need no update first.
    std::stable_sort(updates.begin(), updates.end(),
                     [](const RowUpdate &a, const RowUpdate &b) { return a.first < b.first; });
    std::vector<RowUpdate> kept;
    kept.reserve(updates.size());
    for (RowUpdate &update : updates) {
        if (std::binary_search(removed.cbegin(), removed.cend(), update.first))
            continue;
        if (!kept.empty() && kept.back().first == update.first)
            kept.back() = std::move(update);
        else
            kept.push_back(std::move(update));
    }
    updateRows(std::move(kept));

    if (!removed.isEmpty()) {
        QList<FleetProfile> deleting;
        deleting.reserve(removed.size());
        for (int row : std::as_const(removed))
            deleting.append(profileAt(row));
        emit profilesDeleting(deleting);
        removeRows(removed);
    }

    if (!appended.empty()) {
        const int first = profileCount();
        const int last = first + int(appended.size()) - 1;
        emit profilesAboutToBeInserted(first, last);
        // Geometric growth: reserving the exact size per delta moved every row on
        // every delta of a cold sync, quadratic in the fleet (18 % of the CPU at 100k).
        if (m_profiles.capacity() < m_profiles.size() + appended.size())
            m_profiles.reserve(std::max(m_profiles.size() + appended.size(), 2 * m_profiles.capacity()));
        for (FleetProfile &row : appended) {
            m_profiles.push_back(std::move(row));
            m_rowOf.insert(int(m_profiles.size()) - 1);
        }
        emit profilesInserted(first, last);
    }

    if (!delta.upsertedProfiles.isEmpty()) {
        // Their final positions: removed rows went (the ones before a row moved
        // it up), new rows were appended.
        sortUnique(&updated);
        QList<int> rows;
        rows.reserve(updated.size() + qsizetype(appended.size()));
        qsizetype before = 0;
        for (const int row : std::as_const(updated)) {
            while (before < removed.size() && removed[before] < row)
                ++before;
            if (before == removed.size() || removed[before] != row)
                rows.append(row - int(before));
        }
        for (int row = profileCount() - int(appended.size()); row < profileCount(); ++row)
            rows.append(row);
        emit profilesUpdated(rows);
    }

    bool placementsTouched = false;
    for (const PlacementPtr &p : delta.upsertedPlacements) {
        h.placements.insert(ObjectKey{p->metadata.namespaceName, p->metadata.name}, p);
        placementsTouched = true;
    }
    for (const ObjectKey &key : delta.removedPlacements)
        placementsTouched = h.placements.remove(key) || placementsTouched;
    if (placementsTouched)
        emit placementsChanged(hub);

    if (!delta.decodeErrors.isEmpty()) {
        h.decodeErrors.append(delta.decodeErrors);
        if (h.decodeErrors.size() > maxDecodeErrorsKept)
            h.decodeErrors.remove(0, h.decodeErrors.size() - maxDecodeErrorsKept);
    }
    // Empty slots cost every row lookup a binary search over them: drop them
    // once there are enough that the pass pays for itself.
    if (m_dead.size() > std::max<size_t>(4096, m_profiles.size() / 16))
        compact();
    emit deltaApplied(hub, int(delta.changeCount()));
}

void FleetStore::refreshNamespaceFacts(int hub, const QSet<QString> &namespaces,
                                       std::vector<RowUpdate> *updates) const
{
    // Namespace labels change rarely; a scan of this hub's rows is fine. Rows
    // upserted by the same delta were made with the new labels already.
    compact();
    QSet<int> upserted;
    for (const RowUpdate &update : std::as_const(*updates))
        upserted.insert(update.first);
    for (size_t row = 0; row < m_profiles.size(); ++row) {
        const FleetProfile &p = m_profiles[row];
        if (p.hub != hub || upserted.contains(int(row)) || !namespaces.contains(p.profile().metadata.namespaceName))
            continue;
        const ClusterSetFact set = clusterSetOf(p.profile(), namespaceLabels(hub, p.profile().metadata.namespaceName));
        if (set.name != p.clusterSet || set.source != p.clusterSetSource) {
            FleetProfile changed = p;
            changed.clusterSet = set.name;
            changed.clusterSetSource = set.source;
            updates->emplace_back(int(row), std::move(changed));
        }
    }
}

void FleetStore::reapplyHealthRules()
{
    compact();
    const HealthRules &rules = HealthRules::active();
    std::vector<RowUpdate> updates;
    std::vector<int> changesPerHub(m_hubs.size(), 0);
    for (size_t row = 0; row < m_profiles.size(); ++row) {
        const FleetProfile &p = m_profiles[row];
        const Health health = rules.verdict(p.profile(), p.manager.toString());
        if (health == p.health)
            continue;
        FleetProfile changed = p;
        changed.health = health;
        updates.emplace_back(int(row), std::move(changed));
        ++changesPerHub[size_t(p.hub)];
    }
    updateRows(std::move(updates));
    for (size_t hub = 0; hub < changesPerHub.size(); ++hub) {
        if (changesPerHub[hub] > 0)
            emit deltaApplied(int(hub), changesPerHub[hub]);
    }
    emit healthRulesReapplied();
}

void FleetStore::updateRows(std::vector<RowUpdate> updates)
{
    // `updates` is sorted by row, one per row. A range's rows are written just
    // before it is announced: a listener that keeps rows in some order (a
    // sorting proxy) finds every row it has not been told about yet unchanged.
    size_t i = 0;
    while (i < updates.size()) {
        size_t end = i + 1;
        while (end < updates.size() && updates[end].first - updates[end - 1].first <= m_changeMergeGap)
            ++end;
        emit profilesAboutToChange(updates[i].first, updates[end - 1].first);
        for (size_t k = i; k < end; ++k) {
            // Same hub, namespace and name: the index entry stays valid.
            m_profiles[size_t(m_dead.empty() ? updates[k].first : slotOf(updates[k].first))] =
                std::move(updates[k].second);
        }
        emit profilesChanged(updates[i].first, updates[end - 1].first);
        i = end;
    }
}

void FleetStore::removeRows(const QList<int> &rows)
{
    // `rows` is sorted and unique. Each run of adjacent rows is one removal,
    // the last run first, so that the runs still to go keep their row numbers.
    qsizetype end = rows.size();
    while (end > 0) {
        qsizetype start = end - 1;
        while (start > 0 && rows[start - 1] + 1 == rows[start])
            --start;
        const int first = rows[start];
        const int last = rows[end - 1];
        emit profilesAboutToBeRemoved(first, last);
        // The run's slots, found before any of them is emptied.
        const int firstSlot = slotOf(first);
        std::vector<int> emptied;
        for (int slot = firstSlot; int(emptied.size()) < last - first + 1; ++slot) {
            if (!std::binary_search(m_dead.begin(), m_dead.end(), slot))
                emptied.push_back(slot);
        }
        for (const int slot : emptied) {
            m_rowOf.remove(slot);
            m_profiles[size_t(slot)] = FleetProfile();
        }
        std::vector<int> merged;
        merged.reserve(m_dead.size() + emptied.size());
        std::merge(m_dead.begin(), m_dead.end(), emptied.begin(), emptied.end(), std::back_inserter(merged));
        m_dead.swap(merged);
        emit profilesRemoved(first, last);
        end = start;
    }
}

void FleetStore::purgeStringsNowAndThen(qsizetype changes)
{
    m_changesSincePurge += changes;
    m_changesSinceTrim += changes;
    // On a turn of its own, not inside a delta: a purge or a trim takes a few
    // ms, and added to a delta's listeners it would be the longest stall of a burst.
    if (m_changesSincePurge >= purgeEvery || (m_changesSinceTrim >= trimEvery && m_releaseMemoryWhenSettled))
        m_housekeeping.start();
}

void FleetStore::keepHouse()
{
    if (m_changesSincePurge >= purgeEvery) {
        m_changesSincePurge = 0;
        StringPool::shared().purgeUnused();
    }
    if (m_changesSinceTrim >= trimEvery && m_releaseMemoryWhenSettled) {
        m_changesSinceTrim = 0;
        heap_tuning::releaseFreePages();
    }
}

void FleetStore::setHubStatus(int hub, const HubStatus &status)
{
    if (!isHubActive(hub))
        return;
    m_hubs[size_t(hub)].status = status;
    const bool settled = allHubsSettled();
    if (settled && !m_settled) {
        compact();
        if (m_releaseMemoryWhenSettled) {
            // A (re)sync is over. Rows grew geometrically: give back the slack (up
            // to half the row vector); and the decoding's transient memory left free
            // pages between the profiles. A process about to exit skips this: the
            // shrink copies every row (+4.7 MB at the peak of a 100k `list`).
            if (m_profiles.capacity() > m_profiles.size() + m_profiles.size() / 8)
                m_profiles.shrink_to_fit();
            // Strings of the objects a relist replaced go first, their pages with the rest.
            StringPool::shared().purgeUnused();
            m_changesSincePurge = 0;
            heap_tuning::releaseFreePages();
        }
    }
    m_settled = settled;
    emit hubStatusChanged(hub);
}

QStringList FleetStore::distinctKeys(bool labels) const
{
    QSet<QString> keys;
    for (const FleetProfile &p : profiles()) {
        if (labels) {
            for (const auto &entry : p.profile().metadata.labels.entries())
                keys.insert(entry.first);
        } else {
            for (const Property &property : p.profile().properties)
                keys.insert(property.name);
        }
    }
    QStringList sorted(keys.cbegin(), keys.cend());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

} // namespace fleetscope
