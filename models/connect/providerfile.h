#pragma once

#include "kube/authinfo.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace fleetscope {

// KEP-5339 `profileSourcedCLIArgsPolicy`: whether a profile's
// clusterprofiles.multicluster.x-k8s.io/exec/additional-args reach the plugin.
enum class ArgsPolicy : quint8 { Ignore, Append };

// KEP-5339 `profileSourcedEnvVarsPolicy` for .../exec/additional-envs:
// AppendIfNotExists = the provider file wins on a shared name, Replace = the profile wins.
enum class EnvVarsPolicy : quint8 { Ignore, AppendIfNotExists, Replace };

// One entry of a provider file: which exec plugin gets credentials for an access
// provider name, and how much a ClusterProfile may add to its command line.
struct CredentialProvider
{
    QString name;
    ExecConfig execConfig;
    ArgsPolicy argsPolicy = ArgsPolicy::Ignore;
    EnvVarsPolicy envVarsPolicy = EnvVarsPolicy::Ignore;

    friend bool operator==(const CredentialProvider &a, const CredentialProvider &b)
    {
        return a.name == b.name && a.execConfig == b.execConfig && a.argsPolicy == b.argsPolicy
            && a.envVarsPolicy == b.envVarsPolicy;
    }
};

// The user's credential provider file (KEP-5339):
//   {"providers":[{"name", "execConfig":{apiVersion, command, args, env[{name,value}],
//     provideClusterInfo, installHint, interactiveMode}, "profileSourcedCLIArgsPolicy",
//     "profileSourcedEnvVarsPolicy"}]}
// The reference library reads JSON only; YAML (the same shape) is accepted too because
// people keep their other Kubernetes files in YAML. Order matters: selection walks it.
struct ProviderFile
{
    QString path; // as loaded, for messages
    QList<CredentialProvider> providers;

    const CredentialProvider *provider(QStringView name) const;
    QStringList names() const; // in file order

    // ~/.config/fleetscope/providers.json on Linux (QStandardPaths::GenericConfigLocation,
    // so XDG_CONFIG_HOME is honoured).
    static QString defaultPath();

    // Reads and parses `path`. Errors name the file, the entry (index and name) and the field:
    //   "/home/me/p.json: providers[1] (\"ocm\"): execConfig.command: required"
    static bool load(const QString &path, ProviderFile *out, QString *error);

    // Parses `text`; `sourceName` is used in messages. JSON when it starts with '{'
    // or '[' (better syntax messages), YAML otherwise.
    static bool parse(const QByteArray &text, const QString &sourceName, ProviderFile *out, QString *error);
};

} // namespace fleetscope
