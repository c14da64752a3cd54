#include "testhub.h"

#include "kube/tlsmaterial.h"

#include <QSignalSpy>

namespace fleetscope::testing {

ReplyOutcome getThrough(HubTransport &transport, const QString &path, const QUrlQuery &query, QNetworkReply **keep)
{
    ReplyOutcome outcome;
    QNetworkReply *reply = transport.get(QNetworkRequest(transport.url(path, query)));
    QSignalSpy finished(reply, &QNetworkReply::finished);
    outcome.finished = finished.wait(15000);
    outcome.error = reply->error();
    outcome.errorString = reply->errorString();
    outcome.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (keep)
        *keep = reply;
    else
        reply->deleteLater();
    return outcome;
}

bool makeHubPki(TestPki *pki)
{
    using KeyKind = TestPki::KeyKind;
    if (!pki->isValid() || !pki->makeCa(QStringLiteral("ca")) || !pki->makeCa(QStringLiteral("otherca"))
        || !pki->makeLeaf(QStringLiteral("server"), QStringLiteral("ca"), QStringLiteral("hub"),
                          {QStringLiteral("IP:127.0.0.1")})
        || !pki->makeLeaf(QStringLiteral("named"), QStringLiteral("ca"), QStringLiteral("hub"),
                          {QStringLiteral("DNS:hub.test")}))
        return false;
    const struct
    {
        const char *name;
        KeyKind kind;
    } clients[] = {{"rsa-pkcs1", KeyKind::RsaPkcs1},
                   {"rsa-pkcs8", KeyKind::RsaPkcs8},
                   {"ec-sec1", KeyKind::EcSec1},
                   {"ec-pkcs8", KeyKind::EcPkcs8}};
    for (const auto &client : clients) {
        const QString name = QString::fromLatin1(client.name);
        if (!pki->makeLeaf(QStringLiteral("client-") + name, QStringLiteral("ca"), QStringLiteral("jane-") + name, {},
                           client.kind))
            return false;
    }
    return true;
}

std::unique_ptr<TestHttpServer> startTlsHub(const TestPki &pki, const QString &leaf, bool requireClientCertificate)
{
    QString error;
    const ClientIdentity identity = loadClientIdentity(
        {}, pki.path(leaf + QStringLiteral(".crt")), {}, pki.path(leaf + QStringLiteral(".key")), &error);
    if (identity.isNull())
        return nullptr;
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificateChain(identity.chain);
    config.setPrivateKey(identity.key);
    if (requireClientCertificate) {
        config.setPeerVerifyMode(QSslSocket::VerifyPeer);
        config.setCaCertificates(QSslCertificate::fromPath(pki.path(QStringLiteral("ca.crt"))));
    } else {
        config.setPeerVerifyMode(QSslSocket::VerifyNone);
    }
    auto server = std::make_unique<TestHttpServer>();
    if (!server->listenTls(config))
        return nullptr;
    return server;
}

KubeconfigCluster hubCluster(const TestPki &pki, quint16 port, const QString &pathPrefix)
{
    KubeconfigCluster c;
    c.server = QStringLiteral("https://127.0.0.1:%1%2").arg(port).arg(pathPrefix);
    c.certificateAuthority = pki.path(QStringLiteral("ca.crt"));
    return c;
}

} // namespace fleetscope::testing
