#include "providerfile.h"

#include "api/jsontext.h"
#include "api/yamljson.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QStandardPaths>

namespace fleetscope {
namespace {

using nlohmann::json;

QString inQuotes(const QString &s)
{
    return u'"' + s + u'"';
}

// Parses one provider entry; `where` is "providers[3]" until the name is known,
// then "providers[3] (\"name\")", so that every message says which entry is wrong.
class EntryParser
{
public:
    EntryParser(const QString &source, int index)
        : m_source(source)
        , m_where(QStringLiteral("providers[%1]").arg(index))
    {
    }

    bool parse(const json &entry, CredentialProvider *out, QString *error)
    {
        m_error = error;
        if (!entry.is_object())
            return fail(QString(), QStringLiteral("expected an object, got ") + jsonTypeName(entry));
        if (!string(entry, "name", QStringLiteral("name"), &out->name))
            return false;
        if (out->name.isEmpty())
            return fail(QStringLiteral("name"), QStringLiteral("required"));
        m_where += QStringLiteral(" (") + inQuotes(out->name) + u')';

        const json *exec = member(entry, "execConfig");
        // The reference library's "no exec config found for provider", said when loading.
        if (!exec)
            return fail(QStringLiteral("execConfig"), QStringLiteral("required"));
        if (!exec->is_object())
            return fail(QStringLiteral("execConfig"), QStringLiteral("expected an object, got ") + jsonTypeName(*exec));
        if (!parseExec(*exec, &out->execConfig))
            return false;

        QString policy;
        if (!string(entry, "profileSourcedCLIArgsPolicy", QStringLiteral("profileSourcedCLIArgsPolicy"), &policy))
            return false;
        // Empty means Ignore, the KEP's safe default: a profile cannot add arguments unless allowed.
        if (policy.isEmpty() || policy == u"Ignore")
            out->argsPolicy = ArgsPolicy::Ignore;
        else if (policy == u"Append")
            out->argsPolicy = ArgsPolicy::Append;
        else
            return fail(QStringLiteral("profileSourcedCLIArgsPolicy"), inQuotes(policy) + QStringLiteral(" is not Append or Ignore"));

        policy.clear();
        if (!string(entry, "profileSourcedEnvVarsPolicy", QStringLiteral("profileSourcedEnvVarsPolicy"), &policy))
            return false;
        if (policy.isEmpty() || policy == u"Ignore")
            out->envVarsPolicy = EnvVarsPolicy::Ignore;
        else if (policy == u"AppendIfNotExists")
            out->envVarsPolicy = EnvVarsPolicy::AppendIfNotExists;
        else if (policy == u"Replace")
            out->envVarsPolicy = EnvVarsPolicy::Replace;
        else
            return fail(QStringLiteral("profileSourcedEnvVarsPolicy"),
                        inQuotes(policy) + QStringLiteral(" is not AppendIfNotExists, Replace or Ignore"));
        return true;
    }

private:
    bool parseExec(const json &exec, ExecConfig *out)
    {
        if (!string(exec, "apiVersion", QStringLiteral("execConfig.apiVersion"), &out->apiVersion))
            return false;
        if (out->apiVersion.isEmpty())
            return fail(QStringLiteral("execConfig.apiVersion"), QStringLiteral("required"));
        // v1alpha1 is gone from kubectl; anything else would only fail later, inside kubectl.
        if (out->apiVersion != u"client.authentication.k8s.io/v1" && out->apiVersion != u"client.authentication.k8s.io/v1beta1")
            return fail(QStringLiteral("execConfig.apiVersion"),
                        inQuotes(out->apiVersion)
                            + QStringLiteral(" is not client.authentication.k8s.io/v1 or client.authentication.k8s.io/v1beta1"));
        if (!string(exec, "command", QStringLiteral("execConfig.command"), &out->command))
            return false;
        if (out->command.isEmpty())
            return fail(QStringLiteral("execConfig.command"), QStringLiteral("required"));

        if (const json *args = member(exec, "args")) {
            if (!args->is_array())
                return fail(QStringLiteral("execConfig.args"), QStringLiteral("expected a list, got ") + jsonTypeName(*args));
            out->argsPresent = true;
            for (size_t i = 0; i < args->size(); ++i) {
                const json &arg = (*args)[i];
                if (!arg.is_string())
                    return fail(QStringLiteral("execConfig.args[%1]").arg(i),
                                QStringLiteral("expected a string, got ") + jsonTypeName(arg));
                out->args << QString::fromStdString(arg.get_ref<const std::string &>());
            }
        }
        if (const json *env = member(exec, "env")) {
            if (!env->is_array())
                return fail(QStringLiteral("execConfig.env"), QStringLiteral("expected a list, got ") + jsonTypeName(*env));
            out->envPresent = true;
            for (size_t i = 0; i < env->size(); ++i) {
                const json &var = (*env)[i];
                const QString field = QStringLiteral("execConfig.env[%1]").arg(i);
                if (!var.is_object())
                    return fail(field, QStringLiteral("expected an object, got ") + jsonTypeName(var));
                ExecEnvVar v;
                if (!string(var, "name", field + QStringLiteral(".name"), &v.name)
                    || !string(var, "value", field + QStringLiteral(".value"), &v.value))
                    return false;
                if (v.name.isEmpty())
                    return fail(field + QStringLiteral(".name"), QStringLiteral("required"));
                out->env << v;
            }
        }
        if (!string(exec, "installHint", QStringLiteral("execConfig.installHint"), &out->installHint))
            return false;
        if (const json *b = member(exec, "provideClusterInfo")) {
            if (!b->is_boolean())
                return fail(QStringLiteral("execConfig.provideClusterInfo"),
                            QStringLiteral("expected a boolean, got ") + jsonTypeName(*b));
            out->provideClusterInfo = b->get<bool>();
        }
        if (!string(exec, "interactiveMode", QStringLiteral("execConfig.interactiveMode"), &out->interactiveMode))
            return false;
        if (!out->interactiveMode.isEmpty() && out->interactiveMode != u"Never" && out->interactiveMode != u"IfAvailable"
            && out->interactiveMode != u"Always")
            return fail(QStringLiteral("execConfig.interactiveMode"),
                        inQuotes(out->interactiveMode) + QStringLiteral(" is not Never, IfAvailable or Always"));
        return true;
    }

    // JSON null counts as absent, as in Go's encoding/json.
    static const json *member(const json &object, const char *key)
    {
        const auto it = object.find(key);
        return it == object.end() || it->is_null() ? nullptr : &*it;
    }

    bool string(const json &object, const char *key, const QString &field, QString *out)
    {
        const json *value = member(object, key);
        if (!value)
            return true;
        if (!value->is_string())
            return fail(field, QStringLiteral("expected a string, got ") + jsonTypeName(*value));
        *out = QString::fromStdString(value->get_ref<const std::string &>());
        return true;
    }

    bool fail(const QString &field, const QString &message)
    {
        *m_error = m_source + QStringLiteral(": ") + m_where + QStringLiteral(": ")
            + (field.isEmpty() ? QString() : field + QStringLiteral(": ")) + message;
        return false;
    }

    QString m_source;
    QString m_where;
    QString *m_error = nullptr;
};

} // namespace

const CredentialProvider *ProviderFile::provider(QStringView name) const
{
    for (const CredentialProvider &p : providers) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

QStringList ProviderFile::names() const
{
    QStringList out;
    for (const CredentialProvider &p : providers)
        out << p.name;
    return out;
}

QString ProviderFile::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
        .filePath(QStringLiteral("fleetscope/providers.json"));
}

bool ProviderFile::load(const QString &path, ProviderFile *out, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": cannot read the provider file: ") + file.errorString();
        return false;
    }
    return parse(file.readAll(), path, out, error);
}

bool ProviderFile::parse(const QByteArray &text, const QString &sourceName, ProviderFile *out, QString *error)
{
    *out = ProviderFile();
    out->path = sourceName;
    json document;
    const QByteArray trimmed = text.trimmed();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        if (!parseJson(text, sourceName, &document, error))
            return false;
    } else {
        std::vector<json> documents;
        if (!parseYamlDocuments(text, sourceName, &documents, error))
            return false;
        if (documents.empty() || documents.front().is_null()) {
            *error = sourceName + QStringLiteral(": the provider file is empty (expected {\"providers\": [...]})");
            return false;
        }
        document = std::move(documents.front());
    }
    if (!document.is_object()) {
        *error = sourceName + QStringLiteral(": expected an object with a \"providers\" list, got ")
            + jsonTypeName(document);
        return false;
    }
    const auto providers = document.find("providers");
    if (providers == document.end() || providers->is_null()) {
        *error = sourceName + QStringLiteral(": providers: required");
        return false;
    }
    if (!providers->is_array()) {
        *error = sourceName + QStringLiteral(": providers: expected a list, got ") + jsonTypeName(*providers);
        return false;
    }
    QHash<QString, int> seen;
    for (size_t i = 0; i < providers->size(); ++i) {
        CredentialProvider provider;
        if (!EntryParser(sourceName, int(i)).parse((*providers)[i], &provider, error))
            return false;
        // The reference library would silently take the first; a duplicate is almost always a copy-paste slip.
        if (seen.contains(provider.name)) {
            *error = sourceName + QStringLiteral(": providers[%1] (\"%2\"): name: duplicate of providers[%3]")
                                      .arg(i)
                                      .arg(provider.name)
                                      .arg(seen.value(provider.name));
            return false;
        }
        seen.insert(provider.name, int(i));
        out->providers << std::move(provider);
    }
    return true;
}

} // namespace fleetscope
