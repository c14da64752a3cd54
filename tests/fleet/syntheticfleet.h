#pragma once

// Synthetic ClusterProfiles for model tests and benchmarks: every field the
// table, the filter and the proxy look at varies with the index and a round
// number, so that random deltas change what users see.

#include "api/stringpool.h"
#include "kube/hubdelta.h"
#include "kube/hubstatus.h"

#include <QRandomGenerator>
#include <QSet>
#include <QString>

#include <memory>

namespace fleetscope::synthetic {

inline ProfilePtr profile(int index, int round = 0, const QString &ns = QStringLiteral("fleet"))
{
    static const char *const versions[] = {"v1.4.0", "v1.29.4-gke.100", "v1.30.2", "v1.31.0", "v1.32.5", "v1.9.1"};
    static const char *const sets[] = {"prod", "staging", "dev", ""};
    static const char *const managers[] = {"ocm", "kubefleet", "gke-fleet"};
    static const char *const regions[] = {"cloud/eu-west-1", "cloud/us-east-1", "cloud/ap-south-1"};
    static const char *const nodeTypes[] = {"m6i.xlarge", R"(["a3-highgpu-8g","H100"])", "n2-standard-8"};
    // Interned like the decoders do, so that benchmarks see the real sharing.
    auto in = [](const QString &text) { return StringPool::shared().intern(text); };
    const unsigned mix = unsigned(index) * 2654435761u + unsigned(round) * 40503u;
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = QStringLiteral("cluster-%1").arg(index, 6, 10, QLatin1Char('0'));
    p.metadata.namespaceName = in(ns);
    p.displayName = QStringLiteral("Cluster %1").arg(index);
    const char *set = sets[(mix >> 3) % 4];
    if (*set)
        p.metadata.labels.insert(in(QStringLiteral("multicluster.x-k8s.io/clusterset")), in(QString::fromLatin1(set)));
    p.metadata.labels.insert(in(QStringLiteral("env")), in(QString::fromLatin1(sets[(mix >> 5) % 3])));
    p.clusterManagerName = in(QString::fromLatin1(managers[(mix >> 7) % 3]));
    p.kubernetesVersion = in(QString::fromLatin1(versions[(mix >> 9) % 6]));
    Condition healthy;
    healthy.type = in(QStringLiteral("ControlPlaneHealthy"));
    healthy.status = (mix >> 11) % 5 == 0 ? ConditionStatus::False : ConditionStatus::True;
    healthy.lastTransitionTime = 1'700'000'000'000 + qint64((mix >> 4) % 100000) * 1000;
    p.conditions.append(healthy);
    if ((mix >> 13) % 7 != 0) {
        Condition joined;
        joined.type = in(QStringLiteral("Joined"));
        joined.status = ConditionStatus::True;
        joined.lastTransitionTime = 1'690'000'000'000;
        p.conditions.append(joined);
    }
    p.properties.append(Property{in(QStringLiteral("location.topology.k8s.io")),
                                 in(QString::fromLatin1(regions[(mix >> 15) % 3])), 0});
    p.properties.append(Property{in(QStringLiteral("count.node.k8s.io")), in(QString::number((mix >> 17) % 500)), 0});
    p.properties.append(
        Property{in(QStringLiteral("type.node.k8s.io")), in(QString::fromLatin1(nodeTypes[(mix >> 19) % 3])), 0});
    return record;
}

// One random live delta for model tests: up to maxChanges - 1 distinct ids out
// of [0, idRange), each either removed (a third of those present) or upserted
// with this round's data. `present` is the hub's current id set, kept in step.
// The change count is drawn once per delta, so that large deltas (which merge
// into wide dataChanged ranges) are as likely as small ones.
inline HubDelta randomDelta(QRandomGenerator &random, QSet<int> &present, int round, int maxChanges, int idRange)
{
    HubDelta delta;
    QSet<int> touched;
    const int changes = random.bounded(1, maxChanges);
    for (int i = 0; i < changes; ++i) {
        const int id = random.bounded(idRange);
        if (touched.contains(id))
            continue;
        touched.insert(id);
        if (present.contains(id) && random.bounded(3) == 0) {
            delta.removedProfiles.append({QStringLiteral("fleet"), profile(id)->profile.metadata.name});
            present.remove(id);
        } else {
            delta.upsertedProfiles.append(profile(id, round));
            present.insert(id);
        }
    }
    return delta;
}

// A hub that has listed everything and watches.
inline HubStatus syncedStatus(const QString &hub)
{
    HubStatus status;
    status.hub = hub;
    status.state = HubStatus::State::Live;
    status.synced = true;
    return status;
}

} // namespace fleetscope::synthetic
