// The kubeconfig built for a member: exec config copied and extended per the
// policies, every cluster field kept, and YAML that kubectl reads back unchanged.

#include "connect/kubeconfigbuilder.h"

#include "api/profiledecoder.h"
#include "api/yamljson.h"
#include "kube/kubeconfigparser.h"
#include "kube/kubectlview.h"
#include "testsupport.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;
using nlohmann::json;

namespace {

CredentialProvider provider(ArgsPolicy args = ArgsPolicy::Ignore, EnvVarsPolicy envs = EnvVarsPolicy::Ignore)
{
    CredentialProvider p;
    p.name = QStringLiteral("secretreader");
    p.execConfig.apiVersion = QStringLiteral("client.authentication.k8s.io/v1");
    p.execConfig.command = QStringLiteral("/plugins/bin/secretreader-plugin");
    p.execConfig.args = {QStringLiteral("--flag")};
    p.execConfig.argsPresent = true;
    p.execConfig.env = {{QStringLiteral("FOO"), QStringLiteral("file")}, {QStringLiteral("KEEP"), QStringLiteral("k")}};
    p.execConfig.envPresent = true;
    p.execConfig.provideClusterInfo = true;
    p.execConfig.installHint = QStringLiteral("apt install secretreader");
    p.argsPolicy = args;
    p.envVarsPolicy = envs;
    return p;
}

NamedExtension ext(const char16_t *name, const char *body)
{
    return NamedExtension{QString::fromUtf16(name), QByteArray(body)};
}

AccessProvider access(const QList<NamedExtension> &extensions = {})
{
    AccessProvider a;
    a.name = QStringLiteral("secretreader");
    a.cluster.server = QStringLiteral("https://10.0.0.5:6443");
    a.cluster.extensions = extensions;
    return a;
}

// Line-wise, so that a failure shows the differing line instead of a truncated document.
void compareJson(const json &actual, const json &expected)
{
    const QStringList a = QString::fromStdString(actual.dump(2)).split(u'\n');
    const QStringList e = QString::fromStdString(expected.dump(2)).split(u'\n');
    for (int i = 0; i < qMin(a.size(), e.size()); ++i) {
        if (a[i] != e[i]) {
            const QString context = e.mid(qMax(0, i - 4), 5).join(u'\n');
            QVERIFY2(false, qPrintable(QStringLiteral("line %1: got %2, want %3, after:\n%4").arg(i + 1).arg(a[i], e[i], context)));
        }
    }
    QCOMPARE(a.size(), e.size());
}

QStringList envStrings(const QList<ExecEnvVar> &env)
{
    QStringList out;
    for (const ExecEnvVar &v : env)
        out << v.name + u'=' + v.value;
    return out;
}

// A producer's fixture decoded as Fleetscope reads it from a hub.
ClusterProfile producerProfile(const QString &fixture)
{
    const QByteArray text = readFixture(QStringLiteral("api/") + fixture);
    std::vector<json> documents;
    QString error;
    if (!fixture.endsWith(u".json") && (!parseYamlDocuments(text, fixture, &documents, &error) || documents.size() != 1))
        qFatal("%s: %s", qPrintable(fixture), qPrintable(error));
    const QByteArray jsonText = fixture.endsWith(u".json") ? text : QByteArray::fromStdString(documents.front().dump());
    ProfileDecoder decoder;
    ClusterProfile profile;
    if (!decoder.decode(PaddedJson(jsonText).view(), &profile))
        qFatal("%s: %s", qPrintable(fixture), qPrintable(decoder.error()));
    return profile;
}

} // namespace

class TestKubeconfigBuilder final : public QObject
{
    Q_OBJECT

private slots:
    void carriesProducersClusterFields_data();
    void carriesProducersClusterFields();
    void refusesAProxyOfAnotherScheme();
    void policies_data();
    void policies();
    void extensionErrors_data();
    void extensionErrors();
    void providerIsNotMutated();
    void interactiveMode_data();
    void interactiveMode();
    void clusterFields_data();
    void clusterFields();
    void outputYaml();
    void severalClustersGetAContextEach();
    void kubectlReadsIt();
};

void TestKubeconfigBuilder::policies_data()
{
    QTest::addColumn<ArgsPolicy>("argsPolicy");
    QTest::addColumn<EnvVarsPolicy>("envPolicy");
    QTest::addColumn<QByteArray>("argsExtension");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("env");
    const QByteArray list = R"(["--cluster=prod","-v"])";
    const QStringList appended{QStringLiteral("--flag"), QStringLiteral("--cluster=prod"), QStringLiteral("-v")};
    const QStringList fileArgs{QStringLiteral("--flag")};
    const QStringList fileEnv{QStringLiteral("FOO=file"), QStringLiteral("KEEP=k")};
    QTest::newRow("Ignore/Ignore") << ArgsPolicy::Ignore << EnvVarsPolicy::Ignore << list << fileArgs << fileEnv;
    QTest::newRow("Append list") << ArgsPolicy::Append << EnvVarsPolicy::Ignore << list << appended << fileEnv;
    QTest::newRow("Append {args}") << ArgsPolicy::Append << EnvVarsPolicy::Ignore
                                   << QByteArray(R"({"args":["--cluster=prod","-v"]})") << appended << fileEnv;
    QTest::newRow("Append empty list") << ArgsPolicy::Append << EnvVarsPolicy::Ignore << QByteArray("[]") << fileArgs << fileEnv;
    QTest::newRow("Ignore skips a broken extension") << ArgsPolicy::Ignore << EnvVarsPolicy::Ignore << QByteArray("42") << fileArgs << fileEnv;
    QTest::newRow("AppendIfNotExists") << ArgsPolicy::Ignore << EnvVarsPolicy::AppendIfNotExists << list << fileArgs
                                       << QStringList{QStringLiteral("FOO=file"), QStringLiteral("KEEP=k"), QStringLiteral("A_NEW=a"), QStringLiteral("TENANT=t-123")};
    QTest::newRow("Replace") << ArgsPolicy::Ignore << EnvVarsPolicy::Replace << list << fileArgs
                             << QStringList{QStringLiteral("FOO=profile"), QStringLiteral("KEEP=k"), QStringLiteral("A_NEW=a"), QStringLiteral("TENANT=t-123")};
    QTest::newRow("Append/Replace") << ArgsPolicy::Append << EnvVarsPolicy::Replace << list << appended
                                    << QStringList{QStringLiteral("FOO=profile"), QStringLiteral("KEEP=k"), QStringLiteral("A_NEW=a"), QStringLiteral("TENANT=t-123")};
}

void TestKubeconfigBuilder::policies()
{
    QFETCH(ArgsPolicy, argsPolicy);
    QFETCH(EnvVarsPolicy, envPolicy);
    QFETCH(QByteArray, argsExtension);
    QFETCH(QStringList, args);
    QFETCH(QStringList, env);
    const AccessProvider a = access({ext(extension_names::additionalArgs, argsExtension.constData()),
                                     ext(extension_names::additionalEnvs, R"({"TENANT":"t-123","FOO":"profile","A_NEW":"a"})")});
    ExecConfig exec;
    QString error;
    QVERIFY2(KubeconfigBuilder::execConfigFor(provider(argsPolicy, envPolicy), a.cluster, &exec, &error), qPrintable(error));
    QCOMPARE(exec.args, args);
    QCOMPARE(envStrings(exec.env), env);
    QVERIFY(exec.provideClusterInfo);
    QCOMPARE(exec.installHint, QStringLiteral("apt install secretreader"));
}

void TestKubeconfigBuilder::extensionErrors_data()
{
    QTest::addColumn<bool>("argsExtension");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("error");
    QTest::newRow("args a number") << true << QByteArray("42")
                                   << QStringLiteral("extension clusterprofiles.multicluster.x-k8s.io/exec/additional-args: expected a list of strings or {\"args\": [strings]}, got number");
    QTest::newRow("args object without args") << true << QByteArray(R"({"argv":[]})")
                                              << QStringLiteral("extension clusterprofiles.multicluster.x-k8s.io/exec/additional-args: expected a list of strings or {\"args\": [strings]}, got an object without an \"args\" list");
    QTest::newRow("arg a bool") << true << QByteArray(R"(["-v",true])")
                                << QStringLiteral("extension clusterprofiles.multicluster.x-k8s.io/exec/additional-args: [1]: expected a string, got boolean");
    QTest::newRow("envs a list") << false << QByteArray(R"(["A=b"])")
                                 << QStringLiteral("extension clusterprofiles.multicluster.x-k8s.io/exec/additional-envs: expected an object of name: value strings, got array");
    QTest::newRow("env a number") << false << QByteArray(R"({"PORT":8080})")
                                  << QStringLiteral("extension clusterprofiles.multicluster.x-k8s.io/exec/additional-envs: PORT: expected a string, got number");
}

void TestKubeconfigBuilder::extensionErrors()
{
    QFETCH(bool, argsExtension);
    QFETCH(QByteArray, body);
    QFETCH(QString, error);
    const AccessProvider a = access({ext(argsExtension ? extension_names::additionalArgs : extension_names::additionalEnvs, body.constData())});
    KubeconfigBuilder builder;
    QString actual;
    QVERIFY(!builder.add({QStringLiteral("m")}, a, provider(ArgsPolicy::Append, EnvVarsPolicy::Replace), &actual));
    QCOMPARE(actual, QStringLiteral("access provider \"secretreader\": ") + error);
    QVERIFY(builder.kubeconfig().isEmpty());
}

void TestKubeconfigBuilder::providerIsNotMutated()
{
    const CredentialProvider original = provider(ArgsPolicy::Append, EnvVarsPolicy::Replace);
    CredentialProvider p = original;
    const AccessProvider a = access({ext(extension_names::additionalArgs, R"(["--x"])"),
                                     ext(extension_names::additionalEnvs, R"({"FOO":"profile"})")});
    KubeconfigBuilder builder;
    QString error;
    QVERIFY(builder.add({QStringLiteral("m1")}, a, p, &error));
    QVERIFY(builder.add({QStringLiteral("m2")}, a, p, &error));
    QCOMPARE(p, original);
    // Applied once per member, not accumulated across members.
    QCOMPARE(builder.kubeconfig().user(u"m2")->user.exec->args, (QStringList{QStringLiteral("--flag"), QStringLiteral("--x")}));
}

void TestKubeconfigBuilder::interactiveMode_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("written");
    QTest::newRow("empty becomes Never") << QString() << QStringLiteral("Never");
    QTest::newRow("Never") << QStringLiteral("Never") << QStringLiteral("Never");
    QTest::newRow("IfAvailable kept") << QStringLiteral("IfAvailable") << QStringLiteral("IfAvailable");
    QTest::newRow("Always kept") << QStringLiteral("Always") << QStringLiteral("Always");
}

void TestKubeconfigBuilder::interactiveMode()
{
    QFETCH(QString, given);
    QFETCH(QString, written);
    CredentialProvider p = provider();
    p.execConfig.interactiveMode = given;
    ExecConfig exec;
    QString error;
    QVERIFY(KubeconfigBuilder::execConfigFor(p, access().cluster, &exec, &error));
    QCOMPARE(exec.interactiveMode, written);
}

void TestKubeconfigBuilder::clusterFields_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("yaml");  // the access provider's cluster, as a profile carries it
    QTest::addColumn<QString>("value"); // what the kubeconfig must say (JSON)
    QTest::newRow("server") << QStringLiteral("server") << QStringLiteral("server: https://m.example:6443") << QStringLiteral("\"https://m.example:6443\"");
    QTest::newRow("ca data") << QStringLiteral("certificate-authority-data") << QStringLiteral("certificate-authority-data: LS0tLS1CRUdJTg==") << QStringLiteral("\"LS0tLS1CRUdJTg==\"");
    QTest::newRow("tls-server-name") << QStringLiteral("tls-server-name") << QStringLiteral("tls-server-name: api.internal") << QStringLiteral("\"api.internal\"");
    QTest::newRow("insecure") << QStringLiteral("insecure-skip-tls-verify") << QStringLiteral("insecure-skip-tls-verify: true") << QStringLiteral("true");
    QTest::newRow("proxy-url http") << QStringLiteral("proxy-url") << QStringLiteral("proxy-url: http://proxy:3128") << QStringLiteral("\"http://proxy:3128\"");
    QTest::newRow("proxy-url socks5") << QStringLiteral("proxy-url") << QStringLiteral("proxy-url: socks5://u@proxy:1080") << QStringLiteral("\"socks5://u@proxy:1080\"");
    QTest::newRow("disable-compression") << QStringLiteral("disable-compression") << QStringLiteral("disable-compression: true") << QStringLiteral("true");
    QTest::newRow("exec extension") << QStringLiteral("extensions")
                                    << QStringLiteral("extensions: [{name: client.authentication.k8s.io/exec, extension: {clusterName: prod-eu-1}}]")
                                    << QStringLiteral(R"([{"name":"client.authentication.k8s.io/exec","extension":{"clusterName":"prod-eu-1"}}])");
    QTest::newRow("file CA path dropped") << QStringLiteral("certificate-authority") << QStringLiteral("certificate-authority: /hub/ca.pem") << QStringLiteral("null");
}

void TestKubeconfigBuilder::clusterFields()
{
    QFETCH(QString, field);
    QFETCH(QString, yaml);
    QFETCH(QString, value);
    // Read the cluster the way kubeconfig files are read: same field names as access providers (KEP-4322).
    QByteArray text = "clusters:\n- name: c\n  cluster:\n    " + yaml.toUtf8() + '\n';
    if (!yaml.startsWith(QStringLiteral("server")))
        text += "    server: https://m:6443\n";
    Kubeconfig source;
    QString error;
    QVERIFY2(parseKubeconfig(text, QStringLiteral("profile"), &source, &error), qPrintable(error));
    AccessProvider a;
    a.name = QStringLiteral("secretreader");
    a.cluster = source.clusters.at(0).cluster;

    KubeconfigBuilder builder;
    QVERIFY2(builder.add({QStringLiteral("m")}, a, provider(), &error), qPrintable(error));
    std::vector<json> docs;
    QVERIFY2(parseYamlDocuments(builder.yaml(), QStringLiteral("out"), &docs, &error), qPrintable(error));
    const json &cluster = docs.at(0)["clusters"][0]["cluster"];
    const json expected = json::parse(value.toStdString());
    const json actual = cluster.contains(field.toStdString()) ? cluster[field.toStdString()] : json();
    QCOMPARE(QString::fromStdString(actual.dump()), QString::fromStdString(expected.dump()));
}

void TestKubeconfigBuilder::outputYaml()
{
    AccessProvider a = access({ext(extension_names::execCluster, R"({"clusterName":"prod-eu-1"})"),
                               ext(extension_names::additionalArgs, R"(["--x"])")});
    a.cluster.proxyUrl = QStringLiteral("socks5://proxy:1080");
    a.cluster.tlsServerName = QStringLiteral("api.internal");
    KubeconfigBuilder builder;
    QString error;
    QVERIFY2(builder.add({QStringLiteral("prod-eu-1")}, a, provider(ArgsPolicy::Append), &error), qPrintable(error));
    std::vector<json> docs;
    QVERIFY2(parseYamlDocuments(builder.yaml(), QStringLiteral("out"), &docs, &error), qPrintable(error));
    const json expected = json::parse(R"({
      "apiVersion": "v1", "kind": "Config", "preferences": {}, "current-context": "prod-eu-1",
      "clusters": [{"name": "prod-eu-1", "cluster": {
        "server": "https://10.0.0.5:6443", "proxy-url": "socks5://proxy:1080", "tls-server-name": "api.internal",
        "extensions": [
          {"name": "client.authentication.k8s.io/exec", "extension": {"clusterName": "prod-eu-1"}},
          {"name": "clusterprofiles.multicluster.x-k8s.io/exec/additional-args", "extension": ["--x"]}]}}],
      "contexts": [{"name": "prod-eu-1", "context": {"cluster": "prod-eu-1", "user": "prod-eu-1"}}],
      "users": [{"name": "prod-eu-1", "user": {"exec": {
        "apiVersion": "client.authentication.k8s.io/v1", "command": "/plugins/bin/secretreader-plugin",
        "args": ["--flag", "--x"], "env": [{"name": "FOO", "value": "file"}, {"name": "KEEP", "value": "k"}],
        "installHint": "apt install secretreader", "provideClusterInfo": true, "interactiveMode": "Never"}}}]
    })");
    compareJson(docs.at(0), expected);
}

void TestKubeconfigBuilder::severalClustersGetAContextEach()
{
    KubeconfigBuilder builder;
    QString error;
    QString name;
    QVERIFY(builder.add({QStringLiteral("m"), QStringLiteral("ns-m"), QStringLiteral("hub-ns-m")}, access(), provider(), &error, &name));
    QCOMPARE(name, QStringLiteral("m"));
    QVERIFY(builder.add({QStringLiteral("m"), QStringLiteral("ns2-m"), QStringLiteral("hub-ns2-m")}, access(), provider(), &error, &name));
    QCOMPARE(name, QStringLiteral("ns2-m"));
    QVERIFY(builder.add({QStringLiteral("a")}, access(), provider(), &error, &name));
    QVERIFY(!builder.add({QStringLiteral("a"), QStringLiteral("m")}, access(), provider(), &error));
    QCOMPARE(error, QStringLiteral("no unused kubeconfig name among: a, m"));
    QCOMPARE(builder.contextNames(), (QStringList{QStringLiteral("a"), QStringLiteral("m"), QStringLiteral("ns2-m")}));
    QCOMPARE(builder.kubeconfig().currentContext, QStringLiteral("m")); // the first one added
    QCOMPARE(builder.kubeconfig().users.size(), 3);
    QCOMPARE(builder.kubeconfig().clusters.size(), 3);
}

void TestKubeconfigBuilder::carriesProducersClusterFields_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("expectedCluster"); // the kubeconfig's cluster as kubectl's JSON
    QTest::newRow("KubeFleet v1alpha2: proxy, no compression")
        << "kubefleet-v1alpha2.json"
        << R"({"server":"https://member-1.fleet.example.com:6443","certificate-authority-data":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==","proxy-url":"https://egress.fleet.example.com:3128","disable-compression":true})";
    QTest::newRow("GKE Fleet v1alpha2: Connect Gateway path, no CA data")
        << "gke-fleet-v1alpha2.yaml"
        << R"({"server":"https://connectgateway.googleapis.com/v1/projects/804172376512/locations/global/gkeMemberships/gke-prod"})";
    QTest::newRow("OCM v1alpha2: exec extension, no CA file")
        << "ocm-v1alpha2.yaml"
        << R"({"server":"https://cluster-proxy-addon-user.ocm-global:9092/cluster1","extensions":[{"name":"client.authentication.k8s.io/exec","extension":{"clusterName":"cluster1"}}]})";
}

void TestKubeconfigBuilder::carriesProducersClusterFields()
{
    QFETCH(QString, fixture);
    QFETCH(QString, expectedCluster);
    const ClusterProfile profile = producerProfile(fixture);
    QVERIFY(!profile.accessProviders.isEmpty());
    KubeconfigBuilder builder;
    QString error;
    QVERIFY2(builder.add({profile.metadata.name}, profile.accessProviders[0], provider(), &error), qPrintable(error));
    const json view = toKubectlViewJson(builder.kubeconfig());
    compareJson(view["clusters"][0]["cluster"], json::parse(expectedCluster.toStdString()));
}

void TestKubeconfigBuilder::refusesAProxyOfAnotherScheme()
{
    AccessProvider a = access();
    a.cluster.proxyUrl = QStringLiteral("ftp://proxy.example.com:21");
    KubeconfigBuilder builder;
    QString error;
    QVERIFY(!builder.add({QStringLiteral("m")}, a, provider(), &error));
    QVERIFY2(error.contains(u"proxy-url") && error.contains(u"\"ftp\""), qPrintable(error));
}

void TestKubeconfigBuilder::kubectlReadsIt()
{
    if (QStandardPaths::findExecutable(QStringLiteral("kubectl")).isEmpty())
        QSKIP("kubectl is not installed: cannot check that it reads the kubeconfig");
    AccessProvider a = access({ext(extension_names::execCluster, R"({"clusterName":"prod-eu-1","nested":{"n":[1,2.5,-3],"yes":"no","on":"off","true":"1:20","~":"~",)"
                                                                  R"("k:":"a: b","hex":"0x1F","empty":"","hash":"#c","null":null,"y":"Y","quote":"\"'","multi":"a\nb"}})"),
                               ext(extension_names::additionalArgs, R"({"args":["--x"]})"),
                               ext(extension_names::additionalEnvs, R"({"TENANT":"t"})")});
    a.cluster.proxyUrl = QStringLiteral("http://proxy:3128");
    a.cluster.certificateAuthorityData = QByteArray("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    a.cluster.disableCompression = true;
    KubeconfigBuilder builder;
    QString error;
    QVERIFY(builder.add({QStringLiteral("prod-eu-1")}, a, provider(ArgsPolicy::Append, EnvVarsPolicy::AppendIfNotExists), &error));
    QVERIFY(builder.add({QStringLiteral("other")}, access(), provider(), &error));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(builder.yaml());
    file.close();
    const ProcessResult r = runProcess(QStringLiteral("kubectl"),
                                       {QStringLiteral("config"), QStringLiteral("view"), QStringLiteral("--raw"),
                                        QStringLiteral("-o"), QStringLiteral("json"), QStringLiteral("--kubeconfig"), path},
                                       {QStringLiteral("HOME=") + dir.path()});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const json kubectl = json::parse(r.out.toStdString());
    compareJson(kubectl, toKubectlViewJson(builder.kubeconfig()));
    if (QTest::currentTestFailed())
        return;
    const ProcessResult contexts = runProcess(QStringLiteral("kubectl"),
                                              {QStringLiteral("config"), QStringLiteral("get-contexts"), QStringLiteral("-o"),
                                               QStringLiteral("name"), QStringLiteral("--kubeconfig"), path},
                                              {QStringLiteral("HOME=") + dir.path()});
    QCOMPARE(contexts.out, QByteArray("other\nprod-eu-1\n"));
}

QTEST_GUILESS_MAIN(TestKubeconfigBuilder)
#include "tst_kubeconfigbuilder.moc"
