#include "fleettimemachine.h"

#include <QPointer>
#include <QThread>

namespace fleetscope {
namespace {

// Opens the reader on first use, and again after a failure.
bool ensureOpen(FleetHistoryReader *reader, const QString &path, QString *error)
{
    if (reader->isOpen() && reader->path() == path)
        return true;
    return reader->open(path, error);
}

} // namespace

FleetTimeMachine::FleetTimeMachine(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new QObject)
{
    m_thread->setObjectName(QStringLiteral("time travel"));
    m_worker->moveToThread(m_thread);
    m_thread->start(QThread::LowPriority);
    QObject *worker = m_worker;
    // The reader is made on its thread: its database connection belongs there.
    QMetaObject::invokeMethod(worker, [this] { m_reader = new FleetHistoryReader; },
                              Qt::BlockingQueuedConnection);
}

FleetTimeMachine::~FleetTimeMachine()
{
    QMetaObject::invokeMethod(m_worker, [this] {
        delete m_reader;
        m_reader = nullptr;
    }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

void FleetTimeMachine::setPath(const QString &path)
{
    m_path = path;
}

void FleetTimeMachine::release(QList<ProfilePtr> &&records)
{
    if (records.isEmpty())
        return;
    // The functor, and the list it holds, is destroyed where it runs.
    QMetaObject::invokeMethod(m_worker, [records = std::move(records)]() mutable { records.clear(); },
                              Qt::QueuedConnection);
}

void FleetTimeMachine::requestRanges()
{
    QPointer<FleetTimeMachine> self(this);
    FleetHistoryReader *reader = m_reader;
    const QString path = m_path;
    QMetaObject::invokeMethod(m_worker, [self, reader, path] {
        QString error;
        QList<FleetHistoryReader::HubRange> ranges;
        if (ensureOpen(reader, path, &error))
            ranges = reader->ranges(&error);
        QMetaObject::invokeMethod(self, [self, ranges, error] {
            if (self)
                Q_EMIT self->rangesReady(ranges, error);
        });
    });
}

void FleetTimeMachine::requestMoment(const QStringList &hubs, qint64 at)
{
    if (m_busy) {
        m_next = MomentRequest{hubs, at};
        return;
    }
    startMoment({hubs, at});
}

void FleetTimeMachine::startMoment(const MomentRequest &request)
{
    m_busy = true;
    QPointer<FleetTimeMachine> self(this);
    FleetHistoryReader *reader = m_reader;
    const QString path = m_path;
    QMetaObject::invokeMethod(m_worker, [self, reader, path, request] {
        QString error;
        FleetMoment moment;
        moment.at = request.at;
        if (ensureOpen(reader, path, &error))
            moment = reader->momentAt(request.hubs, request.at, &error);
        QMetaObject::invokeMethod(self, [self, moment, error] {
            if (!self)
                return;
            self->m_busy = false;
            Q_EMIT self->momentReady(moment, error);
            if (self && !self->m_busy && self->m_next) {
                const MomentRequest next = *self->m_next;
                self->m_next.reset();
                self->startMoment(next);
            }
        });
    });
}

void FleetTimeMachine::requestChanges(const QStringList &hubs, qint64 from, qint64 to)
{
    QPointer<FleetTimeMachine> self(this);
    FleetHistoryReader *reader = m_reader;
    const QString path = m_path;
    // The worker judges health by a copy of the rules in use (they are read on this thread).
    const HealthRules rules = HealthRules::active();
    QMetaObject::invokeMethod(m_worker, [self, reader, path, hubs, from, to, rules] {
        QString error;
        QStringList outside;
        QList<FleetChange> changes;
        if (ensureOpen(reader, path, &error))
            changes = reader->changes(hubs, from, to, rules, &outside, &error);
        QMetaObject::invokeMethod(self, [self, from, to, changes, outside, error] {
            if (self)
                Q_EMIT self->changesReady(from, to, changes, outside, error);
        });
    });
}

} // namespace fleetscope
