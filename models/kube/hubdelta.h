#pragma once

#include "api/clusterprofile.h"
#include "api/compressedjson.h"
#include "api/kubenamespace.h"
#include "api/placementdecision.h"

#include <QHashFunctions>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

namespace fleetscope {

// (namespace, name) of a namespaced object on one hub.
struct ObjectKey
{
    QString namespaceName;
    QString name;

    QString toString() const { return namespaceName + u'/' + name; }
    friend bool operator==(const ObjectKey &a, const ObjectKey &b)
    {
        return a.name == b.name && a.namespaceName == b.namespaceName;
    }
    friend size_t qHash(const ObjectKey &key, size_t seed = 0) { return qHashMulti(seed, key.namespaceName, key.name); }
};

// Makes a profile's JSON when it is asked for, from facts kept elsewhere (a
// moment of the past: what was recorded). Making it for every profile of a
// moment, when one is shown or printed, would cost more than the rest of the moment.
class ProfileJsonSource
{
public:
    virtual ~ProfileJsonSource() = default;
    virtual QByteArray json() const = 0;
};

// A decoded ClusterProfile as the engine shares it: immutable once published, so
// the hub's thread and the GUI thread hold the same copy without locks.
struct ProfileRecord
{
    ClusterProfile profile;
    // The object exactly as the hub sent it (compact JSON), kept only when asked
    // for (the details pane, the CLI's -o json/yaml), and then compressed: ~1.6 KB
    // of JSON per profile would weigh more than the rest of the profile; packed
    // it is ~0.4 KB, and only the object being shown or printed is unpacked.
    CompressedJson rawJson;
    // Or, for a profile of the past, what makes its JSON when asked.
    std::shared_ptr<const ProfileJsonSource> jsonSource;

    bool hasJson() const { return !rawJson.isEmpty() || jsonSource; }
    // The object as JSON text (decompressed or made: never on a hot GUI path);
    // empty when it was not kept.
    QByteArray json() const
    {
        if (!rawJson.isEmpty())
            return rawJson.unpacked();
        return jsonSource ? jsonSource->json() : QByteArray();
    }
};

using ProfilePtr = std::shared_ptr<const ProfileRecord>;
using PlacementPtr = std::shared_ptr<const PlacementDecision>;
using NamespacePtr = std::shared_ptr<const KubeNamespace>;

// What changed on one hub since the last delta. Each key appears at most once
// (later changes replace earlier ones), so applying a delta is order-free.
struct HubDelta
{
    QList<ProfilePtr> upsertedProfiles;
    QList<ObjectKey> removedProfiles;
    QList<PlacementPtr> upsertedPlacements;
    QList<ObjectKey> removedPlacements;
    QList<NamespacePtr> upsertedNamespaces;
    QStringList removedNamespaces;
    // "fleet/c7: status.conditions[0].status: expected string, got number": objects
    // the hub sent that could not be decoded (skipped, never silently).
    QStringList decodeErrors;

    qsizetype changeCount() const
    {
        return upsertedProfiles.size() + removedProfiles.size() + upsertedPlacements.size()
            + removedPlacements.size() + upsertedNamespaces.size() + removedNamespaces.size();
    }
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::HubDelta)
