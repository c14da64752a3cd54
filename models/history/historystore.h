#pragma once

#include "historysettings.h"
#include "historytypes.h"
#include "transitiondetector.h"

#include "api/clusterfacts.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>

#include <functional>

class QThread;

class TstHistoryStore;

namespace fleetscope {

class HistoryWorker;

// Condition history, recorded and read on a worker thread with its own SQLite
// connection (HistoryDatabase): the GUI thread never waits for the file. Writes
// are coalesced for a quarter second and committed in one transaction, so a
// burst of 10k transitions is one write. Queries are asynchronous: `done` runs
// on `context`'s thread, and not at all once `context` is gone.
//
// A database that cannot be used (corrupt, locked by another program, not
// writable) puts the store in Failed with a message naming the file; recording
// and queries then do nothing and the rest of the app works on.
class HistoryStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryStore)

public:
    enum class State { Closed, Opening, Ready, Failed };

    explicit HistoryStore(QObject *parent = nullptr);
    ~HistoryStore() override;

    // <AppDataLocation>/history.sqlite
    static QString defaultPath();

    void open(const QString &path, const HistorySettings &settings = HistorySettings());
    State state() const { return m_state; }
    bool isAvailable() const { return m_state == State::Ready; }
    QString statusMessage() const { return m_message; }
    // Whether this process writes the file; when another one does (`fleetscope
    // record`), the store reads what it records and writer() names it.
    bool isRecording() const { return m_recording; }
    QString writer() const { return m_writer; }
    QString path() const { return m_path; }
    const HistorySettings &settings() const { return m_settings; }

    // Recording: the worker decides what is a transition (TransitionDetector).
    void observe(const QList<ClusterObservation> &observations);
    // A hub's namespaces and placement decisions now, for the fleet log.
    void observeNamespaces(const QString &hub, const QList<NamespacePtr> &namespaces, qint64 at);
    void observePlacements(const QString &hub, const QList<PlacementPtr> &placements, qint64 at);
    void beginCoverage(const QString &hub, qint64 at);
    void endCoverage(const QString &hub, qint64 at);
    // A span of `hub` the condition history covers and the fleet log does not: the
    // demo's simulated past has conditions but no fleet to travel back to.
    void recordConditionCoverage(const QString &hub, qint64 from, qint64 until);
    // Applies retention and the size cap now (also done hourly).
    void prune();

    // History that was simulated, not recorded (the demo writes a past for its fleet
    // at its first launch): [simulatedFrom(), simulatedUntil()) in ms since the
    // epoch, both 0 when there is none. Read from the file when it opens (before
    // stateChanged() says Ready); simulatedChanged() when either changes.
    qint64 simulatedFrom() const { return m_simulatedFrom; }
    qint64 simulatedUntil() const { return m_simulatedUntil; }
    // Records in the file that [from, until) is simulated; call it after observing that span.
    void markSimulated(qint64 from, qint64 until);
    // When the last watching session of any hub ended, 0 when none was recorded:
    // whether this history has recorded anything lately.
    void fetchLastRecorded(QObject *context, std::function<void(qint64)> done);

    void fetchCluster(const ClusterId &cluster, qint64 from, qint64 to, QObject *context,
                      std::function<void(const ClusterHistory &)> done);
    // `managers`: each cluster's manager, for its health rule (HealthRules::active()).
    void fetchHealth(const QSet<ClusterId> &scope, const QHash<ClusterId, QString> &managers, qint64 from, qint64 to,
                     int budget, QObject *context,
                     std::function<void(const QList<HealthPoint> &)> done);
    // The scope's clusters whose verdict was `health` at the fleet-health point whose
    // bucket is (since, at] (see clustersWithHealth()).
    void fetchClustersWithHealth(const QSet<ClusterId> &scope, const QHash<ClusterId, QString> &managers,
                                 qint64 since, qint64 at, Health health, QObject *context,
                                 std::function<void(const QList<ClusterId> &)> done);
    void fetchTransitions(const QSet<ClusterId> &scope, qint64 from, qint64 to, QObject *context,
                          std::function<void(const QList<ConditionTransition> &, const QString &error)> done);
    // Flaps per cluster within the settings' flap window (FlapCounter: counted in
    // memory as transitions are written, never by scanning the window).
    void fetchFlapCounts(QObject *context, std::function<void(const QHash<ClusterId, int> &)> done);
    // The counts that changed since the last fetchFlapCounts() or
    // fetchFlapChanges(), 0 for a cluster with none left: what a refresh every
    // few seconds needs, where the whole set is every cluster that flapped in
    // the window. For one reader, applying each answer on top of the last. As of
    // the last write: transitions still buffered come in the next answer.
    void fetchFlapChanges(QObject *context, std::function<void(const QHash<ClusterId, int> &)> done);

    // Blocks until every queued observation is decided and written (tests, exit).
    void flush();

signals:
    void stateChanged();
    // After each committed batch: what was written (live timelines, flap counts).
    void transitionsRecorded(const QList<fleetscope::ConditionTransition> &transitions);
    void simulatedChanged();

private:
    friend class HistoryWorker;
    friend class ::TstHistoryStore;
    bool isSimulated(qint64 at) const { return at >= m_simulatedFrom && at < m_simulatedUntil; }
    void setState(State state, const QString &message);
    void setSimulated(qint64 from, qint64 until);
    void setWriter(bool recording, const QString &writer);

    QThread *m_thread;
    HistoryWorker *m_worker;
    State m_state = State::Closed;
    QString m_message;
    QString m_path;
    HistorySettings m_settings;
    qint64 m_simulatedFrom = 0;
    qint64 m_simulatedUntil = 0;
    bool m_recording = false;
    QString m_writer;
};

} // namespace fleetscope
