#pragma once

#include "flapcounter.h"
#include "fleetlogwriter.h"
#include "historydatabase.h"
#include "historysettings.h"
#include "transitiondetector.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

class QTimer;

namespace fleetscope {

class HistoryStore;

// The HistoryStore's half on its worker thread: owns the connection, the
// transition detector, the fleet log's writer, the write buffer and the
// coverage sessions. Everything here is called through queued functors from
// the store. When another process writes the file (`fleetscope record`), it
// reads it instead: observations are dropped (that process records the same
// hubs), and what it writes reaches transitionsRecorded() as if written here.
class HistoryWorker final : public QObject
{
public:
    explicit HistoryWorker(HistoryStore *store);
    ~HistoryWorker() override;

    void open(const QString &path, const HistorySettings &settings);
    void observe(const QList<ClusterObservation> &observations);
    void observeNamespaces(const QString &hub, const QList<NamespacePtr> &namespaces, qint64 at);
    void observePlacements(const QString &hub, const QList<PlacementPtr> &placements, qint64 at);
    void beginCoverage(const QString &hub, qint64 at);
    void endCoverage(const QString &hub, qint64 at);
    void recordConditionCoverage(const QString &hub, qint64 from, qint64 until);
    // Writes the buffered transitions and the fleet log's frames.
    void flush();
    void prune();
    void shutdown();
    // Notes that [from, until) of the history is simulated (the demo's).
    void markSimulated(qint64 from, qint64 until);

    bool usable() const { return m_db.isOpen() && !m_failed; }
    // Open, and written by this process (not reading another writer's file).
    bool writing() const { return usable() && !m_db.isReadOnly(); }
    const HistoryDatabase &database() const { return m_db; }
    // Flaps per cluster in the settings' flap window, as of now.
    QHash<ClusterId, int> flapCounts();
    // The counts that changed since the last flapCounts() or flapChanges(), 0 for
    // none left, as of the last write (at most flushDelayMs behind).
    QHash<ClusterId, int> flapChanges();
    // Open sessions are extended to now before a query, so "now" is not a gap;
    // the heartbeat does it too, after writing the fleet log's frames.
    void touchSessions();

    // Coalescing delay of writes; a buffer this large is written at once.
    // One transaction a second: each commit appends the B-tree pages it
    // touched to the WAL, so under a steady stream fewer, larger commits
    // write fewer bytes. Queries flush first, so they never miss a write
    // (flapChanges() excepted: a periodic refresh); a crash loses at most
    // this second. The fleet log's frames are written at each heartbeat, so a
    // frame holds up to five seconds of a hub's changes: its strings (the
    // fleet's vocabulary) once per frame instead of once a second, and rows
    // that fill SQLite's pages, make the log ~35 % smaller under churn
    // (bench_timetravel); a crash loses at most those seconds of it.
    static constexpr int flushDelayMs = 1000;
    static constexpr int flushAtCount = 20000;
    static constexpr int heartbeatMs = int(FleetLogTables::heartbeatMs);
    // How often a reader looks for what the writer wrote.
    static constexpr int followMs = 2000;

private:
    void fail(const QString &message);
    void ensureTimers();
    void scheduleFlush();
    void write(bool fleetFrames);
    void follow();
    qint64 streamOf(const QString &hub, qint64 at, QString *error);

    QPointer<HistoryStore> m_store;
    HistoryDatabase m_db;
    HistorySettings m_settings;
    TransitionDetector m_detector;
    FlapCounter m_flaps;
    QList<ConditionTransition> m_pending;
    QSet<ClusterId> m_ended; // clusters the detector forgot since the last flush
    QHash<QString, qint64> m_sessions; // hub → coverage row
    FleetLogWriter m_fleet;
    QHash<QString, qint64> m_streams; // hub → fleet log stream of this run
    qint64 m_followedId = 0;         // the last transition a reader passed on
    QHash<ClusterId, int> m_liveConditions; // a reader's: conditions not ended, per cluster
    QTimer *m_flushTimer = nullptr;
    QTimer *m_heartbeat = nullptr;
    QTimer *m_pruneTimer = nullptr;
    QTimer *m_followTimer = nullptr;
    bool m_failed = false;
};

} // namespace fleetscope
