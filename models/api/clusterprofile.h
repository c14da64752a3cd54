#pragma once

#include "condition.h"
#include "kubeconfigcluster.h"
#include "objectmeta.h"
#include "packedlist.h"

#include <QList>
#include <QString>
#include <QStringView>

namespace fleetscope {

// Served API versions of the multicluster.x-k8s.io group.
enum class ApiVersion : quint8 { V1Alpha1, V1Alpha2 };

QString apiVersionString(ApiVersion version); // "multicluster.x-k8s.io/v1alpha1"

// status.properties[] (ClusterProperty mirror, KEP-4322).
// The value is pooled (locations, node types, clustersets repeat), or for
// identifiers UTF-8 in the profile's text block: read it with
// ClusterProfile::valueText().
struct Property
{
    PooledString name;
    FieldValue value;
    KubeTime lastObservedTime = 0;
};

// status.accessProviders[] (and the deprecated status.credentialProviders[]).
// The name after the cluster, in its tail padding: 64 bytes, not 72.
struct AccessProvider
{
    KubeconfigCluster cluster;
    PooledString name;
    // Read from v1alpha1's credentialProviders: the UI says it is deprecated.
    bool fromCredentialProviders = false;

    friend bool operator==(const AccessProvider &a, const AccessProvider &b)
    {
        return a.name == b.name && a.cluster == b.cluster && a.fromCredentialProviders == b.fromCredentialProviders;
    }
};

// One member cluster as its manager publishes it on a hub.
struct ClusterProfile
{
    // v1alpha2's maxItems of status.accessProviders (and of each v1alpha1 list).
    static constexpr int maxAccessProviders = 64;

    ObjectMeta metadata;

    // spec; UTF-8 in the profile's text block with its providers' servers, CA
    // data and extension JSON (BlockText): a view converts the rows it shows.
    BlockString displayName;
    PooledString clusterManagerName;

    // status
    PooledString kubernetesVersion;
    PackedList<Condition> conditions;
    PackedList<Property> properties;
    // accessProviders first, then credentialProviders whose names accessProviders lacks
    // (accessProviders win on the same name, as in the reference library).
    PackedList<AccessProvider> accessProviders;
    // Last, in the tail padding: first, its alignment gap cost 8 bytes a profile.
    ApiVersion apiVersion = ApiVersion::V1Alpha1;

    const Condition *condition(QStringView type) const;
    ConditionStatus conditionStatus(QStringView type) const;
    const Property *property(QStringView name) const;
    // property()'s value text, else the value of the active alias of that name
    // (PropertyAliases), or null when absent; lives as long as the profile.
    FieldText propertyText(QStringView name) const;
    // The text of one of this profile's properties.
    // (metadata.labels holds the block for the properties too: one pointer, not
    // two.) Pooled values never load it: the filter pass reads a property of every
    // row, and the labels sit on another cache line than the property list.
    FieldText valueText(const Property &property) const
    {
        return property.value.isInBlock() ? property.value.text(metadata.labels.textBlock()) : property.value.text(nullptr);
    }
    const AccessProvider *accessProvider(QStringView name) const;

    // Gives every pending BlockText of this profile its place in the finished
    // block, and the labels and properties with values in it the block
    // (decoders, after TextBlockBuilder::finish()).
    void adoptText(FinishedText *text);
};

} // namespace fleetscope
