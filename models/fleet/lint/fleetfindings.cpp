#include "fleetfindings.h"

#include "fleet/store/fleetstore.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace fleetscope {
namespace {

// A churning fleet is relinted at most once per interval, not once per delta:
// the rows whose findings change then repaint at most that often.
constexpr int relintDelayMs = 1000;
// A quiet fleet is still relinted when a property turns stale, but not more
// often than this (and at least this often, so a sleeping machine catches up).
constexpr qint64 minClockMs = 1000;
constexpr qint64 maxClockMs = 3600 * 1000;

void addRef(QList<ClusterRef> *refs, const ClusterRef &ref)
{
    if (!refs->contains(ref))
        refs->append(ref);
}

// Takes `ref` out of the refs kept under `key`, and the key with its last ref.
template<typename Key>
void removeRef(QHash<Key, QList<ClusterRef>> *index, const Key &key, const ClusterRef &ref)
{
    const auto refs = index->find(key);
    if (refs != index->end() && refs->removeOne(ref) && refs->isEmpty())
        index->erase(refs);
}

} // namespace

FleetFindings::FleetFindings(const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    for (QTimer *timer : {&m_debounce, &m_clockTimer, &m_nextSlice}) {
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, this, [this] { relintInSlices(m_sliceMs); });
    }
    m_debounce.setInterval(relintDelayMs);
    m_nextSlice.setInterval(0);
    const auto later = [this] {
        if (!m_debounce.isActive())
            m_debounce.start();
    };
    // Rows are turned into keys as they are announced: row numbers move, keys do not.
    connect(store, &FleetStore::profilesChanged, this, [this](int first, int last) { markRows(first, last); });
    connect(store, &FleetStore::profilesAboutToBeRemoved, this,
            [this](int first, int last) { markRows(first, last, true); });
    connect(store, &FleetStore::profilesInserted, this, [this](int first, int last) { markRows(first, last, true); });
    connect(store, &FleetStore::placementsChanged, this, [this, later](int hub) {
        m_dirtyPlacementHubs.insert(hub);
        later();
    });
    // Namespace labels arrive in deltas without a signal of their own.
    connect(store, &FleetStore::deltaApplied, this, [this, later](int hub) {
        checkNamespaces(hub);
        if (!m_dirtyProfiles.isEmpty() || !m_changed.items.empty())
            later();
    });
    // Once every hub has synced, at once: a fleet that just arrived is checked
    // before anyone looks (and before a --screenshot is taken).
    connect(store, &FleetStore::hubStatusChanged, this, [this] {
        if (m_store->allHubsSettled() && !m_settled) {
            m_settled = true;
            m_debounce.stop();
            relintInSlices(m_sliceMs);
        } else if (!m_store->allHubsSettled()) {
            m_settled = false;
        }
    });
}

void FleetFindings::setStaleAfterMs(qint64 ms)
{
    if (ms != m_options.staleAfterMs)
        m_rebuild = true;
    m_options.staleAfterMs = ms;
}

void FleetFindings::markRows(int first, int last, bool cameOrWent)
{
    if (!m_debounce.isActive())
        m_debounce.start();
    if (m_rebuild && !m_running)
        return; // everything will be linted anyway
    for (int row = first; row <= last; ++row) {
        ClusterRef ref = ClusterRef::of(m_store->profileAt(row));
        if (!cameOrWent) {
            m_changed.items.push_back(std::move(ref));
            continue;
        }
        m_cameOrWent.insert(ref);
        m_dirtyProfiles.insert(std::move(ref));
    }
}

void FleetFindings::checkNamespaces(int hub)
{
    for (auto it = m_namespaces.begin(); it != m_namespaces.end(); ++it) {
        if (it.key().first != hub)
            continue;
        const std::optional<QString> now = InventoryLint::namespaceClusterSet(*m_store, hub, it.key().second);
        if (now != it->clusterSet) {
            it->clusterSet = now;
            // Their records did not change, their findings may have.
            for (const ClusterRef &ref : std::as_const(it->profiles)) {
                if (const auto entry = m_entries.find(ref); entry != m_entries.end())
                    entry->linted.reset();
            }
            m_dirtyProfiles.unite(it->profiles);
        }
    }
}

void FleetFindings::relint(qint64 nowMs)
{
    // A sliced relint in progress ends first: it may have begun at another instant.
    m_nextSlice.stop();
    if (m_running)
        continueRelint(QDeadlineTimer(QDeadlineTimer::Forever));
    startRelint(nowMs ? nowMs : QDateTime::currentMSecsSinceEpoch());
    continueRelint(QDeadlineTimer(QDeadlineTimer::Forever));
}

void FleetFindings::relintInSlices(int sliceMs, qint64 nowMs)
{
    m_sliceMs = sliceMs;
    if (!m_running)
        startRelint(nowMs ? nowMs : QDateTime::currentMSecsSinceEpoch());
    if (!continueRelint(QDeadlineTimer(m_sliceMs)))
        m_nextSlice.start();
}

void FleetFindings::startRelint(qint64 nowMs)
{
    m_running = true;
    // Staleness only grows with time; a clock that went back is a new start.
    if (nowMs < m_options.nowMs)
        m_rebuild = true;
    m_options.nowMs = nowMs;
    m_changedAny = false;
    if (m_rebuild) {
        for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
            if (!it->rules.isEmpty())
                m_cleared.append(it.key());
        }
        m_changedAny = !m_entries.isEmpty() || !m_placementFindings.isEmpty();
        m_entries.clear();
        m_clock.clear();
        m_members.clear();
        m_memberFindings.clear();
        m_namespaces.clear();
        m_placements.clear();
        m_placementFindings.clear();
        m_placementsNaming.clear();
        m_dirtyPlacements.clear();
        m_cameOrWent.clear();
        for (int hub = 0; hub < m_store->hubCount(); ++hub)
            m_dirtyPlacementHubs.insert(hub);
        m_rebuild = false;
        m_relintAllMembers = true;
        // Keys, not rows: rows move while the slices run, keys do not.
        m_entries.reserve(m_store->profileCount());
        m_dirtyProfiles.reserve(m_store->profileCount());
        for (int row = 0; row < m_store->profileCount(); ++row)
            m_dirtyProfiles.insert(ClusterRef::of(m_store->profileAt(row)));
    }
    // Profiles whose stale properties tick over.
    while (!m_clock.empty() && m_clock.begin()->first <= nowMs) {
        const ClusterRef ref = m_clock.begin()->second;
        if (const auto entry = m_entries.find(ref); entry != m_entries.end()) {
            entry->nextChangeMs = 0;
            entry->linted.reset(); // the same record now reads differently
        }
        m_dirtyProfiles.insert(ref);
        m_clock.erase(m_clock.begin());
    }
}

bool FleetFindings::continueRelint(const QDeadlineTimer &budget)
{
    // Profiles first (changes that arrive meanwhile join the set), then the
    // decisions, then the member groups the profiles left or joined; the
    // deadline is looked at every few dozen items.
    int sinceCheck = 0;
    const auto outOfTime = [&] {
        if (++sinceCheck < 32)
            return false;
        sinceCheck = 0;
        return budget.hasExpired();
    };
    for (;;) {
        if (!m_profileWork.drain(outOfTime, [this](const ClusterRef &ref) { relintProfile(ref); }))
            return false;
        if (!m_changed.drain(outOfTime, [this](ClusterRef &ref) { m_dirtyProfiles.insert(std::move(ref)); }))
            return false;
        if (m_dirtyProfiles.isEmpty())
            break;
        m_profileWork.items.assign(m_dirtyProfiles.cbegin(), m_dirtyProfiles.cend());
        m_dirtyProfiles.clear();
    }
    for (const int hub : std::exchange(m_dirtyPlacementHubs, {}))
        diffPlacements(hub);
    for (const ClusterRef &placement : std::exchange(m_dirtyPlacements, {}))
        relintPlacement(placement);
    if (std::exchange(m_relintAllMembers, false)) {
        for (auto it = m_members.cbegin(); it != m_members.cend(); ++it)
            m_dirtyMembers.insert(it.key());
    }
    if (m_memberWork.items.empty()) {
        m_memberWork.items.assign(m_dirtyMembers.cbegin(), m_dirtyMembers.cend());
        m_dirtyMembers.clear();
    }
    if (!m_memberWork.drain(outOfTime, [this](const QString &memberId) { relintMember(memberId); }))
        return false;

    // The rows whose rules text changed: touched rows with new rules, cleared
    // rows left without any. At 100k rows a burst touches thousands: sliced too.
    if (m_rulesWork.items.empty()) {
        for (const ClusterRef &ref : std::as_const(m_touched))
            m_rulesWork.items.push_back({ref, false});
        for (const ClusterRef &ref : std::as_const(m_cleared))
            m_rulesWork.items.push_back({ref, true});
        m_touched.clear();
        m_cleared.clear();
    }
    const auto checkRules = [this](const std::pair<ClusterRef, bool> &work) {
        const auto &[ref, cleared] = work;
        const auto it = m_entries.find(ref);
        if (cleared && it != m_entries.end() && !it->rules.isEmpty())
            return;
        if (!cleared) {
            if (it == m_entries.end())
                return;
            const QString &rules = rulesOf(*it);
            if (rules == it->rules)
                return;
            it->rules = rules;
        }
        m_rulesChanged.push_back(ref);
    };
    if (!m_rulesWork.drain(outOfTime, checkRules))
        return false;
    // Rows last: they are only stable within one turn.
    QList<int> rows;
    rows.reserve(qsizetype(m_rulesChanged.size()));
    for (const ClusterRef &ref : std::as_const(m_rulesChanged)) {
        if (const int row = m_store->rowOf(ref.hub, ref.key); row >= 0)
            rows.append(row);
    }
    m_rulesChanged.clear();
    m_running = false;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    scheduleClock();
    // What changed after its phase had run waits for the next relint.
    if ((!m_dirtyProfiles.isEmpty() || !m_changed.items.empty() || !m_dirtyMembers.isEmpty()
         || !m_dirtyPlacementHubs.isEmpty() || !m_dirtyPlacements.isEmpty())
        && !m_debounce.isActive())
        m_debounce.start();
    if (m_changedAny || !rows.isEmpty())
        emit changed(rows);
    return true;
}

void FleetFindings::unindex(const ClusterRef &ref, const Entry &entry)
{
    // The member group it leaves is relinted after the profiles.
    if (entry.nextChangeMs)
        m_clock.erase(entry.clockAt);
    if (!entry.memberId.isEmpty()) {
        m_dirtyMembers.insert(entry.memberId);
        removeRef(&m_members, entry.memberId, ref);
    }
    if (entry.watchesNamespace) {
        auto watch = m_namespaces.find(NamespaceKey{ref.hub, ref.key.namespaceName});
        if (watch != m_namespaces.end()) {
            watch->profiles.remove(ref);
            if (watch->profiles.isEmpty())
                m_namespaces.erase(watch);
        }
    }
}

void FleetFindings::dropEntry(const ClusterRef &ref)
{
    const auto it = m_entries.find(ref);
    if (it == m_entries.end())
        return;
    unindex(ref, *it);
    m_changedAny = m_changedAny || !it->own.isEmpty();
    if (!it->rules.isEmpty())
        m_cleared.append(ref);
    m_entries.erase(it);
}

void FleetFindings::relintProfile(const ClusterRef &ref)
{
    // What a decision says depends on whether the profiles it names exist, not
    // on what they hold: a changed profile (most of a churning hub's events)
    // leaves them be.
    const bool cameOrWent = m_cameOrWent.remove(ref);
    if (cameOrWent) {
        if (const auto naming = m_placementsNaming.constFind(ref); naming != m_placementsNaming.cend()) {
            for (const ClusterRef &placement : *naming)
                m_dirtyPlacements.insert(placement);
        }
    }
    const int row = m_store->isHubActive(ref.hub) ? m_store->rowOf(ref.hub, ref.key) : -1;
    if (row < 0) {
        dropEntry(ref); // gone, and its row with it
        return;
    }
    const FleetProfile &fp = m_store->profileAt(row);
    const auto it = m_entries.find(ref);
    const auto memberFactsDiffer = [&fp](const Entry &entry) {
        return entry.manager != fp.manager || entry.health != fp.health
            || entry.version != fp.profile().kubernetesVersion;
    };
    // Most of a churning fleet's changes are condition flips: the record is new,
    // but nothing its own rules read moved, nor has the clock reached its next
    // change. Then its findings, rules and indexes stay as they are; only the
    // member group reads its health.
    if (it != m_entries.end() && !cameOrWent && it->linted
        && (!it->nextChangeMs || m_options.nowMs < it->nextChangeMs) && it->memberId == fp.memberId
        && InventoryLint::sameProfileInputs(it->linted->profile, fp.profile())) {
        it->linted = fp.record;
        if (!it->memberId.isEmpty() && memberFactsDiffer(*it)) {
            it->manager = fp.manager;
            it->health = fp.health;
            it->version = fp.profile().kubernetesVersion;
            m_dirtyMembers.insert(it->memberId);
        }
        return;
    }

    Entry fresh;
    InventoryLint::appendProfileFindings(*m_store, fp, m_options, &fresh.own, &fresh.nextChangeMs);
    fresh.linted = fp.record;
    fresh.memberId = fp.memberId;
    fresh.manager = fp.manager;
    fresh.health = fp.health;
    fresh.version = fp.profile().kubernetesVersion;
    fresh.watchesNamespace = InventoryLint::hasClusterSetLabel(fp);
    for (const LintFinding &f : std::as_const(fresh.own))
        fresh.ownRules |= quint32(1u << InventoryLint::rules().indexOf(f.rule));
    if (it == m_entries.end()
        && (fresh.own.isEmpty() && fresh.memberId.isEmpty() && !fresh.watchesNamespace && !fresh.nextChangeMs))
        return; // nothing to keep, and nothing was kept
    if (it == m_entries.end() || fresh.memberId != it->memberId || fresh.watchesNamespace != it->watchesNamespace
        || (fresh.own.isEmpty() && fresh.memberId.isEmpty() && !fresh.watchesNamespace && !fresh.nextChangeMs)) {
        // It joins or leaves an index: out of all of them, and back into those
        // it belongs to (rare: a label moved, or it came or went).
        QString shown; // what the row shows until the rules are compared
        if (it != m_entries.end()) {
            m_changedAny = m_changedAny || it->own != fresh.own;
            shown = it->rules;
            unindex(ref, *it);
            m_entries.erase(it);
        } else {
            m_changedAny = m_changedAny || !fresh.own.isEmpty();
        }
        if (fresh.own.isEmpty() && fresh.memberId.isEmpty() && !fresh.watchesNamespace && !fresh.nextChangeMs) {
            if (!shown.isEmpty())
                m_cleared.append(ref);
            return;
        }
        if (fresh.nextChangeMs)
            fresh.clockAt = m_clock.emplace(fresh.nextChangeMs, ref);
        if (!fresh.memberId.isEmpty()) {
            m_dirtyMembers.insert(fresh.memberId);
            addRef(&m_members[fresh.memberId], ref);
        }
        if (fresh.watchesNamespace) {
            const NamespaceKey key{ref.hub, ref.key.namespaceName};
            auto watch = m_namespaces.find(key);
            if (watch == m_namespaces.end()) {
                watch = m_namespaces.insert(key, NamespaceWatch());
                watch->clusterSet = InventoryLint::namespaceClusterSet(*m_store, ref.hub, ref.key.namespaceName);
            }
            watch->profiles.insert(ref);
        }
        fresh.rules = shown;
        m_entries.insert(ref, std::move(fresh));
        m_touched.insert(ref);
        return;
    }
    // In the same indexes as before: updated in place.
    Entry &entry = *it;
    m_changedAny = m_changedAny || entry.own != fresh.own;
    if (fresh.nextChangeMs != entry.nextChangeMs) {
        if (entry.nextChangeMs)
            m_clock.erase(entry.clockAt);
        if (fresh.nextChangeMs)
            entry.clockAt = m_clock.emplace(fresh.nextChangeMs, ref);
        entry.nextChangeMs = fresh.nextChangeMs;
    }
    if (!entry.memberId.isEmpty() && (cameOrWent || memberFactsDiffer(entry)))
        m_dirtyMembers.insert(entry.memberId);
    if (fresh.ownRules != entry.ownRules)
        m_touched.insert(ref);
    entry.own = std::move(fresh.own);
    entry.linted = std::move(fresh.linted);
    entry.manager = fresh.manager;
    entry.health = fresh.health;
    entry.version = fresh.version;
    entry.ownRules = fresh.ownRules;
}

void FleetFindings::diffPlacements(int hub)
{
    if (hub < 0)
        return;
    if (size_t(hub) >= m_placements.size())
        m_placements.resize(size_t(hub) + 1);
    QHash<ObjectKey, PlacementPtr> &known = m_placements[size_t(hub)];
    QHash<ObjectKey, PlacementPtr> current;
    if (m_store->isHubActive(hub)) {
        for (const PlacementPtr &p : m_store->placements(hub))
            current.insert(ObjectKey{p->metadata.namespaceName, p->metadata.name}, p);
    }
    // Decoded objects are immutable and shared: a new pointer is a new version.
    const auto index = [this, hub](const ObjectKey &key, const PlacementDecision &p, bool add) {
        const ClusterRef self{hub, key};
        for (const ClusterDecision &d : p.decisions) {
            const ClusterRef target{hub, ObjectKey{p.profileNamespace(d), d.clusterProfileName}};
            if (add)
                addRef(&m_placementsNaming[target], self);
            else
                removeRef(&m_placementsNaming, target, self);
        }
    };
    for (auto it = known.cbegin(); it != known.cend(); ++it) {
        if (current.value(it.key()) != it.value()) {
            index(it.key(), *it.value(), false);
            m_dirtyPlacements.insert(ClusterRef{hub, it.key()});
        }
    }
    for (auto it = current.cbegin(); it != current.cend(); ++it) {
        if (known.value(it.key()) != it.value()) {
            index(it.key(), *it.value(), true);
            m_dirtyPlacements.insert(ClusterRef{hub, it.key()});
        }
    }
    known = std::move(current);
}

void FleetFindings::relintPlacement(const ClusterRef &placement)
{
    const PlacementPtr p =
        size_t(placement.hub) < m_placements.size() ? m_placements[size_t(placement.hub)].value(placement.key) : nullptr;
    std::optional<LintFinding> f = p ? InventoryLint::placementFinding(*m_store, placement.hub, *p) : std::nullopt;
    const std::optional<LintFinding> old = m_placementFindings.contains(placement)
        ? std::optional<LintFinding>(m_placementFindings.take(placement))
        : std::nullopt;
    m_changedAny = m_changedAny || old != f;
    if (f)
        m_placementFindings.insert(placement, std::move(*f));
}

void FleetFindings::relintMember(const QString &memberId)
{
    std::optional<LintFinding> old;
    if (const auto it = m_memberFindings.constFind(memberId); it != m_memberFindings.cend()) {
        old = *it;
        for (const ClusterRef &ref : it->profiles)
            m_touched.insert(ref);
        m_memberFindings.erase(it);
    }
    std::optional<LintFinding> f;
    if (const auto members = m_members.constFind(memberId); members != m_members.cend()) {
        QList<int> rows;
        for (const ClusterRef &ref : *members) {
            m_touched.insert(ref);
            if (const int row = m_store->rowOf(ref.hub, ref.key); row >= 0)
                rows.append(row);
        }
        f = InventoryLint::memberFinding(*m_store, memberId, rows);
    }
    m_changedAny = m_changedAny || old != f;
    if (f)
        m_memberFindings.insert(memberId, std::move(*f));
}

const QString &FleetFindings::rulesOf(const Entry &entry) const
{
    // Each combination of rules is joined once, in rule order (as
    // InventoryLint::before() sorts a profile's findings), when a row first has
    // it: a relint compares thousands of rows' rules, and building each text
    // anew cost more than the lint. A fleet shows a few dozen combinations.
    static const quint32 memberBit = quint32(1u << InventoryLint::rules().indexOf(QStringLiteral("member-disagreement")));
    quint32 mask = entry.ownRules;
    if (!entry.memberId.isEmpty() && m_memberFindings.contains(entry.memberId))
        mask |= memberBit;
    auto text = m_rulesTexts.find(mask);
    if (text == m_rulesTexts.end()) {
        const QStringList &rules = InventoryLint::rules();
        QStringList names;
        for (qsizetype rule = 0; rule < rules.size(); ++rule) {
            if (mask & (quint32(1) << rule))
                names << rules[rule];
        }
        text = m_rulesTexts.emplace(mask, names.join(u',')).first;
    }
    return text->second;
}

void FleetFindings::scheduleClock()
{
    if (m_clock.empty()) {
        m_clockTimer.stop();
        return;
    }
    const qint64 wait = std::clamp(m_clock.begin()->first - m_options.nowMs, minClockMs, maxClockMs);
    m_clockTimer.start(int(wait));
}

QList<LintFinding> FleetFindings::findings() const
{
    QList<LintFinding> all;
    for (const Entry &entry : m_entries)
        all.append(entry.own);
    for (const LintFinding &f : m_memberFindings)
        all.append(f);
    for (const LintFinding &f : m_placementFindings)
        all.append(f);
    std::sort(all.begin(), all.end(), InventoryLint::before);
    return all;
}

QList<LintFinding> FleetFindings::findingsOf(const FleetProfile &row) const
{
    const auto it = m_entries.constFind(ClusterRef::of(row));
    if (it == m_entries.cend())
        return {};
    QList<LintFinding> out = it->own;
    if (!it->memberId.isEmpty()) {
        if (const auto member = m_memberFindings.constFind(it->memberId); member != m_memberFindings.cend())
            out.append(*member);
    }
    std::sort(out.begin(), out.end(), InventoryLint::before);
    return out;
}

const QString *FleetFindings::fact(QStringView key, const FleetProfile &row) const
{
    if (key != filterKey)
        return nullptr;
    static const QString none;
    const QString *rules = value(row);
    return rules ? rules : &none; // every cluster has the key: `findings!=""` means "has findings"
}

QString FleetFindings::header() const
{
    return QCoreApplication::translate("FleetFindings", "Findings");
}

QString FleetFindings::toolTip() const
{
    return QCoreApplication::translate("FleetFindings",
                                       "Inventory lint: the rules this cluster's ClusterProfile trips (fleetscope lint)");
}

const QString *FleetFindings::value(const FleetProfile &row) const
{
    const auto it = m_entries.constFind(ClusterRef::of(row));
    return it == m_entries.cend() || it->rules.isEmpty() ? nullptr : &it->rules;
}

} // namespace fleetscope
