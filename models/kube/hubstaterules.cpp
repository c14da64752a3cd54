#include "hubstaterules.h"

namespace fleetscope {
namespace {

// kubectl's words, so that people recognise the situation; plus what a plugin said.
QString unauthorizedMessage(const ApiError &error)
{
    if (error.kind == ApiError::Kind::Transport && !error.message.isEmpty())
        return error.message; // an exec plugin failure explains itself
    return QStringLiteral("You must be logged in to the server (Unauthorized)");
}

HubStatus connecting(HubStatus s, const ConnectReport &connect)
{
    if (!connect.error.isError()) {
        s.state = HubStatus::State::Connecting;
        if (connect.lastFailure.isError() && !connect.unauthorized) {
            // Trying again (a retry, Reconnect): until it answers, it is what it was.
            s.state = HubStatus::State::Reconnecting;
            s.message = connect.lastFailure.toString();
            s.httpStatus = connect.lastFailure.httpStatus;
        }
        return s;
    }
    s.message = connect.error.toString();
    s.httpStatus = connect.error.httpStatus;
    s.fatal = connect.fatal;
    s.retryInMs = connect.retryInMs;
    if (connect.unauthorized) {
        s.state = HubStatus::State::Unauthorized;
        s.message = unauthorizedMessage(connect.error);
        s.fatal = !connect.execCredentials;
    } else if (connect.error.isForbidden()) {
        s.state = HubStatus::State::Forbidden;
    } else {
        s.state = connect.fatal ? HubStatus::State::Error : HubStatus::State::Reconnecting;
    }
    return s;
}

} // namespace

HubStatus deriveHubStatus(const HubStatus &previous, const ConnectReport &connect,
                          const QList<InformerReport> &informers, const QStringList &warnings)
{
    HubStatus s = previous;
    s.warnings = warnings;
    s.forbiddenScopes.clear();
    s.retryInMs = -1;
    s.message.clear();
    s.httpStatus = 0;
    s.fatal = false;

    bool anyProfileInformer = false;
    bool anyProfileScopeWorking = false;
    bool requiredSynced = !informers.isEmpty();
    bool requiredInBackoff = false;
    bool waitingForCredentials = connect.unauthorized;
    bool optionalListing = false;
    qint64 received = 0;
    qint64 estimated = 0;
    bool estimateKnown = true;
    const InformerReport *worst = nullptr;
    for (const InformerReport &informer : informers) {
        // A forbidden scope stays forbidden while it asks again: the informer
        // keeps its last error until a list succeeds. Counting a retried list as
        // a first sync would flip the hub to Syncing and back at every retry.
        const bool forbidden = (informer.phase == ResourceInformer::Phase::Backoff
                                || informer.phase == ResourceInformer::Phase::Listing)
            && informer.lastError.isForbidden();
        if (forbidden)
            s.forbiddenScopes.append(informer.scope);
        if (informer.phase == ResourceInformer::Phase::WaitingForCredentials)
            waitingForCredentials = true;
        if (informer.kind == ResourceKind::ClusterProfiles) {
            anyProfileInformer = true;
            anyProfileScopeWorking = anyProfileScopeWorking || !forbidden;
        }
        if (!informer.required) {
            // Optional resources (namespace labels, placements) still in their first
            // list hold back "synced", so that the first view is complete; once one
            // fails (forbidden, not served) it stops holding it back.
            optionalListing = optionalListing
                || (!informer.synced && informer.phase == ResourceInformer::Phase::Listing && !forbidden);
            continue;
        }
        if (!informer.synced) {
            requiredSynced = requiredSynced && forbidden; // a forbidden scope will not sync; it is reported instead
            received += informer.received;
            if (informer.estimated < 0)
                estimateKnown = false;
            else
                estimated += informer.estimated;
        }
        if (informer.phase == ResourceInformer::Phase::Backoff && !forbidden) {
            requiredInBackoff = true;
            worst = &informer;
        }
    }
    requiredSynced = requiredSynced && anyProfileScopeWorking && !optionalListing;

    if (!anyProfileInformer) {
        s = connecting(s, connect);
    } else if (waitingForCredentials) {
        s.state = HubStatus::State::Unauthorized;
        s.message = unauthorizedMessage(connect.error);
        s.httpStatus = 401;
        // A static credential will not fix itself; an exec plugin might.
        s.fatal = !connect.execCredentials;
    } else if (!anyProfileScopeWorking) {
        s.state = HubStatus::State::Forbidden;
        s.message = QStringLiteral("not allowed to read clusterprofiles in: ") + s.forbiddenScopes.join(QStringLiteral(", "));
        s.httpStatus = 403;
        s.fatal = true;
    } else if (requiredInBackoff) {
        s.state = HubStatus::State::Reconnecting;
        s.message = worst->lastError.toString();
        s.httpStatus = worst->lastError.httpStatus;
        s.retryInMs = worst->retryInMs;
    } else if (!requiredSynced) {
        s.state = HubStatus::State::Syncing;
        s.received = received;
        s.estimatedTotal = estimateKnown && estimated > 0 ? estimated : -1;
    } else {
        s.state = HubStatus::State::Live;
    }
    s.synced = s.synced || requiredSynced;
    return s;
}

} // namespace fleetscope
