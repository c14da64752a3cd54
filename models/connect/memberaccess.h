#pragma once

#include "accessresult.h"
#include "membertarget.h"
#include "providerfile.h"

#include "api/kubeconfigcluster.h"
#include "kube/authinfo.h"

#include <QString>

namespace fleetscope {

// How to reach one member, chosen as Connect chooses it: the first provider of the
// file (in file order, or `preferredProvider`) that the profile offers, the access
// provider's cluster (server, CA data, TLS name, proxy, extensions; never a CA file
// path, which names a file on the hub's side) and the provider's exec config with
// the profile's args and envs applied. What AccessCheck, Resources and
// `fleetscope get` all build their member's HubTransport from.
struct MemberAccess
{
    KubeconfigCluster cluster;
    AuthInfo user;
    QString provider;
    AccessStep failedStep = AccessStep::None; // Provider when it cannot be built
    QString error;

    bool ok() const { return failedStep == AccessStep::None; }

    // `providerFileError`: the file could not be loaded (every member then fails with it).
    static MemberAccess resolve(const MemberTarget &member, const ProviderFile &providers,
                                const QString &providerFileError, const QString &preferredProvider);
};

} // namespace fleetscope
