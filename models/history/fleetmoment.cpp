#include "fleetmoment.h"

#include "fleetrecordconversion.h"

namespace fleetscope {

void FleetMomentBuilder::build(const FleetHubState &state, HubMoment *moment)
{
    m_texts.nextMoment();
    Hub &kept = m_hubs[moment->hub];
    Hub next;
    moment->profiles.clear();
    moment->profiles.reserve(state.clusterCount());
    next.clusters.reserve(state.clusterCount());
    for (quint32 slot = 0; slot < state.slotCount(); ++slot) {
        const FleetHubState::ClusterPtr cluster = state.clusterAt(slot);
        if (!cluster)
            continue;
        const QString key = cluster->namespaceName + u'/' + cluster->name;
        const auto it = kept.clusters.constFind(key);
        ProfilePtr profile;
        if (it != kept.clusters.constEnd() && (it->recorded == cluster || *it->recorded == *cluster))
            profile = it->profile;
        else
            profile = fleet_records::toProfile(cluster, &m_texts);
        moment->profiles.append(profile);
        next.clusters.insert(key, {cluster, std::move(profile)});
    }
    moment->namespaces.clear();
    for (auto it = state.namespaces().cbegin(); it != state.namespaces().cend(); ++it) {
        const auto old = kept.namespaces.constFind(it.key());
        NamespacePtr ns = old != kept.namespaces.constEnd() && *old->first == **it ? old->second
                                                                                  : fleet_records::toNamespace(**it);
        moment->namespaces.append(ns);
        next.namespaces.insert(it.key(), {*it, std::move(ns)});
    }
    moment->placements.clear();
    for (auto it = state.placements().cbegin(); it != state.placements().cend(); ++it) {
        const auto old = kept.placements.constFind(it.key());
        PlacementPtr p = old != kept.placements.constEnd() && *old->first == **it ? old->second
                                                                                 : fleet_records::toPlacement(**it);
        moment->placements.append(p);
        next.placements.insert(it.key(), {*it, std::move(p)});
    }
    kept = std::move(next);
}

} // namespace fleetscope
