#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fleetscope::inventory_discovery {

// The Cluster Inventory API group (SIG-Multicluster).
inline constexpr char group[] = "multicluster.x-k8s.io";

// What a 404 for the group means, in words people act on.
QString notServedMessage();

// The versions an APIGroup document (GET /apis/multicluster.x-k8s.io) lists,
// best first: v1alpha2, v1alpha1, then any other. False with `error` set when
// the body is not an APIGroup; `source` names it in the message.
bool parseGroupVersions(const QByteArray &body, const QString &source, QStringList *versions, QString *error);

// Which inventory resources an APIResourceList (GET /apis/GROUP/VERSION) names.
struct ServedResources
{
    bool profiles = false;
    bool placements = false;
};
ServedResources parseServedResources(const QByteArray &body);

} // namespace fleetscope::inventory_discovery
