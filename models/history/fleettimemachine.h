#pragma once

#include "fleethistoryreader.h"

#include <QObject>
#include <QStringList>

#include <optional>

class QThread;

namespace fleetscope {

// The fleet's past for the dashboard: a FleetHistoryReader on a thread of its
// own (its own read-only connection, so it never waits for the history's
// writes, nor they for it). Answers come back as signals on the caller's
// thread. Moments asked faster than they are read (a slider dragged) collapse
// to the last one asked: each answer is for some moment asked, the last one
// always comes, and none piles up behind the others.
class FleetTimeMachine final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetTimeMachine)

public:
    explicit FleetTimeMachine(QObject *parent = nullptr);
    ~FleetTimeMachine() override;

    // The history file; it is opened when first needed (and again after a
    // failure: a writer may create or convert it meanwhile).
    void setPath(const QString &path);
    QString path() const { return m_path; }

    void requestRanges();
    void requestMoment(const QStringList &hubs, qint64 at);
    void requestChanges(const QStringList &hubs, qint64 from, qint64 to);
    bool isBusy() const { return m_busy; }
    // Lets the last references to `records` go on the history's thread (freeing
    // thousands of profiles costs milliseconds the GUI thread does not have).
    void release(QList<ProfilePtr> &&records);

signals:
    void rangesReady(const QList<fleetscope::FleetHistoryReader::HubRange> &ranges, const QString &error);
    void momentReady(const fleetscope::FleetMoment &moment, const QString &error);
    void changesReady(qint64 from, qint64 to, const QList<fleetscope::FleetChange> &changes, const QStringList &outside,
                      const QString &error);

private:
    struct MomentRequest
    {
        QStringList hubs;
        qint64 at = 0;
    };
    void startMoment(const MomentRequest &request);

    QThread *m_thread;
    QObject *m_worker; // on m_thread; owns the reader
    FleetHistoryReader *m_reader = nullptr;
    QString m_path;
    bool m_busy = false;
    std::optional<MomentRequest> m_next;
};

} // namespace fleetscope
