#include "memberaccess.h"

#include "kubeconfigbuilder.h"
#include "providerselection.h"

namespace fleetscope {

MemberAccess MemberAccess::resolve(const MemberTarget &member, const ProviderFile &providers,
                                   const QString &providerFileError, const QString &preferredProvider)
{
    MemberAccess out;
    const auto fail = [&out](const QString &message) {
        out.failedStep = AccessStep::Provider;
        out.error = message;
        return out;
    };
    if (!providerFileError.isEmpty())
        return fail(providerFileError);
    const ProviderSelection selection = ProviderSelection::select(member.profile, providers, member.label(),
                                                                  preferredProvider);
    if (!selection.ok())
        return fail(selection.error);
    const ProviderMatch &match = selection.match();
    const CredentialProvider &provider = providers.providers.at(match.providerIndex);
    out.provider = provider.name;
    const AccessProvider &access = member.profile.accessProviders.at(match.accessProviderIndex);
    out.cluster = access.cluster;
    // A file path from the profile would name a file on the hub's side, not ours (KEP-4322).
    out.cluster.certificateAuthority.clear();
    ExecConfig exec;
    QString error;
    if (!KubeconfigBuilder::execConfigFor(provider, out.cluster, &exec, &error))
        return fail(QStringLiteral("access provider \"%1\": %2").arg(access.name, error));
    out.user.exec = std::move(exec);
    return out;
}

} // namespace fleetscope
