#include "hubfailure.h"

#include "fleet/store/fleetstore.h"

#include <QCoreApplication>

#include <algorithm>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("fleetscope::EmptyFleetReason", text);
}

bool mentions(const QString &message, std::initializer_list<const char *> words)
{
    for (const char *word : words) {
        if (message.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace

HubFailureKind EmptyFleetReason::classify(const HubStatus &status)
{
    switch (status.state) {
    case HubStatus::State::Connecting:
    case HubStatus::State::Syncing:
    case HubStatus::State::Live:
        return HubFailureKind::None;
    case HubStatus::State::Unauthorized:
        return HubFailureKind::Unauthorized;
    case HubStatus::State::Forbidden:
        return HubFailureKind::Forbidden;
    case HubStatus::State::Error:
    case HubStatus::State::Reconnecting:
        break;
    }
    if (status.httpStatus == 401)
        return HubFailureKind::Unauthorized;
    if (status.httpStatus == 403)
        return HubFailureKind::Forbidden;
    // Transport errors arrive as Qt's and OpenSSL's own sentences.
    const QString &message = status.message;
    if (mentions(message, {"SSL", "TLS", "certificate", "x509", "handshake"}))
        return HubFailureKind::Tls;
    if (mentions(message, {"refused"}))
        return HubFailureKind::Refused;
    if (mentions(message, {"not found", "timed out", "timeout", "unreachable", "no route", "resolve",
                           "no data from the server", "no answer"}))
        return HubFailureKind::Unreachable;
    if (status.state == HubStatus::State::Error)
        return HubFailureKind::Configuration;
    return HubFailureKind::Other;
}

EmptyFleetReason::Section EmptyFleetReason::sectionFor(HubFailureKind kind)
{
    switch (kind) {
    case HubFailureKind::Refused:
        return {kind, tr("Connection refused"),
                tr("Nothing answers at the server address of the kubeconfig. Is the API server running, and is the "
                   "address (and port) right?"), {}};
    case HubFailureKind::Unreachable:
        return {kind, tr("Hub not reachable"),
                tr("The host name did not resolve or the network did not answer. Check the server address, your VPN "
                   "and your proxy."), {}};
    case HubFailureKind::Tls:
        return {kind, tr("Hub certificate not accepted"),
                tr("The TLS handshake failed: the kubeconfig's certificate authority does not match the server's "
                   "certificate, or the certificate is for another name."), {}};
    case HubFailureKind::Unauthorized:
        return {kind, tr("Credentials refused"),
                tr("The token or client certificate was refused. Log in again or refresh the credentials (for a "
                   "cloud cluster, its get-credentials command)."), {}};
    case HubFailureKind::Forbidden:
        return {kind, tr("Not allowed to read ClusterProfiles"),
                tr("RBAC denies listing clusterprofiles. Ask for read access, or name the namespaces you may read "
                   "with --namespace."), {}};
    case HubFailureKind::Configuration:
        return {kind, tr("Kubeconfig entry not usable"),
                tr("The kubeconfig entry of the hub is incomplete or wrong; the message says what to fix."), {}};
    case HubFailureKind::None:
    case HubFailureKind::Other:
        break;
    }
    return {kind, tr("Hub could not be read"), tr("Hub details (Ctrl+Shift+D) shows what happened."), {}};
}

EmptyFleetReason EmptyFleetReason::of(const FleetStore &store)
{
    EmptyFleetReason reason;
    const QList<int> hubs = store.activeHubs();
    if (hubs.isEmpty() || store.profileCount() > 0)
        return reason;
    for (int hub : hubs) {
        const HubStatus &status = store.hubStatus(hub);
        const HubFailureKind kind = classify(status);
        if (kind == HubFailureKind::None)
            return EmptyFleetReason();
        auto section = std::find_if(reason.sections.begin(), reason.sections.end(),
                                    [kind](const Section &s) { return s.kind == kind; });
        if (section == reason.sections.end())
            section = reason.sections.insert(reason.sections.end(), sectionFor(kind));
        section->hubs << (status.message.isEmpty() ? status.hub : status.hub + QStringLiteral(": ") + status.message);
    }
    reason.allFailed = true;
    return reason;
}

} // namespace fleetscope
