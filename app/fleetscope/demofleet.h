#pragma once

#include "demohistory.h"
#include "demoruntimedir.h"

#include <QString>
#include <QStringList>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace fleetscope {

namespace hub {
class HubServer;
class ObjectStore;
}
class DemoMembers;

// `fleetscope --demo`: two simulated hubs started in-process (the fleetscope-hub
// library on loopback, TLS and a token), each with a generated fleet and gentle
// churn, and a private 0600 kubeconfig for both. The dashboard then connects
// through the normal engine: the same code path as a real hub.
class DemoFleet final
{
public:
    DemoFleet();
    ~DemoFleet();
    DemoFleet(const DemoFleet &) = delete;
    DemoFleet &operator=(const DemoFleet &) = delete;

    bool start(QString *error);
    // KUBECONFIG-style list of the demo's kubeconfig files (one per hub).
    QString kubeconfigList() const { return m_kubeconfigs; }
    // "demo-hub-eu/NAMESPACE/NAME" of the clusters whose health flaps every few
    // seconds, so that timelines and flapping have something real to show.
    QStringList flappingClusters() const { return m_flapping; }
    // One round of flaps now (a timer calls it every few seconds).
    void flapOnce();
    // Round `round` of the flaps on the conditions of the `index`th flapping cluster
    // (also for the simulated past); false when it does not flap that round.
    static bool flapConditions(nlohmann::json *conditions, const std::string &manager, int index, unsigned round,
                               const std::string &now);
    static constexpr int flapIntervalMs = 4000;
    // Changes per second of each hub's churn.
    static constexpr double churnRate = 1.5;
    // Watch events each simulated server keeps for resuming watches: each holds
    // the object version it carried (a few KB), so a full history of 10,000 was
    // memory that grew for hours. These fill within the first ten minutes (the
    // hubs change ~2.5 times a second, each member 0.3 times); then memory stays
    // flat. A real apiserver's watch window is minutes too: an older resume gets
    // 410 and relists, as it would there.
    static constexpr std::size_t demoHubHistory = 1000;
    static constexpr std::size_t demoMemberHistory = 150;
    // The hubs as they are now, with what their churn does, for the simulated past.
    std::vector<DemoHistory::Hub> historyStart() const;
    static void refreshObservedTimes(hub::ObjectStore &store);
    // Each profile of `store` (the hub `context`) takes the transition times of its
    // simulated past, so that its conditions' lastTransitionTime tells the story the
    // history tells (a cluster that flapped today did not last change months ago).
    // Conditions whose status changed since keep their newer time.
    static void adoptSimulatedPast(hub::ObjectStore &store, const QString &context, const DemoHistory::Simulated &past);
    void adoptSimulatedPast(const DemoHistory::Simulated &past);
    // Once the engine has read the kubeconfigs: remove them, so that not even a
    // crash leaves the demo's token on disk.
    void removeKubeconfigs() { m_dir.remove(); }
    // The provider file for the demo's member clusters (see DemoMembers).
    QString providerFile() const;
    // The simulated hubs, in kubeconfigList() order (to misbehave on purpose).
    std::vector<hub::HubServer *> hubs() const;

private:
    DemoRuntimeDir m_dir; // 0700, removed on exit with the kubeconfigs in it
    std::vector<std::unique_ptr<hub::HubServer>> m_hubs;
    std::unique_ptr<DemoMembers> m_members;
    QString m_kubeconfigs;
    QStringList m_flapping;
    std::unique_ptr<QTimer> m_flapTimer;
    unsigned m_flapRound = 0;
};

} // namespace fleetscope
