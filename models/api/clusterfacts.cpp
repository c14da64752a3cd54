#include "clusterfacts.h"

#include <QCoreApplication>

namespace fleetscope {

ClusterSetFact clusterSetOf(const ClusterProfile &profile, const LabelMap *namespaceLabels)
{
    // OCM labels the profile itself; the Go doc says the namespace; the KEP text
    // spells the namespace label differently; KEP-2149 uses a property.
    if (PooledString v = profile.metadata.labels.pooledValue(well_known::clusterSetLabel); !v.isEmpty())
        return {std::move(v), ClusterSetSource::ProfileLabel};
    if (namespaceLabels) {
        if (PooledString v = namespaceLabels->pooledValue(well_known::clusterSetLabel); !v.isEmpty())
            return {std::move(v), ClusterSetSource::NamespaceLabel};
        if (PooledString v = namespaceLabels->pooledValue(well_known::clusterSetNamespaceLabelKep); !v.isEmpty())
            return {std::move(v), ClusterSetSource::NamespaceLabelKep};
    }
    if (const Property *p = profile.property(well_known::clusterSetProperty); p && !p->value.isEmpty()) {
        // Pooled unless a producer put an identifier's value there.
        PooledString v = p->value.isInBlock() ? PooledString(profile.valueText(*p).toString()) : p->value.pooled();
        return {std::move(v), ClusterSetSource::Property};
    }
    return {};
}

ManagerFact managerOf(const ClusterProfile &profile)
{
    ManagerFact fact;
    fact.labelValue = profile.metadata.labels.pooledValue(well_known::clusterManagerLabel);
    fact.specValue = profile.clusterManagerName;
    fact.name = fact.labelValue.isEmpty() ? fact.specValue : fact.labelValue;
    fact.mismatch = !fact.labelValue.isEmpty() && !fact.specValue.isEmpty() && fact.labelValue != fact.specValue;
    return fact;
}

BlockString memberIdOf(const ClusterProfile &profile)
{
    return profile.metadata.labels.blockValue(well_known::inventoryMemberIdLabel);
}

QString noValueText()
{
    return QCoreApplication::translate("ClusterFacts", "(none)");
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
    case Health::NotReported:
        return QStringLiteral("NotReported"); // one word, as kubectl's columns spell states
    }
    return QString();
}

} // namespace fleetscope
