#pragma once

#include <QString>

namespace fleetscope {

// The resources Fleetscope watches on a hub.
enum class ResourceKind : quint8 { ClusterProfiles, Namespaces, PlacementDecisions };

QString resourceKindName(ResourceKind kind); // "clusterprofiles", ...

// One list/watch target: a resource of a group/version, cluster-wide or in one
// namespace (the fallback for users who may not list across namespaces).
struct ResourceSpec
{
    ResourceKind kind = ResourceKind::ClusterProfiles;
    QString groupVersion; // "multicluster.x-k8s.io/v1alpha2", or "v1" for the core group
    QString namespaceName; // empty: all namespaces
    // Any other resource (a member's pods, a CRD): its plural, which then names the
    // path instead of `kind`; set `namespaceName` only for namespaced ones.
    QString resource = QString();

    // "/apis/multicluster.x-k8s.io/v1alpha2/namespaces/ns/clusterprofiles", "/api/v1/namespaces"
    QString collectionPath() const;
    // "clusterprofiles in namespace fleet" or "clusterprofiles (all namespaces)", for messages.
    QString describe() const;

    friend bool operator==(const ResourceSpec &a, const ResourceSpec &b)
    {
        return a.kind == b.kind && a.groupVersion == b.groupVersion && a.namespaceName == b.namespaceName
            && a.resource == b.resource;
    }
};

} // namespace fleetscope
