#include "historyworker.h"

#include "historystore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

namespace fleetscope {

HistoryWorker::HistoryWorker(HistoryStore *store)
    : m_store(store)
{
}

HistoryWorker::~HistoryWorker() = default;

void HistoryWorker::ensureTimers()
{
    if (m_flushTimer)
        return;
    // Created here, on the worker thread, so that they fire there.
    m_flushTimer = new QTimer(this);
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(flushDelayMs);
    QObject::connect(m_flushTimer, &QTimer::timeout, this, [this] { write(false); });
    m_heartbeat = new QTimer(this);
    m_heartbeat->setInterval(heartbeatMs);
    QObject::connect(m_heartbeat, &QTimer::timeout, this, [this] { touchSessions(); });
    m_heartbeat->start();
    m_pruneTimer = new QTimer(this);
    m_pruneTimer->setInterval(3600 * 1000);
    QObject::connect(m_pruneTimer, &QTimer::timeout, this, [this] { prune(); });
    m_pruneTimer->start();
    m_followTimer = new QTimer(this);
    m_followTimer->setInterval(followMs);
    QObject::connect(m_followTimer, &QTimer::timeout, this, [this] { follow(); });
}

void HistoryWorker::fail(const QString &message)
{
    m_failed = true;
    m_pending.clear();
    m_detector.clear();
    m_ended.clear();
    m_flaps.clear();
    m_fleet.clear();
    m_streams.clear();
    m_liveConditions.clear();
    if (m_followTimer)
        m_followTimer->stop();
    m_db.close();
    HistoryStore *store = m_store.data();
    QMetaObject::invokeMethod(store, [store, message] { store->setState(HistoryStore::State::Failed, message); });
}

void HistoryWorker::open(const QString &path, const HistorySettings &settings)
{
    ensureTimers();
    m_settings = settings;
    m_failed = false;
    m_detector.clear();
    m_ended.clear();
    m_sessions.clear();
    m_pending.clear();
    m_fleet.clear();
    m_fleet.setKeyframeEvents(settings.fleetKeyframeEvents);
    m_streams.clear();
    m_liveConditions.clear();
    m_followTimer->stop();
    QString error;
    QString writer;
    if (!m_db.open(path, &error)) {
        const HistoryWriterLock::Holder holder = m_db.lockedBy();
        if (holder.pid == 0) {
            fail(error);
            return;
        }
        // Another process writes this history (`fleetscope record`, another
        // window): read what it records.
        writer = holder.isValid() ? holder.describe() : QCoreApplication::translate("History", "another program");
        error.clear();
        if (!m_db.openForReading(path, &error)) {
            fail(error);
            return;
        }
    }
    const QList<ConditionTransition> latest = m_db.latestTransitions(&error);
    if (!error.isEmpty()) {
        fail(error);
        return;
    }
    for (const ConditionTransition &t : latest) {
        m_detector.prime(t.cluster, t.type, t.to, t.at);
        if (t.to != ConditionStatus::Absent)
            ++m_liveConditions[t.cluster];
    }
    m_flaps = FlapCounter(settings.flapWindowMs());
    if (!m_db.loadFlaps(&m_flaps, QDateTime::currentMSecsSinceEpoch() - settings.flapWindowMs(), &error)) {
        fail(error);
        return;
    }
    // Flaps are counted for the clusters that still report a condition, as
    // while recording (flush()).
    m_flaps.forgetIf([this](const ClusterId &cluster) { return !m_detector.knows(cluster); });
    if (m_db.isReadOnly()) {
        m_detector.clear(); // decides nothing here; the counts follow the file (follow())
        m_followedId = m_db.lastTransitionId();
        m_followTimer->start();
    } else {
        m_liveConditions.clear(); // the detector knows, as it writes
        prune();
        if (m_failed)
            return;
    }
    HistoryStore *store = m_store.data();
    const qint64 simulatedFrom = m_db.note(QStringLiteral("simulated_from"));
    const qint64 simulatedUntil = m_db.note(QStringLiteral("simulated_until"));
    const bool writing = !m_db.isReadOnly();
    QMetaObject::invokeMethod(store, [store, simulatedFrom, simulatedUntil, writing, writer] {
        store->setSimulated(simulatedFrom, simulatedUntil);
        store->setWriter(writing, writer);
        store->setState(HistoryStore::State::Ready, QString());
    });
}

void HistoryWorker::markSimulated(qint64 from, qint64 until)
{
    if (!usable())
        return;
    QString error;
    if (!m_db.setNote(QStringLiteral("simulated_from"), from, &error)
        || !m_db.setNote(QStringLiteral("simulated_until"), until, &error))
        fail(error);
}

void HistoryWorker::scheduleFlush()
{
    if (m_pending.size() >= flushAtCount)
        flush();
    else if (!m_pending.isEmpty() && !m_flushTimer->isActive())
        m_flushTimer->start();
}

void HistoryWorker::observe(const QList<ClusterObservation> &observations)
{
    if (!writing())
        return;
    bool beginsStream = false;
    for (const ClusterObservation &o : observations) {
        m_detector.observe(o, &m_pending);
        if (m_detector.knows(o.cluster))
            m_ended.remove(o.cluster);
        else
            m_ended.insert(o.cluster);
        if (o.fleet) {
            m_fleet.observeCluster(o.cluster.hub, {o.cluster.namespaceName, o.cluster.name}, o.record, o.observedAt);
            beginsStream = beginsStream || !m_streams.contains(o.cluster.hub);
        }
    }
    // A hub's first frames begin its stream: written at once, readers (time
    // travel, `record --status`) see the hub recorded from the moment it was listed.
    if (beginsStream)
        flush();
    else
        scheduleFlush();
}

void HistoryWorker::observeNamespaces(const QString &hub, const QList<NamespacePtr> &namespaces, qint64 at)
{
    if (!writing())
        return;
    m_fleet.observeNamespaces(hub, namespaces, at);
    scheduleFlush();
}

void HistoryWorker::observePlacements(const QString &hub, const QList<PlacementPtr> &placements, qint64 at)
{
    if (!writing())
        return;
    m_fleet.observePlacements(hub, placements, at);
    scheduleFlush();
}

qint64 HistoryWorker::streamOf(const QString &hub, qint64 at, QString *error)
{
    if (const auto it = m_streams.constFind(hub); it != m_streams.constEnd())
        return *it;
    const qint64 stream = m_db.fleetLog().beginStream(hub, at, error);
    if (stream > 0)
        m_streams.insert(hub, stream);
    return stream;
}

void HistoryWorker::follow()
{
    if (!usable() || writing())
        return;
    QString error;
    const QList<ConditionTransition> fresh = m_db.transitionsAfter(&m_followedId, &error);
    if (!error.isEmpty()) {
        fail(error);
        return;
    }
    if (fresh.isEmpty())
        return;
    m_flaps.addTransitions(fresh);
    // As when writing: a cluster whose every condition ended has no row to show
    // flaps in; its counts go.
    for (const ConditionTransition &t : fresh) {
        if (t.from == ConditionStatus::Absent && t.to != ConditionStatus::Absent)
            ++m_liveConditions[t.cluster];
        else if (t.from != ConditionStatus::Absent && t.to == ConditionStatus::Absent) {
            const auto it = m_liveConditions.find(t.cluster);
            if (it != m_liveConditions.end() && --*it <= 0) {
                m_liveConditions.erase(it);
                m_flaps.forget(t.cluster);
            }
        }
    }
    HistoryStore *store = m_store.data();
    QMetaObject::invokeMethod(store, [store, fresh] { Q_EMIT store->transitionsRecorded(fresh); });
}

void HistoryWorker::flush()
{
    write(true);
}

void HistoryWorker::write(bool fleetFrames)
{
    if (m_flushTimer)
        m_flushTimer->stop();
    if (!writing() || (m_pending.isEmpty() && !(fleetFrames && m_fleet.hasPending())))
        return;
    QString error;
    QList<FleetLogWriter::Frame> taken;
    if (fleetFrames)
        taken = m_fleet.takeFrames();
    QList<FleetLogTables::Frame> frames;
    for (FleetLogWriter::Frame &f : taken) {
        const qint64 stream = streamOf(f.hub, f.firstAt, &error);
        if (stream <= 0) {
            fail(m_db.path() + QStringLiteral(": ") + error);
            return;
        }
        frames.append({stream, f.keyframe, f.firstAt, f.lastAt, f.events, std::move(f.data)});
    }
    if (!m_db.write(m_pending, frames, &error)) {
        fail(error);
        return;
    }
    if (m_pending.isEmpty())
        return;
    const QList<ConditionTransition> written = std::move(m_pending);
    m_pending = {};
    m_flaps.addTransitions(written);
    // A cluster whose every condition ended (a deleted profile) has no row to
    // show flaps in, and writes nothing more: keeping its counts and ids would
    // grow them with every name a churning hub ever used.
    if (!m_ended.isEmpty()) {
        QList<ConditionTransition> endings;
        for (const ConditionTransition &t : written) {
            if (t.to == ConditionStatus::Absent && m_ended.contains(t.cluster))
                endings.append(t);
        }
        m_db.forgetEnded(endings);
        for (const ClusterId &cluster : std::as_const(m_ended))
            m_flaps.forget(cluster);
        m_ended.clear();
    }
    HistoryStore *store = m_store.data();
    QMetaObject::invokeMethod(store, [store, written] { Q_EMIT store->transitionsRecorded(written); });
}

QHash<ClusterId, int> HistoryWorker::flapCounts()
{
    flush();
    return usable() ? m_flaps.counts(QDateTime::currentMSecsSinceEpoch()) : QHash<ClusterId, int>();
}

QHash<ClusterId, int> HistoryWorker::flapChanges()
{
    // No flush: the refresh asks every few seconds, and a forced write of
    // whatever came since the last second's would be half the writes under
    // churn. What is still buffered joins the next answer.
    return usable() ? m_flaps.changes(QDateTime::currentMSecsSinceEpoch()) : QHash<ClusterId, int>();
}

void HistoryWorker::beginCoverage(const QString &hub, qint64 at)
{
    if (!writing() || m_sessions.contains(hub))
        return;
    QString error;
    const qint64 session = m_db.beginCoverage(hub, at, &error);
    // The hub's fleet log stream begins with its first frame, once the hub is
    // listed whole (HistoryRecorder): a moment before that would be an empty hub.
    if (session < 0) {
        fail(error);
        return;
    }
    m_sessions.insert(hub, session);
}

void HistoryWorker::endCoverage(const QString &hub, qint64 at)
{
    const auto it = m_sessions.constFind(hub);
    if (!writing() || it == m_sessions.constEnd())
        return;
    // The stream begins with the hub's first frame: what was observed is written
    // first, so that a stream begun since reaches the end of the session too.
    flush();
    if (!writing())
        return;
    QString error;
    const qint64 session = *it;
    m_sessions.erase(it);
    const qint64 stream = m_streams.value(hub);
    if (!m_db.extendCoverage(session, at, &error) || (stream > 0 && !m_db.fleetLog().extendStream(stream, at, &error)))
        fail(error);
}

void HistoryWorker::recordConditionCoverage(const QString &hub, qint64 from, qint64 until)
{
    if (!writing())
        return;
    QString error;
    // A closed session of its own, and no fleet log stream: a live watch later
    // begins both afresh.
    const qint64 session = m_db.beginCoverage(hub, from, &error);
    if (session < 0 || !m_db.extendCoverage(session, until, &error))
        fail(error);
}

void HistoryWorker::touchSessions()
{
    if (!writing())
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // The streams reach as far as their frames: what was observed until now is written first.
    flush();
    if (!writing())
        return;
    QString error;
    for (auto it = m_sessions.cbegin(); it != m_sessions.cend(); ++it) {
        const qint64 stream = m_streams.value(it.key());
        // A quiet hub's fleet is recorded as long as it is watched.
        if (!m_db.extendCoverage(*it, now, &error)
            || (stream > 0 && !m_db.fleetLog().extendStream(stream, now, &error))) {
            fail(error);
            return;
        }
    }
}

void HistoryWorker::prune()
{
    if (!writing())
        return;
    flush();
    QString error;
    const qint64 cutoff = QDateTime::currentMSecsSinceEpoch() - m_settings.retentionMs();
    if (!m_db.prune(cutoff, m_settings.maxBytes(), &error)
        || !m_db.pruneFleetLog(cutoff, m_settings.fleetMaxBytes(), &error))
        fail(error);
}

void HistoryWorker::shutdown()
{
    flush();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QStringList hubs = m_sessions.keys();
    for (const QString &hub : hubs)
        endCoverage(hub, now);
    m_db.close();
    delete m_flushTimer;
    delete m_heartbeat;
    delete m_pruneTimer;
    delete m_followTimer;
    m_flushTimer = m_heartbeat = m_pruneTimer = m_followTimer = nullptr;
}

} // namespace fleetscope
