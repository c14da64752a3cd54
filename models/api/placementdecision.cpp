#include "placementdecision.h"

namespace fleetscope {

QString PlacementDecision::placementKey() const
{
    return metadata.labels.value(placement_labels::placementKey);
}

QString PlacementDecision::decisionKey() const
{
    return metadata.labels.value(placement_labels::decisionKey);
}

int PlacementDecision::decisionIndex() const
{
    const FieldText text = metadata.labels.findText(placement_labels::decisionIndex);
    if (!text)
        return -1;
    bool ok = false;
    const int index = text.toString().toInt(&ok);
    return ok && index >= 0 ? index : -1;
}

QString PlacementDecision::profileNamespace(const ClusterDecision &decision) const
{
    return decision.clusterProfileNamespace.isEmpty() ? metadata.namespaceName.toString()
                                                        : decision.clusterProfileNamespace.toString();
}

} // namespace fleetscope
