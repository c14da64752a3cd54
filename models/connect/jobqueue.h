#pragma once

#include <QObject>

#include <functional>

namespace fleetscope {

// Runs `count` asynchronous jobs, at most `parallel` at a time, in index order.
// The start function begins job i; whoever finishes it calls done(i). Used for
// checking and running commands on many members without starting them all at
// once (200 plugins and TLS handshakes at the same moment help nobody).
class JobQueue final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobQueue)

public:
    explicit JobQueue(QObject *parent = nullptr);

    void setParallel(int parallel) { m_parallel = qMax(1, parallel); }
    int parallel() const { return m_parallel; }

    // allDone() follows, from the event loop, also for count == 0.
    void run(int count, std::function<void(int index)> start);
    void done(int index);
    // Starts nothing more; the jobs running still call done().
    void stopStarting();

    int started() const { return m_next; }
    int finished() const { return m_finished; }
    int running() const { return m_next - m_finished; }

signals:
    void allDone();

private:
    void fill();

    std::function<void(int)> m_start;
    int m_parallel = 16;
    int m_count = 0;
    int m_next = 0;
    int m_finished = 0;
    bool m_stopped = false;
    bool m_filling = false;
    bool m_announced = false;
};

} // namespace fleetscope
