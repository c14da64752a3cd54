#include "testexecplugin.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace fleetscope::testing {

namespace {

// /usr/bin/python3 on purpose: another python may come first on PATH.
constexpr char pluginSource[] = R"PY(#!/usr/bin/python3
import datetime, json, os, sys, time

d = os.environ["PLUGIN_DIR"]
count_file = os.path.join(d, "count")
n = int(open(count_file).read()) + 1 if os.path.exists(count_file) else 1
open(count_file, "w").write(str(n))
raw = os.environ.get("KUBERNETES_EXEC_INFO", "")
open(os.path.join(d, "info-%d.json" % n), "w").write(raw)

api = os.environ["PLUGIN_API_VERSION"]
try:
    info = json.loads(raw)
except ValueError:
    sys.stderr.write("KUBERNETES_EXEC_INFO is not JSON\n")
    sys.exit(3)
if info.get("kind") != "ExecCredential" or info.get("apiVersion") != api or info["spec"]["interactive"] is not False:
    sys.stderr.write("unexpected KUBERNETES_EXEC_INFO\n")
    sys.exit(4)
if not sys.stdin.read() == "":
    sys.stderr.write("stdin is not empty\n")
    sys.exit(5)

mode = os.environ.get("PLUGIN_MODE", "token")
status = {"token": "exec-token-%d" % n}
if mode == "fail":
    sys.stderr.write("some noise\nlogin expired: run sso login\n")
    sys.exit(2)
if mode == "garbage":
    print("SECRET-GARBAGE-4711 not json")
    sys.exit(0)
if mode == "hang":
    time.sleep(60)
if mode == "wrongversion":
    api = "client.authentication.k8s.io/v1alpha1"
    status = {"token": "SECRET-TOKEN-4711"}
if mode == "cert":
    status = {"clientCertificateData": open(os.environ["PLUGIN_CERT"]).read(),
              "clientKeyData": open(os.environ["PLUGIN_KEY"]).read()}
if "PLUGIN_EXPIRES_IN" in os.environ:
    when = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=int(os.environ["PLUGIN_EXPIRES_IN"]))
    status["expirationTimestamp"] = when.strftime("%Y-%m-%dT%H:%M:%SZ")
print(json.dumps({"apiVersion": api, "kind": "ExecCredential", "status": status}))
)PY";

} // namespace

TestExecPlugin::TestExecPlugin()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable()) {
        m_error = QStringLiteral("/usr/bin/python3 is not installed");
        return;
    }
    m_script = m_dir.filePath(QStringLiteral("test-plugin"));
    QFile file(m_script);
    if (!file.open(QIODevice::WriteOnly) || file.write(pluginSource) < 0) {
        m_error = QStringLiteral("cannot write %1").arg(m_script);
        return;
    }
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

ExecConfig TestExecPlugin::config(const QString &mode, const QString &apiVersion,
                                  const QList<ExecEnvVar> &extraEnv) const
{
    ExecConfig config;
    config.apiVersion = apiVersion;
    config.command = m_script;
    config.interactiveMode = QStringLiteral("IfAvailable");
    config.env = {{QStringLiteral("PLUGIN_DIR"), m_dir.path()},
                  {QStringLiteral("PLUGIN_MODE"), mode},
                  {QStringLiteral("PLUGIN_API_VERSION"), apiVersion}};
    config.env += extraEnv;
    config.envPresent = true;
    return config;
}

int TestExecPlugin::runs() const
{
    QFile file(m_dir.filePath(QStringLiteral("count")));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toInt() : 0;
}

QJsonObject TestExecPlugin::execInfo(int run) const
{
    QFile file(m_dir.filePath(QStringLiteral("info-%1.json").arg(run)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace fleetscope::testing
