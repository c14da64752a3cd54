#pragma once

#include "fleet/itemmodels/clustercolumnsource.h"
#include "fleet/filter/filterfacts.h"
#include "fleet/store/fleetprofile.h"
#include "inventorylint.h"

#include <QHash>
#include <QDeadlineTimer>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

class TestFleetFindings;

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

    // Every finding, in InventoryLint::run()'s order (assembled on demand).
    QList<LintFinding> findings() const;
    // The findings that name this cluster.
    QList<LintFinding> findingsOf(const FleetProfile &row) const;

    const QString *fact(QStringView key, const FleetProfile &row) const override;
    QString key() const override { return QStringLiteral("findings"); }
    QString header() const override;
    QString toolTip() const override;
    const QString *value(const FleetProfile &row) const override;

signals:
    // After a relint that changed any finding; `rows` are the rows whose rules
    // (the column, the filter key) changed.
    void changed(const QList<int> &rows);

private:
    friend class ::TestFleetFindings;
    bool isRelinting() const { return m_running; }
    void setStaleAfterMs(qint64 ms);

    // A phase's items in a list, worked through across slices: erasing from a
    // set's front is quadratic over a whole fleet (QHash::begin() scans from
    // its first bucket).
    template<typename T>
    struct WorkList
    {
        std::vector<T> items;
        size_t next = 0;

        // Runs `step` on the items left; false when `outOfTime` stopped it first.
        template<typename OutOfTime, typename Step>
        bool drain(OutOfTime outOfTime, Step step)
        {
            while (next < items.size()) {
                if (outOfTime())
                    return false;
                step(items[next++]);
            }
            items.clear();
            next = 0;
            return true;
        }
    };

    // What is kept of a profile that has findings, a member id, a clusterset
    // label or a property that will turn stale; other profiles have no entry.
    // Entry::nextChangeMs → profile. A std::multimap, so that an entry keeps its
    // place (an iterator that stays valid) and leaves in O(1), however many
    // profiles share a deadline (timestamps have whole seconds).
    using Clock = std::multimap<qint64, ClusterRef>;
    struct Entry
    {
        QList<LintFinding> own; // InventoryLint::appendProfileFindings()
        // The record `own` was linted from; null when something beside the
        // record (the clock, the namespace's labels) asks for a fresh lint.
        ProfilePtr linted;
        QString memberId;
        QString rules; // "manager-mismatch,stale-property"
        qint64 nextChangeMs = 0; // 0: none (and clockAt is not set)
        Clock::iterator clockAt;
        // What member-disagreement reads of this profile.
        PooledString manager;
        PooledString version;
        Health health = Health::NotReported;
        quint32 ownRules = 0; // `own`'s rules, a bit per index in InventoryLint::rules()
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
    void relintProfile(const ClusterRef &ref);
    void unindex(const ClusterRef &ref, const Entry &entry);
    void dropEntry(const ClusterRef &ref);
    void diffPlacements(int hub);
    void relintPlacement(const ClusterRef &placement);
    void relintMember(const QString &memberId);
    const QString &rulesOf(const Entry &entry) const;
    void scheduleClock();

    const FleetStore *m_store;
    LintOptions m_options;
    mutable std::unordered_map<quint32, QString> m_rulesTexts; // rulesOf(): rule bits → "rule,rule" (nodes stay put)
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
    WorkList<ClusterRef> m_changed;
    QSet<int> m_dirtyPlacementHubs;
    QSet<ClusterRef> m_dirtyPlacements;
    QSet<ClusterRef> m_cameOrWent; // dirty profiles that were inserted or removed
    // A relint in progress (startRelint() to the end of continueRelint()).
    bool m_running = false;
    bool m_changedAny = false; // some finding changed
    bool m_relintAllMembers = false; // after a rebuild
    QSet<QString> m_dirtyMembers;
    WorkList<ClusterRef> m_profileWork; // this relint's dirty profiles
    WorkList<QString> m_memberWork;
    QSet<ClusterRef> m_touched; // rows whose rules may have changed
    QList<ClusterRef> m_cleared; // rows whose rules may have become empty
    // The last phase: m_touched, then m_cleared (true), checked for new rules text.
    WorkList<std::pair<ClusterRef, bool>> m_rulesWork;
    std::vector<ClusterRef> m_rulesChanged;
    QTimer m_nextSlice;
    int m_sliceMs = 3;
    QTimer m_debounce;
    QTimer m_clockTimer; // the next stale property, in a fleet that is quiet
    bool m_settled = false; // every hub had synced at the last status change
};

} // namespace fleetscope
