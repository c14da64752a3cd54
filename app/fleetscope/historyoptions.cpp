#include "historyoptions.h"

#include "commandparser.h"

#include "history/historystore.h"
#include "kube/kubeconfigloader.h"
#include "kube/kubeconfigvalidation.h"

namespace fleetscope::history_options {

QCommandLineOption historyFileOption()
{
    return QCommandLineOption(QStringLiteral("history-file"),
                              QStringLiteral("History database (default: the dashboard's history.sqlite in the "
                                             "application data folder)."),
                              QStringLiteral("file"));
}

QString historyPath(const CommandParser &cli, const QCommandLineOption &option)
{
    const QString path = cli.value(option);
    return path.isEmpty() ? HistoryStore::defaultPath() : path;
}

bool hubNames(const QString &kubeconfig, const QStringList &contexts, bool all, QStringList *hubs, QString *error)
{
    if (!contexts.isEmpty()) {
        *hubs = contexts;
        hubs->removeDuplicates();
        return true;
    }
    KubeconfigLoadOptions options;
    options.explicitPath = kubeconfig;
    options.resolvePaths = false;
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(options);
    if (!loaded.ok()) {
        *error = loaded.error;
        return false;
    }
    if (all) {
        *hubs = loaded.config.contextNames();
        return true;
    }
    QString name;
    if (!resolveContextName(loaded.config, QString(), &name, error))
        return false;
    *hubs = {name};
    return true;
}

} // namespace fleetscope::history_options
