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

// Background changes at a steady rate: ControlPlaneHealthy flips with a new
// lastTransitionTime (70 %), property changes (20 %), adds (5 %) and deletes (5 %).
// Writes go through the store like API writes, so watches see ordinary events.
class ChurnGenerator final
{
public:
    ChurnGenerator(ObjectStore &store, double changesPerSecond, double forSeconds, std::uint64_t seed);
    ~ChurnGenerator();
    ChurnGenerator(const ChurnGenerator &) = delete;
    ChurnGenerator &operator=(const ChurnGenerator &) = delete;

    void start();
    void stop();
    std::uint64_t changesMade() const { return m_changes.load(); }
    // One change right now (also used by tests); returns false when nothing could change.
    bool changeOnce();

private:
    void run();

    ObjectStore &m_store;
    double m_rate;
    double m_forSeconds;
    std::mt19937_64 m_random;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<std::uint64_t> m_changes{0};
    int m_nextIndex = 100000;
};

} // namespace fleetscope::hub
