#include "kubectlview.h"

#include <algorithm>

namespace fleetscope {
namespace {

using json = nlohmann::json;

std::string utf8(const QString &s)
{
    return s.toStdString();
}

std::string base64(const QByteArray &bytes)
{
    return bytes.toBase64().toStdString();
}

// Go's encoding/json prints nil slices as null and maps in key order; the views
// below mirror omitempty per field of clientcmd/api/v1/types.go.
json extensionsJson(QList<NamedExtension> extensions)
{
    std::sort(extensions.begin(), extensions.end(),
              [](const NamedExtension &a, const NamedExtension &b) { return a.name.toString().toUtf8() < b.name.toString().toUtf8(); });
    json out = json::array();
    for (const NamedExtension &e : extensions) {
        json body = json::parse(e.json.constData(), e.json.constData() + e.json.size(), nullptr, false);
        if (body.is_discarded())
            body = nullptr;
        out.push_back(json{{"name", utf8(e.name)}, {"extension", std::move(body)}});
    }
    return out;
}

void putString(json *o, const char *key, const QString &value)
{
    if (!value.isEmpty())
        (*o)[key] = utf8(value);
}

json stringList(const QStringList &list)
{
    json out = json::array();
    for (const QString &s : list)
        out.push_back(utf8(s));
    return out;
}

} // namespace

json toKubectlClusterJson(const KubeconfigCluster &c)
{
    json o = json::object();
    o["server"] = utf8(c.server); // the only cluster field without omitempty
    putString(&o, "tls-server-name", c.tlsServerName);
    if (c.insecureSkipTlsVerify)
        o["insecure-skip-tls-verify"] = true;
    putString(&o, "certificate-authority", c.certificateAuthority);
    if (!c.certificateAuthorityData.isEmpty())
        o["certificate-authority-data"] = base64(c.certificateAuthorityData);
    putString(&o, "proxy-url", c.proxyUrl);
    if (c.disableCompression)
        o["disable-compression"] = true;
    if (!c.extensions.isEmpty())
        o["extensions"] = extensionsJson(c.extensions.toList());
    return o;
}

namespace {

json execJson(const ExecConfig &e)
{
    json o = json::object();
    o["command"] = utf8(e.command);
    o["args"] = e.argsPresent ? stringList(e.args) : json(nullptr);
    if (e.envPresent) {
        json env = json::array();
        for (const ExecEnvVar &v : e.env)
            env.push_back(json{{"name", utf8(v.name)}, {"value", utf8(v.value)}});
        o["env"] = std::move(env);
    } else {
        o["env"] = nullptr;
    }
    putString(&o, "apiVersion", e.apiVersion);
    putString(&o, "installHint", e.installHint);
    o["provideClusterInfo"] = e.provideClusterInfo;
    putString(&o, "interactiveMode", e.interactiveMode);
    return o;
}

json authInfoJson(const AuthInfo &u)
{
    json o = json::object();
    putString(&o, "client-certificate", u.clientCertificate);
    if (!u.clientCertificateData.isEmpty())
        o["client-certificate-data"] = base64(u.clientCertificateData);
    putString(&o, "client-key", u.clientKey);
    if (!u.clientKeyData.isEmpty())
        o["client-key-data"] = base64(u.clientKeyData);
    putString(&o, "token", u.token);
    putString(&o, "tokenFile", u.tokenFile);
    putString(&o, "as", u.impersonate);
    putString(&o, "as-uid", u.impersonateUid);
    if (!u.impersonateGroups.isEmpty())
        o["as-groups"] = stringList(u.impersonateGroups);
    if (!u.impersonateUserExtra.isEmpty()) {
        json extra = json::object();
        for (auto it = u.impersonateUserExtra.cbegin(); it != u.impersonateUserExtra.cend(); ++it)
            extra[utf8(it.key())] = stringList(it.value());
        o["as-user-extra"] = std::move(extra);
    }
    putString(&o, "username", u.username);
    putString(&o, "password", u.password);
    if (u.authProvider) {
        json config = nullptr;
        if (u.authProvider->configPresent) {
            config = json::object();
            for (auto it = u.authProvider->config.cbegin(); it != u.authProvider->config.cend(); ++it)
                config[utf8(it.key())] = utf8(it.value());
        }
        o["auth-provider"] = json{{"name", utf8(u.authProvider->name)}, {"config", std::move(config)}};
    }
    if (u.exec)
        o["exec"] = execJson(*u.exec);
    if (!u.extensions.isEmpty())
        o["extensions"] = extensionsJson(u.extensions);
    return o;
}

json contextJson(const KubeconfigContext &c)
{
    json o = json::object();
    o["cluster"] = utf8(c.cluster);
    o["user"] = utf8(c.authInfo);
    putString(&o, "namespace", c.namespaceName);
    if (!c.extensions.isEmpty())
        o["extensions"] = extensionsJson(c.extensions.toList());
    return o;
}

// Kubeconfig keeps its entry lists sorted as kubectl prints them.
template<typename Named, typename Fn>
json namedList(const QList<Named> &entries, const char *bodyKey, Fn body)
{
    if (entries.isEmpty())
        return nullptr;
    json out = json::array();
    for (const Named &e : entries)
        out.push_back(json{{"name", utf8(e.name)}, {bodyKey, body(e)}});
    return out;
}

} // namespace

json toKubectlViewJson(const Kubeconfig &config)
{
    json out = json::object();
    out["kind"] = "Config";
    out["apiVersion"] = "v1";
    json preferences = json::object();
    if (config.preferences.colors)
        preferences["colors"] = true;
    if (!config.preferences.extensions.isEmpty())
        preferences["extensions"] = extensionsJson(config.preferences.extensions);
    out["preferences"] = std::move(preferences);
    out["clusters"] = namedList(config.clusters, "cluster", [](const NamedCluster &e) { return toKubectlClusterJson(e.cluster); });
    out["users"] = namedList(config.users, "user", [](const NamedAuthInfo &e) { return authInfoJson(e.user); });
    out["contexts"] = namedList(config.contexts, "context", [](const NamedContext &e) { return contextJson(e.context); });
    out["current-context"] = utf8(config.currentContext);
    if (!config.extensions.isEmpty())
        out["extensions"] = extensionsJson(config.extensions);
    return out;
}

} // namespace fleetscope
