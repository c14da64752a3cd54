#include "hubdiscovery.h"

#include "kube/hubtransport.h"
#include "kube/inventorydiscovery.h"

#include <QNetworkReply>

#include <functional>

namespace fleetscope {

using inventory_discovery::group;

HubDiscovery::HubDiscovery(HubTransport *transport, const QString &hubName, int transferTimeoutMs, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
    , m_hubName(hubName)
    , m_transferTimeoutMs(transferTimeoutMs)
{
}

HubDiscovery::~HubDiscovery()
{
    abort();
}

void HubDiscovery::abort()
{
    if (QNetworkReply *reply = m_reply.data()) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_reply = nullptr;
}

void HubDiscovery::get(const QString &path, std::function<void(QNetworkReply *)> done)
{
    QNetworkRequest request(m_transport->url(path));
    request.setTransferTimeout(m_transferTimeoutMs);
    QNetworkReply *reply = m_transport->get(request);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, done = std::move(done)] {
        reply->deleteLater();
        m_reply = nullptr;
        done(reply);
    });
}

void HubDiscovery::start()
{
    abort();
    m_profilesVersion.clear();
    m_placementsVersion.clear();
    get(QStringLiteral("/apis/") + QLatin1String(group), [this](QNetworkReply *reply) { onGroup(reply); });
}

void HubDiscovery::onGroup(QNetworkReply *reply)
{
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) {
        emit failed(ApiError::transport(reply->errorString()), false);
        return;
    }
    if (status == 404) {
        emit failed(ApiError::fromHttp(404, inventory_discovery::notServedMessage().toUtf8(), {}), true);
        return;
    }
    if (status != 200) {
        const ApiError error = ApiError::fromHttp(status, body, reply->rawHeader("Retry-After"));
        emit failed(error, error.isForbidden());
        return;
    }
    QString parseError;
    if (!inventory_discovery::parseGroupVersions(body, m_hubName + QStringLiteral(" discovery"), &m_versionsToAsk,
                                                 &parseError)) {
        emit failed(ApiError::badResponse(parseError), false);
        return;
    }
    nextVersion();
}

void HubDiscovery::nextVersion()
{
    if (m_versionsToAsk.isEmpty()) {
        if (m_profilesVersion.isEmpty())
            emit failed(ApiError::badResponse(QStringLiteral("the hub serves multicluster.x-k8s.io but no clusterprofiles resource")), true);
        else
            emit discovered(m_profilesVersion, m_placementsVersion);
        return;
    }
    const QString version = m_versionsToAsk.takeFirst();
    get(QStringLiteral("/apis/") + QLatin1String(group) + u'/' + version,
        [this, version](QNetworkReply *reply) { onVersion(reply, version); });
}

void HubDiscovery::onVersion(QNetworkReply *reply, const QString &version)
{
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) {
        emit failed(status == 0 ? ApiError::transport(reply->errorString())
                                : ApiError::fromHttp(status, body, reply->rawHeader("Retry-After")),
                    false);
        return;
    }
    const inventory_discovery::ServedResources served = inventory_discovery::parseServedResources(body);
    if (served.profiles && m_profilesVersion.isEmpty())
        m_profilesVersion = version;
    if (served.placements && m_placementsVersion.isEmpty())
        m_placementsVersion = version;
    nextVersion();
}

} // namespace fleetscope
