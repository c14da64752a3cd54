#pragma once

#include "api/condition.h"

#include <QList>
#include <QString>

#include <utility>

namespace fleetscope {

// What the fleet log keeps of the objects of a hub (fleetframecodec.h): the
// facts the table, the tree, the filter language, health and the Placements tab
// read, as plain values. A recorded cluster becomes a ClusterProfile again
// (FleetMomentBuilder), so that every view shows the past through its own code.

using RecordedLabels = QList<std::pair<QString, QString>>; // sorted by key

struct RecordedCondition
{
    QString type;
    ConditionStatus status = ConditionStatus::Unknown;
    QString reason;
    // The message at the condition's last status or reason change: messages that
    // count minutes would otherwise be a change a minute.
    QString message;
    qint64 lastTransitionTime = 0;

    friend bool operator==(const RecordedCondition &a, const RecordedCondition &b)
    {
        return a.type == b.type && a.status == b.status && a.reason == b.reason && a.message == b.message
            && a.lastTransitionTime == b.lastTransitionTime;
    }
    friend bool operator!=(const RecordedCondition &a, const RecordedCondition &b) { return !(a == b); }
};

struct RecordedCluster
{
    QString namespaceName;
    QString name;
    quint8 apiVersion = 0; // ApiVersion
    qint64 creationTimestamp = 0;
    QString displayName;
    QString clusterManager; // spec.clusterManager.name
    QString kubernetesVersion;
    RecordedLabels labels;
    QList<std::pair<QString, QString>> properties; // name, value; in the order reported
    QList<RecordedCondition> conditions;           // in the order reported

    friend bool operator==(const RecordedCluster &a, const RecordedCluster &b)
    {
        return a.name == b.name && a.namespaceName == b.namespaceName && a.apiVersion == b.apiVersion
            && a.creationTimestamp == b.creationTimestamp && a.displayName == b.displayName
            && a.clusterManager == b.clusterManager && a.kubernetesVersion == b.kubernetesVersion
            && a.labels == b.labels && a.properties == b.properties && a.conditions == b.conditions;
    }
    friend bool operator!=(const RecordedCluster &a, const RecordedCluster &b) { return !(a == b); }
};

struct RecordedNamespace
{
    QString name;
    RecordedLabels labels;

    friend bool operator==(const RecordedNamespace &a, const RecordedNamespace &b)
    {
        return a.name == b.name && a.labels == b.labels;
    }
};

struct RecordedDecision
{
    QString clusterName;
    QString clusterNamespace; // empty: the PlacementDecision's own
    QString reason;

    friend bool operator==(const RecordedDecision &a, const RecordedDecision &b)
    {
        return a.clusterName == b.clusterName && a.clusterNamespace == b.clusterNamespace && a.reason == b.reason;
    }
};

struct RecordedPlacement
{
    QString namespaceName;
    QString name;
    quint8 apiVersion = 0;
    QString scheduler;
    RecordedLabels labels;
    QList<RecordedDecision> decisions;

    friend bool operator==(const RecordedPlacement &a, const RecordedPlacement &b)
    {
        return a.name == b.name && a.namespaceName == b.namespaceName && a.apiVersion == b.apiVersion
            && a.scheduler == b.scheduler && a.labels == b.labels && a.decisions == b.decisions;
    }
};

// The scalar facts of a cluster that a change can set one at a time.
enum class RecordedField : quint8 { DisplayName, ClusterManager, KubernetesVersion, ApiVersion, CreationTimestamp };

} // namespace fleetscope
