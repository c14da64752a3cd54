#pragma once

// tests/fixtures/hub/producers.yaml (every producer's shape, in both API versions,
// with one object per inventory lint rule) decoded as a hub would deliver it, for
// model tests that need no hub process. Header-only: it needs fleetscope_models,
// which the support library does not link.

#include "api/namespacedecoder.h"
#include "api/placementdecoder.h"
#include "api/profiledecoder.h"
#include "api/yamljson.h"
#include "fleet/store/fleetstore.h"
#include "testsupport.h"

#include <QTest>

namespace fleetscope::testing {

// The instant the producers' fixture describes (its conditions' times lead up
// to it): what the lint tests take as now.
inline constexpr char producerFleetNow[] = "2026-11-26T12:00:00Z";
// When a hub stamped the profiles the fixture gives no creationTimestamp: just
// before producerFleetNow, as if they had been created then.
inline constexpr char producerFleetCreated[] = "2026-11-26T11:59:50Z";

// One delta with these objects; `servedVersion` "v1alpha2" reads the profiles as a
// v1alpha2 hub serves them (credentialProviders pruned), "" as written. A
// profile without a creationTimestamp gets `created`, as a hub stamps one.
inline HubDelta deltaOf(std::vector<nlohmann::json> documents, const QString &servedVersion, const QString &name,
                        const char *created = producerFleetCreated)
{
    HubDelta delta;
    for (nlohmann::json &document : documents) {
        const std::string kind = document.value("kind", std::string());
        if (kind == "ClusterProfile" && document.contains("metadata") && document["metadata"].is_object()
            && !document["metadata"].contains("creationTimestamp"))
            document["metadata"]["creationTimestamp"] = created;
        if (kind == "ClusterProfile" && !servedVersion.isEmpty()) {
            document["apiVersion"] = "multicluster.x-k8s.io/" + servedVersion.toStdString();
            if (servedVersion == u"v1alpha2" && document.contains("status"))
                document["status"].erase("credentialProviders");
        }
        const QByteArray json = QByteArray::fromStdString(document.dump());
        bool decoded = false;
        QString why;
        if (kind == "ClusterProfile") {
            auto record = std::make_shared<ProfileRecord>();
            ProfileDecoder decoder;
            decoded = decoder.decode(PaddedJson(json).view(), &record->profile);
            why = decoder.error();
            delta.upsertedProfiles.append(record);
        } else if (kind == "PlacementDecision") {
            auto placement = std::make_shared<PlacementDecision>();
            PlacementDecoder decoder;
            decoded = decoder.decode(PaddedJson(json).view(), placement.get());
            why = decoder.error();
            delta.upsertedPlacements.append(placement);
        } else if (kind == "Namespace") {
            auto ns = std::make_shared<KubeNamespace>();
            NamespaceDecoder decoder;
            decoded = decoder.decode(PaddedJson(json).view(), ns.get());
            why = decoder.error();
            delta.upsertedNamespaces.append(ns);
        }
        if (!decoded)
            qFatal("%s: %s: %s", qPrintable(name), kind.c_str(), qPrintable(why));
    }
    return delta;
}

inline HubDelta producerFleetDelta(const QString &servedVersion = {})
{
    const QString name = QStringLiteral("hub/producers.yaml");
    std::vector<nlohmann::json> documents;
    QString error;
    if (!parseYamlDocuments(readFixture(name), name, &documents, &error))
        qFatal("%s: %s", qPrintable(name), qPrintable(error));
    return deltaOf(std::move(documents), servedVersion, name);
}

// A store with the producers' fleet on one hub, "hub".
inline void fillProducerFleet(FleetStore *store, const QString &servedVersion = QStringLiteral("v1alpha2"))
{
    const int hub = store->addHub(QStringLiteral("hub"));
    store->applyDelta(hub, producerFleetDelta(servedVersion));
}

} // namespace fleetscope::testing
