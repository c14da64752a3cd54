#pragma once

#include "kube/kubeconfig.h"

#include <QString>
#include <QStringList>

namespace fleetscope {

struct HubSettings;

// The settings of the hub behind a context of a loaded kubeconfig (`contextName`,
// else current-context): resolved (resolveContextName), validated like kubectl
// (validateContext), its cluster, user and namespace ("default" when the context
// leaves it empty, as client-go does) copied out. On failure returns false and sets
// `error` to kubectl's form, "invalid configuration: [first, second]", or to the
// reason no context could be chosen. Load with resolved paths (the default).
bool hubSettingsForContext(const Kubeconfig &config, const QString &contextName, HubSettings *settings,
                           QString *error);

// The context to use: `explicitName` (--context) if given, else current-context.
// Returns false with `error` set when neither names one or the name is unknown.
bool resolveContextName(const Kubeconfig &config, const QString &explicitName, QString *contextName,
                        QString *error);

// client-go's ConfirmUsable for one context that resolveContextName() found: the
// context, its user and its cluster, with kubectl's wording (clientcmd/validation.go)
// so that people can search for the messages. File checks (CA, client cert/key
// readable) touch the disk, so load with resolved paths first. Every message ends
// with where the entry was defined. An empty list means usable.
QStringList validateContext(const Kubeconfig &config, const QString &contextName);

// The checks for one user or one cluster alone, e.g. for a kubeconfig written to
// connect to a member.
QStringList validateAuthInfo(const QString &name, const AuthInfo &user);
QStringList validateCluster(const QString &name, const KubeconfigCluster &cluster);

} // namespace fleetscope
