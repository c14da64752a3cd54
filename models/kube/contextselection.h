#pragma once

#include "kube/kubeconfig.h"

#include <QString>
#include <QStringList>

namespace fleetscope {

// One usable context, copied out of a loaded kubeconfig: what a hub connection needs.
struct SelectedContext
{
    QString contextName;
    QString clusterName;
    QString userName;
    QString namespaceName; // "default" when the context leaves it empty, as client-go does
    KubeconfigCluster cluster;
    AuthInfo user;
    KubeconfigOrigin origin; // of the context entry
};

// Picks the context (explicit name, else current-context), validates it like kubectl
// (validateContext) and copies out its cluster and user. On failure returns false and
// sets `error` to kubectl's form, "invalid configuration: [first, second]", or to the
// reason no context could be chosen. Load with resolved paths (the default).
bool selectContext(const Kubeconfig &config, const QString &explicitContext, SelectedContext *out, QString *error);

} // namespace fleetscope
