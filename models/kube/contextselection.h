#pragma once

#include "kube/kubeconfig.h"

#include <QString>

namespace fleetscope {

struct HubSettings;

// The settings of the hub behind a context of a loaded kubeconfig (`contextName`,
// else current-context): validated like kubectl (validateContext), its cluster,
// user and namespace ("default" when the context leaves it empty, as client-go
// does) copied out. On failure returns false and sets `error` to kubectl's form,
// "invalid configuration: [first, second]", or to the reason no context could be
// chosen. Load with resolved paths (the default).
bool hubSettingsForContext(const Kubeconfig &config, const QString &contextName, HubSettings *settings,
                           QString *error);

} // namespace fleetscope
