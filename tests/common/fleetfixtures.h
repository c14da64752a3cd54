#pragma once

// Small pieces of fleet that several test rooms build the same way.

#include "kube/hubdelta.h"
#include "kube/informer.h"

#include <memory>

namespace fleetscope::testing {

// A ClusterProfile with nothing but its name, in namespace "fleet": for tests about
// which clusters there are, not what they say.
inline ProfilePtr bareProfile(const QString &name)
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.namespaceName = QStringLiteral("fleet");
    record->profile.metadata.name = name;
    return record;
}

// Informers against test hubs: fast retries keep fault tests short; the protocol logic
// is the same.
inline InformerOptions quickInformer()
{
    InformerOptions options;
    options.backoff.initialMs = 100;
    options.backoff.capMs = 1000;
    options.listTransferTimeoutMs = 3000;
    options.inactivityTimeoutMs = 10000;
    return options;
}

} // namespace fleetscope::testing
