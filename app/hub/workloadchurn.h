#pragma once

#include "pacedloop.h"

#include <atomic>
#include <cstdint>
#include <random>

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
    WorkloadChurn(ObjectStore &store, double changesPerSecond, std::uint64_t seed, PacedLoop::FaultSink onFault = {});
    ~WorkloadChurn();
    WorkloadChurn(const WorkloadChurn &) = delete;
    WorkloadChurn &operator=(const WorkloadChurn &) = delete;

    void start();
    void stop();
    std::uint64_t changesMade() const { return m_changes.load(); }
    // One change now (tests); false when there was nothing to change.
    bool changeOnce();

private:
    bool restartPod(bool toggleCrashLoop);
    bool replacePod();
    bool addEvent();
    bool moveDeployment();

    ObjectStore &m_store;
    std::mt19937_64 m_random;
    std::atomic<std::uint64_t> m_changes{0};
    std::uint64_t m_eventIndex = 0;
    PacedLoop m_loop; // last: its thread stops before the state it changes goes
};

} // namespace fleetscope::hub
