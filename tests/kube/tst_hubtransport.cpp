#include "kube/hubtransport.h"

#include "testhub.h"

#include <QFile>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace fleetscope;
using namespace fleetscope::testing;

Q_DECLARE_METATYPE(fleetscope::KubeconfigCluster)
Q_DECLARE_METATYPE(fleetscope::AuthInfo)

namespace {

void writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(content), content.size());
}

} // namespace

class TstHubTransport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void url_data();
    void url();
    void setupErrors_data();
    void setupErrors();

    void bearerToken();
    void tokenFileReread();
    void plainHttp();
    void clientCertificate_data();
    void clientCertificate();
    void clientCertificateRequiredButMissing();
    void wrongCa();
    void tlsServerName();
    void insecureSkipTlsVerify();
    void impersonation();
    void pathPrefix();
    void foreignUrlRefused();
    void journalNamesProtocol();

private:
    KubeconfigCluster cluster(quint16 port, const QString &pathPrefix = {}) const
    {
        return hubCluster(m_pki, port, pathPrefix);
    }
    std::unique_ptr<TestHttpServer> startTls(const QString &leaf = QStringLiteral("server"),
                                             bool requireClientCertificate = false) const
    {
        return startTlsHub(m_pki, leaf, requireClientCertificate);
    }

    TestPki m_pki;
};

void TstHubTransport::initTestCase()
{
    if (!m_pki.isValid())
        QSKIP(qPrintable(m_pki.error()));
    QVERIFY2(makeHubPki(&m_pki), qPrintable(m_pki.error()));
}

void TstHubTransport::url_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<bool>("withCa");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("expected");

    QTest::newRow("plain") << QStringLiteral("https://hub:6443") << true << QStringLiteral("/api") << QString()
                           << QStringLiteral("https://hub:6443/api");
    QTest::newRow("trailing slash") << QStringLiteral("https://hub:6443/") << true << QStringLiteral("/apis")
                                    << QString() << QStringLiteral("https://hub:6443/apis");
    QTest::newRow("prefix and query") << QStringLiteral("https://gw.example/k8s/clusters/c1/") << true
                                      << QStringLiteral("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles")
                                      << QStringLiteral("limit=500&allowWatchBookmarks=true")
                                      << QStringLiteral("https://gw.example/k8s/clusters/c1/apis/multicluster.x-k8s.io/"
                                                        "v1alpha1/clusterprofiles?limit=500&allowWatchBookmarks=true");
    QTest::newRow("no scheme, TLS configured") << QStringLiteral("hub:6443") << true << QStringLiteral("api")
                                               << QString() << QStringLiteral("https://hub:6443/api");
    QTest::newRow("no scheme, no TLS") << QStringLiteral("hub:8080") << false << QStringLiteral("/api") << QString()
                                       << QStringLiteral("http://hub:8080/api");
}

void TstHubTransport::url()
{
    QFETCH(QString, server);
    QFETCH(bool, withCa);
    QFETCH(QString, path);
    QFETCH(QString, query);
    QFETCH(QString, expected);
    KubeconfigCluster c;
    c.server = server;
    if (withCa)
        c.certificateAuthorityData = m_pki.read(QStringLiteral("ca.crt"));
    HubTransport transport(c, {}, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    QCOMPARE(transport.url(path, QUrlQuery(query)).toString(), expected);
}

void TstHubTransport::setupErrors_data()
{
    QTest::addColumn<KubeconfigCluster>("cluster");
    QTest::addColumn<AuthInfo>("user");
    QTest::addColumn<QString>("expected");

    const KubeconfigCluster good = cluster(1);
    AuthInfo token;
    token.token = QStringLiteral("SECRET-token");

    KubeconfigCluster c = good;
    c.server.clear();
    QTest::newRow("no server") << c << token << QStringLiteral("the cluster has no server");
    c = good;
    c.certificateAuthority = QStringLiteral("/nonexistent/ca.crt");
    QTest::newRow("missing CA file") << c << token
                                     << QStringLiteral("cannot read certificate-authority /nonexistent/ca.crt");
    c = good;
    c.insecureSkipTlsVerify = true;
    QTest::newRow("CA and insecure") << c << token << QStringLiteral("insecure-skip-tls-verify is not allowed");
    c = good;
    c.proxyUrl = QStringLiteral("https://user:SECRET-pw@proxy.corp:3128");
    QTest::newRow("https proxy") << c << token
                                 << QStringLiteral("proxy-url: https proxies (https://proxy.corp:3128) are not supported");
    c = good;
    c.server = QStringLiteral("http://127.0.0.1:1");
    c.certificateAuthority.clear();
    QTest::newRow("token over http") << c << token
                                     << QStringLiteral("refusing to send credentials to http://127.0.0.1:1 over plain http");
    AuthInfo mismatch;
    mismatch.clientCertificate = m_pki.path(QStringLiteral("client-ec-pkcs8.crt"));
    mismatch.clientKey = m_pki.path(QStringLiteral("client-rsa-pkcs1.key"));
    QTest::newRow("key mismatch") << good << mismatch
                                  << QStringLiteral("client-key %1 does not match client-certificate %2")
                                         .arg(mismatch.clientKey, mismatch.clientCertificate);
    AuthInfo tokenFile;
    tokenFile.tokenFile = QStringLiteral("/nonexistent/token");
    QTest::newRow("unreadable tokenFile") << good << tokenFile
                                          << QStringLiteral("cannot read tokenFile /nonexistent/token");
    AuthInfo groups = token;
    groups.impersonate = QStringLiteral("alice");
    groups.impersonateGroups = {QStringLiteral("a"), QStringLiteral("b")};
    QTest::newRow("two impersonated groups") << good << groups
                                             << QStringLiteral("impersonating more than one group");
    AuthInfo provider;
    provider.authProvider = AuthProviderConfig{QStringLiteral("oidc"), {{QStringLiteral("id-token"), QStringLiteral("SECRET-id")}}, true};
    QTest::newRow("auth-provider only") << good << provider << QStringLiteral("auth-provider \"oidc\" is not supported");
}

void TstHubTransport::setupErrors()
{
    QFETCH(KubeconfigCluster, cluster);
    QFETCH(AuthInfo, user);
    QFETCH(QString, expected);
    HubTransport transport(cluster, user, QStringLiteral("prod"));
    const QString error = transport.setupError();
    QVERIFY2(error.startsWith(QStringLiteral("hub \"prod\": ")), qPrintable(error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(!error.contains(u"SECRET"), qPrintable(error));
    QVERIFY(!transport.credentialsReady());

    // Requests fail locally with the same message; nothing goes out.
    const ReplyOutcome outcome = getThrough(transport);
    QVERIFY(outcome.finished);
    QCOMPARE(outcome.error, QNetworkReply::ProtocolFailure);
    QCOMPARE(outcome.errorString, error);

    QSignalSpy failed(&transport, &HubTransport::credentialsFailed);
    transport.refreshCredentials();
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.first().first().toString(), error);
}

void TstHubTransport::bearerToken()
{
    auto server = startTls();
    QVERIFY(server);
    AuthInfo user;
    user.token = QStringLiteral("SECRET-static");
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    QVERIFY(transport.warnings().isEmpty());
    QVERIFY(transport.credentialsReady());
    const ReplyOutcome outcome = getThrough(transport, QStringLiteral("/api/v1/namespaces"));
    QVERIFY2(outcome.error == QNetworkReply::NoError, qPrintable(outcome.errorString));
    QCOMPARE(outcome.status, 200);
    QCOMPARE(server->requests.size(), 1);
    const RecordedRequest &r = server->requests.first();
    QCOMPARE(r.method, QByteArray("GET"));
    QCOMPARE(r.target, QByteArray("/api/v1/namespaces"));
    QCOMPARE(r.header("authorization"), QByteArray("Bearer SECRET-static"));
    QVERIFY2(r.header("user-agent").startsWith("fleetscope/"), r.header("user-agent").constData());
    QCOMPARE(r.header("accept"), QByteArray("application/json"));
    QVERIFY(!r.hasHeader("impersonate-user"));

    // An Accept the caller chose (Table requests) is kept.
    QNetworkRequest table(transport.url(QStringLiteral("/apis")));
    table.setRawHeader("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io");
    QNetworkReply *reply = transport.get(table);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    QVERIFY(finished.wait(15000));
    reply->deleteLater();
    QCOMPARE(server->requests.last().header("accept"), QByteArray("application/json;as=Table;v=v1;g=meta.k8s.io"));
}

void TstHubTransport::tokenFileReread()
{
    auto server = startTls();
    QVERIFY(server);
    const QString tokenPath = m_pki.path(QStringLiteral("token"));
    writeFile(tokenPath, "file-token-1\n");
    AuthInfo user;
    user.tokenFile = tokenPath;
    user.token = QStringLiteral("static-fallback"); // the file wins, as in client-go
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));

    QCOMPARE(getThrough(transport).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer file-token-1"));

    // Within the minute the cached token is used ...
    writeFile(tokenPath, "file-token-2");
    QCOMPARE(getThrough(transport).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer file-token-1"));
    // ... a 401 makes the next request read the file again ...
    transport.invalidateCredentials();
    QCOMPARE(getThrough(transport).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer file-token-2"));
    // ... and so does the end of the re-read period.
    transport.setTokenFileRereadIntervalMs(0);
    writeFile(tokenPath, "  file-token-3  \n");
    QCOMPARE(getThrough(transport).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer file-token-3"));
    // A file that disappears keeps the last good token.
    QVERIFY(QFile::remove(tokenPath));
    QCOMPARE(getThrough(transport).status, 200);
    QCOMPARE(server->requests.last().header("authorization"), QByteArray("Bearer file-token-3"));
}

void TstHubTransport::plainHttp()
{
    TestHttpServer server;
    QVERIFY(server.listenPlain());
    KubeconfigCluster c;
    c.server = QStringLiteral("http://127.0.0.1:%1").arg(server.port());

    // Anonymous: allowed, like kubectl.
    HubTransport anonymous(c, {}, QStringLiteral("local"));
    QVERIFY2(anonymous.setupError().isEmpty(), qPrintable(anonymous.setupError()));
    QCOMPARE(getThrough(anonymous).status, 200);
    QCOMPARE(server.requests.size(), 1);
    QVERIFY(!server.requests.first().hasHeader("authorization"));
    QVERIFY(server.requests.first().header("user-agent").startsWith("fleetscope/"));

    // With a token: never sent; the hub is in an error state that says why.
    AuthInfo user;
    user.token = QStringLiteral("SECRET-http");
    HubTransport withToken(c, user, QStringLiteral("local"));
    QVERIFY(!withToken.setupError().isEmpty());
    QVERIFY(!withToken.credentialsReady());
    const ReplyOutcome outcome = getThrough(withToken);
    QCOMPARE(outcome.error, QNetworkReply::ProtocolFailure);
    QVERIFY2(outcome.errorString.contains(u"plain http"), qPrintable(outcome.errorString));
    QVERIFY(!outcome.errorString.contains(u"SECRET"));
    QCOMPARE(server.requests.size(), 1); // nothing more arrived
}

void TstHubTransport::clientCertificate_data()
{
    QTest::addColumn<QString>("client");
    QTest::addColumn<bool>("asData");

    QTest::newRow("RSA PKCS#1 files") << QStringLiteral("rsa-pkcs1") << false;
    QTest::newRow("RSA PKCS#8 files") << QStringLiteral("rsa-pkcs8") << false;
    QTest::newRow("EC SEC1 files") << QStringLiteral("ec-sec1") << false;
    QTest::newRow("EC PKCS#8 files") << QStringLiteral("ec-pkcs8") << false;
    QTest::newRow("EC PKCS#8 data") << QStringLiteral("ec-pkcs8") << true;
    QTest::newRow("RSA PKCS#1 data") << QStringLiteral("rsa-pkcs1") << true;
}

void TstHubTransport::clientCertificate()
{
    QFETCH(QString, client);
    QFETCH(bool, asData);
    auto server = startTls(QStringLiteral("server"), true);
    QVERIFY(server);
    const QString base = QStringLiteral("client-") + client;
    AuthInfo user;
    if (asData) {
        user.clientCertificateData = m_pki.read(base + QStringLiteral(".crt"));
        user.clientKeyData = m_pki.read(base + QStringLiteral(".key"));
    } else {
        user.clientCertificate = m_pki.path(base + QStringLiteral(".crt"));
        user.clientKey = m_pki.path(base + QStringLiteral(".key"));
    }
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    const ReplyOutcome outcome = getThrough(transport);
    QVERIFY2(outcome.error == QNetworkReply::NoError,
             qPrintable(outcome.errorString + u' ' + server->tlsErrors.join(u';')));
    QCOMPARE(server->requests.size(), 1);
    QCOMPARE(server->requests.first().clientCertificateCn, QStringLiteral("jane-") + client);
    QVERIFY(!server->requests.first().hasHeader("authorization"));
}

void TstHubTransport::clientCertificateRequiredButMissing()
{
    auto server = startTls(QStringLiteral("server"), true);
    QVERIFY(server);
    HubTransport transport(cluster(server->port()), {}, QStringLiteral("prod"));
    const ReplyOutcome outcome = getThrough(transport);
    QVERIFY(outcome.finished);
    QVERIFY(outcome.error != QNetworkReply::NoError);
    QVERIFY(server->requests.isEmpty());
}

void TstHubTransport::wrongCa()
{
    auto server = startTls();
    QVERIFY(server);
    KubeconfigCluster c = cluster(server->port());
    c.certificateAuthority.clear();
    c.certificateAuthorityData = m_pki.read(QStringLiteral("otherca.crt"));
    AuthInfo user;
    user.token = QStringLiteral("SECRET-wrong-ca");
    HubTransport transport(c, user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    const ReplyOutcome outcome = getThrough(transport);
    QCOMPARE(outcome.error, QNetworkReply::SslHandshakeFailedError);
    QVERIFY(server->requests.isEmpty()); // the token never left
}

void TstHubTransport::tlsServerName()
{
    // The certificate names hub.test only; we connect to 127.0.0.1.
    auto server = startTls(QStringLiteral("named"));
    QVERIFY(server);
    KubeconfigCluster c = cluster(server->port());
    {
        HubTransport transport(c, {}, QStringLiteral("prod"));
        const ReplyOutcome outcome = getThrough(transport);
        QCOMPARE(outcome.error, QNetworkReply::SslHandshakeFailedError);
    }
    c.tlsServerName = QStringLiteral("hub.test");
    HubTransport transport(c, {}, QStringLiteral("prod"));
    const ReplyOutcome outcome = getThrough(transport);
    QVERIFY2(outcome.error == QNetworkReply::NoError, qPrintable(outcome.errorString));
    QCOMPARE(server->requests.size(), 1);
}

void TstHubTransport::insecureSkipTlsVerify()
{
    auto server = startTls(QStringLiteral("named")); // wrong name and a CA we do not pass
    QVERIFY(server);
    KubeconfigCluster c = cluster(server->port());
    c.certificateAuthority.clear();
    c.insecureSkipTlsVerify = true;
    HubTransport transport(c, {}, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    QCOMPARE(transport.warnings().size(), 1);
    QVERIFY2(transport.warnings().first().contains(u"insecure-skip-tls-verify"), qPrintable(transport.warnings().first()));
    const ReplyOutcome outcome = getThrough(transport);
    QVERIFY2(outcome.error == QNetworkReply::NoError, qPrintable(outcome.errorString));
    QCOMPARE(server->requests.size(), 1);
}

void TstHubTransport::impersonation()
{
    auto server = startTls();
    QVERIFY(server);
    AuthInfo user;
    user.token = QStringLiteral("admin-token");
    user.impersonate = QStringLiteral("alice@example.com");
    user.impersonateUid = QStringLiteral("42");
    user.impersonateGroups = {QStringLiteral("fleet-viewers")};
    user.impersonateUserExtra = {{QStringLiteral("scopes.example.com/project"), {QStringLiteral("fleet")}},
                                 {QStringLiteral("reason"), {QStringLiteral("audit")}}};
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    QCOMPARE(getThrough(transport).status, 200);
    const RecordedRequest &r = server->requests.first();
    QCOMPARE(r.header("impersonate-user"), QByteArray("alice@example.com"));
    QCOMPARE(r.header("impersonate-uid"), QByteArray("42"));
    QCOMPARE(r.header("impersonate-group"), QByteArray("fleet-viewers"));
    QCOMPARE(r.header("impersonate-extra-scopes.example.com%2fproject"), QByteArray("fleet"));
    QCOMPARE(r.header("impersonate-extra-reason"), QByteArray("audit"));
    QCOMPARE(r.header("authorization"), QByteArray("Bearer admin-token"));
}

void TstHubTransport::pathPrefix()
{
    auto server = startTls();
    QVERIFY(server);
    HubTransport transport(cluster(server->port(), QStringLiteral("/k8s/clusters/c1/")), {}, QStringLiteral("prod"));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QStringLiteral("500"));
    QCOMPARE(getThrough(transport, QStringLiteral("/api/v1/namespaces"), query).status, 200);
    QCOMPARE(server->requests.first().target, QByteArray("/k8s/clusters/c1/api/v1/namespaces?limit=500"));
}

void TstHubTransport::foreignUrlRefused()
{
    AuthInfo user;
    user.token = QStringLiteral("SECRET-foreign");
    HubTransport transport(cluster(6443), user, QStringLiteral("prod"));
    for (const QString &url : {QStringLiteral("https://example.invalid/api"), QStringLiteral("http://127.0.0.1:6443/api"),
                               QStringLiteral("https://127.0.0.1:6444/api")}) {
        QNetworkReply *reply = transport.get(QNetworkRequest(QUrl(url)));
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(5000));
        QCOMPARE(reply->error(), QNetworkReply::ProtocolInvalidOperationError);
        QVERIFY2(reply->errorString().contains(u"is not on the hub's server"), qPrintable(reply->errorString()));
        reply->deleteLater();
    }
}

void TstHubTransport::journalNamesProtocol()
{
    auto server = startTls();
    QVERIFY(server);
    AuthInfo user;
    user.token = QStringLiteral("SECRET-journal");
    HubTransport transport(cluster(server->port()), user, QStringLiteral("prod"));
    auto journal = std::make_shared<HubJournal>(QStringLiteral("prod"));
    transport.setJournal(journal);
    QCOMPARE(getThrough(transport, QStringLiteral("/api")).status, 200);
    // The test server offers no ALPN, so Qt speaks HTTP/1.1 although HTTP/2 is
    // allowed; against kube-apiserver the same line says HTTP/2 (tests/realhub).
    const QList<HubJournal::Entry> entries = journal->entries();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().kind, HubJournal::Kind::Request);
    const QRegularExpression line(QStringLiteral("^GET /api 200 in \\d+ ms, HTTP/1\\.1$"));
    QVERIFY2(line.match(entries.first().text).hasMatch(), qPrintable(entries.first().text));
    QVERIFY(!entries.first().text.contains(u"SECRET"));
}

QTEST_GUILESS_MAIN(TstHubTransport)
#include "tst_hubtransport.moc"
