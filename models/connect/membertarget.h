#pragma once

#include "api/clusterprofile.h"

#include <QString>

namespace fleetscope {

// One member cluster named as the CLI and the dashboard name it: HUB/NAMESPACE/NAME,
// with its ClusterProfile once found on the hub.
struct MemberTarget
{
    QString hub;
    QString namespaceName;
    QString name;
    ClusterProfile profile;

    QString label() const { return hub + u'/' + namespaceName + u'/' + name; }

    // Context names may contain '/' (EKS ARNs do), namespaces and object names
    // cannot: so the last two segments are the object, the rest the hub.
    static bool parse(const QString &text, MemberTarget *out);
};

} // namespace fleetscope
