#pragma once

#include "kube/hubstatus.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

class FleetStore;

// Why a hub gives no clusters, sorted into the few kinds a person acts on
// differently: start the server, fix the network, the CA, the credentials, the
// RBAC, or the kubeconfig entry.
enum class HubFailureKind {
    None,          // connecting, syncing or live
    Refused,       // nothing listens at the address
    Unreachable,   // name not resolved, network or timeout
    Tls,           // the certificate was not accepted
    Unauthorized,  // the credentials were refused
    Forbidden,     // RBAC denies reading ClusterProfiles
    Configuration, // the kubeconfig entry cannot be used as it is
    Other,
};

// What the empty cluster table says when no hub could be read: one section per
// kind of failure, each naming its hubs and what they said. Translated texts
// (context "fleetscope::EmptyFleetReason", where lupdate files them); plain text, the view escapes it.
struct EmptyFleetReason
{
    struct Section
    {
        HubFailureKind kind = HubFailureKind::Other;
        QString title;   // "Connection refused"
        QString advice;  // what to check
        QStringList hubs; // "east: Connection refused"
    };

    // True when every active hub failed (none connecting, syncing or live) and
    // the store holds no clusters: then the table is empty for these reasons.
    bool allFailed = false;
    QList<Section> sections;

    static HubFailureKind classify(const HubStatus &status);
    // The title and advice for one kind, without hubs.
    static Section sectionFor(HubFailureKind kind);
    static EmptyFleetReason of(const FleetStore &store);
};

} // namespace fleetscope
