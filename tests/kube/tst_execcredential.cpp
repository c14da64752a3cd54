#include "kube/execcredentialrunner.h"

#include "testexecplugin.h"
#include "testpki.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using fleetscope::testing::TestExecPlugin;
using fleetscope::testing::TestPki;

namespace {

const QString v1 = QStringLiteral("client.authentication.k8s.io/v1");
const QString v1beta1 = QStringLiteral("client.authentication.k8s.io/v1beta1");

struct Outcome
{
    bool succeeded = false;
    bool failed = false;
    ExecCredential credential;
    QString message;
};

// Runs once and waits (event loop, deadline) for the one answer.
Outcome run(ExecCredentialRunner &runner)
{
    Outcome outcome;
    QSignalSpy ok(&runner, &ExecCredentialRunner::succeeded);
    QSignalSpy bad(&runner, &ExecCredentialRunner::failed);
    runner.start();
    if (!QTest::qWaitFor([&] { return ok.count() + bad.count() > 0; }, 20000))
        return outcome;
    if (!ok.isEmpty()) {
        outcome.succeeded = true;
        outcome.credential = ok.first().first().value<ExecCredential>();
    }
    if (!bad.isEmpty()) {
        outcome.failed = true;
        outcome.message = bad.first().first().toString();
    }
    return outcome;
}

} // namespace

class TstExecCredential : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void execInfo_data();
    void execInfo();
    void parseOutput_data();
    void parseOutput();
    void parseCertificateOutput();
    void displayCommandRedactsSecrets();

    void runToken_data();
    void runToken();
    void runCertificate();
    void runEnvironmentAndClusterInfo();
    void runFailures_data();
    void runFailures();
    void missingCommand();
    void interactiveAlwaysRefused();
    void deadline();

private:
    TestPki m_pki;
};

void TstExecCredential::initTestCase()
{
    qRegisterMetaType<ExecCredential>();
    if (m_pki.isValid()) {
        QVERIFY2(m_pki.makeCa(QStringLiteral("ca")), qPrintable(m_pki.error()));
        QVERIFY2(m_pki.makeLeaf(QStringLiteral("client"), QStringLiteral("ca"), QStringLiteral("jane"), {}),
                 qPrintable(m_pki.error()));
    }
}

void TstExecCredential::execInfo_data()
{
    QTest::addColumn<QString>("apiVersion");
    QTest::addColumn<bool>("provideClusterInfo");

    QTest::newRow("v1") << v1 << false;
    QTest::newRow("v1beta1") << v1beta1 << false;
    QTest::newRow("v1 with cluster info") << v1 << true;
}

void TstExecCredential::execInfo()
{
    QFETCH(QString, apiVersion);
    QFETCH(bool, provideClusterInfo);
    ExecConfig config;
    config.apiVersion = apiVersion;
    config.command = QStringLiteral("plugin");
    config.provideClusterInfo = provideClusterInfo;
    KubeconfigCluster cluster;
    cluster.server = QStringLiteral("https://hub.example:6443/prefix");
    cluster.tlsServerName = QStringLiteral("hub.internal");
    cluster.proxyUrl = QStringLiteral("socks5://proxy:1080");
    cluster.extensions = {{QStringLiteral("client.authentication.k8s.io/exec"), QByteArray(R"({"audience":"fleet"})")},
                          {QStringLiteral("other"), QByteArray(R"({"x":1})")}};
    const QByteArray ca = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

    const QJsonObject info = QJsonDocument::fromJson(ExecCredentialRunner::execInfoJson(config, cluster, ca)).object();
    QCOMPARE(info.value(u"kind").toString(), QStringLiteral("ExecCredential"));
    QCOMPARE(info.value(u"apiVersion").toString(), apiVersion);
    const QJsonObject spec = info.value(u"spec").toObject();
    QCOMPARE(spec.value(u"interactive"), QJsonValue(false));
    QCOMPARE(spec.contains(u"cluster"), provideClusterInfo);
    if (!provideClusterInfo)
        return;
    const QJsonObject c = spec.value(u"cluster").toObject();
    QCOMPARE(c.value(u"server").toString(), cluster.server);
    QCOMPARE(c.value(u"tls-server-name").toString(), cluster.tlsServerName);
    QCOMPARE(c.value(u"proxy-url").toString(), cluster.proxyUrl);
    QVERIFY(!c.contains(u"insecure-skip-tls-verify")); // omitempty, as in Go
    QCOMPARE(QByteArray::fromBase64(c.value(u"certificate-authority-data").toString().toLatin1()), ca);
    QCOMPARE(c.value(u"config").toObject().value(u"audience").toString(), QStringLiteral("fleet"));
}

void TstExecCredential::parseOutput_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("expected"); // token or error fragment

    QTest::newRow("token") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential",
        "status":{"token":"SECRET-1"}})") << true << QStringLiteral("SECRET-1");
    QTest::newRow("token with expiry") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential","status":{"token":"SECRET-2","expirationTimestamp":"2030-01-01T00:00:00Z"}})")
                                       << true << QStringLiteral("SECRET-2");
    QTest::newRow("other apiVersion") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1beta1",
        "kind":"ExecCredential","status":{"token":"SECRET-3"}})") << false
                                      << QStringLiteral("plugin returned version client.authentication.k8s.io/v1beta1");
    QTest::newRow("not json") << QByteArray("SECRET-4 oops") << false
                              << QStringLiteral("the plugin's output is not a valid ExecCredential");
    QTest::newRow("wrong kind") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"Secret",
        "status":{"token":"SECRET-5"}})") << false << QStringLiteral("kind is not ExecCredential");
    QTest::newRow("no status") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential"})") << false << QStringLiteral("no status");
    QTest::newRow("empty status") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential","status":{}})") << false << QStringLiteral("neither a token nor");
    QTest::newRow("certificate without key") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential","status":{"clientCertificateData":"SECRET-6"}})") << false
                                             << QStringLiteral("only a client certificate or a key");
    QTest::newRow("bad certificate") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential","status":{"clientCertificateData":"SECRET-7","clientKeyData":"SECRET-8"}})")
                                     << false << QStringLiteral("the plugin's client certificate contains no PEM");
    QTest::newRow("bad expiry") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential","status":{"token":"SECRET-9","expirationTimestamp":"tomorrow"}})")
                                << false << QStringLiteral("expirationTimestamp is not an RFC 3339 time");
    QTest::newRow("token of wrong type") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1",
        "kind":"ExecCredential","status":{"token":42}})") << false << QStringLiteral("neither a token nor");
}

void TstExecCredential::parseOutput()
{
    QFETCH(QByteArray, output);
    QFETCH(bool, ok);
    QFETCH(QString, expected);
    ExecCredential credential;
    QString error;
    QCOMPARE(ExecCredentialRunner::parseOutput(output, v1, &credential, &error), ok);
    if (ok) {
        QCOMPARE(QString::fromLatin1(credential.token), expected);
        QVERIFY(error.isEmpty());
    } else {
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(!error.contains(u"SECRET"), qPrintable(error)); // the output is a secret
    }
}

void TstExecCredential::parseCertificateOutput()
{
    if (!m_pki.isValid())
        QSKIP(qPrintable(m_pki.error()));
    QJsonObject status{{QStringLiteral("clientCertificateData"), QString::fromLatin1(m_pki.read(QStringLiteral("client.crt")))},
                       {QStringLiteral("clientKeyData"), QString::fromLatin1(m_pki.read(QStringLiteral("client.key")))},
                       {QStringLiteral("expirationTimestamp"), QStringLiteral("2030-01-01T00:00:00Z")}};
    const QJsonObject doc{{QStringLiteral("apiVersion"), v1beta1},
                          {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                          {QStringLiteral("status"), status}};
    ExecCredential credential;
    QString error;
    QVERIFY2(ExecCredentialRunner::parseOutput(QJsonDocument(doc).toJson(), v1beta1, &credential, &error),
             qPrintable(error));
    QVERIFY(credential.token.isEmpty());
    QVERIFY(!credential.identity.isNull());
    QCOMPARE(credential.identity.key.algorithm(), QSsl::Ec);
    QCOMPARE(credential.expiresAt, QDateTime(QDate(2030, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
    QVERIFY(!credential.isExpired(QDateTime::currentMSecsSinceEpoch()));
    QVERIFY(credential.isExpired(credential.expiresAt + 1));
    QVERIFY(!credential.isExpired(credential.expiresAt)); // no leeway, "now after expiry"

    // A key of another certificate: refused, without quoting either.
    QVERIFY(m_pki.makeKey(QStringLiteral("other"), TestPki::KeyKind::EcPkcs8));
    status[QStringLiteral("clientKeyData")] = QString::fromLatin1(m_pki.read(QStringLiteral("other.key")));
    const QJsonObject mismatched{{QStringLiteral("apiVersion"), v1beta1},
                                 {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                                 {QStringLiteral("status"), status}};
    QVERIFY(!ExecCredentialRunner::parseOutput(QJsonDocument(mismatched).toJson(), v1beta1, &credential, &error));
    QCOMPARE(error, QStringLiteral("the plugin's client key does not match the plugin's client certificate"));
}

void TstExecCredential::displayCommandRedactsSecrets()
{
    ExecConfig config;
    config.apiVersion = v1;
    config.command = QStringLiteral("kubectl");
    config.args = {QStringLiteral("oidc-login"), QStringLiteral("get-token"),
                   QStringLiteral("--oidc-issuer-url=https://issuer.example"),
                   QStringLiteral("--oidc-client-secret=hunter2"), QStringLiteral("--token"),
                   QStringLiteral("abc123"), QStringLiteral("--region"), QStringLiteral("eu west")};
    const ExecCredentialRunner runner(config, {}, {}, QStringLiteral("prod"));
    const QString shown = runner.displayCommand();
    QCOMPARE(shown, QStringLiteral("kubectl oidc-login get-token --oidc-issuer-url=https://issuer.example "
                                   "--oidc-client-secret=<redacted> --token <redacted> --region 'eu west'"));
}

void TstExecCredential::runToken_data()
{
    QTest::addColumn<QString>("apiVersion");
    QTest::newRow("v1") << v1;
    QTest::newRow("v1beta1") << v1beta1;
}

void TstExecCredential::runToken()
{
    QFETCH(QString, apiVersion);
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    ExecCredentialRunner runner(plugin.config(QStringLiteral("token"), apiVersion,
                                              {{QStringLiteral("PLUGIN_EXPIRES_IN"), QStringLiteral("3600")}}),
                                {}, {}, QStringLiteral("prod"));
    const Outcome first = run(runner);
    QVERIFY2(first.succeeded, qPrintable(first.message));
    QCOMPARE(first.credential.token, QByteArray("exec-token-1"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(first.credential.expiresAt > now + 3500'000 && first.credential.expiresAt <= now + 3600'000);
    QCOMPARE(plugin.runs(), 1);
    QVERIFY(!plugin.execInfo(1).value(u"spec").toObject().contains(u"cluster"));

    const Outcome second = run(runner); // the runner itself does not cache: HubTransport does
    QCOMPARE(second.credential.token, QByteArray("exec-token-2"));
    QCOMPARE(runner.runCount(), 2);
}

void TstExecCredential::runCertificate()
{
    TestExecPlugin plugin;
    if (!plugin.isValid() || !m_pki.isValid())
        QSKIP("needs python3 and openssl");
    ExecCredentialRunner runner(plugin.config(QStringLiteral("cert"), v1,
                                              {{QStringLiteral("PLUGIN_CERT"), m_pki.path(QStringLiteral("client.crt"))},
                                               {QStringLiteral("PLUGIN_KEY"), m_pki.path(QStringLiteral("client.key"))}}),
                                {}, {}, QStringLiteral("prod"));
    const Outcome outcome = run(runner);
    QVERIFY2(outcome.succeeded, qPrintable(outcome.message));
    QCOMPARE(outcome.credential.expiresAt, 0); // no expirationTimestamp: cached forever
    QCOMPARE(outcome.credential.identity.chain.first().subjectInfo(QSslCertificate::CommonName),
             QStringList{QStringLiteral("jane")});
}

void TstExecCredential::runEnvironmentAndClusterInfo()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    ExecConfig config = plugin.config(QStringLiteral("token"), v1beta1);
    config.provideClusterInfo = true;
    KubeconfigCluster cluster;
    cluster.server = QStringLiteral("https://127.0.0.1:6443");
    cluster.insecureSkipTlsVerify = true;
    cluster.extensions = {{QStringLiteral("client.authentication.k8s.io/exec"), QByteArray(R"({"k":"v"})")}};
    ExecCredentialRunner runner(config, cluster, {}, QStringLiteral("prod"));
    const Outcome outcome = run(runner);
    QVERIFY2(outcome.succeeded, qPrintable(outcome.message));
    const QJsonObject c = plugin.execInfo(1).value(u"spec").toObject().value(u"cluster").toObject();
    QCOMPARE(c.value(u"server").toString(), cluster.server);
    QCOMPARE(c.value(u"insecure-skip-tls-verify"), QJsonValue(true));
    QCOMPARE(c.value(u"config").toObject().value(u"k").toString(), QStringLiteral("v"));
    QVERIFY(!c.contains(u"certificate-authority-data"));
}

void TstExecCredential::runFailures_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("expected");

    QTest::newRow("non-zero exit") << QStringLiteral("fail")
                                   << QStringLiteral("failed with exit code 2: some noise | login expired: run sso login");
    QTest::newRow("not an ExecCredential") << QStringLiteral("garbage")
                                           << QStringLiteral("the plugin's output is not a valid ExecCredential");
    QTest::newRow("other apiVersion") << QStringLiteral("wrongversion")
                                      << QStringLiteral("plugin returned version client.authentication.k8s.io/v1alpha1");
}

void TstExecCredential::runFailures()
{
    QFETCH(QString, mode);
    QFETCH(QString, expected);
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    ExecCredentialRunner runner(plugin.config(mode), {}, {}, QStringLiteral("prod"));
    const Outcome outcome = run(runner);
    QVERIFY(outcome.failed);
    QVERIFY(!outcome.succeeded);
    QVERIFY2(outcome.message.contains(expected), qPrintable(outcome.message));
    QVERIFY2(outcome.message.startsWith(QStringLiteral("hub \"prod\": exec plugin")), qPrintable(outcome.message));
    QVERIFY2(!outcome.message.contains(u"SECRET"), qPrintable(outcome.message));
    QCOMPARE(plugin.runs(), 1);
    QVERIFY(!runner.isRunning());
}

void TstExecCredential::missingCommand()
{
    ExecConfig config;
    config.apiVersion = v1;
    config.command = QStringLiteral("fleetscope-no-such-plugin");
    config.installHint = QStringLiteral("Install it with: apt install fleetscope-no-such-plugin");
    ExecCredentialRunner runner(config, {}, {}, QStringLiteral("prod"));
    const Outcome outcome = run(runner);
    QVERIFY(outcome.failed);
    QVERIFY2(outcome.message.contains(QStringLiteral("\"fleetscope-no-such-plugin\" was not found in PATH")),
             qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(u"credential plugin that is not installed"), qPrintable(outcome.message));
    QVERIFY2(outcome.message.endsWith(config.installHint), qPrintable(outcome.message));

    config.command = QStringLiteral("/nonexistent/bin/plugin");
    ExecCredentialRunner withPath(config, {}, {}, QStringLiteral("prod"));
    const Outcome second = run(withPath);
    QVERIFY2(second.message.contains(u"is not an executable file"), qPrintable(second.message));
}

void TstExecCredential::interactiveAlwaysRefused()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    ExecConfig config = plugin.config();
    config.interactiveMode = QStringLiteral("Always");
    config.args = {QStringLiteral("login"), QStringLiteral("--password=hunter2")};
    config.installHint = QStringLiteral("See https://example.com/plugin");
    ExecCredentialRunner runner(config, {}, {}, QStringLiteral("prod"));
    const Outcome outcome = run(runner);
    QVERIFY(outcome.failed);
    QVERIFY2(outcome.message.contains(QStringLiteral("interactive login is not supported here, run it once in a "
                                                     "terminal: %1 login --password=<redacted>")
                                          .arg(config.command)),
             qPrintable(outcome.message));
    QVERIFY2(outcome.message.endsWith(config.installHint), qPrintable(outcome.message));
    QCOMPARE(plugin.runs(), 0); // never started
}

void TstExecCredential::deadline()
{
    TestExecPlugin plugin;
    if (!plugin.isValid())
        QSKIP(qPrintable(plugin.error()));
    ExecCredentialRunner runner(plugin.config(QStringLiteral("hang")), {}, {}, QStringLiteral("prod"));
    runner.setTimeoutMs(1500);
    const Outcome outcome = run(runner);
    QVERIFY(outcome.failed);
    QVERIFY2(outcome.message.contains(u"did not finish within 1.5 s"), qPrintable(outcome.message));
    QVERIFY(!runner.isRunning());
}

QTEST_GUILESS_MAIN(TstExecCredential)
#include "tst_execcredential.moc"
