#pragma once

#include "kube/kubeconfig.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace fleetscope {

// Which files to read, with kubectl's precedence: an explicit file (--kubeconfig),
// else $KUBECONFIG, else ~/.kube/config.
struct KubeconfigLoadOptions
{
    QString explicitPath;                // --kubeconfig: this file alone, unmerged, must exist
    std::optional<QString> kubeconfigEnv; // $KUBECONFIG; nullopt reads the environment
    QString homeDir;                     // for ~/.kube/config; empty means QDir::homePath()
    // kubectl's own config commands (`kubectl config view`) keep paths as written
    // (DoNotResolvePaths); clients need them absolute.
    bool resolvePaths = true;
};

struct KubeconfigLoadResult
{
    Kubeconfig config;
    QString error;          // empty on success; names the file (and line) at fault
    QStringList skippedFiles; // KUBECONFIG entries that do not exist (kubectl skips them silently)

    bool ok() const { return error.isEmpty(); }
};

// Loads and merges kubeconfig files exactly like client-go's ClientConfigLoadingRules:
// - KUBECONFIG is split on ':' (empty entries dropped, duplicates dropped, order kept);
//   missing files are skipped, unreadable or unparsable files are errors;
// - the first file to define a cluster/user/context name wins the WHOLE entry, as do
//   extension names; current-context comes from the first file that sets it non-empty;
//   preferences.colors is true if any file says so;
// - relative paths (certificate-authority, client-certificate, client-key, tokenFile, and
//   exec command when it contains a '/') are resolved against the directory of the
//   file that defined the entry.
// Never throws.
class KubeconfigLoader final
{
public:
    static KubeconfigLoadResult load(const KubeconfigLoadOptions &options = {});

    // The files `load` would consider, in precedence order (missing ones included).
    static QStringList precedence(const KubeconfigLoadOptions &options);

    // Merges already-parsed files (highest precedence first) with kubectl's rules.
    static Kubeconfig merge(const QList<Kubeconfig> &files);

    // Makes relative paths absolute against each entry's origin file (client-go's
    // ResolveLocalPaths). Absolute paths stay as they are, so a second run changes nothing.
    static void resolveLocalPaths(Kubeconfig *config);

    // One path, as ResolveLocalPaths does it: absolute paths and "" stay as they are.
    static QString resolvePath(const QString &path, const QString &originFile);
};

} // namespace fleetscope
