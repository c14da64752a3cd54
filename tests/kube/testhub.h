#pragma once

#include "api/kubeconfigcluster.h"
#include "kube/hubtransport.h"

#include "testhttpserver.h"
#include "testpki.h"

#include <QNetworkReply>
#include <QSslConfiguration>
#include <QUrlQuery>

#include <memory>

namespace fleetscope::testing {

// What became of one request sent through a HubTransport.
struct ReplyOutcome
{
    bool finished = false;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QString errorString;
    int status = 0;
};

// GET through the transport, waiting (event loop, 15 s deadline) for the reply.
// With `keep`, the caller gets (and owns) the finished reply.
ReplyOutcome getThrough(HubTransport &transport, const QString &path = QStringLiteral("/api"),
                        const QUrlQuery &query = {}, QNetworkReply **keep = nullptr);

// The PKI the transport tests share: CAs "ca" and "otherca"; server leaves
// "server" (IP:127.0.0.1) and "named" (DNS:hub.test only); client leaves
// "client-rsa-pkcs1", "client-rsa-pkcs8", "client-ec-sec1", "client-ec-pkcs8"
// (CN jane-<kind>), all signed by "ca".
bool makeHubPki(TestPki *pki);

// A TLS hub on 127.0.0.1 presenting `leaf`; optionally requiring a client
// certificate signed by "ca". Null when it cannot listen.
std::unique_ptr<TestHttpServer> startTlsHub(const TestPki &pki, const QString &leaf = QStringLiteral("server"),
                                            bool requireClientCertificate = false);

// https://127.0.0.1:<port><prefix>, trusting "ca" through the certificate-authority file.
KubeconfigCluster hubCluster(const TestPki &pki, quint16 port, const QString &pathPrefix = {});

} // namespace fleetscope::testing
