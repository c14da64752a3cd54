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
    QString error;       // unusable configuration (https proxy, bad URL); names the source

    bool ok() const { return error.isEmpty(); }
};

// Chooses the proxy the way client-go does: the cluster's proxy-url when set
// (for every host), else Go's httpproxy.FromEnvironment rules: HTTPS_PROXY or
// HTTP_PROXY by the server's scheme (upper case first), NO_PROXY exclusions
// (comma-separated hosts, ".suffix" or "suffix" domains, IPs, CIDRs, optional
// ":port", or "*"), and never a proxy for localhost or loopback addresses.
ProxyChoice resolveProxy(const QString &proxyUrl, const QUrl &server,
                         const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

} // namespace fleetscope
