#include "clusterprofile.h"

#include "propertyaliases.h"

namespace fleetscope {

QString apiVersionString(ApiVersion version)
{
    return version == ApiVersion::V1Alpha2 ? QStringLiteral("multicluster.x-k8s.io/v1alpha2")
                                           : QStringLiteral("multicluster.x-k8s.io/v1alpha1");
}

const Condition *ClusterProfile::condition(QStringView type) const
{
    for (const Condition &c : conditions) {
        if (c.type == type)
            return &c;
    }
    return nullptr;
}

ConditionStatus ClusterProfile::conditionStatus(QStringView type) const
{
    const Condition *c = condition(type);
    return c ? c->status : ConditionStatus::Absent;
}

const Property *ClusterProfile::property(QStringView name) const
{
    for (const Property &p : properties) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

FieldText ClusterProfile::propertyText(QStringView name) const
{
    if (const Property *p = property(name))
        return valueText(*p);
    return PropertyAliases::active().value(*this, name);
}

void ClusterProfile::adoptText(FinishedText *text)
{
    if (!text->block())
        return;
    bool valuesInBlock = false;
    for (const Property &property : properties)
        valuesInBlock = valuesInBlock || property.value.isInBlock();
    metadata.labels.adoptText(text, valuesInBlock);
    text->adopt(&displayName);
    for (AccessProvider &provider : accessProviders) {
        KubeconfigCluster &cluster = provider.cluster;
        text->adopt(&cluster.server);
        text->adopt(&cluster.certificateAuthorityData);
        for (NamedExtension &extension : cluster.extensions)
            text->adopt(&extension.json);
    }
}

const AccessProvider *ClusterProfile::accessProvider(QStringView name) const
{
    for (const AccessProvider &p : accessProviders) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

} // namespace fleetscope
