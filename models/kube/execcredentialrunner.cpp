#include "execcredentialrunner.h"

#include "kube/kubectlview.h"

#include <QDateTime>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <string>

namespace fleetscope {

namespace {

// An ExecCredential is a few KiB even with a certificate chain; more is a plugin
// printing something else, and we must not buffer it without bound.
constexpr qsizetype maxOutputBytes = 1024 * 1024;
constexpr qsizetype maxStderrBytes = 64 * 1024;

// A string member's UTF-8, or empty when it is absent or not a string.
QByteArray stringMember(const nlohmann::json &object, const char *name)
{
    const auto it = object.find(name);
    return it == object.end() || !it->is_string() ? QByteArray()
                                                   : QByteArray::fromStdString(it->get_ref<const std::string &>());
}

bool looksSecret(const QString &flagName)
{
    static const QRegularExpression secret(QStringLiteral("secret|password|passwd|token|key|credential"),
                                           QRegularExpression::CaseInsensitiveOption);
    return secret.match(flagName).hasMatch();
}

} // namespace

ExecCredentialRunner::ExecCredentialRunner(const ExecConfig &config, const KubeconfigCluster &cluster,
                                           const QByteArray &caPem, const QString &hubName, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_cluster(cluster)
    , m_caPem(caPem)
    , m_hubName(hubName)
{
}

ExecCredentialRunner::~ExecCredentialRunner()
{
    cleanup();
}

bool ExecCredentialRunner::isRunning() const
{
    return m_process != nullptr;
}

QString ExecCredentialRunner::prefix() const
{
    return QStringLiteral("hub \"%1\": exec plugin \"%2\"").arg(m_hubName, m_config.command);
}

QString ExecCredentialRunner::displayCommand() const
{
    QStringList parts{m_config.command};
    bool redactNext = false;
    for (const QString &arg : m_config.args) {
        if (redactNext) {
            parts << QStringLiteral("<redacted>");
            redactNext = false;
            continue;
        }
        const qsizetype eq = arg.indexOf(u'=');
        if (arg.startsWith(u'-') && eq > 0 && looksSecret(arg.left(eq))) {
            parts << arg.left(eq + 1) + QStringLiteral("<redacted>");
        } else {
            parts << arg;
            redactNext = arg.startsWith(u'-') && eq < 0 && looksSecret(arg);
        }
    }
    for (QString &part : parts) {
        if (part.contains(u' ') || part.isEmpty())
            part = u'\'' + part + u'\'';
    }
    return parts.join(u' ');
}

QByteArray ExecCredentialRunner::execInfoJson(const ExecConfig &config, const KubeconfigCluster &cluster,
                                              const QByteArray &caPem)
{
    nlohmann::json spec = nlohmann::json::object();
    // Go's ExecCredentialSpec.Interactive has no omitempty: always present.
    spec["interactive"] = false;
    if (config.provideClusterInfo) {
        // client-go ConfigToExecCluster: the cluster's own fields with the CA as loaded,
        // and the exec extension as `config`.
        KubeconfigCluster execCluster = cluster;
        execCluster.certificateAuthority.clear();
        execCluster.certificateAuthorityData = caPem;
        execCluster.extensions.clear();
        nlohmann::json c = toKubectlClusterJson(execCluster);
        if (const NamedExtension *ext = cluster.extension(extension_names::execCluster)) {
            nlohmann::json value = nlohmann::json::parse(ext->json.constData(),
                                                         ext->json.constData() + ext->json.size(), nullptr, false);
            if (!value.is_discarded())
                c["config"] = std::move(value);
        }
        spec["cluster"] = std::move(c);
    }
    nlohmann::json info = {
        {"kind", "ExecCredential"},
        {"apiVersion", config.apiVersion.toStdString()},
        {"spec", std::move(spec)},
    };
    return QByteArray::fromStdString(info.dump());
}

bool ExecCredentialRunner::parseOutput(const QByteArray &output, const QString &apiVersion,
                                       ExecCredential *credential, QString *error)
{
    *credential = {};
    const nlohmann::json doc = nlohmann::json::parse(output.constData(), output.constData() + output.size(),
                                                     nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        *error = QStringLiteral("the plugin's output is not a valid ExecCredential (not a JSON object)");
        return false;
    }
    if (stringMember(doc, "kind") != "ExecCredential") {
        *error = QStringLiteral("the plugin's output is not a valid ExecCredential (kind is not ExecCredential)");
        return false;
    }
    // apiVersion is a version name, not a secret: naming it helps fix the config.
    const QString got = QString::fromUtf8(stringMember(doc, "apiVersion"));
    if (got != apiVersion) {
        *error = QStringLiteral("exec plugin is configured to use API version %1, plugin returned version %2")
                     .arg(apiVersion, got.isEmpty() ? QStringLiteral("(none)") : got.left(80));
        return false;
    }
    const auto status = doc.find("status");
    if (status == doc.end() || !status->is_object()) {
        *error = QStringLiteral("the plugin's output has no status field");
        return false;
    }
    credential->token = stringMember(*status, "token");
    const QByteArray certPem = stringMember(*status, "clientCertificateData");
    const QByteArray keyPem = stringMember(*status, "clientKeyData");
    if (certPem.isEmpty() != keyPem.isEmpty()) {
        *error = QStringLiteral("the plugin returned only a client certificate or a key, not both");
        return false;
    }
    if (credential->token.isEmpty() && certPem.isEmpty()) {
        *error = QStringLiteral("the plugin returned neither a token nor a client certificate and key");
        return false;
    }
    if (!certPem.isEmpty()) {
        credential->identity = clientIdentityFromPem(certPem, keyPem, QStringLiteral("the plugin's"),
                                                                  error);
        if (credential->identity.isNull())
            return false;
    }
    if (const auto expiry = status->find("expirationTimestamp"); expiry != status->end() && !expiry->is_null()) {
        KubeTime when = 0;
        if (!expiry->is_string() || !parseKubeTime(expiry->get_ref<const std::string &>(), &when)) {
            *error = QStringLiteral("the plugin's status.expirationTimestamp is not an RFC 3339 time");
            return false;
        }
        credential->expiresAt = when;
    }
    return true;
}

void ExecCredentialRunner::fail(const QString &message)
{
    cleanup();
    QMetaObject::invokeMethod(this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
}

void ExecCredentialRunner::start()
{
    if (isRunning())
        return;
    const QString hint = m_config.installHint.trimmed().isEmpty() ? QString()
                                                                   : u'\n' + m_config.installHint.trimmed();

    if (m_config.interactiveMode == u"Always") {
        fail(QStringLiteral("%1 needs an interactive login (interactiveMode: Always): interactive login is not "
                            "supported here, run it once in a terminal: %2%3")
                 .arg(prefix(), displayCommand(), hint));
        return;
    }
    if (m_config.command.isEmpty()) {
        fail(QStringLiteral("hub \"%1\": exec plugin has no command").arg(m_hubName));
        return;
    }
    // QProcess would only say "failed to start"; kubectl's wording tells people
    // that a plugin is missing, and the installHint tells them where to get it.
    const bool hasPath = m_config.command.contains(u'/');
    const QString program = hasPath ? m_config.command : QStandardPaths::findExecutable(m_config.command);
    if (program.isEmpty() || !QFileInfo(program).isExecutable()) {
        const QString where = hasPath ? QStringLiteral("is not an executable file") : QStringLiteral("was not found in PATH");
        fail(QStringLiteral("%1 %2. It looks like you are trying to use a client-go credential plugin that is "
                            "not installed.%3")
                 .arg(prefix(), where, hint));
        return;
    }

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const ExecEnvVar &var : m_config.env)
        env.insert(var.name, var.value);
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"),
               QString::fromUtf8(execInfoJson(m_config, m_cluster, m_caPem)));

    m_stdout.clear();
    m_stderr.clear();
    m_outputTooLarge = false;
    ++m_runCount;

    auto *process = new QProcess(this);
    m_process = process;
    process->setProgram(program);
    process->setArguments(m_config.args);
    process->setProcessEnvironment(env);
    process->setStandardInputFile(QProcess::nullDevice());
    connect(process, &QProcess::readyReadStandardOutput, this, [this] {
        m_stdout += m_process->readAllStandardOutput();
        if (m_stdout.size() > maxOutputBytes && !m_outputTooLarge) {
            m_outputTooLarge = true;
            m_stdout.clear();
            m_process->kill();
        }
    });
    connect(process, &QProcess::readyReadStandardError, this, [this] {
        m_stderr += m_process->readAllStandardError();
        if (m_stderr.size() > maxStderrBytes)
            m_stderr = m_stderr.right(maxStderrBytes);
    });
    connect(process, &QProcess::finished, this,
            [this](int exitCode, QProcess::ExitStatus status) { onFinished(exitCode, int(status)); });
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && m_process)
            fail(QStringLiteral("%1 could not be started: %2").arg(prefix(), m_process->errorString()));
    });

    auto *deadline = new QTimer(this);
    m_deadline = deadline;
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [this] {
        const QString stderrText = stderrSummary();
        fail(QStringLiteral("%1 did not finish within %2 s%3").arg(prefix()).arg(m_timeoutMs / 1000.0).arg(stderrText));
    });
    deadline->start(m_timeoutMs);
    process->start();
}

void ExecCredentialRunner::onFinished(int exitCode, int exitStatus)
{
    if (!m_process)
        return;
    m_stdout += m_process->readAllStandardOutput();
    m_stderr += m_process->readAllStandardError();
    if (m_outputTooLarge) {
        fail(QStringLiteral("%1 printed more than %2 bytes; that is not an ExecCredential")
                 .arg(prefix()).arg(maxOutputBytes));
        return;
    }
    if (exitStatus != QProcess::NormalExit) {
        fail(QStringLiteral("%1 crashed%2").arg(prefix(), stderrSummary()));
        return;
    }
    if (exitCode != 0) {
        fail(QStringLiteral("%1 failed with exit code %2%3").arg(prefix()).arg(exitCode).arg(stderrSummary()));
        return;
    }
    ExecCredential credential;
    QString error;
    const bool ok = parseOutput(m_stdout, m_config.apiVersion, &credential, &error);
    m_stdout.fill('\0'); // do not leave the credential lying around in a buffer we no longer need
    m_stdout.clear();
    if (!ok) {
        fail(QStringLiteral("%1: %2").arg(prefix(), error));
        return;
    }
    cleanup();
    QMetaObject::invokeMethod(
        this, [this, credential] { emit succeeded(credential); }, Qt::QueuedConnection);
}

QString ExecCredentialRunner::stderrSummary() const
{
    // Plugins explain failures on stderr ("token expired, run aws sso login");
    // the last few lines are what people need, without a wall of text.
    QString text = QString::fromUtf8(m_stderr).trimmed();
    if (text.isEmpty())
        return {};
    QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    if (lines.size() > 5)
        lines = lines.mid(lines.size() - 5);
    text = lines.join(QStringLiteral(" | ")).simplified();
    if (text.size() > 400)
        text = QStringLiteral("…") + text.right(400);
    return QStringLiteral(": %1").arg(text);
}

void ExecCredentialRunner::cleanup()
{
    if (m_deadline) {
        m_deadline->stop();
        m_deadline->deleteLater();
        m_deadline = nullptr;
    }
    if (m_process) {
        QProcess *process = m_process;
        m_process = nullptr;
        process->disconnect(this);
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            // Reap the child without blocking this thread: delete once it is gone.
            connect(process, &QProcess::finished, process, &QObject::deleteLater);
        } else {
            process->deleteLater();
        }
    }
}

} // namespace fleetscope
