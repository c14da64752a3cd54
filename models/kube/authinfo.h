#pragma once

#include "api/kubeconfigcluster.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace fleetscope {

// clientcmd v1 `ExecEnvVar`: added to the environment the plugin inherits.
struct ExecEnvVar
{
    QString name;
    QString value;

    friend bool operator==(const ExecEnvVar &a, const ExecEnvVar &b)
    {
        return a.name == b.name && a.value == b.value;
    }
};

// clientcmd v1 `ExecConfig`: a credential plugin (client.authentication.k8s.io).
struct ExecConfig
{
    QString apiVersion;
    QString command; // absolute once loaded if it contained a '/'; otherwise looked up in PATH
    QStringList args;
    QList<ExecEnvVar> env;
    QString installHint;
    bool provideClusterInfo = false;
    // Kept as written (after kubectl's v1beta1 default) so that validation can name a bad value;
    // "Never", "IfAvailable" or "Always" in a valid config.
    QString interactiveMode;

    // kubectl prints an absent list as `null` and an explicit `[]` as `[]`; only
    // toKubectlViewJson() needs to know which one the file had.
    bool argsPresent = false;
    bool envPresent = false;

    friend bool operator==(const ExecConfig &a, const ExecConfig &b)
    {
        return a.apiVersion == b.apiVersion && a.command == b.command && a.args == b.args && a.env == b.env
            && a.installHint == b.installHint && a.provideClusterInfo == b.provideClusterInfo
            && a.interactiveMode == b.interactiveMode && a.argsPresent == b.argsPresent
            && a.envPresent == b.envPresent;
    }
};

// clientcmd v1 `AuthProviderConfig` (deprecated; only oidc still works in kubectl).
struct AuthProviderConfig
{
    QString name;
    QMap<QString, QString> config;
    bool configPresent = false; // `config: {}` prints `{}`, an absent config prints `null`

    friend bool operator==(const AuthProviderConfig &a, const AuthProviderConfig &b)
    {
        return a.name == b.name && a.config == b.config && a.configPresent == b.configPresent;
    }
};

// clientcmd v1 `AuthInfo`: who we are to an API server.
//
// Holds secrets (token, password, key). Deliberately has no operator<< / QDebug
// streaming.
struct AuthInfo
{
    QString token;
    QString tokenFile;                 // absolute once loaded
    QString clientCertificate;         // file path, absolute once loaded
    QByteArray clientCertificateData;  // PEM, already base64-decoded
    QString clientKey;                 // file path, absolute once loaded
    QByteArray clientKeyData;          // PEM, already base64-decoded
    QString username;
    QString password;

    QString impersonate;               // `as`
    QString impersonateUid;            // `as-uid`
    QStringList impersonateGroups;     // `as-groups`
    QMap<QString, QStringList> impersonateUserExtra; // `as-user-extra`

    std::optional<AuthProviderConfig> authProvider;
    std::optional<ExecConfig> exec;
    QList<NamedExtension> extensions;

    friend bool operator==(const AuthInfo &a, const AuthInfo &b)
    {
        return a.token == b.token && a.tokenFile == b.tokenFile && a.clientCertificate == b.clientCertificate
            && a.clientCertificateData == b.clientCertificateData && a.clientKey == b.clientKey
            && a.clientKeyData == b.clientKeyData && a.username == b.username && a.password == b.password
            && a.impersonate == b.impersonate && a.impersonateUid == b.impersonateUid
            && a.impersonateGroups == b.impersonateGroups && a.impersonateUserExtra == b.impersonateUserExtra
            && a.authProvider == b.authProvider && a.exec == b.exec && a.extensions == b.extensions;
    }
};

} // namespace fleetscope
