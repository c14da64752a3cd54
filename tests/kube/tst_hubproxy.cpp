#include "kube/hubproxy.h"
#include "kube/hubtransport.h"

#include "testhttpserver.h"

#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using fleetscope::testing::TestHttpServer;

class TstHubProxy : public QObject
{
    Q_OBJECT

private slots:
    void proxy_data();
    void proxy();
    void noProxy_data();
    void noProxy();
    void requestsGoThroughTheProxy();
};

void TstHubProxy::proxy_data()
{
    QTest::addColumn<QString>("proxyUrl");
    QTest::addColumn<QString>("server");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("error");

    const QString hub = QStringLiteral("https://hub.example:6443");
    const int none = int(QNetworkProxy::NoProxy);
    const int http = int(QNetworkProxy::HttpProxy);
    const int socks = int(QNetworkProxy::Socks5Proxy);
    QTest::newRow("nothing") << QString() << hub << QStringList() << none << QString() << 0 << QString();
    QTest::newRow("proxy-url http") << QStringLiteral("http://u:p@proxy.corp:3128") << hub << QStringList() << http
                                    << QStringLiteral("proxy.corp") << 3128 << QString();
    QTest::newRow("proxy-url socks5") << QStringLiteral("socks5://proxy.corp") << hub << QStringList() << socks
                                      << QStringLiteral("proxy.corp") << 1080 << QString();
    QTest::newRow("proxy-url https") << QStringLiteral("https://proxy.corp") << hub << QStringList() << none
                                     << QString() << 0 << QStringLiteral("not supported by Qt's network stack");
    QTest::newRow("proxy-url ftp") << QStringLiteral("ftp://proxy.corp") << hub << QStringList() << none << QString()
                                   << 0 << QStringLiteral("unsupported proxy scheme");
    QTest::newRow("proxy-url wins over loopback") << QStringLiteral("http://proxy.corp:8080")
                                                  << QStringLiteral("https://127.0.0.1:6443") << QStringList() << http
                                                  << QStringLiteral("proxy.corp") << 8080 << QString();
    QTest::newRow("HTTPS_PROXY") << QString() << hub << QStringList{QStringLiteral("HTTPS_PROXY=proxy.corp:3128")}
                                 << http << QStringLiteral("proxy.corp") << 3128 << QString();
    QTest::newRow("upper case wins") << QString() << hub
                                     << QStringList{QStringLiteral("https_proxy=http://lower:1"),
                                                    QStringLiteral("HTTPS_PROXY=http://upper:2")}
                                     << http << QStringLiteral("upper") << 2 << QString();
    QTest::newRow("http server uses HTTP_PROXY") << QString() << QStringLiteral("http://hub.example:8080")
                                                 << QStringList{QStringLiteral("HTTPS_PROXY=http://s:1"),
                                                                QStringLiteral("http_proxy=socks5://h:2")}
                                                 << socks << QStringLiteral("h") << 2 << QString();
    QTest::newRow("NO_PROXY") << QString() << hub
                              << QStringList{QStringLiteral("HTTPS_PROXY=http://p:1"),
                                             QStringLiteral("NO_PROXY=foo.com,example")}
                              << none << QString() << 0 << QString();
    QTest::newRow("loopback never proxied") << QString() << QStringLiteral("https://localhost:6443")
                                            << QStringList{QStringLiteral("HTTPS_PROXY=http://p:1")} << none
                                            << QString() << 0 << QString();
    QTest::newRow("https proxy from env") << QString() << hub << QStringList{QStringLiteral("HTTPS_PROXY=https://p:1")}
                                          << none << QString() << 0 << QStringLiteral("HTTPS_PROXY: https proxies");
}

void TstHubProxy::proxy()
{
    QFETCH(QString, proxyUrl);
    QFETCH(QString, server);
    QFETCH(QStringList, env);
    QFETCH(int, type);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, error);
    QProcessEnvironment environment;
    for (const QString &entry : env)
        environment.insert(entry.section(u'=', 0, 0), entry.section(u'=', 1));
    const ProxyChoice choice = resolveProxy(proxyUrl, QUrl(server), environment);
    QVERIFY2(choice.error.contains(error), qPrintable(choice.error));
    QCOMPARE(choice.ok(), error.isEmpty());
    QCOMPARE(int(choice.proxy.type()), type);
    if (type != int(QNetworkProxy::NoProxy)) {
        QCOMPARE(choice.proxy.hostName(), host);
        QCOMPARE(int(choice.proxy.port()), port);
    }
    QVERIFY(!choice.error.contains(u":p@"));
}

void TstHubProxy::noProxy_data()
{
    QTest::addColumn<QString>("noProxy");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<bool>("bypassed");

    QTest::newRow("empty") << QString() << QStringLiteral("hub.example") << 443 << false;
    QTest::newRow("star") << QStringLiteral("*") << QStringLiteral("hub.example") << 443 << true;
    QTest::newRow("exact") << QStringLiteral("a.com, hub.example") << QStringLiteral("hub.example") << 443 << true;
    QTest::newRow("domain covers subdomains") << QStringLiteral("example") << QStringLiteral("hub.example") << 443
                                              << true;
    QTest::newRow("dot suffix") << QStringLiteral(".example") << QStringLiteral("hub.example") << 443 << true;
    QTest::newRow("not a suffix of a label") << QStringLiteral("ample") << QStringLiteral("hub.example") << 443
                                             << false;
    QTest::newRow("port must match") << QStringLiteral("hub.example:6443") << QStringLiteral("hub.example") << 443
                                     << false;
    QTest::newRow("port matches") << QStringLiteral("hub.example:6443") << QStringLiteral("hub.example") << 6443
                                  << true;
    QTest::newRow("ip") << QStringLiteral("10.0.0.1") << QStringLiteral("10.0.0.1") << 443 << true;
    QTest::newRow("cidr") << QStringLiteral("10.0.0.0/8") << QStringLiteral("10.2.3.4") << 443 << true;
    QTest::newRow("cidr miss") << QStringLiteral("10.0.0.0/8") << QStringLiteral("11.2.3.4") << 443 << false;
}

void TstHubProxy::noProxy()
{
    QFETCH(QString, noProxy);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(bool, bypassed);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("HTTPS_PROXY"), QStringLiteral("http://proxy.corp:3128"));
    environment.insert(QStringLiteral("NO_PROXY"), noProxy);
    QUrl server(QStringLiteral("https://") + host);
    server.setPort(port);
    const ProxyChoice choice = resolveProxy(QString(), server, environment);
    QCOMPARE(choice.proxy.type() == QNetworkProxy::NoProxy, bypassed);
}

void TstHubProxy::requestsGoThroughTheProxy()
{
    // An http proxy receives the absolute URL of a plain-http hub (RFC 9112 absolute-form);
    // nothing listens on the hub's own port.
    TestHttpServer proxyServer;
    QVERIFY(proxyServer.listenPlain());
    KubeconfigCluster cluster;
    cluster.server = QStringLiteral("http://127.0.0.1:1/prefix");
    cluster.proxyUrl = QStringLiteral("http://127.0.0.1:%1").arg(proxyServer.port());
    HubTransport transport(cluster, {}, QStringLiteral("prod"));
    QVERIFY2(transport.setupError().isEmpty(), qPrintable(transport.setupError()));
    QNetworkReply *reply = transport.get(QNetworkRequest(transport.url(QStringLiteral("/api"))));
    QSignalSpy finished(reply, &QNetworkReply::finished);
    QVERIFY(finished.wait(15000));
    QVERIFY2(reply->error() == QNetworkReply::NoError, qPrintable(reply->errorString()));
    reply->deleteLater();
    QCOMPARE(proxyServer.requests.size(), 1);
    QCOMPARE(proxyServer.requests.first().target, QByteArray("http://127.0.0.1:1/prefix/api"));
}

QTEST_GUILESS_MAIN(TstHubProxy)
#include "tst_hubproxy.moc"
