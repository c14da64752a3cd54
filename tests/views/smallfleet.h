#pragma once

// The small fleets the GUI tests put in a FleetStore: a few clusters in namespace
// "fleet" on one hub that is live and synced, as after a first sync.

#include "fleet/store/fleetstore.h"

#include <memory>

namespace fleetscope::testing {

// A ClusterProfile `name` in namespace "fleet", member of `clusterSet`, managed by
// "ocm"; the test adds what it looks at (version, conditions, properties).
inline std::shared_ptr<ProfileRecord> smallFleetCluster(const QString &name, const QString &clusterSet)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.namespaceName = QStringLiteral("fleet");
    p.metadata.name = name;
    p.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/clusterset"), clusterSet);
    p.clusterManagerName = QStringLiteral("ocm");
    return record;
}

// Adds `hub` to `store`, reports it live and synced and gives it `profiles`; returns its index.
inline int fillLiveHub(FleetStore &store, const QList<ProfilePtr> &profiles,
                       const QString &hub = QStringLiteral("hub-eu"))
{
    const int index = store.addHub(hub);
    HubStatus live;
    live.hub = hub;
    live.state = HubStatus::State::Live;
    live.synced = true;
    store.setHubStatus(index, live);
    HubDelta delta;
    delta.upsertedProfiles = profiles;
    store.applyDelta(index, delta);
    return index;
}

} // namespace fleetscope::testing
