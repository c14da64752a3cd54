#pragma once

#include "objectstore.h"
#include "pacedloop.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace fleetscope::hub {

// A member's workloads changing at a steady rate, as a busy cluster's do: container
// restarts (55 %), pods falling into CrashLoopBackOff and recovering (20 %), pods
// replaced by their Deployment (10 %: a delete and an add), new Events (10 %, kept
// an hour as the apiserver keeps them, and an hour of them from the start) and
// Deployments scaled by one (5 %). A Deployment's status counts its pods after each
// change, as its controller would. Writes go through the store, so watches see
// ordinary events.
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
    void backfillEvents();
    nlohmann::json eventAbout(const nlohmann::json &pod, std::chrono::system_clock::time_point at);
    bool scaleDeployment();
    std::vector<ObjectPtr> podsOf(const std::string &namespaceName, const std::string &app) const;
    // The Deployment `app`'s status from its pods: replicas, ready and available.
    void countReplicas(const std::string &namespaceName, const std::string &app);
    static std::string appOf(const nlohmann::json &pod);

    ObjectStore &m_store;
    std::mt19937_64 m_random;
    double m_changesPerSecond;
    std::atomic<std::uint64_t> m_changes{0};
    std::uint64_t m_eventIndex = 0;
    PacedLoop m_loop; // last: its thread stops before the state it changes goes
};

} // namespace fleetscope::hub
