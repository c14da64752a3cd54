#pragma once

#include "healthchurn.h"
#include "pacedloop.h"

#include <atomic>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace fleetscope::hub {

class ObjectStore;

// Background changes at a steady rate: health condition flips with a new
// lastTransitionTime (70 %), property changes (20 %), adds (5 %) and deletes (5 %).
// Which way health flips is HealthChurn's choice, so the fleet keeps its mix (and,
// with its story, has incidents). Writes go through the store like API writes, so
// watches see ordinary events; the model follows the store through those events.
class ChurnGenerator final
{
public:
    ChurnGenerator(ObjectStore &store, double changesPerSecond, double forSeconds, std::uint64_t seed,
                   HealthChurnOptions health = {}, PacedLoop::FaultSink onFault = {});
    ~ChurnGenerator();
    ChurnGenerator(const ChurnGenerator &) = delete;
    ChurnGenerator &operator=(const ChurnGenerator &) = delete;

    void start();
    void stop();
    std::uint64_t changesMade() const { return m_changes.load(); }
    // True from start() until the churn has stopped (its time is up or stop() was called).
    bool churning() const { return m_loop.running(); }
    // One change right now (also used by tests); returns false when nothing could change.
    // Change k is simulated second k / rate of the health model, wherever it is called from.
    bool changeOnce();
    const HealthChurn &health() const { return m_health; }

private:
    // Tells the model what changed in the store since it last looked.
    void syncHealth();
    bool applyHealth(const HealthChange &change);

    ObjectStore &m_store;
    double m_rate;
    std::mt19937_64 m_random;
    std::atomic<std::uint64_t> m_changes{0};
    int m_nextIndex = 100000;
    HealthChurn m_health;
    bool m_healthSynced = false;
    std::uint64_t m_healthRv = 0;
    std::uint64_t m_steps = 0;
    std::vector<std::string> m_added; // in the story: "namespace/name" of the clusters churn added
    PacedLoop m_loop; // last: its thread stops before the state it changes goes
};

} // namespace fleetscope::hub
