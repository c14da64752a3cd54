#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace fleetscope::hub {

// Runs a step at a steady rate on a thread of its own, until stopped or its time
// is up: what the simulator's churns share. Late steps are caught up in one go, so
// high rates do not depend on timer precision.
//
// The simulator runs inside the dashboard's process (the demo): a step that
// throws is that step's fault, handed to the fault sink with its message, and the
// loop goes on with the next step. Nothing a step throws reaches the thread's top.
class PacedLoop final
{
public:
    using Step = std::function<void()>;
    using FaultSink = std::function<void(const std::string &message)>;

    // perSecond <= 0: start() does nothing. forSeconds <= 0: until stop().
    PacedLoop(double perSecond, double forSeconds, Step step, FaultSink onFault);
    ~PacedLoop();
    PacedLoop(const PacedLoop &) = delete;
    PacedLoop &operator=(const PacedLoop &) = delete;

    void start();
    // Joins the thread. Idempotent; start() may follow.
    void stop();
    // From start() until the loop has ended (its time is up or stop() was called).
    bool running() const { return m_running.load(); }
    std::uint64_t faults() const { return m_faults.load(); }

private:
    void run();
    void stepOnce();

    const double m_rate;
    const double m_forSeconds;
    const Step m_step;
    const FaultSink m_onFault;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<bool> m_running{false};
    std::atomic<std::uint64_t> m_faults{0};
};

} // namespace fleetscope::hub
