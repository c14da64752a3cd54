#include "memberstate.h"

namespace fleetscope {

QString MemberState::phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Waiting:
        return QStringLiteral("waiting");
    case Phase::Connecting:
        return QStringLiteral("connecting");
    case Phase::Discovering:
        return QStringLiteral("discovering");
    case Phase::Listing:
        return QStringLiteral("listing");
    case Phase::Live:
        return QStringLiteral("live");
    case Phase::Listed:
        return QStringLiteral("listed");
    case Phase::Forbidden:
        return QStringLiteral("forbidden");
    case Phase::Unreachable:
        return QStringLiteral("unreachable");
    case Phase::CredentialError:
        return QStringLiteral("credential error");
    case Phase::NotServed:
        return QStringLiteral("not served");
    case Phase::Failed:
        return QStringLiteral("failed");
    case Phase::Stopped:
        return QStringLiteral("stopped");
    }
    return QString();
}

QString MemberState::summary() const
{
    QString text = phaseName(phase);
    if (phase == Phase::Live || phase == Phase::Listed)
        text += QStringLiteral(" (%1)").arg(count);
    if (!reason.isEmpty())
        text += QStringLiteral(": ") + reason;
    return text;
}

} // namespace fleetscope
