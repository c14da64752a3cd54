#pragma once

#include "fleet/filter/filterfacts.h"
#include "fleetprofile.h"
#include "kube/hubjournal.h"
#include "kube/hubstatus.h"
#include "rowindex.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <vector>

class TestSortFilterProxy;

namespace fleetscope {

// Every hub merged into one fleet, on the GUI thread. Rows live in a vector with
// a key → row index, so that a 100k fleet costs no per-row objects and a change
// finds its row in O(1). Rows keep their order (new profiles are appended), and
// a delta reaches listeners as Qt's model protocol, never a reset:
//   profilesChanged(first, last) per range of changed rows, each range written
//     just before it is announced, so that rows not yet announced still hold
//     what listeners last saw;
//   profilesAboutToBeRemoved/profilesRemoved(first, last) per run of deleted
//     rows, the last run first, so that the rows of the other runs keep their
//     numbers until their turn;
//   profilesAboutToBeInserted/profilesInserted(first, last) for the new rows.
class FleetStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetStore)

public:
    explicit FleetStore(QObject *parent = nullptr);
    ~FleetStore() override;

    // A hub's index is its identity for as long as the store lives: rows,
    // groups, placements and selections refer to hubs by index. Removing a hub
    // retires its slot (hubCount() still counts it, isHubActive() says false) and
    // adding the same name again brings the slot back, so an index never names
    // another hub.
    int addHub(const QString &name);
    // Removes the hub's rows (as row removals, not deletions: the clusters were
    // not deleted, they are no longer watched), namespaces and placements, then
    // emits hubRemoved. Its index stays reserved for its name.
    void removeHub(int hub);
    int hubCount() const { return int(m_hubs.size()); }
    bool isHubActive(int hub) const { return hub >= 0 && size_t(hub) < m_hubs.size() && !m_hubs[size_t(hub)].removed; }
    QList<int> activeHubs() const;
    QString hubName(int hub) const { return m_hubs.at(hub).status.hub; }
    // HUB/NAMESPACE/NAME: how the CLI, exports and the lint name a cluster.
    QString qualifiedName(const FleetProfile &row) const
    {
        return hubName(row.hub) + u'/' + row.profile().metadata.namespaceName + u'/' + row.profile().metadata.name;
    }
    // The active hub of that name, or -1.
    int hubIndex(const QString &name) const;
    const HubStatus &hubStatus(int hub) const { return m_hubs.at(hub).status; }
    // The hub's recent history (requests, errors, backoffs) for Hub details; null
    // for a hub whose kubeconfig context could not even be used.
    HubJournalPtr hubJournal(int hub) const { return m_hubs.at(hub).journal; }
    void setHubJournal(int hub, HubJournalPtr journal) { m_hubs.at(hub).journal = std::move(journal); }
    // Undecodable objects per hub, newest last (bounded).
    const QStringList &hubDecodeErrors(int hub) const { return m_hubs.at(hub).decodeErrors; }

    int profileCount() const { return int(m_profiles.size() - m_dead.size()); }
    // Distinct property names (or label keys) across the fleet, sorted: what
    // column and grouping menus offer.
    QStringList distinctKeys(bool labels) const;
    // The reference holds until the store changes or profiles() is called.
    const FleetProfile &profileAt(int row) const { return m_profiles[size_t(m_dead.empty() ? row : slotOf(row))]; }
    // Every row in order (compacts first, so that the vector holds only rows:
    // references from profileAt() end here).
    const std::vector<FleetProfile> &profiles() const
    {
        compact();
        return m_profiles;
    }
    int rowOf(int hub, const ObjectKey &key) const;
    int rowOf(int hub, QStringView namespaceName, QStringView name) const;
    // Profiles publishing the same member cluster (same inventory-member-id), this one included.
    QList<int> rowsOfMember(const QString &memberId) const;

    const LabelMap *namespaceLabels(int hub, const QString &namespaceName) const;
    QList<NamespacePtr> namespaces(int hub) const;
    QList<PlacementPtr> placements(int hub) const;
    // Every hub synced, failed for good, or unreachable before its first sync:
    // what `fleetscope list` waits for.
    bool allHubsSettled() const;
    // Whether to return free heap pages to the system each time every hub has
    // settled (default on; a process about to exit has no use for it).
    void setReleaseMemoryWhenSettled(bool release) { m_releaseMemoryWhenSettled = release; }
    // Extra facts the filter language may test (not owned), asked in the order added:
    // the session's access checks, the inventory lint's findings.
    void addFilterFacts(const FilterFacts *facts)
    {
        if (facts && !m_filterFacts.contains(facts))
            m_filterFacts.append(facts);
    }
    void removeFilterFacts(const FilterFacts *facts) { m_filterFacts.removeAll(facts); }
    const QList<const FilterFacts *> &filterFacts() const { return m_filterFacts; }
    // The rows show a recorded moment, not the hubs' live state (time travel:
    // the live fleet goes on elsewhere). Whoever acts on live changes (the fleet
    // cache, notifications) lets these rows be.
    void setShowingPast(bool past);
    bool isShowingPast() const { return m_showingPast; }

    // After HealthRules::setActive(): every row's verdict again, announced like a
    // delta's changes (profilesChanged, deltaApplied per hub touched), not as
    // profilesUpdated: the profiles themselves did not change.
    void reapplyHealthRules();

public slots:
    void applyDelta(int hub, const fleetscope::HubDelta &delta);
    void setHubStatus(int hub, const fleetscope::HubStatus &status);

signals:
    // Emitted before the rows of deleted profiles go, with their last state (for
    // `list --watch`, notifications and history).
    void profilesDeleting(const QList<fleetscope::FleetProfile> &profiles);
    // Just before a range of rows is written (then profilesChanged): for
    // listeners that count what rows hold and must take the old values out.
    void profilesAboutToChange(int first, int last);
    void profilesChanged(int first, int last);
    void profilesAboutToBeRemoved(int first, int last);
    void profilesRemoved(int first, int last);
    void profilesAboutToBeInserted(int first, int last);
    void profilesInserted(int first, int last);
    void placementsChanged(int hub);
    void hubStatusChanged(int hub);
    // A hub slot taken (a new hub, or a removed one's name again).
    void hubAdded(int hub);
    void showingPastChanged(bool past);
    // After removeHub(): its rows and placements are gone already.
    void hubRemoved(int hub);
    // After a whole delta: the rows (final positions) whose profile was added or
    // changed by it, exactly (profilesChanged ranges may span unchanged rows):
    // this is what watchers, notifications and history follow.
    void profilesUpdated(const QList<int> &rows);
    // After a whole delta was applied: counts, health roll-ups, etc. may be refreshed.
    void deltaApplied(int hub, int changes);
    // After reapplyHealthRules(): verdicts changed because the rules did.
    void healthRulesReapplied();

private:
    friend class ::TestSortFilterProxy;
    // Changed rows at most this many rows apart are announced as one range:
    // fewer, wider dataChanged signals for the views of a busy fleet, each row
    // between them re-read once.
    void setChangeMergeGap(int rows) { m_changeMergeGap = qMax(1, rows); }

    QList<const FilterFacts *> m_filterFacts;
    struct Hub
    {
        HubStatus status;
        QHash<QString, NamespacePtr> namespaces;
        QHash<ObjectKey, PlacementPtr> placements;
        QStringList decodeErrors;
        HubJournalPtr journal;
        bool removed = false;
    };
    FleetProfile makeRow(int hub, ProfilePtr record) const;
    using RowUpdate = std::pair<int, FleetProfile>;
    void refreshNamespaceFacts(int hub, const QSet<QString> &namespaces, std::vector<RowUpdate> *updates) const;
    void updateRows(std::vector<RowUpdate> updates);
    void removeRows(const QList<int> &rows);
    void purgeStringsNowAndThen(qsizetype changes);
    void keepHouse();
    // Deleted rows leave empty slots behind (kept sorted in m_dead) so that a
    // removal costs no shifting of the rows after it; row r is the r-th live
    // slot. compact() drops the empty slots in one pass, which leaves every row
    // number as it was: the store does it when enough have piled up, and before
    // handing out the whole vector.
    int slotOf(int row) const;
    int rowOfSlot(int slot) const;
    void compact() const;

    std::vector<Hub> m_hubs;
    mutable std::vector<FleetProfile> m_profiles;
    mutable std::vector<int> m_dead;
    mutable RowIndex m_rowOf{&m_profiles}; // key → slot
    QTimer m_housekeeping; // the purge and trim due, on the next turn
    qsizetype m_changesSincePurge = 0;
    qsizetype m_changesSinceTrim = 0;
    int m_changeMergeGap = 4;
    bool m_settled = false; // allHubsSettled() at the last status change
    bool m_releaseMemoryWhenSettled = true;
    bool m_showingPast = false;
};

} // namespace fleetscope
