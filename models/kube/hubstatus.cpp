#include "hubstatus.h"

#include <QCoreApplication>
#include <QLocale>

namespace fleetscope {

bool HubStatus::operator==(const HubStatus &other) const
{
    return hub == other.hub && state == other.state && synced == other.synced && received == other.received
        && estimatedTotal == other.estimatedTotal && retryInMs == other.retryInMs && message == other.message
        && httpStatus == other.httpStatus && fatal == other.fatal && warnings == other.warnings
        && forbiddenScopes == other.forbiddenScopes && skippedObjects == other.skippedObjects
        && apiVersion == other.apiVersion && placementsVersion == other.placementsVersion;
}

QString HubStatus::stateName(State state)
{
    // Shown to people (status bar, tooltips); translated when the GUI installed a
    // translator, plain English on the command line.
    switch (state) {
    case State::Connecting:
        return QCoreApplication::translate("HubStatus", "Connecting");
    case State::Syncing:
        return QCoreApplication::translate("HubStatus", "Syncing");
    case State::Live:
        return QCoreApplication::translate("HubStatus", "Live");
    case State::Reconnecting:
        return QCoreApplication::translate("HubStatus", "Reconnecting");
    case State::Forbidden:
        return QCoreApplication::translate("HubStatus", "Forbidden");
    case State::Unauthorized:
        return QCoreApplication::translate("HubStatus", "Unauthorized");
    case State::Error:
        return QCoreApplication::translate("HubStatus", "Error");
    }
    return QString();
}

QString HubStatus::summary() const
{
    const QLocale locale;
    switch (state) {
    case State::Syncing:
        if (estimatedTotal > 0)
            return QCoreApplication::translate("HubStatus", "Syncing %1 of ~%2")
                .arg(locale.toString(received), locale.toString(estimatedTotal));
        return QCoreApplication::translate("HubStatus", "Syncing %1").arg(locale.toString(received));
    case State::Reconnecting: {
        const QString reconnecting = retryInMs >= 0
            ? QCoreApplication::translate("HubStatus", "Reconnecting in %1 s").arg((retryInMs + 999) / 1000)
            : stateName(state);
        return message.isEmpty() ? reconnecting : reconnecting + QStringLiteral(": ") + message;
    }
    case State::Live:
        if (!forbiddenScopes.isEmpty())
            return QCoreApplication::translate("HubStatus", "Live (forbidden: %1)").arg(forbiddenScopes.join(QStringLiteral(", ")));
        return stateName(state);
    default:
        if (message.isEmpty() || message.startsWith(stateName(state)))
            return message.isEmpty() ? stateName(state) : message;
        return stateName(state) + QStringLiteral(": ") + message;
    }
}

} // namespace fleetscope
