#include "historyworker.h"

#include "historystore.h"

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
    QObject::connect(m_flushTimer, &QTimer::timeout, this, [this] { flush(); });
    m_heartbeat = new QTimer(this);
    m_heartbeat->setInterval(heartbeatMs);
    QObject::connect(m_heartbeat, &QTimer::timeout, this, [this] { touchSessions(); });
    m_heartbeat->start();
    m_pruneTimer = new QTimer(this);
    m_pruneTimer->setInterval(3600 * 1000);
    QObject::connect(m_pruneTimer, &QTimer::timeout, this, [this] { prune(); });
    m_pruneTimer->start();
}

void HistoryWorker::fail(const QString &message)
{
    m_failed = true;
    m_pending.clear();
    m_detector.clear();
    m_ended.clear();
    m_flaps.clear();
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
    QString error;
    if (!m_db.open(path, &error)) {
        fail(error);
        return;
    }
    const QList<ConditionTransition> latest = m_db.latestTransitions(&error);
    if (!error.isEmpty()) {
        fail(error);
        return;
    }
    for (const ConditionTransition &t : latest)
        m_detector.prime(t.cluster, t.type, t.to, t.at);
    m_flaps = FlapCounter(settings.flapWindowMs());
    if (!m_db.loadFlaps(&m_flaps, QDateTime::currentMSecsSinceEpoch() - settings.flapWindowMs(), &error)) {
        fail(error);
        return;
    }
    // Flaps are counted for the clusters that still report a condition, as
    // while recording (flush()).
    m_flaps.forgetIf([this](const ClusterId &cluster) { return !m_detector.knows(cluster); });
    prune();
    if (m_failed)
        return;
    HistoryStore *store = m_store.data();
    const qint64 simulatedFrom = m_db.note(QStringLiteral("simulated_from"));
    const qint64 simulatedUntil = m_db.note(QStringLiteral("simulated_until"));
    QMetaObject::invokeMethod(store, [store, simulatedFrom, simulatedUntil] {
        store->setSimulated(simulatedFrom, simulatedUntil);
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

void HistoryWorker::observe(const QList<ClusterObservation> &observations)
{
    if (!usable())
        return;
    for (const ClusterObservation &o : observations) {
        m_detector.observe(o, &m_pending);
        if (m_detector.knows(o.cluster))
            m_ended.remove(o.cluster);
        else
            m_ended.insert(o.cluster);
    }
    if (m_pending.size() >= flushAtCount)
        flush();
    else if (!m_pending.isEmpty() && !m_flushTimer->isActive())
        m_flushTimer->start();
}

void HistoryWorker::flush()
{
    if (m_flushTimer)
        m_flushTimer->stop();
    if (!usable() || m_pending.isEmpty())
        return;
    QString error;
    if (!m_db.insert(m_pending, &error)) {
        fail(error);
        return;
    }
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
    if (!usable() || m_sessions.contains(hub))
        return;
    QString error;
    const qint64 session = m_db.beginCoverage(hub, at, &error);
    if (session < 0) {
        fail(error);
        return;
    }
    m_sessions.insert(hub, session);
}

void HistoryWorker::endCoverage(const QString &hub, qint64 at)
{
    const auto it = m_sessions.constFind(hub);
    if (!usable() || it == m_sessions.constEnd())
        return;
    QString error;
    const qint64 session = *it;
    m_sessions.erase(it);
    if (!m_db.extendCoverage(session, at, &error))
        fail(error);
}

void HistoryWorker::touchSessions()
{
    if (!usable())
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QString error;
    for (const qint64 session : std::as_const(m_sessions)) {
        if (!m_db.extendCoverage(session, now, &error)) {
            fail(error);
            return;
        }
    }
}

void HistoryWorker::prune()
{
    if (!usable())
        return;
    flush();
    QString error;
    const qint64 cutoff = QDateTime::currentMSecsSinceEpoch() - m_settings.retentionMs();
    if (!m_db.prune(cutoff, m_settings.maxBytes(), &error))
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
    m_flushTimer = m_heartbeat = m_pruneTimer = nullptr;
}

} // namespace fleetscope
