#pragma once

#include <QNetworkProxy>
#include <QProcessEnvironment>
#include <QString>
#include <QUrl>

namespace fleetscope {

// The proxy decision for one hub: an explicit QNetworkProxy (NoProxy included),
// so that Qt's own environment lookup, which reads only the lower-case variables
// and ignores HTTPS_PROXY / NO_PROXY spellings, never decides instead.
struct ProxyChoice
{
    QNetworkProxy proxy = QNetworkProxy(QNetworkProxy::NoProxy);
    QString description; // "http proxy proxy.corp:3128 (from HTTPS_PROXY)"; never a password
    QString error;       // unusable configuration (https proxy, bad URL); names the source

    bool ok() const { return error.isEmpty(); }
};

// Chooses the proxy the way client-go does: the cluster's proxy-url when set
// (for every host), else Go's httpproxy.FromEnvironment rules: HTTPS_PROXY or
// HTTP_PROXY by the server's scheme (upper case first), NO_PROXY exclusions, and
// never a proxy for localhost or loopback addresses.
class HubProxy final
{
public:
    static ProxyChoice resolve(const QString &proxyUrl, const QUrl &server,
                               const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

    // NO_PROXY matching alone (exposed for tests): comma-separated hosts,
    // ".suffix" or "suffix" domains, IPs, CIDRs, optional ":port", or "*".
    static bool bypassedByNoProxy(const QString &noProxy, const QString &host, int port);
};

} // namespace fleetscope
