#pragma once

#include "api/clusterprofile.h"
#include "kube/kubeconfig.h"
#include "providerfile.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fleetscope {

// Builds the kubeconfig that connects kubectl (or any client-go tool) to members:
// per member a cluster from the access provider, a user whose `exec` is the
// provider's plugin, and a context binding both, all under one name.
//
// The cluster keeps server, certificate-authority-data, tls-server-name,
// insecure-skip-tls-verify, proxy-url, disable-compression and every extension, so
// that client-go hands `client.authentication.k8s.io/exec` to the plugin as
// ExecCredential spec.cluster.config (when provideClusterInfo is set).
class KubeconfigBuilder final
{
    Q_DISABLE_COPY_MOVE(KubeconfigBuilder)

public:
    KubeconfigBuilder() = default;

    // The provider's exec config, copied, with the profile's extensions applied per
    // the provider's policies:
    //  - clusterprofiles.multicluster.x-k8s.io/exec/additional-args (ArgsPolicy Append):
    //    a list of strings, or an object {"args": [strings]} (the CRD types extensions
    //    as objects, so producers that validate need the second form); appended to args.
    //  - .../exec/additional-envs: an object of string → string. AppendIfNotExists adds
    //    names the provider lacks; Replace also overwrites the provider's values. New
    //    names are added in name order, after the provider's own.
    // An extension the policy ignores is not even parsed. An empty interactiveMode
    // becomes "Never" (what the reference library forces; kubectl requires one for v1).
    static bool execConfigFor(const CredentialProvider &provider, const KubeconfigCluster &cluster, ExecConfig *out,
                              QString *error);
    static bool parseAdditionalArgs(const NamedExtension &extension, QStringList *out, QString *error);
    static bool parseAdditionalEnvs(const NamedExtension &extension, QList<ExecEnvVar> *out, QString *error);

    // Adds one member under the first of `nameCandidates` not used yet (e.g. the
    // profile name, then namespace-name, then hub-namespace-name), as cluster, user
    // and context. The first member added becomes current-context. Returns false with
    // `error` when the result would not be usable by kubectl.
    bool add(const QStringList &nameCandidates, const AccessProvider &access, const CredentialProvider &provider,
             QString *error, QString *addedName = nullptr);

    const Kubeconfig &kubeconfig() const { return m_config; }
    QStringList contextNames() const { return m_config.contextNames(); }

    // The kubeconfig as YAML, in the shape `kubectl config view --raw` prints (see kubeconfigyaml.h).
    QByteArray yaml() const;

private:
    Kubeconfig m_config;
};

} // namespace fleetscope
