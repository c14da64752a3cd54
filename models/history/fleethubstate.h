#pragma once

#include "fleetframecodec.h"

#include <QHash>
#include <QString>

#include <memory>
#include <vector>

namespace fleetscope {

// One hub's recorded fleet at one instant, as a replay of its fleet log builds it
// (keyframe, then the changes after it). Clusters are shared values: a cluster
// that did not change between two replays is the same object, so that whoever
// turns it into a profile can keep the profile too.
class FleetHubState final
{
public:
    using ClusterPtr = std::shared_ptr<const RecordedCluster>;

    // Applies one event. Events that name an empty slot (a damaged log) change
    // nothing and are counted.
    void apply(const FleetEvent &event);
    void clear();

    // Every cluster present, by slot (null where the slot is free).
    quint32 slotCount() const { return quint32(m_clusters.size()); }
    ClusterPtr clusterAt(quint32 slot) const { return slot < m_clusters.size() ? m_clusters[slot] : nullptr; }
    const QHash<QString, std::shared_ptr<const RecordedNamespace>> &namespaces() const { return m_namespaces; }
    // By "namespace/name".
    const QHash<QString, std::shared_ptr<const RecordedPlacement>> &placements() const { return m_placements; }
    int clusterCount() const { return m_count; }
    int ignoredEvents() const { return m_ignored; }

    // What a change event (Field to ConditionGone) does to one cluster.
    static void applyTo(RecordedCluster *cluster, const FleetEvent &event);

    static QString placementKey(const QString &namespaceName, const QString &name)
    {
        return namespaceName + u'/' + name;
    }

private:
    // The cluster to change: a copy when someone else holds it, which stays as it was.
    RecordedCluster *edit(quint32 slot);

    std::vector<std::shared_ptr<RecordedCluster>> m_clusters;
    QHash<QString, std::shared_ptr<const RecordedNamespace>> m_namespaces;
    QHash<QString, std::shared_ptr<const RecordedPlacement>> m_placements;
    int m_count = 0;
    int m_ignored = 0;
};

} // namespace fleetscope
