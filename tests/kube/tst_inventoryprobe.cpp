// InventoryProbe against real fleetscope-hub processes serving different parts of
// the Cluster Inventory API, and against the ways a context fails: a refused
// port, a wrong token, an exec plugin that fails, a CA that does not match.

#include "fleet/engine/fleetengine.h"
#include "hubprocess.h"
#include "testsupport.h"
#include "kube/inventoryprobe.h"
#include "kube/kubeconfigloader.h"

#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

using Problem = InventoryProbeResult::Problem;

InventoryProbeResult probe(const QString &kubeconfigPath, const QString &context)
{
    KubeconfigLoadOptions load;
    load.explicitPath = kubeconfigPath;
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(load);
    if (!loaded.ok()) {
        qWarning("%s", qPrintable(loaded.error));
        return {};
    }
    HubSettings settings;
    QString error;
    if (!hubSettingsForContext(loaded.config, context, &settings, &error)) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    InventoryProbe probe(context, settings.cluster, settings.user, settings.contextNamespace);
    probe.setTimeoutMs(15000);
    QSignalSpy finished(&probe, &InventoryProbe::finished);
    probe.start();
    if (!finished.wait(20000))
        qWarning("the probe did not finish");
    return finished.isEmpty() ? InventoryProbeResult() : finished.first().first().value<InventoryProbeResult>();
}

} // namespace

class TestInventoryProbe final : public QObject
{
    Q_OBJECT

private slots:
    void servedApi_data();
    void servedApi();
    void clusterWithoutTheApi();
    void refusedPort();
    void wrongToken();
    void narrowUserCountsItsNamespace();
    void failingExecPlugin();
    void unknownCertificateAuthority();
};

void TestInventoryProbe::servedApi_data()
{
    QTest::addColumn<QStringList>("hubArguments");
    QTest::addColumn<QStringList>("versions");
    QTest::addColumn<bool>("placements");
    QTest::addColumn<qint64>("profiles");

    QTest::newRow("v1alpha2 and v1alpha1") << QStringList{QStringLiteral("--generate"), QStringLiteral("37")}
                                           << QStringList{QStringLiteral("v1alpha2"), QStringLiteral("v1alpha1")}
                                           << true << qint64(37);
    QTest::newRow("v1alpha1 only") << QStringList{QStringLiteral("--generate"), QStringLiteral("5"),
                                                  QStringLiteral("--inventory-versions"), QStringLiteral("v1alpha1")}
                                   << QStringList{QStringLiteral("v1alpha1")} << true << qint64(5);
    QTest::newRow("v1alpha2 only") << QStringList{QStringLiteral("--generate"), QStringLiteral("3"),
                                                  QStringLiteral("--inventory-versions"), QStringLiteral("v1alpha2")}
                                   << QStringList{QStringLiteral("v1alpha2")} << true << qint64(3);
    QTest::newRow("no PlacementDecisions") << QStringList{QStringLiteral("--generate"), QStringLiteral("2"),
                                                          QStringLiteral("--no-placements")}
                                           << QStringList{QStringLiteral("v1alpha2"), QStringLiteral("v1alpha1")}
                                           << false << qint64(2);
    QTest::newRow("empty hub") << QStringList{}
                               << QStringList{QStringLiteral("v1alpha2"), QStringLiteral("v1alpha1")} << true
                               << qint64(0);
}

void TestInventoryProbe::servedApi()
{
    QFETCH(QStringList, hubArguments);
    HubProcess hub(hubArguments, QStringLiteral("inventory"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const InventoryProbeResult result = probe(hub.kubeconfigPath(), QStringLiteral("inventory"));
    QVERIFY2(result.problem == Problem::None, qPrintable(result.error));
    QVERIFY(result.done);
    QCOMPARE(result.context, QStringLiteral("inventory"));
    QCOMPARE(result.server, hub.url());
    QVERIFY(result.inventory);
    QTEST(result.versions, "versions");
    QTEST(result.placements, "placements");
    QTEST(result.profiles, "profiles");
    // Nothing secret in what people see.
    const QByteArray token = hub.token();
    QVERIFY(!token.isEmpty());
    QVERIFY(!result.error.contains(QString::fromUtf8(token)));
}

void TestInventoryProbe::clusterWithoutTheApi()
{
    HubProcess hub({QStringLiteral("--inventory-versions"), QStringLiteral("none")}, QStringLiteral("plain"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const InventoryProbeResult result = probe(hub.kubeconfigPath(), QStringLiteral("plain"));
    QCOMPARE(result.problem, Problem::NotServed);
    QVERIFY(!result.inventory);
    QVERIFY(result.versions.isEmpty());
    QVERIFY2(result.error.contains(u"multicluster.x-k8s.io"), qPrintable(result.error));
}

void TestInventoryProbe::refusedPort()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    QVERIFY(writeRefusedKubeconfig(path, QStringLiteral("gone"), "secret-token-value"));
    const InventoryProbeResult result = probe(path, QStringLiteral("gone"));
    QCOMPARE(result.problem, Problem::Unreachable);
    QVERIFY2(result.error.contains(u"refused", Qt::CaseInsensitive), qPrintable(result.error));
    QVERIFY(!result.inventory);
    QCOMPARE(result.profiles, qint64(-1));
    QVERIFY(!result.error.contains(u"secret-token-value"));
}

void TestInventoryProbe::wrongToken()
{
    HubProcess hub({}, QStringLiteral("wrong"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString path = hub.kubeconfigVariant(QStringLiteral("wrong.kubeconfig"), hub.token(), "not-the-token");
    const InventoryProbeResult result = probe(path, QStringLiteral("wrong"));
    QCOMPARE(result.problem, Problem::Unauthorized);
    QVERIFY(!result.inventory);
    QVERIFY(!result.error.contains(u"not-the-token"));
}

void TestInventoryProbe::narrowUserCountsItsNamespace()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("60"), QStringLiteral("--restrict"),
                    QStringLiteral("narrow-token=fleet-prod")},
                   QStringLiteral("narrow"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    // Counted where the engine would watch: the context's namespace.
    QByteArray text = hub.kubeconfig();
    text.replace(hub.token(), "narrow-token");
    const QString inDefault = hub.directory() + QStringLiteral("/default.kubeconfig");
    QVERIFY(writeTestFile(inDefault, text));
    text.replace("namespace: default", "namespace: fleet-prod");
    const QString inProd = hub.directory() + QStringLiteral("/prod.kubeconfig");
    QVERIFY(writeTestFile(inProd, text));

    const InventoryProbeResult prod = probe(inProd, QStringLiteral("narrow"));
    QCOMPARE(prod.problem, Problem::None);
    QVERIFY(prod.inventory);
    QVERIFY2(prod.profiles > 0 && prod.profiles < 60, qPrintable(QString::number(prod.profiles)));
    QVERIFY2(prod.error.contains(u"across namespaces") && prod.error.contains(u"fleet-prod"), qPrintable(prod.error));

    const InventoryProbeResult refused = probe(inDefault, QStringLiteral("narrow"));
    QCOMPARE(refused.problem, Problem::Forbidden);
    QVERIFY(refused.inventory);
    QCOMPARE(refused.profiles, qint64(-1));
}

void TestInventoryProbe::failingExecPlugin()
{
    HubProcess hub({}, QStringLiteral("exec"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString plugin = hub.directory() + QStringLiteral("/plugin.sh");
    QVERIFY(writeTestFile(plugin, "#!/bin/sh\necho 'login expired, run sso-login' >&2\nexit 3\n", true));
    const QString path = hub.kubeconfigVariant(QStringLiteral("exec.kubeconfig"), "token: " + hub.token(),
                                               "exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                                               "      interactiveMode: Never\n      command: " + plugin.toUtf8());
    const InventoryProbeResult result = probe(path, QStringLiteral("exec"));
    QCOMPARE(result.problem, Problem::ExecPlugin);
    QVERIFY2(result.error.contains(u"login expired"), qPrintable(result.error));
    QVERIFY(!result.inventory);
}

void TestInventoryProbe::unknownCertificateAuthority()
{
    HubProcess hub({}, QStringLiteral("tls"));
    HubProcess other({}, QStringLiteral("other"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    QVERIFY2(other.start(&error), qPrintable(error));
    // The hub's server with another hub's CA: the handshake must fail.
    const QString path =
        other.kubeconfigVariant(QStringLiteral("mismatch.kubeconfig"), other.url().toUtf8(), hub.url().toUtf8());
    const InventoryProbeResult result = probe(path, QStringLiteral("other"));
    QCOMPARE(result.problem, Problem::TLS);
    QVERIFY(!result.error.isEmpty());
}

QTEST_GUILESS_MAIN(TestInventoryProbe)
#include "tst_inventoryprobe.moc"
