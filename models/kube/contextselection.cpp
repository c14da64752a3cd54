#include "contextselection.h"

#include "kube/kubeconfigvalidation.h"

namespace fleetscope {

bool selectContext(const Kubeconfig &config, const QString &explicitContext, SelectedContext *out, QString *error)
{
    QString name;
    if (!resolveContextName(config, explicitContext, &name, error))
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
    const NamedContext *context = config.context(name);
    const NamedCluster *cluster = config.cluster(context->context.cluster);
    const NamedAuthInfo *user = config.user(context->context.authInfo);
    SelectedContext selected;
    selected.contextName = name;
    selected.clusterName = context->context.cluster;
    selected.userName = context->context.authInfo;
    selected.namespaceName =
        context->context.namespaceName.isEmpty() ? QStringLiteral("default") : context->context.namespaceName;
    selected.cluster = cluster->cluster;
    selected.user = user->user;
    selected.origin = context->origin;
    *out = std::move(selected);
    return true;
}

} // namespace fleetscope
