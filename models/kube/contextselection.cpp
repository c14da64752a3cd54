#include "contextselection.h"

#include "kube/hubconnection.h"
#include "kube/kubeconfigvalidation.h"

namespace fleetscope {

bool hubSettingsForContext(const Kubeconfig &config, const QString &contextName, HubSettings *settings,
                           QString *error)
{
    QString name;
    if (!resolveContextName(config, contextName, &name, error))
        return false;
    const QStringList problems = validateContext(config, name);
    if (!problems.isEmpty()) {
        // client-go's errConfigurationInvalid wording, so that messages match kubectl's.
        if (error) {
            *error = problems.size() == 1
                ? QStringLiteral("invalid configuration: %1").arg(problems.first())
                : QStringLiteral("invalid configuration: [%1]").arg(problems.join(QStringLiteral(", ")));
        }
        return false;
    }
    const KubeconfigContext &context = config.context(name)->context;
    settings->name = name;
    settings->cluster = config.cluster(context.cluster)->cluster;
    settings->user = config.user(context.authInfo)->user;
    settings->contextNamespace = context.namespaceName.isEmpty() ? QStringLiteral("default") : context.namespaceName;
    return true;
}

} // namespace fleetscope
