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
    // Namespaces are cluster-scoped: never nested under a namespace.
    if (namespaceName.isEmpty() || kind == ResourceKind::Namespaces)
        return root + u'/' + resourceKindName(kind);
    return root + QStringLiteral("/namespaces/") + namespaceName + u'/' + resourceKindName(kind);
}

QString ResourceSpec::describe() const
{
    if (namespaceName.isEmpty() || kind == ResourceKind::Namespaces)
        return resourceKindName(kind) + QStringLiteral(" (all namespaces)");
    return resourceKindName(kind) + QStringLiteral(" in namespace ") + namespaceName;
}

} // namespace fleetscope
