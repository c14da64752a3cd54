#pragma once

#include "blocktext.h"
#include "packedlist.h"
#include "pooledstring.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringView>

namespace fleetscope {

// A named extension as kubeconfig and ClusterProfile access providers carry it
// (`extensions: [{name, extension}]`). The extension body is arbitrary JSON; it
// is kept as compact JSON text and parsed by whoever needs its inside (the exec
// extension is passed on verbatim as ExecCredential spec.cluster.config).
struct NamedExtension
{
    PooledString name;
    BlockBytes json; // compact JSON of `extension`, in the profile's text block

    friend bool operator==(const NamedExtension &a, const NamedExtension &b)
    {
        return a.name == b.name && a.json == b.json;
    }
};

// clientcmd v1 `Cluster`: how to reach an API server. Shared by kubeconfig files
// and by ClusterProfile `status.accessProviders[].cluster`.
//
// Rarely set or repeated fields are PooledStrings: a profile carries one of these
// per access provider, and 100k profiles carry 100k. The server URL and CA data
// are unique per cluster: UTF-8 in the profile's one TextBlock.
struct KubeconfigCluster
{
    BlockString server;
    BlockBytes certificateAuthorityData; // PEM, already base64-decoded
    PackedList<NamedExtension> extensions;
    PooledString certificateAuthority; // file path (kubeconfig only; absolute once loaded)
    PooledString tlsServerName;
    PooledString proxyUrl;
    bool insecureSkipTlsVerify = false;
    bool disableCompression = false;

    const NamedExtension *extension(QStringView name) const
    {
        for (const NamedExtension &e : extensions) {
            if (e.name == name)
                return &e;
        }
        return nullptr;
    }

    friend bool operator==(const KubeconfigCluster &a, const KubeconfigCluster &b)
    {
        return a.server == b.server && a.certificateAuthority == b.certificateAuthority
            && a.certificateAuthorityData == b.certificateAuthorityData && a.tlsServerName == b.tlsServerName
            && a.insecureSkipTlsVerify == b.insecureSkipTlsVerify && a.proxyUrl == b.proxyUrl
            && a.disableCompression == b.disableCompression && a.extensions == b.extensions;
    }
};

// Well-known extension names (KEP-4322 / KEP-5339).
namespace extension_names {
inline constexpr char16_t execCluster[] = u"client.authentication.k8s.io/exec";
inline constexpr char16_t additionalArgs[] = u"clusterprofiles.multicluster.x-k8s.io/exec/additional-args";
inline constexpr char16_t additionalEnvs[] = u"clusterprofiles.multicluster.x-k8s.io/exec/additional-envs";
} // namespace extension_names

} // namespace fleetscope
