#include "hubproxy.h"

#include <QHostAddress>
#include <QStringList>

namespace fleetscope {

namespace {

QString envAny(const QProcessEnvironment &environment, const QString &upper, const QString &lower, QString *name)
{
    // Go's getEnvAny: the upper-case spelling wins when it is set at all.
    if (environment.contains(upper)) {
        *name = upper;
        return environment.value(upper);
    }
    *name = lower;
    return environment.value(lower);
}

ProxyChoice proxyFromUrl(const QString &text, const QString &source)
{
    ProxyChoice choice;
    QString withScheme = text.trimmed();
    if (!withScheme.contains(QStringLiteral("://"))) // Go accepts "proxy:3128" as http
        withScheme.prepend(QStringLiteral("http://"));
    const QUrl url(withScheme, QUrl::StrictMode);
    const QString shown = url.isValid() ? url.toDisplayString(QUrl::RemoveUserInfo) : QStringLiteral("(unparsable)");
    if (!url.isValid() || url.host().isEmpty()) {
        choice.error = QStringLiteral("%1: invalid proxy URL").arg(source);
        return choice;
    }
    const QString scheme = url.scheme().toLower();
    QNetworkProxy::ProxyType type = QNetworkProxy::HttpProxy;
    int defaultPort = 80;
    if (scheme == u"http") {
        type = QNetworkProxy::HttpProxy;
    } else if (scheme == u"socks5" || scheme == u"socks5h") {
        type = QNetworkProxy::Socks5Proxy;
        defaultPort = 1080;
    } else if (scheme == u"https") {
        // QNetworkProxy has no TLS-to-the-proxy mode: Qt speaks plain HTTP CONNECT
        // to an HttpProxy, which an https proxy would reject or, worse, expose.
        choice.error = QStringLiteral("%1: https proxies (%2) are not supported by Qt's network stack; "
                                      "use an http:// or socks5:// proxy")
                           .arg(source, shown);
        return choice;
    } else {
        choice.error = QStringLiteral("%1: unsupported proxy scheme \"%2\" (http, socks5)").arg(source, scheme);
        return choice;
    }
    choice.proxy = QNetworkProxy(type, url.host(), quint16(url.port(defaultPort)),
                                 url.userName(QUrl::FullyDecoded), url.password(QUrl::FullyDecoded));
    return choice;
}

bool isLoopbackHost(const QString &host)
{
    if (host.compare(u"localhost", Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

bool bypassedByNoProxy(const QString &noProxy, const QString &host, int port)
{
    const QString lowerHost = host.toLower();
    const QHostAddress hostAddress(lowerHost);
    const QStringList entries = noProxy.split(u',', Qt::SkipEmptyParts);
    for (QString entry : entries) {
        entry = entry.trimmed().toLower();
        if (entry.isEmpty())
            continue;
        if (entry == u"*")
            return true;
        if (entry.contains(u'/')) { // CIDR
            const auto subnet = QHostAddress::parseSubnet(entry);
            if (!hostAddress.isNull() && subnet.first.protocol() == hostAddress.protocol()
                && hostAddress.isInSubnet(subnet))
                return true;
            continue;
        }
        const QHostAddress entryAddress(entry);
        if (!entryAddress.isNull()) {
            if (!hostAddress.isNull() && entryAddress.isEqual(hostAddress))
                return true;
            continue;
        }
        QString entryHost = entry;
        int entryPort = -1;
        const qsizetype colon = entry.lastIndexOf(u':');
        if (colon > 0 && !entry.contains(u']')) {
            bool ok = false;
            entryPort = entry.mid(colon + 1).toInt(&ok);
            if (!ok)
                continue;
            entryHost = entry.left(colon);
        }
        if (entryPort >= 0 && entryPort != port)
            continue;
        if (entryHost.startsWith(u"*."))
            entryHost.remove(0, 1);
        // Go: "foo.com" matches foo.com and its subdomains; ".foo.com" only subdomains.
        if (entryHost.startsWith(u'.')) {
            if (lowerHost.endsWith(entryHost))
                return true;
        } else if (lowerHost == entryHost || lowerHost.endsWith(u'.' + entryHost)) {
            return true;
        }
    }
    return false;
}

} // namespace

ProxyChoice resolveProxy(const QString &proxyUrl, const QUrl &server, const QProcessEnvironment &environment)
{
    if (!proxyUrl.isEmpty())
        return proxyFromUrl(proxyUrl, QStringLiteral("proxy-url"));

    ProxyChoice none;
    const QString host = server.host();
    if (isLoopbackHost(host))
        return none;
    const bool https = server.scheme().compare(u"https", Qt::CaseInsensitive) == 0;
    QString variable;
    const QString value = https ? envAny(environment, QStringLiteral("HTTPS_PROXY"), QStringLiteral("https_proxy"), &variable)
                                : envAny(environment, QStringLiteral("HTTP_PROXY"), QStringLiteral("http_proxy"), &variable);
    if (value.trimmed().isEmpty())
        return none;
    QString noProxyVariable;
    const QString noProxy = envAny(environment, QStringLiteral("NO_PROXY"), QStringLiteral("no_proxy"), &noProxyVariable);
    if (bypassedByNoProxy(noProxy, host, server.port(https ? 443 : 80)))
        return none;
    return proxyFromUrl(value, variable);
}

} // namespace fleetscope
