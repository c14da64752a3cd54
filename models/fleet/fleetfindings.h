#pragma once

#include "clustercolumnsource.h"
#include "filterfacts.h"
#include "inventorylint.h"

#include <QHash>
#include <QDeadlineTimer>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <map>
#include <optional>
#include <vector>

namespace fleetscope {

class FleetStore;

// The inventory lint kept current for the dashboard: the "Findings" column (the
// rules a cluster trips, errors first) and the filter key `findings` (those rule
// names joined by commas, "" for none: `findings!=""` shows every cluster with
// a finding, `findings~stale` those with a stale property). Relints a moment
// after the fleet changes, not on every delta, and then only what the changes
// can affect: a changed profile's own rules; the member-disagreement of the
// inventory-member-ids it left and joined; the PlacementDecisions that name it
// (and the changed decisions themselves); the profiles whose namespace's
// clusterset changed; and the profiles whose stale properties tick over. Small
// indexes find those; the findings always equal a whole InventoryLint pass.
class FleetFindings final : public QObject, public FilterFacts, public ClusterColumnSource
{
    Q_OBJECT

public:
    static inline const QString filterKey = QStringLiteral("findings");

    explicit FleetFindings(const FleetStore *store, QObject *parent = nullptr);

    // Brings the findings up to date now, in one go; `nowMs` 0 takes the clock.
    void relint(qint64 nowMs = 0);
    // Brings them up to date in slices of at most `sliceMs` of work, each its
    // own turn of the event loop, so that input and paints run in between
    // (a first lint of 100k profiles takes over a second); changed() comes
    // once, after the last slice. What the timers start.
    void relintInSlices(int sliceMs = 3, qint64 nowMs = 0);
    bool isRelinting() const { return m_running; }
    void setStaleAfterMs(qint64 ms);

    // Every finding, in InventoryLint::run()'s order (assembled on demand).
    const QList<LintFinding> &findings() const;
    // The findings that name this cluster.
    QList<LintFinding> findingsOf(const FleetProfile &row) const;

    const QString *fact(QStringView key, const FleetProfile &row) const override;
    QString header() const override;
    QString toolTip() const override;
    const QString *value(const FleetProfile &row) const override;

signals:
    // After a relint that changed any finding; `rows` are the rows whose rules
    // (the column, the filter key) changed.
    void changed(const QList<int> &rows);

private:
    // What is kept of a profile that has findings, a member id, a clusterset
    // label or a property that will turn stale; other profiles have no entry.
    // Entry::nextChangeMs → profile. A std::multimap, so that an entry keeps its
    // place (an iterator that stays valid) and leaves in O(1), however many
    // profiles share a deadline (timestamps have whole seconds).
    using Clock = std::multimap<qint64, ClusterRef>;
    struct Entry
    {
        QList<LintFinding> own; // InventoryLint::profileFindings()
        QString memberId;
        QString rules; // "manager-mismatch,stale-property"
        qint64 nextChangeMs = 0; // 0: none (and clockAt is not set)
        Clock::iterator clockAt;
        bool watchesNamespace = false; // has a clusterset label
    };
    struct NamespaceWatch
    {
        std::optional<QString> clusterSet;
        QSet<ClusterRef> profiles;
    };
    using NamespaceKey = QPair<int, QString>;
    // The few profiles of one member id, the few decisions naming one profile:
    // a list, since a QSet's smallest table costs ~3 KB (5k profiles: ~30 MB).
    using Refs = QList<ClusterRef>;

    void startRelint(qint64 nowMs);
    bool continueRelint(const QDeadlineTimer &budget); // true when the relint is complete
    void markRows(int first, int last, bool cameOrWent = false);
    void checkNamespaces(int hub);
    void relintProfile(const ClusterRef &ref, QSet<ClusterRef> *touched, QList<ClusterRef> *cleared);
    void diffPlacements(int hub);
    void relintPlacement(const ClusterRef &placement);
    void relintMember(const QString &memberId, QSet<ClusterRef> *touched);
    QString rulesOf(const Entry &entry) const;
    const QString *rulesOf(const FleetProfile &row) const;
    void scheduleClock();

    const FleetStore *m_store;
    LintOptions m_options;
    bool m_rebuild = true; // everything is dirty (first run, new limit, clock went back)
    QHash<ClusterRef, Entry> m_entries;
    Clock m_clock;
    QHash<QString, Refs> m_members; // inventory-member-id → its profiles
    QHash<QString, LintFinding> m_memberFindings;
    QHash<NamespaceKey, NamespaceWatch> m_namespaces; // of profiles with a clusterset label
    std::vector<QHash<ObjectKey, PlacementPtr>> m_placements; // per hub, as last linted
    QHash<ClusterRef, LintFinding> m_placementFindings; // keyed by (hub, decision's key)
    QHash<ClusterRef, Refs> m_placementsNaming; // profile → decisions naming it
    // What changed since the last relint.
    QSet<ClusterRef> m_dirtyProfiles;
    // Changed profiles not yet in m_dirtyProfiles: appending costs a burst of
    // events far less than hashing each key; the relint adds them in its slices.
    std::vector<ClusterRef> m_changed;
    size_t m_changedAt = 0;
    QSet<int> m_dirtyPlacementHubs;
    QSet<ClusterRef> m_dirtyPlacements;
    QSet<ClusterRef> m_cameOrWent; // dirty profiles that were inserted or removed
    // A relint in progress (startRelint() to the end of continueRelint()).
    bool m_running = false;
    bool m_changedAny = false; // some finding changed
    bool m_relintAllMembers = false; // after a rebuild
    QSet<QString> m_dirtyMembers;
    std::vector<ClusterRef> m_profileWork; // this relint's dirty profiles
    size_t m_profileWorkAt = 0;
    std::vector<QString> m_memberWork;
    size_t m_memberWorkAt = 0;
    QSet<ClusterRef> m_touched; // rows whose rules may have changed
    QList<ClusterRef> m_cleared; // rows whose rules may have become empty
    // The last phase: m_touched, then m_cleared, checked for new rules text.
    std::vector<ClusterRef> m_tailWork;
    size_t m_tailWorkAt = 0;
    size_t m_tailCleared = 0; // where m_cleared's refs start in m_tailWork
    bool m_tailStarted = false;
    std::vector<ClusterRef> m_rulesChanged;
    QTimer m_nextSlice;
    int m_sliceMs = 3;
    mutable QList<LintFinding> m_findings; // findings(), assembled on demand
    mutable bool m_findingsValid = false;
    QTimer m_debounce;
    QTimer m_clockTimer; // the next stale property, in a fleet that is quiet
    bool m_settled = false; // every hub had synced at the last status change
};

} // namespace fleetscope
