#include "kubeconfigparser.h"

#include "api/yamljson.h"
#include "kube/gobase64.h"

#include <yaml-cpp/yaml.h>

#include <functional>

namespace fleetscope {
namespace {

QString typeName(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Sequence:
        return QStringLiteral("a list");
    case YAML::NodeType::Map:
        return QStringLiteral("a map");
    case YAML::NodeType::Scalar:
        return resolveGoYamlScalar(node).kindName();
    default:
        return QStringLiteral("null");
    }
}

bool isNull(const YAML::Node &node)
{
    return !node.IsDefined() || node.IsNull();
}

// Walks one document; the first error wins and stops the walk.
class Walker
{
public:
    explicit Walker(const QString &fileName) : m_fileName(fileName) {}

    QString error() const { return m_error; }

    bool fail(const YAML::Node &node, const QString &path, const QString &message)
    {
        return failAt(node.Mark(), path, message);
    }

    bool failAt(const YAML::Mark &mark, const QString &path, const QString &message)
    {
        m_error = QStringLiteral("%1:%2:%3: %4: %5")
                      .arg(m_fileName)
                      .arg(mark.line + 1)
                      .arg(mark.column + 1)
                      .arg(path, message);
        return false;
    }

    KubeconfigOrigin origin(const YAML::Node &node) const
    {
        const YAML::Mark mark = node.Mark();
        return {m_fileName, mark.line + 1, mark.column + 1};
    }

    using FieldFn = std::function<bool(const std::string &key, const YAML::Node &value, const QString &path)>;

    // A map's fields in order; null is an empty map. A repeated key is seen twice and
    // the last one wins, as in kubectl's JSON decoding.
    bool fields(const YAML::Node &node, const QString &path, const FieldFn &fn)
    {
        if (isNull(node))
            return true;
        if (!node.IsMap())
            return fail(node, path, QStringLiteral("expected a map, got %1").arg(typeName(node)));
        for (const auto &entry : node) {
            if (!entry.first.IsScalar())
                continue; // cannot name a field of ours
            const std::string key = entry.first.Scalar();
            const QString keyPath = path.isEmpty() ? QString::fromStdString(key)
                                                   : path + u'.' + QString::fromStdString(key);
            if (!fn(key, entry.second, keyPath))
                return false;
        }
        return true;
    }

    bool items(const YAML::Node &node, const QString &path,
               const std::function<bool(const YAML::Node &, const QString &, int)> &fn)
    {
        if (isNull(node))
            return true;
        if (!node.IsSequence())
            return fail(node, path, QStringLiteral("expected a list, got %1").arg(typeName(node)));
        int index = 0;
        for (const YAML::Node &item : node) {
            if (!fn(item, QStringLiteral("%1[%2]").arg(path).arg(index), index))
                return false;
            ++index;
        }
        return true;
    }

    // Into a PooledString or a BlockString.
    template<typename Text>
    bool string(const YAML::Node &node, const QString &path, Text *out)
    {
        QString text;
        if (!string(node, path, &text))
            return false;
        *out = text;
        return true;
    }

    bool string(const YAML::Node &node, const QString &path, QString *out)
    {
        out->clear();
        if (isNull(node))
            return true; // JSON null leaves a Go string empty
        if (node.IsScalar()) {
            const YamlScalar s = resolveGoYamlScalar(node);
            if (s.kind == YamlScalar::Kind::String) {
                *out = QString::fromStdString(s.text);
                return true;
            }
            if (s.kind == YamlScalar::Kind::Null)
                return true;
            // A boolean or a number; the usual cause is a YAML 1.1 word such as `y`, `no` or `on`.
            const QString message = QStringLiteral("expected a string, got %1 (kubectl reads `%2` with YAML 1.1 rules; quote it)");
            return fail(node, path, message.arg(s.kindName(), QString::fromStdString(s.text)));
        }
        return fail(node, path, QStringLiteral("expected a string, got %1").arg(typeName(node)));
    }

    bool boolean(const YAML::Node &node, const QString &path, bool *out)
    {
        *out = false;
        if (isNull(node))
            return true;
        if (node.IsScalar()) {
            const YamlScalar s = resolveGoYamlScalar(node);
            if (s.kind == YamlScalar::Kind::Bool) {
                *out = s.boolean;
                return true;
            }
            if (s.kind == YamlScalar::Kind::Null)
                return true;
        }
        return fail(node, path, QStringLiteral("expected a boolean, got %1").arg(typeName(node)));
    }

    // Into a QByteArray or a BlockBytes.
    template<typename Bytes>
    bool bytes(const YAML::Node &node, const QString &path, Bytes *out)
    {
        QString text;
        if (!string(node, path, &text))
            return false;
        QByteArray decoded;
        qsizetype offset = 0;
        if (!decodeGoBase64(text.toUtf8(), &decoded, &offset))
            return fail(node, path, QStringLiteral("illegal base64 data at input byte %1").arg(offset));
        *out = decoded;
        return true;
    }

    bool stringList(const YAML::Node &node, const QString &path, QStringList *out, bool *present = nullptr)
    {
        out->clear();
        if (present)
            *present = node.IsDefined() && node.IsSequence();
        return items(node, path, [&](const YAML::Node &item, const QString &itemPath, int) {
            QString value;
            if (!string(item, itemPath, &value))
                return false;
            out->append(value);
            return true;
        });
    }

    // Kubeconfig's own objects keep QLists, a cluster a PackedList.
    template<typename List>
    bool extensions(const YAML::Node &node, const QString &path, List *out)
    {
        out->clear();
        return items(node, path, [&](const YAML::Node &item, const QString &itemPath, int) {
            NamedExtension extension;
            nlohmann::json body; // a missing extension is JSON null, as kubectl prints it
            const bool ok = fields(item, itemPath, [&](const std::string &key, const YAML::Node &value, const QString &p) {
                if (key == "name")
                    return string(value, p, &extension.name);
                if (key == "extension") {
                    QString message;
                    if (!goYamlToJson(value, &body, &message)) {
                        // "LINE:COL: what" → "FILE:LINE:COL: PATH: what"
                        const qsizetype at = message.indexOf(QStringLiteral(": "));
                        m_error = QStringLiteral("%1:%2: %3: %4")
                                      .arg(m_fileName, message.left(at), p, message.mid(at + 2));
                        return false;
                    }
                }
                return true;
            });
            if (!ok)
                return false;
            for (const NamedExtension &seen : std::as_const(*out)) {
                if (seen.name == extension.name)
                    return fail(item, itemPath, QStringLiteral("duplicate name \"%1\"").arg(extension.name));
            }
            extension.json = compactJson(body);
            out->append(extension);
            return true;
        });
    }

    bool entry(const YAML::Node &node, const QString &path, KubeconfigCluster *c)
    {
        return fields(node, path, [&](const std::string &key, const YAML::Node &v, const QString &p) {
            if (key == "server")
                return string(v, p, &c->server);
            if (key == "tls-server-name")
                return string(v, p, &c->tlsServerName);
            if (key == "insecure-skip-tls-verify")
                return boolean(v, p, &c->insecureSkipTlsVerify);
            if (key == "certificate-authority")
                return string(v, p, &c->certificateAuthority);
            if (key == "certificate-authority-data")
                return bytes(v, p, &c->certificateAuthorityData);
            if (key == "proxy-url")
                return string(v, p, &c->proxyUrl);
            if (key == "disable-compression")
                return boolean(v, p, &c->disableCompression);
            if (key == "extensions")
                return extensions(v, p, &c->extensions);
            return true;
        });
    }

    bool exec(const YAML::Node &node, const QString &path, ExecConfig *e)
    {
        const bool ok = fields(node, path, [&](const std::string &key, const YAML::Node &v, const QString &p) {
            if (key == "command")
                return string(v, p, &e->command);
            if (key == "args")
                return stringList(v, p, &e->args, &e->argsPresent);
            if (key == "env") {
                e->env.clear();
                e->envPresent = v.IsDefined() && v.IsSequence();
                return items(v, p, [&](const YAML::Node &item, const QString &itemPath, int) {
                    ExecEnvVar var;
                    const bool itemOk = fields(item, itemPath, [&](const std::string &k, const YAML::Node &iv, const QString &ip) {
                        if (k == "name")
                            return string(iv, ip, &var.name);
                        if (k == "value")
                            return string(iv, ip, &var.value);
                        return true;
                    });
                    e->env.append(var);
                    return itemOk;
                });
            }
            if (key == "apiVersion")
                return string(v, p, &e->apiVersion);
            if (key == "installHint")
                return string(v, p, &e->installHint);
            if (key == "provideClusterInfo")
                return boolean(v, p, &e->provideClusterInfo);
            if (key == "interactiveMode")
                return string(v, p, &e->interactiveMode);
            return true;
        });
        // client-go's SetDefaults_ExecConfig: only the pre-v1 versions get a default; v1
        // must say it, and validation reports it when it does not.
        if (ok && e->interactiveMode.isEmpty()
            && (e->apiVersion == u"client.authentication.k8s.io/v1beta1"
                || e->apiVersion == u"client.authentication.k8s.io/v1alpha1")) {
            e->interactiveMode = QStringLiteral("IfAvailable");
        }
        return ok;
    }

    bool authProvider(const YAML::Node &node, const QString &path, AuthProviderConfig *a)
    {
        return fields(node, path, [&](const std::string &key, const YAML::Node &v, const QString &p) {
            if (key == "name")
                return string(v, p, &a->name);
            if (key == "config") {
                a->config.clear();
                a->configPresent = v.IsDefined() && v.IsMap();
                return fields(v, p, [&](const std::string &k, const YAML::Node &cv, const QString &cp) {
                    QString value;
                    if (!string(cv, cp, &value))
                        return false;
                    a->config.insert(QString::fromStdString(k), value);
                    return true;
                });
            }
            return true;
        });
    }

    bool entry(const YAML::Node &node, const QString &path, AuthInfo *u)
    {
        return fields(node, path, [&](const std::string &key, const YAML::Node &v, const QString &p) {
            if (key == "client-certificate")
                return string(v, p, &u->clientCertificate);
            if (key == "client-certificate-data")
                return bytes(v, p, &u->clientCertificateData);
            if (key == "client-key")
                return string(v, p, &u->clientKey);
            if (key == "client-key-data")
                return bytes(v, p, &u->clientKeyData);
            if (key == "token")
                return string(v, p, &u->token);
            if (key == "tokenFile")
                return string(v, p, &u->tokenFile);
            if (key == "as")
                return string(v, p, &u->impersonate);
            if (key == "as-uid")
                return string(v, p, &u->impersonateUid);
            if (key == "as-groups")
                return stringList(v, p, &u->impersonateGroups);
            if (key == "as-user-extra") {
                u->impersonateUserExtra.clear();
                return fields(v, p, [&](const std::string &k, const YAML::Node &ev, const QString &ep) {
                    QStringList values;
                    if (!stringList(ev, ep, &values))
                        return false;
                    u->impersonateUserExtra.insert(QString::fromStdString(k), values);
                    return true;
                });
            }
            if (key == "username")
                return string(v, p, &u->username);
            if (key == "password")
                return string(v, p, &u->password);
            if (key == "auth-provider") {
                u->authProvider.reset(); // null is none
                return isNull(v) || authProvider(v, p, &u->authProvider.emplace());
            }
            if (key == "exec") {
                u->exec.reset();
                return isNull(v) || exec(v, p, &u->exec.emplace());
            }
            if (key == "extensions")
                return extensions(v, p, &u->extensions);
            return true;
        });
    }

    bool entry(const YAML::Node &node, const QString &path, KubeconfigContext *c)
    {
        return fields(node, path, [&](const std::string &key, const YAML::Node &v, const QString &p) {
            if (key == "cluster")
                return string(v, p, &c->cluster);
            if (key == "user")
                return string(v, p, &c->authInfo);
            if (key == "namespace")
                return string(v, p, &c->namespaceName);
            if (key == "extensions")
                return extensions(v, p, &c->extensions);
            return true;
        });
    }

    // `clusters: [{name, cluster}]` and its siblings. A name used twice in one file is
    // an error in kubectl ("duplicate name"), unlike the same name in two files.
    template<typename Named, typename Entry>
    bool namedList(const YAML::Node &node, const QString &path, const char *bodyKey, QList<Named> *out,
                   Entry Named::*body)
    {
        out->clear();
        return items(node, path, [&](const YAML::Node &item, const QString &itemPath, int) {
            Named named;
            named.origin = origin(item);
            const bool ok = fields(item, itemPath, [&](const std::string &key, const YAML::Node &v, const QString &p) {
                if (key == "name")
                    return string(v, p, &named.name);
                if (key == bodyKey)
                    return entry(v, p, &(named.*body));
                return true;
            });
            if (!ok)
                return false;
            for (const Named &seen : std::as_const(*out)) {
                if (seen.name == named.name) {
                    return fail(item, itemPath, QStringLiteral("duplicate name \"%1\" (first defined at line %2)")
                                                    .arg(named.name)
                                                    .arg(seen.origin.line));
                }
            }
            out->append(named);
            return true;
        });
    }

    bool document(const YAML::Node &root, Kubeconfig *config)
    {
        if (isNull(root))
            return true; // an empty file is an empty config
        if (!root.IsMap())
            return fail(root, QStringLiteral("(document)"),
                        QStringLiteral("expected a kubeconfig map, got %1").arg(typeName(root)));
        QString apiVersion;
        QString kind;
        // A Mark, not a Node: assigning one yaml-cpp Node to another overwrites the
        // referenced node's content instead of rebinding.
        YAML::Mark versionMark = root.Mark();
        const bool ok = fields(root, QString(), [&](const std::string &key, const YAML::Node &v, const QString &p) {
            if (key == "apiVersion") {
                versionMark = v.Mark();
                return string(v, p, &apiVersion);
            }
            if (key == "kind") {
                versionMark = v.Mark();
                return string(v, p, &kind);
            }
            if (key == "clusters")
                return namedList(v, p, "cluster", &config->clusters, &NamedCluster::cluster);
            if (key == "users")
                return namedList(v, p, "user", &config->users, &NamedAuthInfo::user);
            if (key == "contexts")
                return namedList(v, p, "context", &config->contexts, &NamedContext::context);
            if (key == "current-context")
                return string(v, p, &config->currentContext);
            if (key == "preferences") {
                config->preferences = {};
                return fields(v, p, [&](const std::string &k, const YAML::Node &pv, const QString &pp) {
                    if (k == "colors")
                        return boolean(pv, pp, &config->preferences.colors);
                    if (k == "extensions")
                        return extensions(pv, pp, &config->preferences.extensions);
                    return true;
                });
            }
            if (key == "extensions")
                return extensions(v, p, &config->extensions);
            return true;
        });
        if (!ok)
            return false;
        // kubectl's scheme knows only v1 Config; both may be omitted.
        if ((!apiVersion.isEmpty() && apiVersion != u"v1") || (!kind.isEmpty() && kind != u"Config")) {
            return failAt(versionMark, QStringLiteral("apiVersion/kind"),
                        QStringLiteral("not a kubeconfig: apiVersion \"%1\", kind \"%2\" (expected v1 Config)")
                            .arg(apiVersion, kind));
        }
        return true;
    }

private:
    QString m_fileName;
    QString m_error;
};

} // namespace

bool parseKubeconfig(const QByteArray &text, const QString &fileName, Kubeconfig *out, QString *error)
{
    Kubeconfig config;
    config.files = QStringList{fileName};
    Walker walker(fileName);
    bool ok = false;
    try {
        const YAML::Node root = YAML::Load(std::string(text.constData(), size_t(text.size())));
        ok = walker.document(root, &config);
    } catch (const YAML::Exception &e) {
        if (error) {
            *error = QStringLiteral("%1:%2:%3: %4")
                         .arg(fileName)
                         .arg(e.mark.line + 1)
                         .arg(e.mark.column + 1)
                         .arg(QString::fromStdString(e.msg));
        }
        return false;
    } catch (const std::exception &e) {
        if (error)
            *error = fileName + u": " + QString::fromUtf8(e.what());
        return false;
    }
    if (!ok) {
        if (error)
            *error = walker.error();
        return false;
    }
    config.sortByName();
    *out = std::move(config);
    return true;
}

} // namespace fleetscope
