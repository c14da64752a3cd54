#include "clusterfacts.h"

namespace fleetscope {

ClusterSetFact clusterSetOf(const ClusterProfile &profile, const LabelMap *namespaceLabels)
{
    // OCM labels the profile itself; the Go doc says the namespace; the KEP text
    // spells the namespace label differently; KEP-2149 uses a property.
    if (const PooledString *v = profile.metadata.labels.find(well_known::clusterSetLabel); v && !v->isEmpty())
        return {*v, ClusterSetSource::ProfileLabel};
    if (namespaceLabels) {
        if (const PooledString *v = namespaceLabels->find(well_known::clusterSetLabel); v && !v->isEmpty())
            return {*v, ClusterSetSource::NamespaceLabel};
        if (const PooledString *v = namespaceLabels->find(well_known::clusterSetNamespaceLabelKep); v && !v->isEmpty())
            return {*v, ClusterSetSource::NamespaceLabelKep};
    }
    if (const Property *p = profile.property(well_known::clusterSetProperty); p && !p->value.isEmpty())
        return {p->value, ClusterSetSource::Property};
    return {};
}

ManagerFact managerOf(const ClusterProfile &profile)
{
    ManagerFact fact;
    if (const PooledString *label = profile.metadata.labels.find(well_known::clusterManagerLabel))
        fact.labelValue = *label;
    fact.specValue = profile.clusterManagerName;
    fact.name = fact.labelValue.isEmpty() ? fact.specValue : fact.labelValue;
    fact.mismatch = !fact.labelValue.isEmpty() && !fact.specValue.isEmpty() && fact.labelValue != fact.specValue;
    return fact;
}

PooledString memberIdOf(const ClusterProfile &profile)
{
    const PooledString *id = profile.metadata.labels.find(well_known::inventoryMemberIdLabel);
    return id ? *id : PooledString();
}

Health healthOf(const ClusterProfile &profile)
{
    const ConditionStatus controlPlane = profile.conditionStatus(condition_types::controlPlaneHealthy);
    const ConditionStatus joined = profile.conditionStatus(condition_types::joined);
    if (controlPlane == ConditionStatus::False || joined == ConditionStatus::False)
        return Health::Unhealthy;
    if (controlPlane == ConditionStatus::Absent && joined == ConditionStatus::Absent)
        return Health::NoData;
    if (controlPlane == ConditionStatus::True && joined != ConditionStatus::Unknown)
        return Health::Healthy;
    return Health::Unknown;
}

QString healthName(Health health)
{
    switch (health) {
    case Health::Healthy:
        return QStringLiteral("Healthy");
    case Health::Unhealthy:
        return QStringLiteral("Unhealthy");
    case Health::Unknown:
        return QStringLiteral("Unknown");
    case Health::NoData:
        return QStringLiteral("No data");
    }
    return QString();
}

} // namespace fleetscope
