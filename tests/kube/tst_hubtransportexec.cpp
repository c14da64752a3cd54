#include "kube/hubtransport.h"

#include "testexecplugin.h"
#include "testhub.h"

#include <QJsonObject>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace fleetscope;
using namespace fleetscope::testing;

// HubTransport with exec credential plugins: the credential lifecycle
// (refresh, cache, expiry, invalidate after 401) against a real TLS hub.
class TstHubTransportExec : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void execLifecycle();
    void execPluginSharedByAHubsTransports();
    void execExpiry();
    void execFailure();
    void execClientCertificate();
    void execNeverOverPlainHttp();

private:
    KubeconfigCluster cluster(quint16 port) const { return hubCluster(m_pki, port); }
    std::unique_ptr<TestHttpServer> startTls(const QString &leaf = QStringLiteral("server"),
                                             bool requireClientCertificate = false) const
    {
        return startTlsHub(m_pki, leaf, requireClientCertificate);
    }

    TestPki m_pki;
};

void TstHubTransportExec::initTestCase()
{
    if (!m_pki.isValid())
        QSKIP(qPrintable(m_pki.error()));
    QVERIFY2(makeHubPki(&m_pki), qPrintable(m_pki.error()));
}

void TstHubTransportExec::execLifecycle()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    auto server = startTls();
    QVERIFY(server);
    AuthInfo user;
    user.exec = plugin.config();
    user.exec->provideClusterInfo = true;
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    QVERIFY(!transport.credentialsReady());
    QSignalSpy refreshed(&transport, &HubTransport::credentialsRefreshed);
    QSignalSpy failed(&transport, &HubTransport::credentialsFailed);

    // A request before the credentials are ready fails locally and starts the plugin.
    const ReplyOutcome early = getThrough(transport);
    QCOMPARE(early.error, QNetworkReply::AuthenticationRequiredError);
    QVERIFY(server->requests.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 20000);
    QVERIFY(transport.credentialsReady());
    QCOMPARE(plugin.runs(), 1);
    const QJsonObject info = plugin.execInfo(1).value(u"spec").toObject().value(u"cluster").toObject();
    QCOMPARE(info.value(u"server").toString(), transport.serverUrl().toString());
    QCOMPARE(QByteArray::fromBase64(info.value(u"certificate-authority-data").toString().toLatin1()),
             m_pki.read(QStringLiteral("ca.crt"))); // the CA file's bytes, as client-go passes them

    QNetworkReply *first = nullptr;
    QCOMPARE(getThrough(transport, QStringLiteral("/api"), {}, &first).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer exec-token-1"));

    // Cached (no expirationTimestamp: for the life of the process).
    transport.refreshCredentials();
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 2, 5000);
    QCOMPARE(plugin.runs(), 1);

    // A 401 with the credential in use: re-run.
    transport.invalidateCredentials();
    QVERIFY(!transport.credentialsReady());
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 3, 20000);
    QCOMPARE(plugin.runs(), 2);
    QCOMPARE(getThrough(transport).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer exec-token-2"));
    QVERIFY(failed.isEmpty());
    delete first;
}

void TstHubTransportExec::execPluginSharedByAHubsTransports()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    auto server = startTls();
    QVERIFY(server);
    AuthInfo user;
    user.exec = plugin.config();
    HubTransport lists(cluster(server->port()), user, QStringLiteral("prod"));
    QSignalSpy listsRefreshed(&lists, &HubTransport::credentialsRefreshed);
    lists.refreshCredentials();
    QVERIFY(listsRefreshed.wait(20000));

    // A watch pool opened after the lists got their credential can use it at once.
    auto watches = std::make_unique<HubTransport>(cluster(server->port()), user, QStringLiteral("prod"));
    QVERIFY(!watches->credentialsReady());
    watches->shareExecPluginOf(&lists);
    QVERIFY(watches->credentialsReady());
    QCOMPARE(getThrough(*watches).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer exec-token-1"));
    QCOMPARE(plugin.runs(), 1);

    // After a 401 either may ask: one run answers both.
    QSignalSpy watchesRefreshed(watches.get(), &HubTransport::credentialsRefreshed);
    watches->invalidateCredentials();
    lists.invalidateCredentials();
    QVERIFY(watchesRefreshed.wait(20000));
    QTRY_COMPARE_WITH_TIMEOUT(listsRefreshed.count(), 2, 20000);
    QCOMPARE(plugin.runs(), 2);
    QCOMPARE(getThrough(lists).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer exec-token-2"));
    QCOMPARE(getThrough(*watches).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer exec-token-2"));

    // The sharer goes first (as a hub connection tears down); the owner still works.
    watches.reset();
    lists.invalidateCredentials();
    QTRY_COMPARE_WITH_TIMEOUT(listsRefreshed.count(), 3, 20000);
    QCOMPARE(plugin.runs(), 3);
}

void TstHubTransportExec::execExpiry()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    AuthInfo user;
    user.exec = plugin.config(QStringLiteral("token"), QStringLiteral("client.authentication.k8s.io/v1beta1"),
                              {{QStringLiteral("PLUGIN_EXPIRES_IN"), QStringLiteral("2")}});
    HubTransport transport(cluster(6443), user, QStringLiteral("prod"));
    QSignalSpy refreshed(&transport, &HubTransport::credentialsRefreshed);
    transport.refreshCredentials();
    QVERIFY(refreshed.wait(20000));
    QVERIFY(transport.credentialsReady());
    transport.refreshCredentials(); // still valid: cached
    QVERIFY(refreshed.wait(5000));
    QCOMPARE(plugin.runs(), 1);
    // The timestamp has second precision, so it lies 1-2 s ahead.
    QTRY_VERIFY_WITH_TIMEOUT(!transport.credentialsReady(), 5000);
    transport.refreshCredentials();
    QVERIFY(refreshed.wait(20000));
    QCOMPARE(plugin.runs(), 2);
}

void TstHubTransportExec::execFailure()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    AuthInfo user;
    user.exec = plugin.config(QStringLiteral("garbage"));
    HubTransport transport(cluster(6443), user, QStringLiteral("prod"));
    QSignalSpy failed(&transport, &HubTransport::credentialsFailed);
    transport.refreshCredentials();
    QVERIFY(failed.wait(20000));
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(u"not a valid ExecCredential"), qPrintable(message));
    QVERIFY(!message.contains(u"SECRET"));
    QVERIFY(!transport.credentialsReady());
}

void TstHubTransportExec::execClientCertificate()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    auto server = startTls(QStringLiteral("server"), true);
    QVERIFY(server);
    AuthInfo user;
    user.exec = plugin.config(
        QStringLiteral("cert"), QStringLiteral("client.authentication.k8s.io/v1"),
        {{QStringLiteral("PLUGIN_CERT"), m_pki.path(QStringLiteral("client-ec-sec1.crt"))},
         {QStringLiteral("PLUGIN_KEY"), m_pki.path(QStringLiteral("client-ec-sec1.key"))}});
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    QSignalSpy refreshed(&transport, &HubTransport::credentialsRefreshed);
    transport.refreshCredentials();
    QVERIFY(refreshed.wait(20000));
    const ReplyOutcome outcome = getThrough(transport);
    QVERIFY2(outcome.error == QNetworkReply::NoError, qPrintable(outcome.errorString));
    QCOMPARE(server->requests.first().clientCertificateCn, QStringLiteral("jane-ec-sec1"));
    QVERIFY(!server->requests.first().hasHeader("authorization"));
}

void TstHubTransportExec::execNeverOverPlainHttp()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    KubeconfigCluster c;
    c.server = QStringLiteral("http://127.0.0.1:8080");
    AuthInfo user;
    user.exec = plugin.config();
    HubTransport transport(c, user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().contains(u"plain http"), qPrintable(transport.setupError()));
    QSignalSpy failed(&transport, &HubTransport::credentialsFailed);
    transport.refreshCredentials();
    QVERIFY(failed.wait(5000));
    QCOMPARE(plugin.runs(), 0);
}

QTEST_GUILESS_MAIN(TstHubTransportExec)
#include "tst_hubtransportexec.moc"
