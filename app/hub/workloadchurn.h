#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <random>
#include <thread>

namespace fleetscope::hub {

class ObjectStore;

// A member's workloads changing at a steady rate, as a busy cluster's do: container
// restarts (55 %), pods falling into CrashLoopBackOff and recovering (20 %), pods
// replaced by their Deployment (10 %: a delete and an add), new Events (10 %) and
// Deployments' ready counts moving (5 %). Writes go through the store, so watches
// see ordinary events.
class WorkloadChurn final
{
public:
    WorkloadChurn(ObjectStore &store, double changesPerSecond, std::uint64_t seed);
    ~WorkloadChurn();
    WorkloadChurn(const WorkloadChurn &) = delete;
    WorkloadChurn &operator=(const WorkloadChurn &) = delete;

    void start();
    void stop();
    std::uint64_t changesMade() const { return m_changes.load(); }
    // One change now (tests); false when there was nothing to change.
    bool changeOnce();

private:
    void run();
    bool restartPod(bool toggleCrashLoop);
    bool replacePod();
    bool addEvent();
    bool moveDeployment();

    ObjectStore &m_store;
    double m_rate;
    std::mt19937_64 m_random;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<std::uint64_t> m_changes{0};
    std::uint64_t m_eventIndex = 0;
};

} // namespace fleetscope::hub
