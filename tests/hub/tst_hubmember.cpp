// fleetscope-hub as a member cluster (--workloads), judged by the real client:
// kubectl prints the Pods, Deployments, Services, Events and the Certificate CRD
// from the hub's Tables and discovery, follows a Deployment with -w, and reports
// --forbid rules as kube-apiserver's Forbidden.
#include "hubprocess.h"
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using fleetscope::testing::HubProcess;
using fleetscope::testing::ProcessResult;
using fleetscope::testing::runProcess;

namespace {
constexpr int kPods = 60;
const QRegularExpression kColumns(QStringLiteral("\\s{2,}"));

QStringList lines(const QByteArray &out)
{
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}
} // namespace

class TestHubMember : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void podsAcrossNamespaces();
    void deploymentsServicesEventsSecrets();
    void customResourceThroughDiscovery();
    void watchFollowsDeployment();
    void forbiddenNamespaceAndVerb();

private:
    ProcessResult kubectl(const QStringList &arguments);
    QStringList environment() const;

    QTemporaryDir m_dir;
    std::unique_ptr<HubProcess> m_member;
    QString m_kubectl;
};

void TestHubMember::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The kubectl that FLEETSCOPE_REQUIRE_KUBECTL checked, nothing else.
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    m_member = std::make_unique<HubProcess>(
        QStringList{QStringLiteral("--workloads"), QString::number(kPods), QStringLiteral("--seed"), QStringLiteral("3"),
                    QStringLiteral("--forbid"), QStringLiteral("*:secrets:payments"), QStringLiteral("--forbid"),
                    QStringLiteral("watch:services")},
        QStringLiteral("member"));
    QString error;
    QVERIFY2(m_member->start(&error), qPrintable(error));
}

QStringList TestHubMember::environment() const
{
    return {QStringLiteral("HOME=") + m_dir.path(), QStringLiteral("KUBECACHEDIR=") + m_dir.filePath(QStringLiteral("cache")),
            QStringLiteral("KUBECONFIG=")};
}

ProcessResult TestHubMember::kubectl(const QStringList &arguments)
{
    return runProcess(m_kubectl, QStringList{QStringLiteral("--kubeconfig"), m_member->kubeconfigPath()} + arguments,
                      environment(), 30000);
}

void TestHubMember::podsAcrossNamespaces()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QStringList out = lines(r.out);
    QCOMPARE(out.size(), kPods + 1);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("NAMESPACE"), QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("STATUS"),
                          QStringLiteral("RESTARTS"), QStringLiteral("AGE")}));
    const QStringList namespaces = {QStringLiteral("kube-system"), QStringLiteral("shop"), QStringLiteral("payments"),
                                    QStringLiteral("monitoring"), QStringLiteral("ingress")};
    const QRegularExpression podName(QStringLiteral("^[a-z0-9-]+-[a-z0-9]{10}-[a-z0-9]{5}$"));
    QSet<QString> statuses;
    for (int i = 1; i < out.size(); ++i) {
        const QStringList cells = out[i].split(kColumns, Qt::SkipEmptyParts);
        QVERIFY2(namespaces.contains(cells.value(0)), qPrintable(out[i]));
        QVERIFY2(podName.match(cells.value(1)).hasMatch(), qPrintable(out[i]));
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d/1$")).match(cells.value(2)).hasMatch(), qPrintable(out[i]));
        statuses.insert(cells.value(3));
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+( \\(.+ ago\\))?$")).match(cells.value(4)).hasMatch(), qPrintable(out[i]));
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+[smhd]")).match(cells.value(5)).hasMatch(), qPrintable(out[i]));
    }
    QVERIFY(statuses.contains(QStringLiteral("Running")));
    QVERIFY(statuses.size() <= 3);

    // -o wide adds the priority-1 columns; the short name and a label selector work.
    const ProcessResult wide = kubectl({QStringLiteral("get"), QStringLiteral("po"), QStringLiteral("-n"), QStringLiteral("shop"),
                                        QStringLiteral("-l"), QStringLiteral("app=cart"), QStringLiteral("-o"), QStringLiteral("wide")});
    QVERIFY2(wide.exitCode == 0, wide.err.constData());
    const QStringList wideLines = lines(wide.out);
    QVERIFY(wideLines.size() >= 2);
    QCOMPARE(wideLines[0].split(kColumns, Qt::SkipEmptyParts).mid(5),
             QStringList({QStringLiteral("IP"), QStringLiteral("NODE"), QStringLiteral("NOMINATED NODE"), QStringLiteral("READINESS GATES")}));
    for (int i = 1; i < wideLines.size(); ++i)
        QVERIFY2(wideLines[i].startsWith(QStringLiteral("cart-")), qPrintable(wideLines[i]));
}

void TestHubMember::deploymentsServicesEventsSecrets()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("deploy"), QStringLiteral("-n"), QStringLiteral("shop")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QStringList out = lines(r.out);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("UP-TO-DATE"), QStringLiteral("AVAILABLE"),
                          QStringLiteral("AGE")}));
    QVERIFY2(out.size() >= 2 && out[1].startsWith(QStringLiteral("cart ")), r.out.constData());

    // Deployments' replicas add up to the pods; every Deployment has its Service.
    r = kubectl({QStringLiteral("get"), QStringLiteral("deployments"), QStringLiteral("-A"), QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const nlohmann::json deployments = nlohmann::json::parse(r.out.constData());
    int replicas = 0;
    for (const nlohmann::json &d : deployments["items"])
        replicas += d["spec"]["replicas"].get<int>();
    QCOMPARE(replicas, kPods);
    r = kubectl({QStringLiteral("get"), QStringLiteral("svc"), QStringLiteral("-A"), QStringLiteral("--no-headers")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(lines(r.out).size(), int(deployments["items"].size()) + 1); // and default/kubernetes

    r = kubectl({QStringLiteral("get"), QStringLiteral("events"), QStringLiteral("-A")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    out = lines(r.out);
    if (out.size() > 1) {
        QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
                 QStringList({QStringLiteral("NAMESPACE"), QStringLiteral("LAST SEEN"), QStringLiteral("TYPE"), QStringLiteral("REASON"),
                              QStringLiteral("OBJECT"), QStringLiteral("MESSAGE")}));
        QVERIFY2(out[1].contains(QStringLiteral("pod/")), qPrintable(out[1]));
    }

    // A Secret's Table shows a count of its data, never the data.
    r = kubectl({QStringLiteral("get"), QStringLiteral("secrets"), QStringLiteral("-n"), QStringLiteral("shop")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("kubernetes.io/tls   2"), r.out.constData());
    QVERIFY(!r.out.contains("ZmxlZXRzY29wZS1odWI"));
}

void TestHubMember::customResourceThroughDiscovery()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    ProcessResult r = kubectl({QStringLiteral("api-resources"), QStringLiteral("--api-group"), QStringLiteral("cert-manager.io")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QStringList out = lines(r.out);
    QCOMPARE(out.size(), 2);
    QCOMPARE(out[1].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("certificates"), QStringLiteral("cert,certs"), QStringLiteral("cert-manager.io/v1"),
                          QStringLiteral("true"), QStringLiteral("Certificate")}));

    r = kubectl({QStringLiteral("get"), QStringLiteral("certificates"), QStringLiteral("-A")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    out = lines(r.out);
    QCOMPARE(out.size(), 5);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("NAMESPACE"), QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("SECRET"),
                          QStringLiteral("AGE")}));
    QVERIFY2(QRegularExpression(QStringLiteral("payments-tls\\s+False\\s+payments-tls")).match(QString::fromUtf8(r.out)).hasMatch(), r.out.constData());

    r = kubectl({QStringLiteral("get"), QStringLiteral("cert"), QStringLiteral("payments-tls"), QStringLiteral("-n"),
                 QStringLiteral("payments"), QStringLiteral("-o"), QStringLiteral("wide")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("letsencrypt-prod   Issuing certificate as Secret does not exist"), r.out.constData());
}

void TestHubMember::watchFollowsDeployment()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    // kubectl get deploy -w prints the table, then a line per change of a Deployment.
    QProcess watch;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : environment())
        env.insert(entry.section(u'=', 0, 0), entry.section(u'=', 1));
    watch.setProcessEnvironment(env);
    watch.start(m_kubectl, {QStringLiteral("--kubeconfig"), m_member->kubeconfigPath(), QStringLiteral("get"),
                            QStringLiteral("deploy"), QStringLiteral("-n"), QStringLiteral("shop"), QStringLiteral("-w")});
    QVERIFY(watch.waitForStarted(10000));
    QByteArray out;
    QDeadlineTimer deadline(30000);
    while (!out.contains("\ncart ")) {
        QVERIFY2(watch.waitForReadyRead(int(deadline.remainingTime())), out.constData());
        out += watch.readAllStandardOutput();
    }
    const ProcessResult patch = kubectl({QStringLiteral("patch"), QStringLiteral("deployment"), QStringLiteral("cart"),
                                         QStringLiteral("-n"), QStringLiteral("shop"), QStringLiteral("--subresource=status"),
                                         QStringLiteral("--type=merge"), QStringLiteral("-p"),
                                         QStringLiteral("{\"status\":{\"readyReplicas\":0,\"availableReplicas\":0}}")});
    QVERIFY2(patch.exitCode == 0, patch.err.constData());
    const QRegularExpression changed(QStringLiteral("\ncart\\s+0/\\d+\\s+\\d+\\s+0\\s+"));
    while (!changed.match(QString::fromUtf8(out)).hasMatch()) {
        QVERIFY2(watch.waitForReadyRead(int(deadline.remainingTime())), out.constData());
        out += watch.readAllStandardOutput();
    }
    watch.kill();
    watch.waitForFinished(5000);
}

void TestHubMember::forbiddenNamespaceAndVerb()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    ProcessResult r = kubectl({QStringLiteral("get"), QStringLiteral("secrets"), QStringLiteral("-n"), QStringLiteral("payments")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Error from server (Forbidden): secrets is forbidden: User \"admin\" cannot list resource "
                            "\"secrets\" in API group \"\" in the namespace \"payments\""),
             r.err.constData());
    // A namespace rule forbids the cluster-wide list too, as RBAC would.
    r = kubectl({QStringLiteral("get"), QStringLiteral("secrets"), QStringLiteral("-A")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("cannot list resource \"secrets\" in API group \"\" at the cluster scope"), r.err.constData());
    // Other namespaces stay readable.
    r = kubectl({QStringLiteral("get"), QStringLiteral("secrets"), QStringLiteral("-n"), QStringLiteral("shop")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // A verb rule: services can be listed, not watched.
    r = kubectl({QStringLiteral("get"), QStringLiteral("svc"), QStringLiteral("-n"), QStringLiteral("shop"), QStringLiteral("-w")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("cart"), r.out.constData());
    QVERIFY2(r.err.contains("cannot watch resource \"services\""), r.err.constData());
}

QTEST_GUILESS_MAIN(TestHubMember)
#include "tst_hubmember.moc"
