#include "hubstatus.h"

#include <QLocale>

namespace fleetscope {

QString HubStatus::stateName(State state)
{
    switch (state) {
    case State::Connecting:
        return QStringLiteral("Connecting");
    case State::Syncing:
        return QStringLiteral("Syncing");
    case State::Live:
        return QStringLiteral("Live");
    case State::Reconnecting:
        return QStringLiteral("Reconnecting");
    case State::Forbidden:
        return QStringLiteral("Forbidden");
    case State::Unauthorized:
        return QStringLiteral("Unauthorized");
    case State::Error:
        return QStringLiteral("Error");
    }
    return QString();
}

QString HubStatus::summary() const
{
    const QLocale locale;
    switch (state) {
    case State::Syncing:
        if (estimatedTotal > 0)
            return QStringLiteral("Syncing %1 of ~%2").arg(locale.toString(received), locale.toString(estimatedTotal));
        return QStringLiteral("Syncing %1").arg(locale.toString(received));
    case State::Reconnecting: {
        const QString when = retryInMs >= 0 ? QStringLiteral(" in %1 s").arg((retryInMs + 999) / 1000) : QString();
        return QStringLiteral("Reconnecting") + when + (message.isEmpty() ? QString() : QStringLiteral(": ") + message);
    }
    case State::Live:
        if (!forbiddenScopes.isEmpty())
            return QStringLiteral("Live (forbidden: %1)").arg(forbiddenScopes.join(QStringLiteral(", ")));
        return QStringLiteral("Live");
    default:
        if (message.isEmpty() || message.startsWith(stateName(state)))
            return message.isEmpty() ? stateName(state) : message;
        return stateName(state) + QStringLiteral(": ") + message;
    }
}

} // namespace fleetscope
