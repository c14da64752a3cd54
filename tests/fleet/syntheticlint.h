#pragma once

// Synthetic inventories that trip the inventory lint's rules now and then: on top
// of syntheticfleet.h's profiles, member ids shared across namespaces, manager
// labels that sometimes disagree with the spec, missing or deprecated access
// providers, empty servers and disabled TLS checks, properties of every age, clusterset labels on namespaces, and
// PlacementDecisions naming profiles that may or may not exist. Random deltas
// change all of them, so that an incremental lint meets every kind of change.

#include "api/clusterfacts.h"
#include "syntheticfleet.h"

#include <QRandomGenerator>
#include <QSet>

#include <memory>

namespace fleetscope::synthetic {

// The clock the lint judges staleness against.
inline constexpr qint64 lintNowMs = 1'800'000'000'000;
inline constexpr int lintNamespaces = 3;

inline QString lintNamespace(int index)
{
    return QStringLiteral("inv-%1").arg(index % lintNamespaces);
}

inline ProfilePtr lintProfile(int index, int round = 0)
{
    auto in = [](const QString &text) { return StringPool::shared().intern(text); };
    auto record = std::make_shared<ProfileRecord>(*profile(index, round, lintNamespace(index)));
    ClusterProfile &p = record->profile;
    const unsigned mix = unsigned(index) * 2246822519u + unsigned(round) * 3266489917u;
    // The manager label agrees with the spec most of the time.
    const QString manager = (mix >> 3) % 10 == 0 ? QStringLiteral("someone-else") : p.clusterManagerName.toString();
    p.metadata.labels.insert(in(QString::fromUtf16(well_known::clusterManagerLabel)), in(manager));
    // Members published up to three times (once per namespace), by whichever
    // manager the index picks: their health and versions may disagree.
    if ((mix >> 5) % 2 == 0)
        p.metadata.labels.insert(in(QString::fromUtf16(well_known::inventoryMemberIdLabel)),
                                 in(QStringLiteral("member-%1").arg(index / lintNamespaces)));
    QList<AccessProvider> providers;
    const auto provider = [&](const QString &name, bool deprecated, const QString &server, bool insecure = false) {
        AccessProvider a;
        a.name = in(name);
        a.fromCredentialProviders = deprecated;
        a.cluster.server = BlockString(server);
        a.cluster.insecureSkipTlsVerify = insecure;
        providers.append(a);
    };
    static const QString server = QStringLiteral("https://cluster-proxy.inv:9092/member");
    switch ((mix >> 7) % 16) {
    case 0:
    case 1:
        break; // no provider
    case 2:
    case 3:
        provider(QStringLiteral("token"), true, server);
        break;
    case 4:
        provider(QStringLiteral("KubeFleet"), false, QString()); // KubeFleet's server ""
        break;
    case 5:
        provider(QStringLiteral("KubeFleet"), false, server, true);
        break;
    default:
        provider(QStringLiteral("cluster-proxy"), false, server);
        break;
    }
    p.accessProviders = providers;
    // One property observed between now and 60 hours ago, minutes apart.
    QList<Property> properties(p.properties.begin(), p.properties.end());
    properties[0].lastObservedTime = lintNowMs - qint64((mix >> 9) % 3600) * 60 * 1000;
    p.properties = properties;
    return record;
}

inline NamespacePtr lintNamespaceObject(int ns, int round)
{
    static const char *const sets[] = {"prod", "staging", "dev", ""};
    auto object = std::make_shared<KubeNamespace>();
    object->metadata.name = lintNamespace(ns);
    const char *set = sets[unsigned(ns * 7 + round) % 4];
    if (*set)
        object->metadata.labels.insert(StringPool::shared().intern(QString::fromUtf16(well_known::clusterSetLabel)),
                                       StringPool::shared().intern(QString::fromLatin1(set)));
    return object;
}

// A decision per chosen index; indices past `idRange` name profiles that never exist.
inline PlacementPtr lintPlacement(int placement, QRandomGenerator &random, int idRange)
{
    auto object = std::make_shared<PlacementDecision>();
    object->apiVersion = ApiVersion::V1Alpha1;
    object->metadata.namespaceName = StringPool::shared().intern(lintNamespace(placement));
    object->metadata.name = QStringLiteral("placement-%1").arg(placement);
    const int decisions = random.bounded(0, 4);
    for (int i = 0; i < decisions; ++i) {
        const int id = random.bounded(idRange + idRange / 10 + 1);
        ClusterDecision d;
        d.clusterProfileName = profile(id)->profile.metadata.name;
        // Half name their profile's namespace, half leave it to the decision's own.
        if (random.bounded(2) == 0)
            d.clusterProfileNamespace = StringPool::shared().intern(lintNamespace(id));
        object->decisions.append(d);
    }
    return object;
}

// One random delta on a lint-shaped hub: profiles upserted or removed like
// randomDelta(), and now and then a namespace relabelled or removed and a
// placement rewritten or removed. `present` is kept in step.
// The same profile after a status change that no rule of its own reads, as most
// of a churning hub's events are: ControlPlaneHealthy flipped (its health, which
// member-disagreement compares, with it), now and then another Kubernetes version.
inline ProfilePtr withHealthFlipped(const ProfilePtr &record, bool newVersion)
{
    auto copy = std::make_shared<ProfileRecord>(*record);
    ClusterProfile &p = copy->profile;
    QList<Condition> conditions(p.conditions.begin(), p.conditions.end());
    bool found = false;
    for (Condition &c : conditions) {
        if (c.type != QStringView(condition_types::controlPlaneHealthy))
            continue;
        found = true;
        c.status = c.status == ConditionStatus::True ? ConditionStatus::False : ConditionStatus::True;
    }
    if (!found) {
        Condition c;
        c.type = StringPool::shared().intern(QString::fromUtf16(condition_types::controlPlaneHealthy));
        c.status = ConditionStatus::False;
        conditions.append(c);
    }
    p.conditions = conditions;
    if (newVersion)
        p.kubernetesVersion = StringPool::shared().intern(p.kubernetesVersion == QStringLiteral("v1.30.2")
                                                              ? QStringLiteral("v1.31.0")
                                                              : QStringLiteral("v1.30.2"));
    return copy;
}

inline HubDelta randomLintDelta(QRandomGenerator &random, QSet<int> &present, int round, int maxChanges, int idRange)
{
    HubDelta delta;
    QSet<int> touched;
    const int changes = random.bounded(1, maxChanges);
    for (int i = 0; i < changes; ++i) {
        const int id = random.bounded(idRange);
        if (touched.contains(id))
            continue;
        touched.insert(id);
        if (present.contains(id) && random.bounded(3) == 0) {
            delta.removedProfiles.append({lintNamespace(id), profile(id)->profile.metadata.name});
            present.remove(id);
        } else {
            delta.upsertedProfiles.append(lintProfile(id, round));
            present.insert(id);
        }
    }
    if (random.bounded(4) == 0) {
        const int ns = random.bounded(lintNamespaces);
        if (random.bounded(5) == 0)
            delta.removedNamespaces.append(lintNamespace(ns));
        else
            delta.upsertedNamespaces.append(lintNamespaceObject(ns, round + random.bounded(4)));
    }
    if (random.bounded(3) == 0) {
        const int placement = random.bounded(6);
        if (random.bounded(4) == 0)
            delta.removedPlacements.append({lintNamespace(placement), QStringLiteral("placement-%1").arg(placement)});
        else
            delta.upsertedPlacements.append(lintPlacement(placement, random, idRange));
    }
    return delta;
}

} // namespace fleetscope::synthetic
