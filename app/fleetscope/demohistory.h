#pragma once

#include "healthchurn.h"
#include "history/transitiondetector.h"

#include <nlohmann/json.hpp>

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

class QObject;

namespace fleetscope {

class HistoryStore;

// The demo's past, so that its charts have a story at the first launch. Each hub's
// churn model (the one its hub runs, HealthChurn) is run forward from the hub's
// state now, and the result replayed backwards: the simulated past ends in exactly
// the state the hubs start in, and a later launch records on from there. The past
// has the demo's flaky clusters, its incidents (an incident backwards is still one)
// and, for its last hour, the flapping clusters' rhythm; adds, deletes and property changes are left
// out, so the past holds the clusters of today. The file notes the span as simulated
// (HistoryStore::markSimulated), so that views can say so.
class DemoHistory final
{
public:
    struct Hub
    {
        QString context;
        std::vector<std::shared_ptr<const nlohmann::json>> profiles;
        hub::HealthChurnOptions health;
        double churnRate = 0;
        std::vector<std::string> flapping; // "namespace/name", in DemoFleet's rhythm order
    };
    struct Simulated
    {
        QList<ClusterObservation> observations; // oldest first
        QStringList hubs;
        qint64 from = 0;
        qint64 until = 0;
        int transitions = 0; // status changes among the observations
    };

    static constexpr qint64 defaultSpanMs = 24LL * 3600 * 1000;

    // Pure and deterministic for a seed.
    static Simulated simulate(const std::vector<Hub> &hubs, qint64 until, qint64 spanMs, std::uint64_t seed);

    // When `history` recorded nothing in the last span: simulates (on a thread of
    // its own), writes the past through the store, notes it as simulated. `done`
    // runs on `context`'s thread once it is written (with the past written) or when
    // nothing was to be written (null); the caller records nothing into `history` before.
    static void seedIfQuiet(HistoryStore *history, std::vector<Hub> hubs, QObject *context,
                            std::function<void(const Simulated *seeded)> done, qint64 spanMs = defaultSpanMs);
};

} // namespace fleetscope
