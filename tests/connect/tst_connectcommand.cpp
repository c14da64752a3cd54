// `fleetscope connect` end to end: a hub fleetscope-hub publishes a ClusterProfile
// whose access provider points at a member fleetscope-hub (own CA, token T); the
// provider file maps the provider to a test exec plugin that hands out T only when
// kubectl passes it the profile's exec extension and the member's server. kubectl,
// run by fleetscope with KUBECONFIG set, must then list the member's namespaces.

#include "hubprocess.h"
#include "testsupport.h"

#include "kube/kubeconfigparser.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const QString token = QStringLiteral("t0ken-4b1c-connect-secret");

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

QByteArray profileYaml(const QString &name, const QString &server, const QByteArray &caData, bool execExtension)
{
    QByteArray y = "---\napiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: "
        + name.toUtf8() + "\n  namespace: fleet\nspec:\n  clusterManager: {name: test}\nstatus:\n  accessProviders:\n"
        + "  - name: test-provider\n    cluster:\n      server: " + server.toUtf8()
        + "\n      certificate-authority-data: " + caData.toBase64() + "\n      extensions:\n";
    if (execExtension)
        y += "      - name: client.authentication.k8s.io/exec\n        extension: {clusterName: member-1}\n";
    y += "      - name: clusterprofiles.multicluster.x-k8s.io/exec/additional-args\n        extension: {args: [--mode=strict]}\n"
         "      - name: clusterprofiles.multicluster.x-k8s.io/exec/additional-envs\n        extension: {TEST_TENANT: t-1}\n";
    return y;
}

} // namespace

class TestConnectCommand final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void kubectlListsTheMembersNamespaces();
    void exitCodeIsPassedThroughAndKubeconfigRemoved();
    void terminatingUsEndsTheChildAndCleansUp();
    void printKubeconfig();
    void withoutExecExtensionThePluginSaysWhy();
    void wrongProviderFileSaysWhichNames();
    void unknownProfileAndBadTarget();
    void brokenProviderFileNamesTheEntry();

private:
    ProcessResult connect(const QStringList &arguments, const QString &providerFile = {});

    QTemporaryDir m_dir;
    std::unique_ptr<HubProcess> m_member;
    std::unique_ptr<HubProcess> m_hub;
    QString m_providers;
    QString m_runtime;
};

void TestConnectCommand::initTestCase()
{
    // The test exec plugin is a Python script; kubectl is checked per test function.
    QVERIFY2(QFile::exists(QStringLiteral("/usr/bin/python3")), "/usr/bin/python3 is missing (Debian's python3)");
    QVERIFY(m_dir.isValid());

    const QString memberFleet = m_dir.filePath(QStringLiteral("member.yaml"));
    QVERIFY(writeFile(memberFleet, "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a}\n---\n"
                                   "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-b}\n"));
    m_member = std::make_unique<HubProcess>(QStringList{QStringLiteral("--token"), token, QStringLiteral("--no-anonymous"),
                                                        QStringLiteral("--fleet"), memberFleet},
                                            QStringLiteral("member"));
    QString error;
    QVERIFY2(m_member->start(&error), qPrintable(error));

    // The member's CA, as its manager would publish it in the profile.
    QFile memberConfig(m_member->kubeconfigPath());
    QVERIFY(memberConfig.open(QIODevice::ReadOnly));
    Kubeconfig parsed;
    QVERIFY2(parseKubeconfig(memberConfig.readAll(), m_member->kubeconfigPath(), &parsed, &error), qPrintable(error));
    const QByteArray ca = parsed.clusters.at(0).cluster.certificateAuthorityData;
    QVERIFY(ca.startsWith("-----BEGIN CERTIFICATE-----"));

    const QString hubFleet = m_dir.filePath(QStringLiteral("hub.yaml"));
    QVERIFY(writeFile(hubFleet, "apiVersion: v1\nkind: Namespace\nmetadata: {name: fleet}\n"
                                    + profileYaml(QStringLiteral("member-1"), m_member->url(), ca, true)
                                    + profileYaml(QStringLiteral("no-extension"), m_member->url(), ca, false)));
    m_hub = std::make_unique<HubProcess>(QStringList{QStringLiteral("--fleet"), hubFleet}, QStringLiteral("hub"));
    QVERIFY2(m_hub->start(&error), qPrintable(error));

    // Hands out the token only for exactly what the profile promised, and says why not otherwise.
    // (Plain literals, not raw strings: moc cannot read raw strings that hold quotes and parentheses.)
    const QString plugin = m_dir.filePath(QStringLiteral("plugin.py"));
    const QByteArrayList script{
        "import json, os, sys",
        "info = json.loads(os.environ.get('KUBERNETES_EXEC_INFO', '{}'))",
        "cluster = info.get('spec', {}).get('cluster') or {}",
        "problems = []",
        "if cluster.get('config') != {'clusterName': 'member-1'}:",
        "    problems.append('spec.cluster.config is %s, want {\"clusterName\": \"member-1\"}' % json.dumps(cluster.get('config')))",
        "if cluster.get('server') != '" + m_member->url().toUtf8() + "':",
        "    problems.append('spec.cluster.server is %s' % json.dumps(cluster.get('server')))",
        "if sys.argv[1:] != ['--mode=strict']:",
        "    problems.append('args are %s' % sys.argv[1:])",
        "if os.environ.get('TEST_TENANT') != 't-1' or os.environ.get('TEST_FIXED') != 'file':",
        "    problems.append('environment lacks TEST_TENANT=t-1 / TEST_FIXED=file')",
        "if problems:",
        "    sys.stderr.write('test-plugin: refusing: ' + '; '.join(problems) + '\\n')",
        "    sys.exit(1)",
        "status = {'token': '" + token.toUtf8() + "'}",
        "print(json.dumps({'apiVersion': info['apiVersion'], 'kind': 'ExecCredential', 'status': status}))",
    };
    QVERIFY(writeFile(plugin, script.join('\n') + '\n'));

    nlohmann::json exec = {{"apiVersion", "client.authentication.k8s.io/v1"}, {"command", "/usr/bin/python3"},
                           {"args", {plugin.toStdString()}}, {"env", {{{"name", "TEST_FIXED"}, {"value", "file"}}}},
                           {"provideClusterInfo", true}, {"interactiveMode", "Never"}};
    nlohmann::json unrelated = {{"apiVersion", "client.authentication.k8s.io/v1"}, {"command", "false"}};
    const nlohmann::json providers = {
        {"providers",
         {{{"name", "unrelated"}, {"execConfig", unrelated}},
          {{"name", "test-provider"}, {"execConfig", exec}, {"profileSourcedCLIArgsPolicy", "Append"},
           {"profileSourcedEnvVarsPolicy", "AppendIfNotExists"}}}}};
    m_providers = m_dir.filePath(QStringLiteral("providers.json"));
    QVERIFY(writeFile(m_providers, QByteArray::fromStdString(providers.dump(2))));

    m_runtime = m_dir.filePath(QStringLiteral("runtime"));
    QVERIFY(QDir().mkpath(m_runtime));
    QVERIFY(QFile::setPermissions(m_runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

ProcessResult TestConnectCommand::connect(const QStringList &arguments, const QString &providerFile)
{
    QStringList args{QStringLiteral("connect"), QStringLiteral("--kubeconfig"), m_hub->kubeconfigPath(),
                     QStringLiteral("--provider-file"), providerFile.isEmpty() ? m_providers : providerFile};
    args += arguments;
    const ProcessResult r = runProcess(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")), args,
                                       {QStringLiteral("HOME=") + m_dir.path(), QStringLiteral("XDG_RUNTIME_DIR=") + m_runtime,
                                        QStringLiteral("KUBECONFIG="), QStringLiteral("SHELL=/bin/sh")},
                                       60000);
    // Whatever happens, the member's token never shows up in what fleetscope or kubectl print.
    if (r.out.contains(token.toUtf8()) || r.err.contains(token.toUtf8()))
        qFatal("the token leaked into fleetscope connect's output");
    return r;
}

void TestConnectCommand::kubectlListsTheMembersNamespaces()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = connect({QStringLiteral("hub/fleet/member-1"), QStringLiteral("--"), QStringLiteral("kubectl"),
                                     QStringLiteral("get"), QStringLiteral("namespaces"), QStringLiteral("-o"), QStringLiteral("name")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("namespace/team-a\n") && r.out.contains("namespace/team-b\n"), r.out.constData());
    QVERIFY2(r.err.contains("hub/fleet/member-1: context \"member-1\", provider \"test-provider\" (/usr/bin/python3)"), r.err.constData());
}

void TestConnectCommand::exitCodeIsPassedThroughAndKubeconfigRemoved()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    // The child sees KUBECONFIG (private, 0600) and PATH as ours; its exit code comes back.
    const ProcessResult r = connect({QStringLiteral("hub/fleet/member-1"), QStringLiteral("--"), QStringLiteral("/bin/sh"),
                                     QStringLiteral("-c"),
                                     QStringLiteral("echo \"$KUBECONFIG\"; stat -c %a \"$KUBECONFIG\"; echo \"$PATH\"; exit 7")});
    QVERIFY2(r.finished, r.err.constData());
    QCOMPARE(r.exitCode, 7);
    const QList<QByteArray> lines = r.out.split('\n');
    QVERIFY(lines.size() >= 3);
    const QString path = QString::fromUtf8(lines[0]);
    QVERIFY2(path.startsWith(m_runtime + QStringLiteral("/fleetscope/fleetscope-connect-")), lines[0].constData());
    QCOMPARE(lines[1], QByteArray("600"));
    QCOMPARE(lines[2], qgetenv("PATH"));
    QVERIFY(!QFile::exists(path));
    QCOMPARE(QDir(m_runtime + QStringLiteral("/fleetscope")).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());

    // The default command is $SHELL.
    const ProcessResult shell = connect({QStringLiteral("hub/fleet/member-1")});
    QVERIFY2(shell.exitCode == 0, shell.err.constData());
}

void TestConnectCommand::terminatingUsEndsTheChildAndCleansUp()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_dir.path());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime);
    process.setProcessEnvironment(env);
    process.start(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")),
                  {QStringLiteral("connect"), QStringLiteral("--kubeconfig"), m_hub->kubeconfigPath(),
                   QStringLiteral("--provider-file"), m_providers, QStringLiteral("hub/fleet/member-1"), QStringLiteral("--"),
                   QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("echo \"$KUBECONFIG\"; exec sleep 120")});
    QDeadlineTimer deadline(60000);
    while (!process.canReadLine() && !deadline.hasExpired() && process.state() != QProcess::NotRunning)
        process.waitForReadyRead(int(deadline.remainingTime()));
    const QString path = QString::fromUtf8(process.readLine().trimmed());
    QVERIFY2(QFile::exists(path), qPrintable(path + QString::fromUtf8(process.readAllStandardError())));
    process.terminate(); // SIGTERM to fleetscope, which passes it on and then removes the file
    QVERIFY(process.waitForFinished(20000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 128 + 15);
    QVERIFY(!QFile::exists(path));
}

void TestConnectCommand::printKubeconfig()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = connect({QStringLiteral("hub/fleet/member-1"), QStringLiteral("--print-kubeconfig")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString path = m_dir.filePath(QStringLiteral("printed.kubeconfig"));
    QVERIFY(writeFile(path, r.out));
    const ProcessResult k = runProcess(QStringLiteral("kubectl"),
                                       {QStringLiteral("--kubeconfig"), path, QStringLiteral("get"), QStringLiteral("ns"),
                                        QStringLiteral("team-a"), QStringLiteral("-o"), QStringLiteral("name")},
                                       {QStringLiteral("HOME=") + m_dir.path()}, 60000);
    QVERIFY2(k.exitCode == 0, k.err.constData());
    QCOMPARE(k.out, QByteArray("namespace/team-a\n"));
    QVERIFY(r.out.contains("current-context: member-1"));
    QVERIFY(!r.out.contains(token.toUtf8()));

    // Several members at once: one kubeconfig, a context each, the first one current.
    const ProcessResult both = connect({QStringLiteral("hub/fleet/member-1"), QStringLiteral("hub/fleet/no-extension"),
                                        QStringLiteral("--"), QStringLiteral("kubectl"), QStringLiteral("config"),
                                        QStringLiteral("get-contexts"), QStringLiteral("-o"), QStringLiteral("name")});
    QVERIFY2(both.exitCode == 0, both.err.constData());
    QCOMPARE(both.out, QByteArray("member-1\nno-extension\n"));
}

void TestConnectCommand::withoutExecExtensionThePluginSaysWhy()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = connect({QStringLiteral("hub/fleet/no-extension"), QStringLiteral("--"), QStringLiteral("kubectl"),
                                     QStringLiteral("get"), QStringLiteral("namespaces")});
    QVERIFY(r.finished);
    QVERIFY(r.exitCode != 0);
    // Ours, before kubectl runs, and the plugin's own words, relayed by kubectl.
    QVERIFY2(r.err.contains("warning: hub/fleet/no-extension: access provider \"test-provider\" has no "
                            "client.authentication.k8s.io/exec extension: the plugin gets no spec.cluster.config"),
             r.err.constData());
    QVERIFY2(r.err.contains("test-plugin: refusing: spec.cluster.config is null"), r.err.constData());
}

void TestConnectCommand::wrongProviderFileSaysWhichNames()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString wrong = m_dir.filePath(QStringLiteral("wrong.yaml"));
    QVERIFY(writeFile(wrong, "providers:\n- name: secretreader\n  execConfig: {apiVersion: client.authentication.k8s.io/v1, command: x}\n"));
    const ProcessResult r = connect({QStringLiteral("hub/fleet/member-1"), QStringLiteral("--"), QStringLiteral("kubectl"),
                                     QStringLiteral("version")},
                                    wrong);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(QString::fromUtf8(r.err), QStringLiteral("error: no provider in %1 matches ClusterProfile hub/fleet/member-1: the profile "
                                                      "offers \"test-provider\"; the file knows \"secretreader\"\n").arg(wrong));

    const ProcessResult chosen = connect({QStringLiteral("hub/fleet/member-1"), QStringLiteral("--provider"),
                                          QStringLiteral("unrelated"), QStringLiteral("--print-kubeconfig")});
    QCOMPARE(chosen.exitCode, 1);
    QCOMPARE(QString::fromUtf8(chosen.err), QStringLiteral("error: ClusterProfile hub/fleet/member-1 does not offer provider \"unrelated\": it offers \"test-provider\"\n"));
}

void TestConnectCommand::unknownProfileAndBadTarget()
{
    ProcessResult r = connect({QStringLiteral("hub/fleet/nope"), QStringLiteral("--print-kubeconfig")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QByteArray("error: hub hub has no ClusterProfile fleet/nope\n"));
    r = connect({QStringLiteral("member-1"), QStringLiteral("--print-kubeconfig")});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QByteArray("error: \"member-1\" is not HUB/NAMESPACE/NAME (see \"fleetscope connect --help\")\n"));
}

void TestConnectCommand::brokenProviderFileNamesTheEntry()
{
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    QVERIFY(writeFile(broken, "{\"providers\":[{\"name\":\"test-provider\",\"execConfig\":{\"apiVersion\":\"client.authentication.k8s.io/v1\"}}]}"));
    const ProcessResult r = connect({QStringLiteral("hub/fleet/member-1")}, broken);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(QString::fromUtf8(r.err), QStringLiteral("error: %1: providers[0] (\"test-provider\"): execConfig.command: required\n").arg(broken));
}

QTEST_GUILESS_MAIN(TestConnectCommand)
#include "tst_connectcommand.moc"
