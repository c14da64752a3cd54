// `fleetscope get` against real members (fleetscope-hub --workloads) reached
// through a hub's ClusterProfiles and an exec plugin: the merged table, the
// formats, a member whose RBAC forbids a namespace, a 410 on a member's watch and
// a member that dies mid-watch.
#include "memberfleet.h"

#include <QDeadlineTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSslConfiguration>
#include <QtTest>

#include <nlohmann/json.hpp>

using fleetscope::testing::MemberFleet;
using fleetscope::testing::ProcessResult;

namespace {

const QRegularExpression kColumns(QStringLiteral("\\s{2,}"));

QStringList lines(const QByteArray &out)
{
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// Pods per member: the third forbids kube-system, so every cluster-wide list too.
constexpr int kPods[] = {30, 20, 25};

} // namespace

class TestGetCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void podsAcrossMembers();
    void forbiddenNamespace();
    void customResourceWide();
    void jsonAndName();
    void customColumnsAndNoHeaders();
    void usageErrors_data();
    void usageErrors();
    void watchSurvivesExpiryAndADeadMember();

private:
    // A request to a member as its admin (the test's own hand on the cluster).
    int memberRequest(int member, const QByteArray &method, const QString &path, const QByteArray &body,
                      const QByteArray &contentType = "application/json");

    MemberFleet m_fleet;
};

void TestGetCommand::initTestCase()
{
    QString error;
    const QList<QStringList> arguments = {
        {QStringLiteral("--workloads"), QString::number(kPods[0]), QStringLiteral("--seed"), QStringLiteral("1")},
        {QStringLiteral("--workloads"), QString::number(kPods[1]), QStringLiteral("--seed"), QStringLiteral("2")},
        {QStringLiteral("--workloads"), QString::number(kPods[2]), QStringLiteral("--seed"), QStringLiteral("3"),
         QStringLiteral("--forbid"), QStringLiteral("*:*:kube-system")},
    };
    QVERIFY2(m_fleet.start({QStringLiteral("v1.31.2"), QStringLiteral("v1.30.4"), QStringLiteral("v1.31.2")}, &error,
                           arguments),
             qPrintable(error));
    QByteArray profiles;
    const char *names[] = {"a", "b", "c"};
    for (int i = 0; i < 3; ++i)
        profiles += MemberFleet::profile(QLatin1String(names[i]), QStringLiteral("good"), m_fleet.memberUrl(i),
                                         m_fleet.memberCa(i), QStringLiteral("v1.31.2"));
    QVERIFY2(m_fleet.startHub(profiles, &error), qPrintable(error));
}

int TestGetCommand::memberRequest(int member, const QByteArray &method, const QString &path, const QByteArray &body,
                                  const QByteArray &contentType)
{
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(m_fleet.memberUrl(member) + path));
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    ssl.setPeerVerifyMode(QSslSocket::VerifyNone); // loopback, the member's own generated CA
    request.setSslConfiguration(ssl);
    request.setRawHeader("Authorization", "Bearer " + MemberFleet::token.toUtf8());
    request.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    QNetworkReply *reply = manager.sendCustomRequest(request, method, body);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    if (!finished.wait(10000))
        return -1;
    reply->deleteLater();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

void TestGetCommand::podsAcrossMembers()
{
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
    QVERIFY(r.finished);
    // The member that forbids kube-system cannot list across namespaces: named, the others printed.
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("error: hub/fleet/c: forbidden: Forbidden (403): pods is forbidden: User \"admin\" cannot "
                            "list resource \"pods\" in API group \"\" at the cluster scope"),
             r.err.constData());
    const QStringList out = lines(r.out);
    QCOMPARE(out.size(), 1 + kPods[0] + kPods[1]);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("CLUSTER"), QStringLiteral("NAMESPACE"), QStringLiteral("NAME"), QStringLiteral("READY"),
                          QStringLiteral("STATUS"), QStringLiteral("RESTARTS"), QStringLiteral("AGE")}));
    int perMember[2] = {0, 0};
    QString previous;
    for (int i = 1; i < out.size(); ++i) {
        const QStringList cells = out[i].split(kColumns, Qt::SkipEmptyParts);
        QCOMPARE(cells.size(), 7);
        QVERIFY2(cells[0] == u"hub/fleet/a" || cells[0] == u"hub/fleet/b", qPrintable(out[i]));
        QVERIFY2(previous <= cells[0], "rows are grouped by cluster");
        previous = cells[0];
        ++perMember[cells[0] == u"hub/fleet/a" ? 0 : 1];
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d/1$")).match(cells[3]).hasMatch(), qPrintable(out[i]));
    }
    QCOMPARE(perMember[0], kPods[0]);
    QCOMPARE(perMember[1], kPods[1]);
}

void TestGetCommand::forbiddenNamespace()
{
    // One namespace: each member asked there; the one whose RBAC closes it says so.
    ProcessResult r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("deploy"), QStringLiteral("-n"),
                                          QStringLiteral("kube-system")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("error: hub/fleet/c: forbidden: Forbidden (403): deployments.apps is forbidden: User \"admin\" "
                            "cannot list resource \"deployments\" in API group \"apps\" in the namespace \"kube-system\""),
             r.err.constData());
    QVERIFY(!r.out.contains("hub/fleet/c"));

    // Elsewhere it answers like the others: exit 0, no NAMESPACE column (kubectl's -n).
    r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("deployments.apps"), QStringLiteral("-n"), QStringLiteral("shop")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList out = lines(r.out);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("CLUSTER"), QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("UP-TO-DATE"),
                          QStringLiteral("AVAILABLE"), QStringLiteral("AGE")}));
    QSet<QString> clusters;
    for (int i = 1; i < out.size(); ++i)
        clusters.insert(out[i].section(u' ', 0, 0));
    QCOMPARE(clusters, QSet<QString>({QStringLiteral("hub/fleet/a"), QStringLiteral("hub/fleet/b"), QStringLiteral("hub/fleet/c")}));

    // A label selector goes to the servers; NAME picks one object.
    r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("deploy"), QStringLiteral("cart"), QStringLiteral("-n"),
                            QStringLiteral("shop"), QStringLiteral("-l"), QStringLiteral("app=cart")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(lines(r.out).size(), 4);
    for (const QString &line : lines(r.out).mid(1))
        QCOMPARE(line.split(kColumns, Qt::SkipEmptyParts).value(1), QStringLiteral("cart"));
}

void TestGetCommand::customResourceWide()
{
    // A CRD, by short name, on the members picked by the dashboard's filter language.
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("cert"), QStringLiteral("-A"),
                                                QStringLiteral("-o"), QStringLiteral("wide"), QStringLiteral("--members"),
                                                QStringLiteral("name in (a,b)")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList out = lines(r.out);
    QCOMPARE(out.size(), 1 + 2 * 4);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts),
             QStringList({QStringLiteral("CLUSTER"), QStringLiteral("NAMESPACE"), QStringLiteral("NAME"), QStringLiteral("READY"),
                          QStringLiteral("SECRET"), QStringLiteral("ISSUER"), QStringLiteral("STATUS"), QStringLiteral("AGE")}));
    QVERIFY2(QRegularExpression(QStringLiteral("hub/fleet/b\\s+payments\\s+payments-tls\\s+False\\s+payments-tls\\s+letsencrypt-prod\\s+Issuing"))
                 .match(QString::fromUtf8(r.out))
                 .hasMatch(),
             r.out.constData());
}

void TestGetCommand::jsonAndName()
{
    ProcessResult r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("svc"), QStringLiteral("-n"), QStringLiteral("shop"),
                                          QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const nlohmann::json list = nlohmann::json::parse(r.out.constData());
    QCOMPARE(list["kind"], "List");
    QSet<QString> clusters;
    for (const nlohmann::json &item : list["items"]) {
        clusters.insert(QString::fromStdString(item["cluster"].get<std::string>()));
        QCOMPARE(item["object"]["kind"], "Service");
        QCOMPARE(item["object"]["metadata"]["namespace"], "shop");
        QVERIFY(item["object"]["spec"].contains("clusterIP"));
    }
    QCOMPARE(clusters.size(), 3);

    // Secrets: JSON only when asked for; a table shows the count of data, never the data.
    r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("secrets"), QStringLiteral("-n"), QStringLiteral("shop"),
                            QStringLiteral("-v"), QStringLiteral("8")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("kubernetes.io/tls"));
    QVERIFY(!r.out.contains("ZmxlZXRzY29wZS1odWI") && !r.err.contains("ZmxlZXRzY29wZS1odWI"));

    r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("deploy"), QStringLiteral("-n"), QStringLiteral("shop"),
                            QStringLiteral("-o"), QStringLiteral("name")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    for (const QString &line : lines(r.out))
        QVERIFY2(QRegularExpression(QStringLiteral("^hub/fleet/[abc] deployment\\.apps/[a-z-]+$")).match(line).hasMatch(), qPrintable(line));

    // A kind no member serves.
    r = m_fleet.fleetscope({QStringLiteral("get"), QStringLiteral("gadgets"), QStringLiteral("-A")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("hub/fleet/a: not served: the server doesn't have a resource type \"gadgets\""), r.err.constData());
}

void TestGetCommand::customColumnsAndNoHeaders()
{
    const QStringList pods{QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"), QStringLiteral("--members"),
                           QStringLiteral("name=a")};
    ProcessResult r = m_fleet.fleetscope(pods + QStringList{QStringLiteral("--no-headers")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QStringList out = lines(r.out);
    QCOMPARE(out.size(), kPods[0]);
    for (const QString &line : std::as_const(out))
        QVERIFY2(line.startsWith(QLatin1String("hub/fleet/a ")), qPrintable(line));

    // FIELDs name the servers' columns in lower case, and CLUSTER and NAMESPACE.
    r = m_fleet.fleetscope(pods + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=POD:name,NS:namespace,PHASE:status")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    out = lines(r.out);
    QCOMPARE(out.size(), 1 + kPods[0]);
    QCOMPARE(out[0].split(kColumns, Qt::SkipEmptyParts), QStringList({QStringLiteral("POD"), QStringLiteral("NS"), QStringLiteral("PHASE")}));
    for (int i = 1; i < out.size(); ++i) {
        const QStringList cells = out[i].split(kColumns, Qt::SkipEmptyParts);
        QCOMPARE(cells.size(), 3);
        QVERIFY2(!cells[0].startsWith(QLatin1String("hub/")), qPrintable(out[i]));
    }

    // A FIELD that no server's table has: a usage error naming the columns they print.
    r = m_fleet.fleetscope(pods + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=X:colour")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("custom-columns: unknown field \"colour\" (fields: cluster, namespace, name, ready, status"),
             r.err.constData());
}

void TestGetCommand::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no kind") << QStringList{} << QStringLiteral("give the kind");
    QTest::newRow("two names") << QStringList{QStringLiteral("pods"), QStringLiteral("a"), QStringLiteral("b")} << QStringLiteral("give the kind");
    QTest::newRow("-n and -A") << QStringList{QStringLiteral("pods"), QStringLiteral("-n"), QStringLiteral("x"), QStringLiteral("-A")}
                               << QStringLiteral("cannot be used together");
    QTest::newRow("bad format") << QStringList{QStringLiteral("pods"), QStringLiteral("-o"), QStringLiteral("csv")} << QStringLiteral("-o");
    QTest::newRow("bad filter") << QStringList{QStringLiteral("pods"), QStringLiteral("--members"), QStringLiteral("name in (")}
                                << QStringLiteral("--members");
}

void TestGetCommand::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const ProcessResult r = m_fleet.fleetscope(QStringList{QStringLiteral("get")} + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("error: ") && r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestGetCommand::watchSurvivesExpiryAndADeadMember()
{
    QProcess watch;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_fleet.path(QStringLiteral(".")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_fleet.runtimeDirectory());
    env.insert(QStringLiteral("KUBECONFIG"), QString());
    watch.setProcessEnvironment(env);
    watch.start(fleetscope::testing::builtExecutable(QStringLiteral("app/fleetscope/fleetscope")),
                {QStringLiteral("get"), QStringLiteral("--kubeconfig"), m_fleet.hub().kubeconfigPath(), QStringLiteral("--provider-file"),
                 m_fleet.providerFile(), QStringLiteral("deploy"), QStringLiteral("-n"), QStringLiteral("shop"),
                 QStringLiteral("--members"), QStringLiteral("name in (a,b)"), QStringLiteral("--watch")});
    QVERIFY(watch.waitForStarted(10000));
    QByteArray out;
    QByteArray err;
    QDeadlineTimer deadline(60000);
    const auto readUntil = [&](const std::function<bool()> &done) {
        while (!done()) {
            if (!watch.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime()))))
                return false;
            out += watch.readAllStandardOutput();
            err += watch.readAllStandardError();
        }
        return true;
    };
    watch.setReadChannel(QProcess::StandardOutput);
    QVERIFY2(readUntil([&] { return out.contains("hub/fleet/b "); }), err.constData());

    // Member b dies: the watch says so and goes on with a.
    m_fleet.member(1).stop();
    watch.setReadChannel(QProcess::StandardError);
    QVERIFY2(readUntil([&] { return err.contains("error: hub/fleet/b: unreachable"); }), (out + err).constData());

    // Member a's history is compacted (410 on its watch); the relist and the watch after it
    // carry on: a change made afterwards is printed.
    watch.setReadChannel(QProcess::StandardOutput);
    QCOMPARE(memberRequest(0, "POST", QStringLiteral("/fleetscope-hub/compact"), "{}"), 200);
    QCOMPARE(memberRequest(0, "PATCH", QStringLiteral("/apis/apps/v1/namespaces/shop/deployments/cart/status"),
                           R"({"status":{"readyReplicas":0,"availableReplicas":0}})", "application/merge-patch+json"),
             200);
    const QRegularExpression changed(QStringLiteral("\nhub/fleet/a\\s+cart\\s+0/\\d+\\s+\\d+\\s+0\\s+"));
    QVERIFY2(readUntil([&] { return changed.match(QString::fromUtf8(out)).hasMatch(); }), (out + err).constData());
    QVERIFY2(!err.contains("hub/fleet/a"), err.constData());
    watch.kill();
    watch.waitForFinished(5000);
}

QTEST_GUILESS_MAIN(TestGetCommand)
#include "tst_getcommand.moc"
