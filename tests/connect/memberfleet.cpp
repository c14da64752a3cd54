#include "memberfleet.h"

#include "testsupport.h"

#include "kube/kubeconfigparser.h"

#include <QDir>
#include <QFile>

#include <nlohmann/json.hpp>

namespace fleetscope::testing {
namespace {

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

} // namespace

const QString MemberFleet::token = QStringLiteral("t0ken-members-9f2e-secret");

bool MemberFleet::start(const QStringList &serverVersions, QString *error, const QList<QStringList> &memberArguments)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("no temporary directory");
        return false;
    }
    const QString memberFleet = m_dir.filePath(QStringLiteral("member.yaml"));
    if (!writeFile(memberFleet, "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a}\n"))
        return false;
    for (const QString &version : serverVersions) {
        auto member = std::make_shared<HubProcess>(QStringList{QStringLiteral("--token"), token, QStringLiteral("--no-anonymous"),
                                                               QStringLiteral("--fleet"), memberFleet,
                                                               QStringLiteral("--server-version"), version}
                                                       + memberArguments.value(int(m_members.size())),
                                                   QStringLiteral("member"));
        if (!member->start(error))
            return false;
        QFile config(member->kubeconfigPath());
        Kubeconfig parsed;
        if (!config.open(QIODevice::ReadOnly) || !parseKubeconfig(config.readAll(), member->kubeconfigPath(), &parsed, error))
            return false;
        m_cas << parsed.clusters.at(0).cluster.certificateAuthorityData;
        m_members << member;
    }

    // Hands out the token; says what it was asked for on stderr (no secret there).
    const QByteArrayList good{
        "import json, os, sys",
        "info = json.loads(os.environ.get('KUBERNETES_EXEC_INFO', '{}'))",
        "sys.stderr.write('good-plugin: for %s\\n' % info.get('spec', {}).get('cluster', {}).get('server'))",
        "status = {'token': '" + token.toUtf8() + "', 'expirationTimestamp': '2099-01-01T00:00:00Z'}",
        "print(json.dumps({'apiVersion': info['apiVersion'], 'kind': 'ExecCredential', 'status': status}))",
    };
    const QByteArrayList failing{
        "import sys",
        "sys.stderr.write('failing-plugin: starting\\n')",
        "sys.stderr.write('failing-plugin: token expired, run login\\n')",
        "sys.exit(1)",
    };
    const QByteArrayList garbage{"print('this is not an ExecCredential')"};
    const QString garbagePath = m_dir.filePath(QStringLiteral("garbage-plugin.py"));
    if (!writeFile(garbagePath, garbage.join('\n') + '\n'))
        return false;
    const QString goodPath = m_dir.filePath(QStringLiteral("good-plugin.py"));
    const QString failingPath = m_dir.filePath(QStringLiteral("failing-plugin.py"));
    if (!writeFile(goodPath, good.join('\n') + '\n') || !writeFile(failingPath, failing.join('\n') + '\n'))
        return false;
    auto exec = [](const QString &script) {
        return nlohmann::json{{"apiVersion", "client.authentication.k8s.io/v1"}, {"command", "/usr/bin/python3"},
                              {"args", {script.toStdString()}}, {"provideClusterInfo", true}, {"interactiveMode", "Never"}};
    };
    const nlohmann::json providers = {
        {"providers",
         {{{"name", "good"}, {"execConfig", exec(goodPath)}},
          {{"name", "failing"}, {"execConfig", exec(failingPath)}},
          {{"name", "garbage"}, {"execConfig", exec(garbagePath)}},
          {{"name", "interactive"},
           {"execConfig", {{"apiVersion", "client.authentication.k8s.io/v1"}, {"command", "/usr/bin/python3"},
                           {"args", {goodPath.toStdString()}}, {"interactiveMode", "Always"}}}},
          {{"name", "missing"},
           {"execConfig", {{"apiVersion", "client.authentication.k8s.io/v1"}, {"command", "fleetscope-no-such-plugin"},
                           {"installHint", "install it from nowhere"}}}}}}};
    if (!writeFile(providerFile(), QByteArray::fromStdString(providers.dump(2))))
        return false;
    const QString runtime = runtimeDirectory();
    return QDir().mkpath(runtime) && QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

bool MemberFleet::startHub(const QByteArray &profilesYaml, QString *error)
{
    const QString hubFleet = m_dir.filePath(QStringLiteral("hub.yaml"));
    if (!writeFile(hubFleet, "apiVersion: v1\nkind: Namespace\nmetadata: {name: fleet}\n" + profilesYaml))
        return false;
    m_hub = std::make_unique<HubProcess>(QStringList{QStringLiteral("--fleet"), hubFleet}, QStringLiteral("hub"));
    return m_hub->start(error);
}

QByteArray MemberFleet::profile(const QString &name, const QString &provider, const QString &server, const QByteArray &ca,
                                const QString &reportedVersion)
{
    return "---\napiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: " + name.toUtf8()
        + "\n  namespace: fleet\nspec:\n  clusterManager: {name: test}\nstatus:\n  version: {kubernetes: "
        + reportedVersion.toUtf8() + "}\n  accessProviders:\n  - name: " + provider.toUtf8()
        + "\n    cluster:\n      server: " + server.toUtf8() + "\n      certificate-authority-data: " + ca.toBase64() + "\n";
}

ProcessResult MemberFleet::fleetscope(const QStringList &arguments, int deadlineMs) const
{
    QStringList args = arguments;
    // The subcommand first, then the shared options, then its own.
    args.insert(1, QStringLiteral("--kubeconfig"));
    args.insert(2, m_hub->kubeconfigPath());
    args.insert(3, QStringLiteral("--provider-file"));
    args.insert(4, providerFile());
    const ProcessResult r = runProcess(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")), args,
                                       {QStringLiteral("HOME=") + m_dir.path(), QStringLiteral("XDG_RUNTIME_DIR=") + runtimeDirectory(),
                                        QStringLiteral("KUBECONFIG=")},
                                       deadlineMs);
    if (r.out.contains(token.toUtf8()) || r.err.contains(token.toUtf8()))
        qFatal("the member token leaked into fleetscope's output");
    return r;
}

} // namespace fleetscope::testing
