#include "clusterscope.h"

#include "fleet/store/fleetstore.h"

namespace fleetscope {

ClusterRef ClusterRef::of(const FleetProfile &row)
{
    const ObjectMeta &meta = row.profile().metadata;
    return ClusterRef{row.hub, ObjectKey{meta.namespaceName, meta.name}};
}

bool ClusterScope::isEmpty() const
{
    return hub < 0 && !clusterSet && !manager && !inventory && !propertyValue && !members;
}

bool ClusterScope::matches(const FleetProfile &profile) const
{
    if (hub >= 0 && profile.hub != hub)
        return false;
    if (clusterSet && profile.clusterSet != *clusterSet)
        return false;
    if (manager && profile.manager != *manager)
        return false;
    if (inventory && profile.profile().metadata.namespaceName != *inventory)
        return false;
    if (propertyValue) {
        const FieldText value = profile.profile().propertyText(propertyKey); // aliases too, as the tree groups
        // An empty value is the group of profiles without the property.
        if (!QAnyStringView::equal(value.view(), *propertyValue))
            return false;
    }
    return !members || members->contains(ClusterRef::of(profile));
}

} // namespace fleetscope
