#include "kubeconfigvalidation.h"

#include "kube/hubconnection.h"

#include <QFile>
#include <QUrl>

namespace fleetscope {
namespace {

QString quoted(const QString &s)
{
    return u'"' + s + u'"'; // Go's %q for the names people write
}

// Opening, not just stat: a file we cannot read fails later in the TLS setup with a
// much worse message.
bool canOpen(const QString &path, QString *why)
{
    QFile file(path);
    if (file.open(QIODevice::ReadOnly))
        return true;
    *why = file.errorString();
    return false;
}

QString withOrigin(const QString &message, const KubeconfigOrigin &origin)
{
    if (origin.file.isEmpty())
        return message;
    return QStringLiteral("%1 (defined at %2)").arg(message, origin.toString());
}

} // namespace

bool resolveContextName(const Kubeconfig &config, const QString &explicitName, QString *contextName,
                        QString *error)
{
    const QString name = explicitName.isEmpty() ? config.currentContext : explicitName;
    if (name.isEmpty()) {
        if (error) {
            *error = config.contexts.isEmpty()
                ? QStringLiteral("no context chosen: the kubeconfig has no contexts and no current-context")
                : QStringLiteral("no context chosen: current-context is not set; choose one of: %1")
                      .arg(config.contextNames().join(QStringLiteral(", ")));
        }
        return false;
    }
    if (!config.context(name)) {
        if (error) {
            *error = QStringLiteral("context was not found for specified context: %1").arg(name);
            if (!config.contexts.isEmpty())
                *error += QStringLiteral(" (known: %1)").arg(config.contextNames().join(QStringLiteral(", ")));
        }
        return false;
    }
    *contextName = name;
    return true;
}

QStringList validateCluster(const QString &name, const KubeconfigCluster &c)
{
    if (c == KubeconfigCluster{})
        return {QStringLiteral("cluster has no server defined")};
    QStringList errors;
    if (c.server.isEmpty()) {
        errors << (name.isEmpty() ? QStringLiteral("default cluster has no server defined")
                                  : QStringLiteral("no server found for cluster %1").arg(quoted(name)));
    }
    if (!c.proxyUrl.isEmpty()) {
        const QUrl url(c.proxyUrl, QUrl::StrictMode);
        const QString scheme = url.scheme();
        if (!url.isValid() || (scheme != u"http" && scheme != u"https" && scheme != u"socks5")) {
            errors << QStringLiteral("invalid 'proxy-url' %1 for cluster %2: unsupported scheme %3, must be http, "
                                     "https, or socks5")
                          .arg(quoted(c.proxyUrl), quoted(name), quoted(scheme));
        }
    }
    if (!c.certificateAuthority.isEmpty() && !c.certificateAuthorityData.isEmpty()) {
        errors << QStringLiteral("certificate-authority-data and certificate-authority are both specified for %1. "
                                 "certificate-authority-data will override.")
                      .arg(name);
    }
    QString why;
    if (!c.certificateAuthority.isEmpty() && !canOpen(c.certificateAuthority, &why)) {
        errors << QStringLiteral("unable to read certificate-authority %1 for %2 due to %3")
                      .arg(c.certificateAuthority, name, why);
    }
    return errors;
}

QStringList validateAuthInfo(const QString &name, const AuthInfo &u)
{
    QStringList errors;
    QStringList methods;
    if (!u.token.isEmpty())
        methods << QStringLiteral("token");
    if (!u.username.isEmpty() || !u.password.isEmpty())
        methods << QStringLiteral("basicAuth");

    if (!u.clientCertificate.isEmpty() || !u.clientCertificateData.isEmpty()) {
        if (!u.clientCertificate.isEmpty() && !u.clientCertificateData.isEmpty()) {
            errors << QStringLiteral("client-cert-data and client-cert are both specified for %1. "
                                     "client-cert-data will override.")
                          .arg(name);
        }
        if (!u.clientKey.isEmpty() && !u.clientKeyData.isEmpty()) {
            errors << QStringLiteral("client-key-data and client-key are both specified for %1; "
                                     "client-key-data will override")
                          .arg(name);
        }
        if (u.clientKey.isEmpty() && u.clientKeyData.isEmpty()) {
            errors << QStringLiteral("client-key-data or client-key must be specified for %1 to use the "
                                     "clientCert authentication method.")
                          .arg(name);
        }
        QString why;
        if (!u.clientCertificate.isEmpty() && !canOpen(u.clientCertificate, &why))
            errors << QStringLiteral("unable to read client-cert %1 for %2 due to %3").arg(u.clientCertificate, name, why);
        if (!u.clientKey.isEmpty() && !canOpen(u.clientKey, &why))
            errors << QStringLiteral("unable to read client-key %1 for %2 due to %3").arg(u.clientKey, name, why);
    }

    if (u.exec) {
        const ExecConfig &e = *u.exec;
        if (u.authProvider) {
            errors << QStringLiteral("authProvider cannot be provided in combination with an exec plugin for %1")
                          .arg(name);
        }
        if (e.command.isEmpty())
            errors << QStringLiteral("command must be specified for %1 to use exec authentication plugin").arg(name);
        if (e.apiVersion.isEmpty())
            errors << QStringLiteral("apiVersion must be specified for %1 to use exec authentication plugin").arg(name);
        for (const ExecEnvVar &var : e.env) {
            if (var.name.isEmpty()) {
                errors << QStringLiteral("env variable name must be specified for %1 to use exec authentication plugin")
                              .arg(name);
            }
        }
        if (e.interactiveMode.isEmpty()) {
            errors << QStringLiteral("interactiveMode must be specified for %1 to use exec authentication plugin")
                          .arg(name);
        } else if (e.interactiveMode != u"Never" && e.interactiveMode != u"IfAvailable"
                   && e.interactiveMode != u"Always") {
            errors << QStringLiteral("invalid interactiveMode for %1: %2").arg(name, quoted(e.interactiveMode));
        }
    }

    if (methods.size() > 1) {
        errors << QStringLiteral("more than one authentication method found for %1; found [%2], only one is allowed")
                      .arg(name, methods.join(u' '));
    }
    if ((!u.impersonateUid.isEmpty() || !u.impersonateGroups.isEmpty() || !u.impersonateUserExtra.isEmpty())
        && u.impersonate.isEmpty()) {
        errors << QStringLiteral("requesting uid, groups or user-extra for %1 without impersonating a user").arg(name);
    }
    return errors;
}

QStringList validateContext(const Kubeconfig &config, const QString &contextName)
{
    const NamedContext *named = config.context(contextName);
    Q_ASSERT(named);
    QStringList errors;
    const KubeconfigContext &ctx = named->context;
    const NamedAuthInfo *user = nullptr;
    const NamedCluster *cluster = nullptr;
    if (ctx.authInfo.isEmpty()) {
        errors << withOrigin(QStringLiteral("user was not specified for context %1").arg(quoted(contextName)),
                             named->origin);
    } else if (!(user = config.user(ctx.authInfo))) {
        errors << withOrigin(QStringLiteral("user %1 was not found for context %2")
                                 .arg(quoted(ctx.authInfo), quoted(contextName)),
                             named->origin);
    }
    if (ctx.cluster.isEmpty()) {
        errors << withOrigin(QStringLiteral("cluster was not specified for context %1").arg(quoted(contextName)),
                             named->origin);
    } else if (!(cluster = config.cluster(ctx.cluster))) {
        errors << withOrigin(QStringLiteral("cluster %1 was not found for context %2")
                                 .arg(quoted(ctx.cluster), quoted(contextName)),
                             named->origin);
    }
    // validation.go also rejects a namespace that is not a DNS label, but kubectl itself
    // never runs that check (it validates only the user and cluster it will use), so a
    // context that works in kubectl must not be refused here.
    // client-go validates the referenced entries even when they are missing (as empty
    // ones): a missing cluster also reports "cluster has no server defined".
    const QStringList userErrors = validateAuthInfo(ctx.authInfo, user ? user->user : AuthInfo{});
    for (const QString &e : userErrors)
        errors << (user ? withOrigin(e, user->origin) : e);
    const QStringList clusterErrors = validateCluster(ctx.cluster, cluster ? cluster->cluster : KubeconfigCluster{});
    for (const QString &e : clusterErrors)
        errors << (cluster ? withOrigin(e, cluster->origin) : e);
    return errors;
}

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
