#pragma once

#include "fleet/filter/clusterscope.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace fleetscope {

class FleetStore;
struct FleetProfile;
struct PlacementDecision;
struct ClusterProfile;

// One problem in how an inventory is published: which rule, how bad, and which
// objects ("hub/namespace/name", PlacementDecisions as "hub/namespace/placementdecision/name").
struct LintFinding
{
    enum class Severity : quint8 { Warning, Error };

    Severity severity = Severity::Warning;
    QString rule;
    QString message;
    QString hint; // what the producer or its operator changes to clear it
    QStringList objects;
    QList<ClusterRef> profiles; // the ClusterProfiles among `objects` (for the table and filter)

    static QString severityName(Severity severity); // "error", "warning"

    friend bool operator==(const LintFinding &a, const LintFinding &b)
    {
        return a.severity == b.severity && a.rule == b.rule && a.message == b.message && a.hint == b.hint
            && a.objects == b.objects && a.profiles == b.profiles;
    }
    friend bool operator!=(const LintFinding &a, const LintFinding &b) { return !(a == b); }
};

struct LintOptions
{
    qint64 nowMs = 0;                        // when properties are judged stale
    qint64 staleAfterMs = 24LL * 3600 * 1000; // a property observed longer ago is stale
    // A profile created less than this ago may still lack what its producer
    // writes a reconcile later (OCM: `conditions: []`, labels patched after the
    // status): missing-manager-label, no-conditions and no-access-providers wait.
    qint64 settleMs = 10LL * 60 * 1000;
};

// The inventory lint: rules a consumer can check on what producers
// publish (clusterprofile-api.md §1.6, §8). Errors contradict the API or another
// object; warnings leave a consumer short of something.
//
//   manager-mismatch            error    x-k8s.io/cluster-manager label != spec.clusterManager.name
//   missing-manager-label       error    no (or an empty) x-k8s.io/cluster-manager label: consumers
//                                        select by it, the conformance suite requires it
//   invalid-manager-name        error    spec.clusterManager.name empty, or not a label value (v1alpha2)
//   member-disagreement         error    one inventory-member-id, profiles of different managers
//                                        disagree on health or Kubernetes version
//   placement-missing-profile   error    a PlacementDecision names a ClusterProfile that does not exist
//   clusterset-contradiction    error    the profile's clusterset label differs from its namespace's
//   invalid-server              error    an access provider's cluster.server is empty or not an
//                                        absolute URL with a host (KubeFleet writes "")
//   stale-property              warning  a property's lastObservedTime is older than the limit
//   no-access-providers         warning  no status.accessProviders: nobody can connect
//   credential-providers-only   warning  v1alpha1, only the deprecated credentialProviders
//   insecure-tls                warning  an access provider sets insecure-skip-tls-verify
//   no-conditions               warning  status.conditions is empty: the producer reports nothing
// Shapes a producer normally writes stay quiet: properties without
// lastObservedTime, a server URL with a path and no CA data (system roots), and
// what a profile younger than LintOptions::settleMs has not got yet.
// Every finding carries a hint: what to change so that it clears.
class InventoryLint
{
public:
    static const QStringList &rules();
    static LintFinding::Severity severityOf(const QString &rule);
    // What clears a rule's findings, in general (a finding's own hint may be more precise).
    static QString hintOf(const QString &rule);

    // Every finding of the fleet, errors first, then by rule and object.
    static QList<LintFinding> run(const FleetStore &store, const LintOptions &options);

    // The parts run() is made of, for a lint kept current change by change
    // (FleetFindings); each depends only on what its arguments name.
    //
    // The rules of one profile on its own and its namespace's labels (all but
    // member-disagreement and placement-missing-profile), appended to `out` in
    // rule order. `nextChangeMs` receives when these findings next read
    // differently as time passes (a property turns stale, the age a message
    // shows ticks over, a new profile settles), 0 for never.
    static void appendProfileFindings(const FleetStore &store, const FleetProfile &row, const LintOptions &options,
                                      QList<LintFinding> *out, qint64 *nextChangeMs = nullptr);
    // Whether appendProfileFindings() reads the same of both versions of one
    // profile (at the same instant, beside the same namespace): the manager
    // label and spec, the clusterset label, the creation time, the properties'
    // names and observation times, the access providers' kinds, servers and TLS
    // checks, whether there are conditions. Conditions' statuses and property
    // values are not read: a flip of ControlPlaneHealthy leaves the findings as they are.
    static bool sameProfileInputs(const ClusterProfile &a, const ClusterProfile &b);
    // member-disagreement among the rows publishing one inventory-member-id.
    static std::optional<LintFinding> memberFinding(const FleetStore &store, const QString &memberId, QList<int> rows);
    // placement-missing-profile for one PlacementDecision of an active hub.
    static std::optional<LintFinding> placementFinding(const FleetStore &store, int hub, const PlacementDecision &placement);
    // The clusterset a namespace's labels declare, as clusterset-contradiction
    // compares it (nullopt: none declared, or the namespace is unknown).
    static std::optional<QString> namespaceClusterSet(const FleetStore &store, int hub, const QString &namespaceName);
    // Whether the profile carries a clusterset label (and so depends on its namespace's).
    static bool hasClusterSetLabel(const FleetProfile &row);
    // run()'s order: errors first, then rule order, then the first object.
    static bool before(const LintFinding &a, const LintFinding &b);
};

} // namespace fleetscope
