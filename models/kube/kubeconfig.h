#pragma once

#include "api/kubeconfigcluster.h"
#include "kube/authinfo.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace fleetscope {

// Where a kubeconfig entry was defined, for messages ("defined at /home/me/.kube/config:12").
// Relative paths in the entry are resolved against the directory of `file`.
struct KubeconfigOrigin
{
    QString file; // as given (KUBECONFIG entries may be relative to the working directory)
    int line = 0; // 1-based; 0 when unknown
    int column = 0;

    QString toString() const;

    friend bool operator==(const KubeconfigOrigin &a, const KubeconfigOrigin &b)
    {
        return a.file == b.file && a.line == b.line && a.column == b.column;
    }
};

// clientcmd v1 `Context`: a (cluster, user, namespace) triple.
struct KubeconfigContext
{
    QString cluster;
    QString authInfo; // `user`
    QString namespaceName; // empty means "default" when used
    QList<NamedExtension> extensions;

    friend bool operator==(const KubeconfigContext &a, const KubeconfigContext &b)
    {
        return a.cluster == b.cluster && a.authInfo == b.authInfo && a.namespaceName == b.namespaceName
            && a.extensions == b.extensions;
    }
};

struct NamedCluster
{
    QString name;
    KubeconfigCluster cluster;
    KubeconfigOrigin origin;
};

struct NamedAuthInfo
{
    QString name;
    AuthInfo user;
    KubeconfigOrigin origin;
};

struct NamedContext
{
    QString name;
    KubeconfigContext context;
    KubeconfigOrigin origin;
};

// clientcmd v1 `Preferences`. `colors` is deprecated but still printed by kubectl.
struct KubeconfigPreferences
{
    bool colors = false;
    QList<NamedExtension> extensions;
};

// A loaded (possibly merged) kubeconfig. Entry lists are sorted by name, as kubectl
// prints them; names are unique within each list.
struct Kubeconfig
{
    QList<NamedCluster> clusters;
    QList<NamedAuthInfo> users;
    QList<NamedContext> contexts;
    QString currentContext;
    KubeconfigPreferences preferences;
    QList<NamedExtension> extensions;

    QStringList files;   // the files that were read, in precedence order

    const NamedCluster *cluster(QStringView name) const;
    const NamedAuthInfo *user(QStringView name) const;
    const NamedContext *context(QStringView name) const;
    QStringList contextNames() const;
    bool isEmpty() const;
    // Sorts the entry lists by the UTF-8 bytes of their names, as Go sorts map
    // keys, which decides kubectl's output order.
    void sortByName();
};

} // namespace fleetscope
