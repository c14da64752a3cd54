#pragma once

#include "kubeconfigbuilder.h"
#include "membertarget.h"
#include "providerfile.h"

#include <QString>
#include <QStringList>

namespace fleetscope {

// One member added to a kubeconfig the way Connect does it: the provider chosen
// in provider-file order (or the preferred one), its policies applied.
struct MemberKubeconfig
{
    bool ok = false;
    bool noProvider = false; // no provider of the file matched: a skip, not a failure
    QString error;
    QStringList warnings;
    QString contextName;
    QString providerName;
    QString command; // the plugin's command, for messages (never its environment)

    static MemberKubeconfig add(KubeconfigBuilder *builder, const MemberTarget &member, const ProviderFile &providers,
                                const QString &preferredProvider, const QStringList &nameCandidates);
};

} // namespace fleetscope
