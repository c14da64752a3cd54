#pragma once

#include "kube/apierror.h"
#include "kube/hubstatus.h"
#include "kube/informer.h"
#include "kube/resourcespec.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// What one informer tells about its hub, read off it when the hub's state is derived.
struct InformerReport
{
    ResourceKind kind = ResourceKind::ClusterProfiles;
    QString scope;           // ResourceSpec::describe(): "clusterprofiles in namespace team-b"
    bool required = true;    // profiles are; namespaces and placements only add facts
    ResourceInformer::Phase phase = ResourceInformer::Phase::Idle;
    bool synced = false;     // listed at least once
    ApiError lastError;
    qint64 retryInMs = -1;
    qint64 received = 0;     // objects of the first list so far
    qint64 estimated = -1;   // the server's estimate for that list
};

// Trouble before any informer exists: credentials and discovery.
struct ConnectReport
{
    ApiError error;
    bool fatal = false;           // retrying cannot help without a change
    bool unauthorized = false;    // a 401 or a failed credential plugin, not yet retried
    bool execCredentials = false; // the user's credentials come from an exec plugin, which may recover
    qint64 retryInMs = -1;        // until the next connection attempt
    // What ended the attempt before this one: connecting again after it, the hub
    // is still one that did not answer, not a hub being connected to for the first time.
    ApiError lastFailure;
};

// The hub's state, from its connection and its informers; pure, so that every
// combination of phases is testable without a hub. `previous` carries what the
// reports do not (name, API version, skipped objects) and keeps `synced` once set.
HubStatus deriveHubStatus(const HubStatus &previous, const ConnectReport &connect,
                          const QList<InformerReport> &informers, const QStringList &warnings);

} // namespace fleetscope
