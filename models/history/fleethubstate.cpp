#include "fleethubstate.h"

#include <algorithm>

namespace fleetscope {
namespace {

template<typename List>
auto findByKey(List &list, const QString &key)
{
    return std::find_if(list.begin(), list.end(), [&key](const auto &entry) { return entry.first == key; });
}

void setLabel(RecordedLabels *labels, const QString &key, const QString &value)
{
    const auto at = std::lower_bound(labels->begin(), labels->end(), key,
                                     [](const auto &entry, const QString &k) { return entry.first < k; });
    if (at != labels->end() && at->first == key)
        at->second = value;
    else
        labels->insert(at, {key, value});
}

} // namespace

void FleetHubState::clear()
{
    m_clusters.clear();
    m_namespaces.clear();
    m_placements.clear();
    m_count = 0;
    m_ignored = 0;
}

RecordedCluster *FleetHubState::edit(quint32 slot)
{
    if (slot >= m_clusters.size() || !m_clusters[slot]) {
        ++m_ignored;
        return nullptr;
    }
    std::shared_ptr<RecordedCluster> &cluster = m_clusters[slot];
    if (cluster.use_count() > 1)
        cluster = std::make_shared<RecordedCluster>(*cluster);
    return cluster.get();
}

void FleetHubState::apply(const FleetEvent &e)
{
    using Kind = FleetEvent::Kind;
    switch (e.kind) {
    case Kind::Appear:
        if (e.slot >= m_clusters.size())
            m_clusters.resize(size_t(e.slot) + 1);
        if (!m_clusters[e.slot])
            ++m_count;
        // Shared with the event: the first change copies it (edit()).
        m_clusters[e.slot] = e.cluster;
        return;
    case Kind::Remove:
        if (e.slot < m_clusters.size() && m_clusters[e.slot]) {
            m_clusters[e.slot].reset();
            --m_count;
        } else {
            ++m_ignored;
        }
        return;
    case Kind::Namespace:
        m_namespaces.insert(e.ns->name, e.ns);
        return;
    case Kind::NamespaceGone:
        m_namespaces.remove(e.key);
        return;
    case Kind::Placement:
        m_placements.insert(placementKey(e.placement->namespaceName, e.placement->name), e.placement);
        return;
    case Kind::PlacementGone:
        m_placements.remove(placementKey(e.key, e.value));
        return;
    default:
        break;
    }
    if (RecordedCluster *c = edit(e.slot))
        applyTo(c, e);
}

void FleetHubState::applyTo(RecordedCluster *c, const FleetEvent &e)
{
    using Kind = FleetEvent::Kind;
    switch (e.kind) {
    case Kind::Field:
        switch (e.field) {
        case RecordedField::DisplayName:
            c->displayName = e.value;
            break;
        case RecordedField::ClusterManager:
            c->clusterManager = e.value;
            break;
        case RecordedField::KubernetesVersion:
            c->kubernetesVersion = e.value;
            break;
        case RecordedField::ApiVersion:
            c->apiVersion = quint8(e.number);
            break;
        case RecordedField::CreationTimestamp:
            c->creationTimestamp = e.number;
            break;
        }
        break;
    case Kind::Label:
        setLabel(&c->labels, e.key, e.value);
        break;
    case Kind::LabelGone:
        c->labels.removeIf([&e](const auto &entry) { return entry.first == e.key; });
        break;
    case Kind::Property:
        if (auto it = findByKey(c->properties, e.key); it != c->properties.end())
            it->second = e.value;
        else
            c->properties.append({e.key, e.value});
        break;
    case Kind::PropertyGone:
        c->properties.removeIf([&e](const auto &entry) { return entry.first == e.key; });
        break;
    case Kind::Condition: {
        auto it = std::find_if(c->conditions.begin(), c->conditions.end(),
                               [&e](const RecordedCondition &k) { return k.type == e.condition.type; });
        if (it != c->conditions.end())
            *it = e.condition;
        else
            c->conditions.append(e.condition);
        break;
    }
    case Kind::ConditionGone:
        c->conditions.removeIf([&e](const RecordedCondition &k) { return k.type == e.key; });
        break;
    default:
        break;
    }
}

} // namespace fleetscope
