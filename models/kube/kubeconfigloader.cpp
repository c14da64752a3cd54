#include "kubeconfigloader.h"

#include "kube/kubeconfigparser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace fleetscope {
namespace {

template<typename Named>
void mergeNamed(QList<Named> *into, const QList<Named> &from)
{
    // Earlier files were merged first, so a name already present keeps its entry whole:
    // client-go's mergo merge replaces map values, it never merges their fields.
    for (const Named &entry : from) {
        const bool present = std::any_of(into->cbegin(), into->cend(),
                                         [&entry](const Named &e) { return e.name == entry.name; });
        if (!present)
            into->append(entry);
    }
}

bool readFile(const QString &path, QByteArray *text, QString *error)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        *error = QStringLiteral("%1: is a directory, not a kubeconfig file").arg(path);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, file.errorString());
        return false;
    }
    *text = file.readAll();
    return true;
}

} // namespace

QStringList KubeconfigLoader::precedence(const KubeconfigLoadOptions &options)
{
    if (!options.explicitPath.isEmpty())
        return {options.explicitPath};
    const QString env = options.kubeconfigEnv ? *options.kubeconfigEnv : qEnvironmentVariable("KUBECONFIG");
    if (!env.isEmpty()) {
        // filepath.SplitList: ':' on Unix. Entries stay as given (relative to the working
        // directory), and exact duplicates are dropped keeping the first.
        QStringList files;
        for (const QString &entry : env.split(u':', Qt::SkipEmptyParts)) {
            if (!files.contains(entry))
                files << entry;
        }
        return files;
    }
    const QString home = options.homeDir.isEmpty() ? QDir::homePath() : options.homeDir;
    return {QDir(home).filePath(QStringLiteral(".kube/config"))};
}

KubeconfigLoadResult KubeconfigLoader::load(const KubeconfigLoadOptions &options)
{
    KubeconfigLoadResult result;
    const QStringList files = precedence(options);
    QList<Kubeconfig> parsed;
    for (const QString &path : files) {
        if (!QFileInfo::exists(path)) {
            // Only an explicit --kubeconfig must exist; KUBECONFIG entries and the
            // default file may be missing (a fresh machine has none).
            if (!options.explicitPath.isEmpty()) {
                result.error = QStringLiteral("%1: no such file (given as the kubeconfig to use)").arg(path);
                return result;
            }
            result.skippedFiles << path;
            continue;
        }
        QByteArray text;
        QString error;
        if (!readFile(path, &text, &error)) {
            result.error = error;
            return result;
        }
        Kubeconfig config;
        if (!parseKubeconfig(text, path, &config, &error)) {
            result.error = error;
            return result;
        }
        parsed.append(std::move(config));
    }
    result.config = merge(parsed);
    if (options.resolvePaths)
        resolveLocalPaths(&result.config);
    return result;
}

Kubeconfig KubeconfigLoader::merge(const QList<Kubeconfig> &files)
{
    Kubeconfig merged;
    for (const Kubeconfig &file : files) {
        mergeNamed(&merged.clusters, file.clusters);
        mergeNamed(&merged.users, file.users);
        mergeNamed(&merged.contexts, file.contexts);
        mergeNamed(&merged.extensions, file.extensions);
        mergeNamed(&merged.preferences.extensions, file.preferences.extensions);
        // mergo only overrides with non-zero values: the first non-empty wins, and a
        // `colors: true` anywhere sticks.
        if (merged.currentContext.isEmpty())
            merged.currentContext = file.currentContext;
        merged.preferences.colors = merged.preferences.colors || file.preferences.colors;
        merged.files << file.files;
    }
    merged.sortByName();
    return merged;
}

QString KubeconfigLoader::resolvePath(const QString &path, const QString &originFile)
{
    if (path.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    // filepath.Join cleans the result ("./a/../b" → "b"); the base is made absolute
    // from the working directory when the file was given relative.
    const QString base = QFileInfo(originFile).absolutePath();
    return QDir::cleanPath(base + u'/' + path);
}

void KubeconfigLoader::resolveLocalPaths(Kubeconfig *config)
{
    for (NamedCluster &c : config->clusters)
        c.cluster.certificateAuthority = resolvePath(c.cluster.certificateAuthority, c.origin.file);
    for (NamedAuthInfo &u : config->users) {
        AuthInfo &user = u.user;
        user.clientCertificate = resolvePath(user.clientCertificate, u.origin.file);
        user.clientKey = resolvePath(user.clientKey, u.origin.file);
        user.tokenFile = resolvePath(user.tokenFile, u.origin.file);
        // A bare name is looked up in PATH by the plugin runner; only something that
        // names a location ("./bin/aws", "tools/login") is relative to the file.
        if (user.exec && user.exec->command.contains(u'/'))
            user.exec->command = resolvePath(user.exec->command, u.origin.file);
    }
}

} // namespace fleetscope
