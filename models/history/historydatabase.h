#pragma once

#include "fleetlogtables.h"
#include "historyids.h"
#include "historytypes.h"
#include "historywriterlock.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <functional>

class TstHistoryStore;
class TstFleetLog;

namespace fleetscope {

namespace history_rows {
struct Names;
}

class ChainRuns;
class FlapCounter;
class StartStates;

// The SQLite file behind condition history, on whichever thread calls it (the
// HistoryStore's worker; tests call it directly). One connection per instance.
//
// Schema: historyschema.h (versioned in table schema_version; migrate() upgrades
// older files). Statuses are ConditionStatus values (0 Absent, 1 True, 2 False,
// 3 Unknown), times are ms since the epoch.
//
// One process writes a history file (HistoryWriterLock): two writing one
// history would record every change twice, so the second one is told the
// database is locked and who writes it; it may still read it (openForReading),
// as often as it likes, while the writer writes (WAL).
class HistoryDatabase final
{
public:
    static constexpr int schemaVersion = 5;

    HistoryDatabase();
    ~HistoryDatabase();
    HistoryDatabase(const HistoryDatabase &) = delete;
    HistoryDatabase &operator=(const HistoryDatabase &) = delete;

    // Opens for writing (creating the file and its directory), takes the
    // writer's lock and migrates. On failure `error` names the file and says
    // what is wrong; the object stays closed. A file another writer holds is
    // "locked", and lockedBy() says who.
    bool open(const QString &path, QString *error);
    // Opens a file some writer made, read-only: queries only. A file of an older
    // schema has no fleet log until a writer converts it.
    bool openForReading(const QString &path, QString *error);
    void close();
    bool isOpen() const { return m_open; }
    bool isReadOnly() const { return m_readOnly; }
    QString path() const { return m_path; }
    // The writer that held the file when open() failed as locked.
    const HistoryWriterLock::Holder &lockedBy() const { return m_lockedBy; }

    bool insert(const QList<ConditionTransition> &transitions, QString *error);
    // Transitions and fleet log frames in one transaction.
    bool write(const QList<ConditionTransition> &transitions, const QList<FleetLogTables::Frame> &frames,
               QString *error);
    FleetLogTables &fleetLog() { return m_fleet; }
    const FleetLogTables &fleetLog() const { return m_fleet; }
    // The last transitions of clusters that ended (HistoryIds::forgetEnded).
    void forgetEnded(const QList<ConditionTransition> &endings) { m_ids.forgetEnded(endings); }
    const HistoryIds &ids() const { return m_ids; }
    // A watching session of a hub: started now, extended by heartbeats so that a
    // crash loses at most one heartbeat of coverage.
    qint64 beginCoverage(const QString &hub, qint64 at, QString *error);
    bool extendCoverage(qint64 session, qint64 at, QString *error);

    // Deletes transitions older than `cutoff` (but never a key's latest one, which
    // is the state a timeline starts from, unless its cluster ended before
    // `cutoff`: a churning hub's deleted clusters would otherwise pile up for
    // ever) and coverage that ended before it, then, while the transitions take
    // more than `maxBytes` of the file, the oldest tenth.
    bool prune(qint64 cutoff, qint64 maxBytes, QString *error);
    // The fleet log's retention and size cap, the same way (FleetLogTables::prune).
    bool pruneFleetLog(qint64 cutoff, qint64 maxBytes, QString *error);
    qint64 dataBytes() const;
    qint64 transitionCount() const;

    // The last recorded transition of every (cluster, type).
    QList<ConditionTransition> latestTransitions(QString *error) const;
    // What a reader has not seen yet: transitions recorded after the one with
    // id `*lastId` (at most 100k, oldest first), which it moves on.
    QList<ConditionTransition> transitionsAfter(qint64 *lastId, QString *error) const;
    qint64 lastTransitionId() const;
    ClusterHistory clusterHistory(const ClusterId &cluster, qint64 from, qint64 to) const;
    // Transitions in [from, to) of the clusters in `scope` (all when empty), of
    // `types` (all when empty), oldest first; with `withStartState` also each
    // (cluster, type)'s last transition before `from`.
    QList<ConditionTransition> transitions(const QSet<ClusterId> &scope, qint64 from, qint64 to,
                                           const QStringList &types, bool withStartState, QString *error) const;
    QList<CoverageInterval> coverage(const QString &hub, qint64 from, qint64 to) const;
    // When the last watching session of any hub ended (0 when none was recorded).
    qint64 lastCoverageEnd(QString *error) const;
    // A fact about the file (history_schema's notes); `missing` when it holds none.
    qint64 note(const QString &name, qint64 missing = 0) const;
    bool setNote(const QString &name, qint64 value, QString *error);
    // Adds the real status changes (FlapCounter::isFlap) since `since` to `counter`,
    // counted per bucket by SQLite (a few rows per cluster, however long the window).
    bool loadFlaps(FlapCounter *counter, qint64 since, QString *error) const;

private:
    friend class ::TstHistoryStore;
    friend class ::TstFleetLog;
    // What the file said before migrate() ran (0 for a new file).
    int foundVersion() const { return m_foundVersion; }

    // The transitions of the keys of `cluster` recorded since the last one
    // recorded before `since`, that began before `before`; `keep` gets each row
    // and its id.
    bool walkChains(const ClusterId &cluster, qint64 since, qint64 before,
                    const std::function<void(ConditionTransition &&, qint64)> &keep, QString *error) const;
    // What walkChains() from `heads` back to `since` offers `start` (the rows that
    // began before `since` of the keys `wanted` takes), reading only the rows
    // that `runs` does not know.
    bool readStartStates(const QList<qint64> &heads, const ChainRuns &runs, qint64 since,
                         const history_rows::Names &names,
                         const std::function<bool(qint64 cluster, qint64 type)> &wanted, StartStates *start,
                         QString *error) const;
    bool exec(const QString &sql, QString *error) const;
    bool migrate(QString *error);
    bool connect(const QString &path, bool readOnly, QString *error);
    // Deletes what retention takes at `cutoff` (prune()).
    bool pruneTransitionsBefore(qint64 cutoff, bool *deleted, QString *error);
    QString describe(const QString &what, const QString &detail) const;

    QString m_connection;
    HistoryIds m_ids; // after m_connection, which it names
    FleetLogTables m_fleet;
    HistoryWriterLock m_writerLock;
    HistoryWriterLock::Holder m_lockedBy;
    QString m_path;
    bool m_open = false;
    bool m_readOnly = false;
    int m_foundVersion = 0;
};

} // namespace fleetscope
