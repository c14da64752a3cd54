#pragma once

#include "kube/hubdelta.h"

#include <QSet>
#include <QString>

#include <optional>

namespace fleetscope {

struct FleetProfile;

// One profile on one hub, as a placement or a selection names it.
struct ClusterRef
{
    int hub = -1;
    ObjectKey key;

    static ClusterRef of(const FleetProfile &row);

    friend bool operator==(const ClusterRef &a, const ClusterRef &b) { return a.hub == b.hub && a.key == b.key; }
    friend size_t qHash(const ClusterRef &ref, size_t seed = 0) { return qHashMulti(seed, ref.hub, ref.key); }
};

// The part of the fleet a tree group or a placement selects, ANDed with the
// filter by the proxy. Each part is optional; an empty value is meaningful
// ("no clusterset"), which is why the parts are optionals and not empty strings.
struct ClusterScope
{
    int hub = -1; // any hub
    std::optional<QString> clusterSet;
    std::optional<QString> manager;
    std::optional<QString> inventory; // the profiles' namespace (KEP-4322: namespace = inventory)
    QString propertyKey; // with propertyValue: a group by any property
    std::optional<QString> propertyValue;
    std::optional<QSet<ClusterRef>> members; // a placement's chosen clusters

    bool isEmpty() const;
    bool matches(const FleetProfile &profile) const;

    friend bool operator==(const ClusterScope &a, const ClusterScope &b)
    {
        return a.hub == b.hub && a.clusterSet == b.clusterSet && a.manager == b.manager && a.inventory == b.inventory
            && a.propertyKey == b.propertyKey && a.propertyValue == b.propertyValue && a.members == b.members;
    }
    friend bool operator!=(const ClusterScope &a, const ClusterScope &b) { return !(a == b); }
};

} // namespace fleetscope
