// The built fleetscope-hub judged by real clients: kubectl 1.32 and Debian's
// python3-kubernetes. Asserts what they print, not what the hub thinks it sent.
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using fleetscope::testing::builtExecutable;
using fleetscope::testing::ProcessResult;
using fleetscope::testing::runProcess;

namespace {
constexpr int kProfiles = 6;
const QString kPython = QStringLiteral("/usr/bin/python3");
} // namespace

class TestHubKubectl : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void getTable();
    void getJson();
    void watchSeesStatusPatch();
    void createAndDelete();
    void invalidCreate();
    void placementDecisionsYaml();
    void applyPlacementDecisions_data();
    void applyPlacementDecisions();
    void wrongTokenIsUnauthorized();
    void restrictedTokenIsForbiddenClusterWide();
    void pythonListAndWatch();
    void memberNodesAndVersion();

private:
    ProcessResult kubectl(const QStringList &arguments, const QString &kubeconfig = {});
    QStringList kubectlEnvironment() const;
    QString kubeconfigWithToken(const QByteArray &token);

    QTemporaryDir m_dir;
    QProcess m_hub;
    QString m_kubectl;
    QString m_kubeconfig;
    QString m_url;
};

void TestHubKubectl::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The kubectl that FLEETSCOPE_REQUIRE_KUBECTL checked, nothing else.
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    m_kubeconfig = m_dir.filePath(QStringLiteral("hub.kubeconfig"));
    const QString hub = builtExecutable(QStringLiteral("app/hub/fleetscope-hub"));
    QVERIFY2(QFileInfo::exists(hub), qPrintable(hub));
    m_hub.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_hub.start(hub, {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--generate"),
                      QString::number(kProfiles), QStringLiteral("--seed"), QStringLiteral("5"),
                      QStringLiteral("--kubeconfig-out"), m_kubeconfig, QStringLiteral("--context"),
                      QStringLiteral("hubtest"), QStringLiteral("--restrict"),
                      QStringLiteral("narrow-token=fleet-prod"), QStringLiteral("--nodes"), QStringLiteral("3"),
                      QStringLiteral("--server-version"), QStringLiteral("v1.31.2")});
    QVERIFY(m_hub.waitForStarted(10000));
    // The one stdout line says when the hub accepts connections: no sleeps, a deadline.
    QDeadlineTimer deadline(15000);
    QByteArray out;
    while (!out.contains('\n')) {
        QVERIFY2(m_hub.waitForReadyRead(int(deadline.remainingTime())), "fleetscope-hub did not print ready");
        out += m_hub.readAllStandardOutput();
    }
    const QByteArray line = out.left(out.indexOf('\n'));
    QVERIFY2(line.startsWith("ready https://127.0.0.1:"), line.constData());
    m_url = QString::fromUtf8(line.mid(6));
    QFile kubeconfig(m_kubeconfig);
    QVERIFY(kubeconfig.exists());
    QCOMPARE(int(kubeconfig.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup)), 0);
}

void TestHubKubectl::cleanupTestCase()
{
    if (m_hub.state() != QProcess::NotRunning) {
        m_hub.terminate(); // SIGTERM: the hub stops cleanly and exits 0
        QVERIFY(m_hub.waitForFinished(15000));
        QCOMPARE(m_hub.exitStatus(), QProcess::NormalExit);
        QCOMPARE(m_hub.exitCode(), 0);
    }
}

QStringList TestHubKubectl::kubectlEnvironment() const
{
    // A private HOME and discovery cache: nothing leaks in from (or out to) the user's ~/.kube.
    return {QStringLiteral("HOME=") + m_dir.path(), QStringLiteral("KUBECACHEDIR=") + m_dir.filePath(QStringLiteral("cache")),
            QStringLiteral("KUBECONFIG=")};
}

ProcessResult TestHubKubectl::kubectl(const QStringList &arguments, const QString &kubeconfig)
{
    return runProcess(m_kubectl,
                      QStringList{QStringLiteral("--kubeconfig"), kubeconfig.isEmpty() ? m_kubeconfig : kubeconfig}
                          + arguments,
                      kubectlEnvironment(), 30000);
}

void TestHubKubectl::getTable()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("clusterprofiles"), QStringLiteral("-A")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), kProfiles + 1);
    const QStringList header = lines[0].split(QRegularExpression(QStringLiteral("\\s{2,}")), Qt::SkipEmptyParts);
    QCOMPARE(header, QStringList({QStringLiteral("NAMESPACE"), QStringLiteral("NAME"), QStringLiteral("DISPLAY NAME"),
                                  QStringLiteral("MANAGER"), QStringLiteral("VERSION"), QStringLiteral("HEALTHY"),
                                  QStringLiteral("AGE")}));
    for (int i = 1; i < lines.size(); ++i) {
        QVERIFY2(lines[i].startsWith(QStringLiteral("fleet-")), qPrintable(lines[i]));
        QVERIFY2(lines[i].contains(QRegularExpression(QStringLiteral("\\s+v1\\.\\d+\\.\\d+\\s+(True|False|Unknown)\\s+\\d+d"))),
                 qPrintable(lines[i]));
    }
}

void TestHubKubectl::getJson()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r =
        kubectl({QStringLiteral("get"), QStringLiteral("clusterprofiles"), QStringLiteral("-A"), QStringLiteral("-o"),
                 QStringLiteral("json")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const nlohmann::json list = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(list["kind"], "List");
    QCOMPARE(list["items"].size(), std::size_t(kProfiles));
    for (const nlohmann::json &item : list["items"]) {
        QCOMPARE(item["kind"], "ClusterProfile");
        QVERIFY(!item["metadata"]["uid"].get<std::string>().empty());
        QVERIFY(item["spec"]["clusterManager"]["name"].is_string());
        QCOMPARE(item["status"]["properties"].size(), std::size_t(5));
        QVERIFY(item["status"]["accessProviders"][0]["cluster"]["server"].is_string());
    }
}

void TestHubKubectl::watchSeesStatusPatch()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    QProcess watch;
    QStringList env = QProcess::systemEnvironment();
    env << kubectlEnvironment();
    watch.setEnvironment(env);
    watch.start(m_kubectl, {QStringLiteral("--kubeconfig"), m_kubeconfig, QStringLiteral("get"),
                            QStringLiteral("clusterprofiles"), QStringLiteral("-A"), QStringLiteral("-w")});
    QVERIFY(watch.waitForStarted(10000));
    QByteArray out;
    QDeadlineTimer deadline(20000);
    while (out.count('\n') < kProfiles + 1) {
        QVERIFY2(watch.waitForReadyRead(int(deadline.remainingTime())), out.constData());
        out += watch.readAllStandardOutput();
    }
    const QStringList rows = QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList first = rows[1].split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const QString ns = first[0], name = first[1];

    const ProcessResult patch =
        kubectl({QStringLiteral("patch"), QStringLiteral("clusterprofile"), QStringLiteral("-n"), ns, name,
                 QStringLiteral("--subresource=status"), QStringLiteral("--type=merge"), QStringLiteral("-p"),
                 QStringLiteral(R"({"status":{"version":{"kubernetes":"v1.99.9"}}})")});
    QVERIFY2(patch.finished && patch.exitCode == 0, patch.err.constData());
    QCOMPARE(QString::fromUtf8(patch.out).trimmed(),
             QStringLiteral("clusterprofile.multicluster.x-k8s.io/") + name + QStringLiteral(" patched"));

    // The watch prints the changed row (no header again) while it is still running.
    QByteArray more;
    while (!more.contains("v1.99.9")) {
        QVERIFY2(watch.waitForReadyRead(int(deadline.remainingTime())), more.constData());
        more += watch.readAllStandardOutput();
    }
    const QString line = QString::fromUtf8(more).trimmed().split(QLatin1Char('\n')).last();
    QVERIFY2(line.startsWith(ns + QLatin1Char(' ')), qPrintable(line));
    QVERIFY2(line.contains(name), qPrintable(line));
    QVERIFY(!more.contains("NAMESPACE"));
    watch.kill();
    watch.waitForFinished(5000);
}

void TestHubKubectl::createAndDelete()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString file = m_dir.filePath(QStringLiteral("new.yaml"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: new-one\n"
            "  namespace: fleet-prod\nspec:\n  displayName: New One\n  clusterManager:\n    name: demo\n");
    f.close();
    ProcessResult r = kubectl({QStringLiteral("create"), QStringLiteral("-f"), file});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), QStringLiteral("clusterprofile.multicluster.x-k8s.io/new-one created"));
    r = kubectl({QStringLiteral("create"), QStringLiteral("-f"), file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(R"(Error from server (AlreadyExists): error when creating ")")
                 && r.err.contains(R"(clusterprofiles.multicluster.x-k8s.io "new-one" already exists)"),
             r.err.constData());
    r = kubectl({QStringLiteral("get"), QStringLiteral("clusterprofile"), QStringLiteral("-n"), QStringLiteral("fleet-prod"),
                 QStringLiteral("new-one"), QStringLiteral("-o"), QStringLiteral("jsonpath={.spec.clusterManager.name}")});
    QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("demo"));
    r = kubectl({QStringLiteral("delete"), QStringLiteral("clusterprofile"), QStringLiteral("-n"),
                 QStringLiteral("fleet-prod"), QStringLiteral("new-one")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(),
             QStringLiteral(R"(clusterprofile.multicluster.x-k8s.io "new-one" deleted)"));
    r = kubectl({QStringLiteral("delete"), QStringLiteral("clusterprofile"), QStringLiteral("-n"),
                 QStringLiteral("fleet-prod"), QStringLiteral("new-one")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(),
             QStringLiteral(R"(Error from server (NotFound): clusterprofiles.multicluster.x-k8s.io "new-one" not found)"));
}

void TestHubKubectl::invalidCreate()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString file = m_dir.filePath(QStringLiteral("bad.yaml"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: bad\n"
            "  namespace: fleet-prod\nspec:\n  clusterManager: {}\n");
    f.close();
    const ProcessResult r = kubectl({QStringLiteral("create"), QStringLiteral("-f"), file});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(),
             QStringLiteral(R"(The ClusterProfile "bad" is invalid: spec.clusterManager.name: Required value)"));
}

void TestHubKubectl::applyPlacementDecisions_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("decisions"); // YAML of the decisions field
    QTest::addColumn<QString>("error");     // kubectl's stderr; empty: applied
    for (const QString &version : {QStringLiteral("v1alpha1"), QStringLiteral("v1alpha2")}) {
        QTest::addRow("%s applied", qPrintable(version))
            << version << QStringLiteral("decisions:\n- clusterProfileRef: {name: c1}\n  reason: GPUs\n") << QString();
        QTest::addRow("%s no name", qPrintable(version))
            << version << QStringLiteral("decisions:\n- clusterProfileRef: {namespace: fleet-prod}\n")
            << QStringLiteral(R"(The PlacementDecision "bad-%1" is invalid: decisions[0].clusterProfileRef.name: Required value)")
                   .arg(version);
        QTest::addRow("%s two causes", qPrintable(version))
            << version << QStringLiteral("decisions:\n- reason: true\n")
            << QStringLiteral("The PlacementDecision \"bad-%1\" is invalid: \n"
                              "* decisions[0].reason: Invalid value: \"boolean\": decisions[0].reason in body must be of type string: \"boolean\"\n"
                              "* decisions[0].clusterProfileRef: Required value")
                   .arg(version);
        QTest::addRow("%s no decisions", qPrintable(version))
            << version << QString()
            << QStringLiteral(R"(The PlacementDecision "bad-%1" is invalid: decisions: Required value)").arg(version);
    }
}

void TestHubKubectl::applyPlacementDecisions()
{
    // `kubectl apply` of a PlacementDecision through either version, as a CRD
    // with the same schema answers it.
    FLEETSCOPE_REQUIRE_KUBECTL();
    QFETCH(QString, version);
    QFETCH(QString, decisions);
    QFETCH(QString, error);
    const QString name = (error.isEmpty() ? QStringLiteral("good-") : QStringLiteral("bad-")) + version;
    const QString file = m_dir.filePath(name + QStringLiteral(".yaml"));
    const auto write = [&](const QString &body) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QStringLiteral("apiVersion: multicluster.x-k8s.io/%1\nkind: PlacementDecision\nmetadata:\n  name: %2\n"
                               "  namespace: fleet-prod\n%3")
                    .arg(version, name, body)
                    .toUtf8());
    };
    write(decisions);
    ProcessResult r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
    if (!error.isEmpty()) {
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.err).trimmed(), error);
        return;
    }
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(),
             QStringLiteral("placementdecision.multicluster.x-k8s.io/%1 created").arg(name));
    // Applied again with a change: patched, and read back through the version written.
    write(QString(decisions).replace(QStringLiteral("GPUs"), QStringLiteral("capacity")));
    r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(),
             QStringLiteral("placementdecision.multicluster.x-k8s.io/%1 configured").arg(name));
    r = kubectl({QStringLiteral("get"), QStringLiteral("placementdecision.%1.multicluster.x-k8s.io").arg(version),
                 QStringLiteral("-n"), QStringLiteral("fleet-prod"), name, QStringLiteral("-o"),
                 QStringLiteral("jsonpath={.apiVersion} {.decisions[0].reason}")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("multicluster.x-k8s.io/%1 capacity").arg(version));
    r = kubectl({QStringLiteral("delete"), QStringLiteral("-f"), file});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
}

void TestHubKubectl::placementDecisionsYaml()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("placementdecisions"), QStringLiteral("-A"),
                                     QStringLiteral("-o"), QStringLiteral("yaml")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QString yaml = QString::fromUtf8(r.out);
    QCOMPARE(yaml.count(QStringLiteral("kind: PlacementDecision\n")), 2); // web-0 and batch-0 in one clusterset
    QVERIFY(yaml.contains(QStringLiteral("multicluster.x-k8s.io/placement-key: web")));
    QVERIFY(yaml.contains(QStringLiteral("multicluster.x-k8s.io/decision-index: \"0\"")));
    QVERIFY(yaml.contains(QStringLiteral("schedulerName: fleetscope-scheduler")));
    QVERIFY(yaml.contains(QStringLiteral("- clusterProfileRef:\n")));
}

QString TestHubKubectl::kubeconfigWithToken(const QByteArray &token)
{
    QFile in(m_kubeconfig);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = in.readAll();
    const int at = text.indexOf("token: ");
    if (at < 0)
        return {};
    text = text.left(at) + "token: " + token + "\n" + text.mid(text.indexOf('\n', at) + 1);
    const QString path = m_dir.filePath(QString::fromUtf8(token) + QStringLiteral(".kubeconfig"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(text);
    return path;
}

void TestHubKubectl::wrongTokenIsUnauthorized()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString bad = kubeconfigWithToken("not-the-token");
    QVERIFY(!bad.isEmpty());
    const ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("clusterprofiles"), QStringLiteral("-A")}, bad);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("error: You must be logged in to the server (Unauthorized)"), r.err.constData());
}

void TestHubKubectl::restrictedTokenIsForbiddenClusterWide()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString narrow = kubeconfigWithToken("narrow-token");
    QVERIFY(!narrow.isEmpty());
    ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("clusterprofiles"), QStringLiteral("-A")}, narrow);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(),
             QStringLiteral(R"(Error from server (Forbidden): clusterprofiles.multicluster.x-k8s.io is forbidden: User "restricted-user-1" cannot list resource "clusterprofiles" in API group "multicluster.x-k8s.io" at the cluster scope)"));
    r = kubectl({QStringLiteral("get"), QStringLiteral("clusterprofiles"), QStringLiteral("-n"), QStringLiteral("fleet-prod"),
                 QStringLiteral("-o"), QStringLiteral("name")},
                narrow);
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).count(QStringLiteral("clusterprofile.multicluster.x-k8s.io/prod-")), kProfiles);
}

void TestHubKubectl::pythonListAndWatch()
{
    FLEETSCOPE_REQUIRE_PYTHON_CLIENT();
    const QString script = m_dir.filePath(QStringLiteral("client.py"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // Paged list, then a watch that patches status once the initial ADDEDs are in and waits
    // for the MODIFIED: proves the stream is live, not buffered.
    f.write(R"PY(import sys
from kubernetes import client, config, watch
config.load_kube_config(config_file=sys.argv[1])
api = client.CustomObjectsApi()
G, V, P = "multicluster.x-k8s.io", "v1alpha1", "clusterprofiles"
names, token, pages = [], None, 0
while True:
    kw = {"limit": 2}
    if token:
        kw["_continue"] = token
    page = api.list_cluster_custom_object(G, V, P, **kw)
    pages += 1
    names += [i["metadata"]["name"] for i in page["items"]]
    token = page["metadata"].get("continue")
    if not token:
        break
print("pages", pages, "items", len(names), "unique", len(set(names)))
w = watch.Watch()
added = 0
for event in w.stream(api.list_cluster_custom_object, G, V, P, timeout_seconds=20):
    obj = event["object"]
    if event["type"] == "ADDED":
        added += 1
        if added == len(names):
            api.patch_namespaced_custom_object_status(G, V, obj["metadata"]["namespace"], P, obj["metadata"]["name"],
                                                      {"status": {"version": {"kubernetes": "v1.55.5"}}})
    elif event["type"] == "MODIFIED":
        print("modified", obj["metadata"]["name"], obj["status"]["version"]["kubernetes"])
        w.stop()
print("added", added)
)PY");
    f.close();
    const ProcessResult r = runProcess(kPython, {script, m_kubeconfig}, kubectlEnvironment(), 60000);
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], QStringLiteral("pages %1 items %2 unique %2").arg((kProfiles + 1) / 2).arg(kProfiles));
    QVERIFY2(lines[1].startsWith(QStringLiteral("modified ")) && lines[1].endsWith(QStringLiteral(" v1.55.5")),
             qPrintable(lines[1]));
    QCOMPARE(lines[2], QStringLiteral("added %1").arg(kProfiles));
}

void TestHubKubectl::memberNodesAndVersion()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    // `kubectl get nodes` prints the hub's Table as a member's apiserver would.
    ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("nodes")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    const QRegularExpression columns(QStringLiteral("\\s{2,}"));
    QCOMPARE(lines[0].split(columns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("NAME"), QStringLiteral("STATUS"), QStringLiteral("ROLES"), QStringLiteral("AGE"),
                          QStringLiteral("VERSION")}));
    const QStringList first = lines[1].split(columns, Qt::SkipEmptyParts);
    QCOMPARE(first.value(0), QStringLiteral("node-000"));
    QCOMPARE(first.value(1), QStringLiteral("Ready"));
    QCOMPARE(first.value(2), QStringLiteral("control-plane"));
    QCOMPARE(first.value(4), QStringLiteral("v1.31.2"));
    QCOMPARE(lines[2].split(columns, Qt::SkipEmptyParts).value(2), QStringLiteral("<none>"));

    // The short name, one node as JSON.
    r = kubectl({QStringLiteral("get"), QStringLiteral("no"), QStringLiteral("node-002"), QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const nlohmann::json node = nlohmann::json::parse(r.out.constData());
    QCOMPARE(node["status"]["nodeInfo"]["kubeletVersion"], "v1.31.2");

    // A watch from the start replays the nodes and ends with the timeout the client asked for.
    r = kubectl({QStringLiteral("get"), QStringLiteral("--raw"), QStringLiteral("/api/v1/nodes?watch=true&timeoutSeconds=1")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.count("\"type\":\"ADDED\""), 3);

    // /version reports --server-version.
    r = kubectl({QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const nlohmann::json version = nlohmann::json::parse(r.out.constData());
    QCOMPARE(version["serverVersion"]["gitVersion"], "v1.31.2");
    QCOMPARE(version["serverVersion"]["minor"], "31");
}

QTEST_GUILESS_MAIN(TestHubKubectl)
#include "tst_hubkubectl.moc"
