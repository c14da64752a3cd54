#include "historystore.h"

#include "healthseries.h"
#include "historyworker.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QPointer>
#include <QStandardPaths>
#include <QThread>

namespace fleetscope {

HistoryStore::HistoryStore(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new HistoryWorker(this))
{
    qRegisterMetaType<QList<fleetscope::ConditionTransition>>();
    m_thread->setObjectName(QStringLiteral("history"));
    m_worker->moveToThread(m_thread);
    m_thread->start(QThread::LowPriority);
}

HistoryStore::~HistoryStore()
{
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker] { worker->shutdown(); }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

QString HistoryStore::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("history.sqlite"));
}

void HistoryStore::setState(State state, const QString &message)
{
    if (m_state == state && m_message == message)
        return;
    m_state = state;
    m_message = message;
    Q_EMIT stateChanged();
}

void HistoryStore::setSimulated(qint64 from, qint64 until)
{
    if (m_simulatedFrom == from && m_simulatedUntil == until)
        return;
    m_simulatedFrom = from;
    m_simulatedUntil = until;
    Q_EMIT simulatedChanged();
}

void HistoryStore::markSimulated(qint64 from, qint64 until)
{
    setSimulated(from, until);
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, from, until] { worker->markSimulated(from, until); });
}

void HistoryStore::setWriter(bool recording, const QString &writer)
{
    m_recording = recording;
    m_writer = writer;
}

void HistoryStore::open(const QString &path, const HistorySettings &settings)
{
    setSimulated(0, 0);
    m_path = path;
    m_settings = settings;
    setState(State::Opening, QString());
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, path, settings] { worker->open(path, settings); });
}

void HistoryStore::observe(const QList<ClusterObservation> &observations)
{
    if (m_state != State::Ready && m_state != State::Opening)
        return;
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, observations] { worker->observe(observations); });
}

void HistoryStore::observeNamespaces(const QString &hub, const QList<NamespacePtr> &namespaces, qint64 at)
{
    if (m_state != State::Ready && m_state != State::Opening)
        return;
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker,
                              [worker, hub, namespaces, at] { worker->observeNamespaces(hub, namespaces, at); });
}

void HistoryStore::observePlacements(const QString &hub, const QList<PlacementPtr> &placements, qint64 at)
{
    if (m_state != State::Ready && m_state != State::Opening)
        return;
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker,
                              [worker, hub, placements, at] { worker->observePlacements(hub, placements, at); });
}

void HistoryStore::beginCoverage(const QString &hub, qint64 at)
{
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, hub, at] { worker->beginCoverage(hub, at); });
}

void HistoryStore::endCoverage(const QString &hub, qint64 at)
{
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, hub, at] { worker->endCoverage(hub, at); });
}

void HistoryStore::recordConditionCoverage(const QString &hub, qint64 from, qint64 until)
{
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, hub, from, until] { worker->recordConditionCoverage(hub, from, until); });
}

void HistoryStore::prune()
{
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker] { worker->prune(); });
}

void HistoryStore::flush()
{
    HistoryWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker] { worker->flush(); }, Qt::BlockingQueuedConnection);
}

// Runs `work` on the worker and hands its result to `done` on the context's thread.
template<typename Result, typename Work, typename Done>
static void roundTrip(HistoryWorker *worker, QObject *context, Work work, Done done)
{
    QPointer<QObject> guard(context);
    QMetaObject::invokeMethod(worker, [worker, guard, work, done] {
        Result result = work(worker);
        if (!guard)
            return;
        QMetaObject::invokeMethod(guard.data(), [guard, done, result] {
            if (guard)
                done(result);
        });
    });
}

void HistoryStore::fetchCluster(const ClusterId &cluster, qint64 from, qint64 to, QObject *context,
                                std::function<void(const ClusterHistory &)> done)
{
    roundTrip<ClusterHistory>(m_worker, context, [cluster, from, to](HistoryWorker *worker) {
        worker->flush();
        if (!worker->usable()) {
            ClusterHistory none;
            none.cluster = cluster;
            none.from = from;
            none.to = to;
            none.error = QCoreApplication::translate("History", "history is off");
            return none;
        }
        worker->touchSessions();
        return worker->database().clusterHistory(cluster, from, to);
    }, std::move(done));
}

namespace {

// The watched periods in [from, to] of each hub the transitions read name (an
// empty scope reads every hub).
QHash<QString, QList<CoverageInterval>> coverageOf(const HistoryDatabase &database,
                                                   const QList<ConditionTransition> &transitions, qint64 from,
                                                   qint64 to)
{
    QHash<QString, QList<CoverageInterval>> coverage;
    for (const ConditionTransition &t : transitions) {
        if (!coverage.contains(t.cluster.hub))
            coverage.insert(t.cluster.hub, database.coverage(t.cluster.hub, from, to + 1));
    }
    return coverage;
}

} // namespace

void HistoryStore::fetchHealth(const QSet<ClusterId> &scope, const QHash<ClusterId, QString> &managers, qint64 from,
                               qint64 to, int budget, QObject *context,
                               std::function<void(const QList<HealthPoint> &)> done)
{
    // The worker thread gets its own copy of the rules in use (they are read on this one).
    const HealthRules rules = HealthRules::active();
    roundTrip<QList<HealthPoint>>(m_worker, context, [scope, managers, rules, from, to, budget](HistoryWorker *worker) {
        worker->flush();
        if (!worker->usable())
            return QList<HealthPoint>();
        worker->touchSessions(); // the hubs watched now are watched up to now
        QString error;
        const QList<ConditionTransition> transitions =
            worker->database().transitions(scope, from, to, rules.allTypesRead(), true, &error);
        return healthSeries(transitions, coverageOf(worker->database(), transitions, from, to), from, to, budget, rules,
                            managers);
    }, std::move(done));
}

void HistoryStore::fetchClustersWithHealth(const QSet<ClusterId> &scope, const QHash<ClusterId, QString> &managers,
                                           qint64 since, qint64 at, Health health, QObject *context,
                                           std::function<void(const QList<ClusterId> &)> done)
{
    const HealthRules rules = HealthRules::active();
    roundTrip<QList<ClusterId>>(m_worker, context, [scope, managers, rules, since, at, health](HistoryWorker *worker) {
        worker->flush();
        if (!worker->usable())
            return QList<ClusterId>();
        worker->touchSessions();
        QString error;
        const QList<ConditionTransition> transitions =
            worker->database().transitions(scope, since, at + 1, rules.allTypesRead(), true, &error);
        return clustersWithHealth(transitions, coverageOf(worker->database(), transitions, since, at), since, at, health,
                                  rules, managers);
    }, std::move(done));
}

void HistoryStore::fetchTransitions(const QSet<ClusterId> &scope, qint64 from, qint64 to, QObject *context,
                                    std::function<void(const QList<ConditionTransition> &, const QString &)> done)
{
    using Result = std::pair<QList<ConditionTransition>, QString>;
    roundTrip<Result>(m_worker, context, [scope, from, to](HistoryWorker *worker) {
        worker->flush();
        Result result;
        if (!worker->usable()) {
            result.second = QCoreApplication::translate("History", "history is off");
            return result;
        }
        result.first = worker->database().transitions(scope, from, to, {}, false, &result.second);
        return result;
    }, [done](const Result &result) { done(result.first, result.second); });
}

void HistoryStore::fetchLastRecorded(QObject *context, std::function<void(qint64)> done)
{
    roundTrip<qint64>(m_worker, context, [](HistoryWorker *worker) -> qint64 {
        worker->flush();
        if (!worker->usable())
            return 0;
        QString error;
        return worker->database().lastCoverageEnd(&error);
    }, std::move(done));
}

void HistoryStore::fetchFlapCounts(QObject *context, std::function<void(const QHash<ClusterId, int> &)> done)
{
    roundTrip<QHash<ClusterId, int>>(m_worker, context, [](HistoryWorker *worker) { return worker->flapCounts(); },
                                     std::move(done));
}

void HistoryStore::fetchFlapChanges(QObject *context, std::function<void(const QHash<ClusterId, int> &)> done)
{
    roundTrip<QHash<ClusterId, int>>(m_worker, context, [](HistoryWorker *worker) { return worker->flapChanges(); },
                                     std::move(done));
}

} // namespace fleetscope
