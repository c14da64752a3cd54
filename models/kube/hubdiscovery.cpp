#include "hubdiscovery.h"

#include "api/jsontext.h"
#include "kube/hubtransport.h"

#include <QNetworkReply>

#include <algorithm>

namespace fleetscope {
namespace {

// The versions an APIGroup document lists, best first. False with `error` set
// when the body is not an APIGroup; `source` names it in the message.
bool parseGroupVersions(const QByteArray &body, const QString &source, QStringList *versions, QString *error)
{
    versions->clear();
    nlohmann::json apiGroup;
    QString parseError;
    if (!parseJson(body, source, &apiGroup, &parseError) || !apiGroup.is_object() || !apiGroup.contains("versions")
        || !apiGroup["versions"].is_array()) {
        *error = parseError.isEmpty() ? QStringLiteral("discovery: not an APIGroup") : parseError;
        return false;
    }
    for (const nlohmann::json &v : apiGroup["versions"]) {
        if (v.is_object() && v.contains("version") && v["version"].is_string())
            versions->append(QString::fromStdString(v["version"].get<std::string>()));
    }
    // v1alpha2 is preferred over v1alpha1; unknown versions last, in name order.
    const auto rank = [](const QString &v) { return std::pair(v == u"v1alpha2" ? 0 : v == u"v1alpha1" ? 1 : 2, v); };
    std::sort(versions->begin(), versions->end(), [&](const QString &a, const QString &b) { return rank(a) < rank(b); });
    return true;
}

// Whether an APIResourceList names `resource`.
bool servesResource(const nlohmann::json &resources, std::string_view resource)
{
    if (!resources.is_object() || !resources.contains("resources") || !resources["resources"].is_array())
        return false;
    return std::any_of(resources["resources"].begin(), resources["resources"].end(), [&](const nlohmann::json &r) {
        return r.is_object() && r.contains("name") && r["name"].is_string()
            && r["name"].get_ref<const std::string &>() == resource;
    });
}

} // namespace

QString HubDiscovery::notServedMessage()
{
    return QStringLiteral("the hub does not serve the multicluster.x-k8s.io API group (is the ClusterProfile CRD "
                          "installed?)");
}

HubDiscovery::HubDiscovery(const QString &hubName, int transferTimeoutMs, QObject *parent)
    : QObject(parent)
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

void HubDiscovery::get(const QString &path, void (HubDiscovery::*then)(const QByteArray &))
{
    QNetworkRequest request(m_transport->url(QStringLiteral("/apis/") + QLatin1String(group) + path));
    request.setTransferTimeout(m_transferTimeoutMs);
    QNetworkReply *reply = m_transport->get(request);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, then] {
        reply->deleteLater();
        m_reply = nullptr;
        const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const bool groupAsked = then == &HubDiscovery::onGroup;
        if (reply->error() == QNetworkReply::OperationCanceledError) {
            // Our own aborts disconnect first: this is the transfer timeout, a hub
            // that took the connection and never answered. Said as `fleetscope hubs` says it.
            emit failed(ApiError::transport(QStringLiteral("no answer within %1 s").arg(m_transferTimeoutMs / 1000)), false);
            return;
        }
        if (status == 200)
            (this->*then)(body);
        else if (status == 404 && groupAsked)
            emit failed(ApiError::fromHttp(404, notServedMessage().toUtf8(), {}), true);
        else
            emit failed(ApiError::fromReply(reply, body), groupAsked && status == 403);
    });
}

void HubDiscovery::start(HubTransport *transport)
{
    abort();
    m_transport = transport;
    m_versions.clear();
    m_profilesVersion.clear();
    m_placementsVersion.clear();
    get(QString(), &HubDiscovery::onGroup);
}

void HubDiscovery::onGroup(const QByteArray &body)
{
    QString parseError;
    if (!parseGroupVersions(body, m_hubName + QStringLiteral(" discovery"), &m_versions, &parseError)) {
        emit failed(ApiError::badResponse(parseError), false);
        return;
    }
    m_nextVersion = 0;
    nextVersion();
}

void HubDiscovery::nextVersion()
{
    if (m_nextVersion == m_versions.size()) {
        if (m_profilesVersion.isEmpty())
            emit failed(ApiError::badResponse(QStringLiteral("the hub serves multicluster.x-k8s.io but no clusterprofiles resource")), true);
        else
            emit discovered(m_profilesVersion, m_placementsVersion);
        return;
    }
    get(u'/' + m_versions.at(m_nextVersion), &HubDiscovery::onVersion);
}

void HubDiscovery::onVersion(const QByteArray &body)
{
    const QString &version = m_versions.at(m_nextVersion++);
    nlohmann::json resources;
    if (parseJson(body, QString(), &resources, nullptr)) {
        if (m_profilesVersion.isEmpty() && servesResource(resources, "clusterprofiles"))
            m_profilesVersion = version;
        if (m_placementsVersion.isEmpty() && servesResource(resources, "placementdecisions"))
            m_placementsVersion = version;
    }
    nextVersion();
}

} // namespace fleetscope
