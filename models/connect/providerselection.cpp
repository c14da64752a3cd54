#include "providerselection.h"

#include <QUrl>

namespace fleetscope {
namespace {

QString nameList(const QStringList &names)
{
    if (names.isEmpty())
        return QStringLiteral("none");
    QStringList quoted;
    for (const QString &n : names)
        quoted << u'"' + n + u'"';
    return quoted.join(QStringLiteral(", "));
}

} // namespace

ProviderSelection ProviderSelection::select(const ClusterProfile &profile, const ProviderFile &file,
                                            const QString &profileLabel, const QString &preferredName)
{
    ProviderSelection out;
    for (int i = 0; i < file.providers.size(); ++i) {
        const QString &name = file.providers[i].name;
        for (int a = 0; a < profile.accessProviders.size(); ++a) {
            if (profile.accessProviders[a].name == name) {
                out.matches << ProviderMatch{i, a, name};
                break;
            }
        }
    }
    QStringList offered;
    for (const AccessProvider &a : profile.accessProviders)
        offered << a.name;

    if (out.matches.isEmpty()) {
        out.error = QStringLiteral("no provider in %1 matches ClusterProfile %2: the profile offers %3; the file knows %4")
                        .arg(file.path, profileLabel, nameList(offered), nameList(file.names()));
        return out;
    }
    int chosen = 0;
    if (!preferredName.isEmpty()) {
        chosen = -1;
        for (int m = 0; m < out.matches.size(); ++m) {
            if (out.matches[m].name == preferredName)
                chosen = m;
        }
        if (chosen < 0) {
            if (!offered.contains(preferredName))
                out.error = QStringLiteral("ClusterProfile %1 does not offer provider \"%2\": it offers %3")
                                .arg(profileLabel, preferredName, nameList(offered));
            else
                out.error = QStringLiteral("provider \"%1\" is not in %2: the file knows %3")
                                .arg(preferredName, file.path, nameList(file.names()));
            return out;
        }
    }
    const ProviderMatch &m = out.matches[chosen];
    QString error;
    if (!check(profile.accessProviders[m.accessProviderIndex], file.providers[m.providerIndex], &out.warnings, &error)) {
        out.error = QStringLiteral("ClusterProfile %1: %2").arg(profileLabel, error);
        return out;
    }
    out.chosen = chosen;
    return out;
}

bool ProviderSelection::check(const AccessProvider &access, const CredentialProvider &provider, QStringList *warnings,
                              QString *error)
{
    const KubeconfigCluster &c = access.cluster;
    if (c.server.isEmpty()) {
        *error = QStringLiteral("access provider \"%1\" has no server").arg(access.name);
        return false;
    }
    const QUrl url(c.server);
    if (!url.isValid() || url.host().isEmpty() || (url.scheme() != u"https" && url.scheme() != u"http")) {
        *error = QStringLiteral("access provider \"%1\": server \"%2\" is not an http(s) URL").arg(access.name, c.server);
        return false;
    }
    if (url.scheme() == u"http")
        *warnings << QStringLiteral("access provider \"%1\": server %2 is plain http: kubectl sends it no exec credentials")
                         .arg(access.name, c.server);
    if (c.insecureSkipTlsVerify)
        *warnings << QStringLiteral("access provider \"%1\": insecure-skip-tls-verify is set: the server's certificate is not checked")
                         .arg(access.name);
    // The usual reason a plugin says "no cluster name": the config never reaches it.
    const bool hasExecExtension = c.extension(extension_names::execCluster) != nullptr;
    if (!hasExecExtension && provider.execConfig.provideClusterInfo)
        *warnings << QStringLiteral("access provider \"%1\" has no %2 extension: the plugin gets no spec.cluster.config")
                         .arg(access.name, QString::fromUtf16(extension_names::execCluster));
    if (hasExecExtension && !provider.execConfig.provideClusterInfo)
        *warnings << QStringLiteral("provider \"%1\" does not set provideClusterInfo: the plugin does not receive the %2 extension")
                         .arg(provider.name, QString::fromUtf16(extension_names::execCluster));
    if (access.fromCredentialProviders)
        *warnings << QStringLiteral("access provider \"%1\" comes from the deprecated status.credentialProviders").arg(access.name);
    return true;
}

} // namespace fleetscope
