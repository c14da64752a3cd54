#pragma once

#include "clusterprofile.h"
#include "labelmap.h"

#include <QString>

namespace fleetscope {

// Facts a dashboard derives from a ClusterProfile (and, for the clusterset, the
// labels of the namespace it lives in). Producers disagree on where these live
// (clusterprofile-api.md §1.6), so each fact also says where it was found.

namespace well_known {
inline constexpr char16_t clusterSetLabel[] = u"multicluster.x-k8s.io/clusterset";
// The spelling in the KEP text, seen on inventory namespaces.
inline constexpr char16_t clusterSetNamespaceLabelKep[] = u"clusterset.multicluster.x-k8s.io";
inline constexpr char16_t clusterSetProperty[] = u"clusterset.k8s.io";
inline constexpr char16_t clusterManagerLabel[] = u"x-k8s.io/cluster-manager";
inline constexpr char16_t inventoryMemberIdLabel[] = u"multicluster.x-k8s.io/inventory-member-id";
inline constexpr char16_t locationProperty[] = u"location.topology.k8s.io";
inline constexpr char16_t nodeCountProperty[] = u"count.node.k8s.io";
} // namespace well_known

enum class ClusterSetSource : quint8 { None, ProfileLabel, NamespaceLabel, NamespaceLabelKep, Property };

struct ClusterSetFact
{
    PooledString name; // empty when the profile belongs to no clusterset
    ClusterSetSource source = ClusterSetSource::None;
};

// Profile label, else the namespace's label (Go constant spelling, then the KEP's),
// else the clusterset.k8s.io property, else none.
ClusterSetFact clusterSetOf(const ClusterProfile &profile, const LabelMap *namespaceLabels);

struct ManagerFact
{
    PooledString name;       // the label when present, else spec.clusterManager.name
    PooledString labelValue; // x-k8s.io/cluster-manager
    PooledString specValue;  // spec.clusterManager.name
    bool mismatch = false; // both set and different: the API says they must agree
};

ManagerFact managerOf(const ClusterProfile &profile);

// multicluster.x-k8s.io/inventory-member-id, or empty. Profiles sharing it are one
// member cluster published several times. UTF-8, sharing the profile's text block.
BlockString memberIdOf(const ClusterProfile &profile);

// A cluster's health, as the health rules (fleet/healthrules.h) decide it from the
// conditions its producer writes.
enum class Health : quint8 {
    Healthy,
    Unhealthy,
    Unknown,     // the producer says it does not know (a lost lease, a stopped agent)
    NotReported, // the producer does not report what the rules read (neutral, not a warning)
};

// How a value a profile does not have (no clusterset, no manager) reads wherever
// the window shows it: the tree, the table and the details say the same word.
QString noValueText();

// By HealthRules::active(), for the profile's manager (defined in fleet/healthrules.cpp).
Health healthOf(const ClusterProfile &profile);
// The word `fleetscope list` prints (one word per column, as kubectl's), which the
// filter's health= accepts, as it accepts the window's "Not reported".
QString healthName(Health health);

} // namespace fleetscope
