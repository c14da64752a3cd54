#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace fleetscope {

// What a person needs to know about one hub, as the status bar and the CLI show it.
struct HubStatus
{
    enum class State : quint8 {
        Connecting,   // discovery and credentials
        Syncing,      // first list in progress (received of ~estimated)
        Live,         // listed and watching
        Reconnecting, // lost; retrying in retryInMs (message says why)
        Forbidden,    // RBAC denies every scope we tried
        Unauthorized, // the credentials were refused
        Error,        // cannot work as configured (message says why); retried only on request
    };

    QString hub; // the kubeconfig context name
    State state = State::Connecting;
    bool synced = false;          // every required resource has been listed at least once
    qint64 received = 0;          // objects received in the current sync
    qint64 estimatedTotal = -1;   // the server's estimate, when it gives one
    qint64 retryInMs = -1;
    QString message;              // the last error or the reason for the state; never a secret
    int httpStatus = 0;           // of the last error, 0 for transport problems
    bool fatal = false;           // retrying cannot help without a change (config, RBAC, credentials)
    QStringList warnings;         // insecure TLS, namespaces not readable, ...
    QStringList forbiddenScopes;  // "clusterprofiles in namespace team-b"
    int skippedObjects = 0;       // objects the hub sent that could not be decoded
    QString apiVersion;           // the multicluster.x-k8s.io version in use
    QString placementsVersion;    // the one placementdecisions are served in; empty: not served

    // Every field: whoever shows a status wants to hear of any change to it.
    bool operator==(const HubStatus &other) const;
    bool operator!=(const HubStatus &other) const { return !(*this == other); }

    static QString stateName(State state);
    // "Live", "Syncing 1,200 of ~5,000", "Reconnecting in 4 s: connection refused", ...
    QString summary() const;
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::HubStatus)
