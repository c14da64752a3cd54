#include "memberkubeconfig.h"

#include "providerselection.h"

#include <algorithm>

namespace fleetscope {

MemberKubeconfig MemberKubeconfig::add(KubeconfigBuilder *builder, const MemberTarget &member,
                                       const ProviderFile &providers, const QString &preferredProvider,
                                       const QStringList &nameCandidates)
{
    MemberKubeconfig out;
    const ProviderSelection selection = ProviderSelection::select(member.profile, providers, member.label(), preferredProvider);
    if (!selection.ok()) {
        out.error = selection.error;
        // Nothing chosen at all (as opposed to a chosen provider that is unusable).
        out.noProvider = selection.matches.isEmpty()
            || (!preferredProvider.isEmpty()
                && std::none_of(selection.matches.begin(), selection.matches.end(),
                                [&](const ProviderMatch &m) { return m.name == preferredProvider; }));
        return out;
    }
    out.warnings = selection.warnings;
    const ProviderMatch &m = selection.match();
    const CredentialProvider &credentials = providers.providers.at(m.providerIndex);
    out.providerName = credentials.name;
    out.command = credentials.execConfig.command;
    QString error;
    if (!builder->add(nameCandidates, member.profile.accessProviders.at(m.accessProviderIndex), credentials, &error,
                      &out.contextName)) {
        out.error = QStringLiteral("%1: %2").arg(member.label(), error);
        return out;
    }
    out.ok = true;
    return out;
}

} // namespace fleetscope
