#include "conditionreasons.h"

#include "condition.h"

#include <QCoreApplication>

namespace fleetscope {
namespace {

struct KnownReason
{
    const char16_t *reason;
    const char *producer;
    const char *text; // a source text for QCoreApplication::translate("ConditionReasons", …)
};

// The reasons producers write today (kubefleet pkg/controllers/clusterinventory/
// clusterprofile, OCM registration's ManagedCluster conditions).
constexpr KnownReason knownReasons[] = {
    {u"MemberAgentHeartbeatLost", "KubeFleet",
     QT_TRANSLATE_NOOP("ConditionReasons", "The member agent stopped sending heartbeats to the hub: the cluster's health is not known.")},
    {u"MemberClusterAPIServerUnhealthy", "KubeFleet",
     QT_TRANSLATE_NOOP("ConditionReasons", "The member agent reports that the cluster's API server is unhealthy.")},
    {u"MemberAgentReportedNoStatus", "KubeFleet",
     QT_TRANSLATE_NOOP("ConditionReasons", "The member agent has not reported any status yet.")},
    {u"MemberAgentReportedNoHealthInfo", "KubeFleet",
     QT_TRANSLATE_NOOP("ConditionReasons", "The member agent reports, but without the API server's health.")},
    {u"MemberClusterAPIServerHealthy", "KubeFleet",
     QT_TRANSLATE_NOOP("ConditionReasons", "The member agent reports that the cluster's API server is healthy.")},
    {u"ManagedClusterAvailable", "Open Cluster Management",
     QT_TRANSLATE_NOOP("ConditionReasons", "The klusterlet agent reports that the cluster's API server is available.")},
    {u"ManagedClusterKubeAPIServerUnavailable", "Open Cluster Management",
     QT_TRANSLATE_NOOP("ConditionReasons", "The klusterlet agent reports that the cluster's API server is unavailable.")},
    {u"ManagedClusterLeaseUpdateStopped", "Open Cluster Management",
     QT_TRANSLATE_NOOP("ConditionReasons", "The klusterlet agent stopped renewing its lease on the hub: the cluster's state is not known.")},
    {u"ManagedClusterJoined", "Open Cluster Management",
     QT_TRANSLATE_NOOP("ConditionReasons", "The cluster's klusterlet agent has joined the hub.")},
};

const KnownReason *find(QStringView reason)
{
    for (const KnownReason &known : knownReasons) {
        if (reason == QStringView(known.reason))
            return &known;
    }
    return nullptr;
}

} // namespace

QString conditionReasonText(QStringView type, QStringView reason)
{
    // KubeFleet and OCM write these reasons on ControlPlaneHealthy and Joined only;
    // on another condition type the same word could mean something else.
    if (type != QStringView(condition_types::controlPlaneHealthy) && type != QStringView(condition_types::joined))
        return {};
    const KnownReason *known = find(reason);
    return known ? QCoreApplication::translate("ConditionReasons", known->text) : QString();
}

QString conditionReasonProducer(QStringView reason)
{
    const KnownReason *known = find(reason);
    return known ? QString::fromLatin1(known->producer) : QString();
}

} // namespace fleetscope
