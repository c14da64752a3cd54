#include "resourcespec.h"

namespace fleetscope {

QString resourceKindName(ResourceKind kind)
{
    switch (kind) {
    case ResourceKind::ClusterProfiles:
        return QStringLiteral("clusterprofiles");
    case ResourceKind::Namespaces:
        return QStringLiteral("namespaces");
    case ResourceKind::PlacementDecisions:
        return QStringLiteral("placementdecisions");
    }
    return QString();
}

QString ResourceSpec::collectionPath() const
{
    const QString root = groupVersion.contains(u'/') ? QStringLiteral("/apis/") + groupVersion
                                                     : QStringLiteral("/api/") + groupVersion;
    const QString plural = resource.isEmpty() ? resourceKindName(kind) : resource;
    // Namespaces are cluster-scoped: never nested under a namespace.
    if (namespaceName.isEmpty() || (resource.isEmpty() && kind == ResourceKind::Namespaces))
        return root + u'/' + plural;
    return root + QStringLiteral("/namespaces/") + namespaceName + u'/' + plural;
}

QString ResourceSpec::describe() const
{
    const QString plural = resource.isEmpty() ? resourceKindName(kind) : resource;
    if (namespaceName.isEmpty() || (resource.isEmpty() && kind == ResourceKind::Namespaces))
        return plural + QStringLiteral(" (all namespaces)");
    return plural + QStringLiteral(" in namespace ") + namespaceName;
}

} // namespace fleetscope
