#include "kubeconfigbuilder.h"

#include "api/yamljson.h"

#include "api/jsontext.h"
#include "kube/kubeconfigvalidation.h"
#include "kube/kubectlview.h"

#include <QMap>

#include <algorithm>

namespace fleetscope {
namespace {

using nlohmann::json;

bool parseBody(const NamedExtension &extension, json *out, QString *error)
{
    return parseJson(extension.json, QStringLiteral("extension ") + extension.name, out, error);
}

} // namespace

bool KubeconfigBuilder::parseAdditionalArgs(const NamedExtension &extension, QStringList *out, QString *error)
{
    json body;
    if (!parseBody(extension, &body, error))
        return false;
    const json *list = &body;
    if (body.is_object()) {
        const auto it = body.find("args");
        list = it == body.end() ? nullptr : &*it;
    }
    if (!list || !list->is_array()) {
        *error = QStringLiteral("extension %1: expected a list of strings or {\"args\": [strings]}, got %2")
                     .arg(extension.name, body.is_object() ? QStringLiteral("an object without an \"args\" list")
                                                           : jsonTypeName(body));
        return false;
    }
    out->clear();
    for (size_t i = 0; i < list->size(); ++i) {
        const json &arg = (*list)[i];
        if (!arg.is_string()) {
            *error = QStringLiteral("extension %1: [%2]: expected a string, got %3")
                         .arg(extension.name)
                         .arg(i)
                         .arg(jsonTypeName(arg));
            return false;
        }
        *out << QString::fromStdString(arg.get_ref<const std::string &>());
    }
    return true;
}

bool KubeconfigBuilder::parseAdditionalEnvs(const NamedExtension &extension, QList<ExecEnvVar> *out, QString *error)
{
    json body;
    if (!parseBody(extension, &body, error))
        return false;
    if (!body.is_object()) {
        *error = QStringLiteral("extension %1: expected an object of name: value strings, got %2")
                     .arg(extension.name, jsonTypeName(body));
        return false;
    }
    out->clear();
    // nlohmann's object is ordered by key, so new variables come in name order.
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!it.value().is_string()) {
            *error = QStringLiteral("extension %1: %2: expected a string, got %3")
                         .arg(extension.name, QString::fromStdString(it.key()), jsonTypeName(it.value()));
            return false;
        }
        *out << ExecEnvVar{QString::fromStdString(it.key()), QString::fromStdString(it.value().get_ref<const std::string &>())};
    }
    return true;
}

bool KubeconfigBuilder::execConfigFor(const CredentialProvider &provider, const KubeconfigCluster &cluster,
                                      ExecConfig *out, QString *error)
{
    ExecConfig exec = provider.execConfig; // a copy: the provider file is shared by every connect
    if (provider.argsPolicy == ArgsPolicy::Append) {
        if (const NamedExtension *e = cluster.extension(extension_names::additionalArgs)) {
            QStringList extra;
            if (!parseAdditionalArgs(*e, &extra, error))
                return false;
            exec.args += extra;
            exec.argsPresent = exec.argsPresent || !extra.isEmpty();
        }
    }
    if (provider.envVarsPolicy != EnvVarsPolicy::Ignore) {
        if (const NamedExtension *e = cluster.extension(extension_names::additionalEnvs)) {
            QList<ExecEnvVar> extra;
            if (!parseAdditionalEnvs(*e, &extra, error))
                return false;
            for (const ExecEnvVar &var : std::as_const(extra)) {
                auto existing = std::find_if(exec.env.begin(), exec.env.end(),
                                             [&](const ExecEnvVar &v) { return v.name == var.name; });
                if (existing == exec.env.end())
                    exec.env << var;
                else if (provider.envVarsPolicy == EnvVarsPolicy::Replace)
                    existing->value = var.value;
            }
            exec.envPresent = exec.envPresent || !extra.isEmpty();
        }
    }
    if (exec.interactiveMode.isEmpty())
        exec.interactiveMode = QStringLiteral("Never");
    *out = std::move(exec);
    return true;
}

bool KubeconfigBuilder::add(const QStringList &nameCandidates, const AccessProvider &access,
                            const CredentialProvider &provider, QString *error, QString *addedName)
{
    QString name;
    for (const QString &candidate : nameCandidates) {
        if (!candidate.isEmpty() && !m_config.context(candidate) && !m_config.cluster(candidate)
            && !m_config.user(candidate)) {
            name = candidate;
            break;
        }
    }
    if (name.isEmpty()) {
        *error = QStringLiteral("no unused kubeconfig name among: %1").arg(nameCandidates.join(QStringLiteral(", ")));
        return false;
    }
    NamedCluster cluster;
    cluster.name = name;
    cluster.cluster = access.cluster;
    // A file path from the profile would name a file on the hub's side, not ours (KEP-4322).
    cluster.cluster.certificateAuthority.clear();

    NamedAuthInfo user;
    user.name = name;
    ExecConfig exec;
    QString why;
    if (!execConfigFor(provider, access.cluster, &exec, &why)) {
        *error = QStringLiteral("access provider \"%1\": %2").arg(access.name, why);
        return false;
    }
    user.user.exec = std::move(exec);

    const QStringList problems = validateCluster(name, cluster.cluster) + validateAuthInfo(name, user.user);
    if (!problems.isEmpty()) {
        *error = problems.join(QStringLiteral("; "));
        return false;
    }
    NamedContext context;
    context.name = name;
    context.context.cluster = name;
    context.context.authInfo = name;

    m_config.clusters << std::move(cluster);
    m_config.users << std::move(user);
    m_config.contexts << std::move(context);
    m_config.sortByName();
    if (m_config.currentContext.isEmpty())
        m_config.currentContext = name;
    if (addedName)
        *addedName = name;
    return true;
}

QByteArray KubeconfigBuilder::yaml() const
{
    return jsonToYaml(toKubectlViewJson(m_config));
}

} // namespace fleetscope
