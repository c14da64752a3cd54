#pragma once

#include "clusterscope.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

class FleetStore;

// One problem in how an inventory is published: which rule, how bad, and which
// objects ("hub/namespace/name", PlacementDecisions as "hub/namespace/placementdecision/name").
struct LintFinding
{
    enum class Severity : quint8 { Warning, Error };

    Severity severity = Severity::Warning;
    QString rule;
    QString message;
    QStringList objects;
    QList<ClusterRef> profiles; // the ClusterProfiles among `objects` (for the table and filter)

    static QString severityName(Severity severity); // "error", "warning"
};

struct LintOptions
{
    qint64 nowMs = 0;                        // when properties are judged stale
    qint64 staleAfterMs = 24LL * 3600 * 1000; // a property observed longer ago is stale
};

// The inventory lint of issue #21: rules a consumer can check on what producers
// publish (clusterprofile-api.md §1.6, §8). Errors contradict the API or another
// object; warnings leave a consumer short of something.
//
//   manager-mismatch            error    x-k8s.io/cluster-manager label != spec.clusterManager.name
//   member-disagreement         error    one inventory-member-id, profiles of different managers
//                                        disagree on health or Kubernetes version
//   placement-missing-profile   error    a PlacementDecision names a ClusterProfile that does not exist
//   clusterset-contradiction    error    the profile's clusterset label differs from its namespace's
//   stale-property              warning  a property's lastObservedTime is older than the limit
//   no-access-providers         warning  no status.accessProviders: nobody can connect
//   credential-providers-only   warning  v1alpha1, only the deprecated credentialProviders
class InventoryLint
{
public:
    static const QStringList &rules();
    static LintFinding::Severity severityOf(const QString &rule);

    // Every finding of the fleet, errors first, then by rule and object.
    static QList<LintFinding> run(const FleetStore &store, const LintOptions &options);
};

} // namespace fleetscope
