#pragma once

#include "api/clusterprofile.h"

#include <QList>
#include <QString>

namespace fleetscope {

class FleetStore;

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
    // The member of a store row, with a copy of its profile (the store's rows move).
    static MemberTarget fromRow(const FleetStore &store, int row);
    // The members of store rows, in their order; rows out of range are skipped.
    static QList<MemberTarget> fromRows(const FleetStore &store, const QList<int> &rows);
};

} // namespace fleetscope
