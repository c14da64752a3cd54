#pragma once

#include "clusterprofile.h"
#include "objectmeta.h"

#include <QList>
#include <QString>

namespace fleetscope {

// One entry of PlacementDecision.decisions[] (KEP-5313).
struct ClusterDecision
{
    // UTF-8 in one TextBlock per PlacementDecision: a QString each would cost
    // ~70 bytes a decision, and there is ~1 decision per cluster.
    BlockString clusterProfileName;
    // Pooled: a fleet has a few namespaces and reasons, and ~1 decision per cluster
    // (32 bytes a decision instead of 72 with QStrings).
    PooledString clusterProfileNamespace; // empty: the PlacementDecision's own namespace
    PooledString reason;

    friend bool operator==(const ClusterDecision &a, const ClusterDecision &b)
    {
        return a.clusterProfileName == b.clusterProfileName
            && a.clusterProfileNamespace == b.clusterProfileNamespace && a.reason == b.reason;
    }
};

// A scheduler's choice of clusters; large decisions are sliced like EndpointSlices.
struct PlacementDecision
{
    ApiVersion apiVersion = ApiVersion::V1Alpha1;
    ObjectMeta metadata;
    PooledString schedulerName;
    QList<ClusterDecision> decisions;

    // multicluster.x-k8s.io/placement-key: links the slices to one workload.
    QString placementKey() const;
    // multicluster.x-k8s.io/decision-key: must be on every slice when there are several.
    QString decisionKey() const;
    // multicluster.x-k8s.io/decision-index, or -1 when absent or not a number.
    int decisionIndex() const;
    // The namespace a decision's profile lives in (its own, or this object's).
    QString profileNamespace(const ClusterDecision &decision) const;
};

namespace placement_labels {
inline constexpr char16_t placementKey[] = u"multicluster.x-k8s.io/placement-key";
inline constexpr char16_t decisionKey[] = u"multicluster.x-k8s.io/decision-key";
inline constexpr char16_t decisionIndex[] = u"multicluster.x-k8s.io/decision-index";
} // namespace placement_labels

} // namespace fleetscope
