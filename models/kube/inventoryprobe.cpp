#include "inventoryprobe.h"

#include "api/jsontext.h"
#include "kube/apierror.h"
#include "kube/hubtransport.h"
#include "kube/inventorydiscovery.h"

#include <QNetworkReply>
#include <QTimer>

namespace fleetscope {

QString InventoryProbeResult::problemName(Problem problem)
{
    switch (problem) {
    case Problem::None:
        return QString();
    case Problem::Configuration:
        return QStringLiteral("Configuration");
    case Problem::ExecPlugin:
        return QStringLiteral("ExecPlugin");
    case Problem::Unreachable:
        return QStringLiteral("Unreachable");
    case Problem::Tls:
        return QStringLiteral("TLS");
    case Problem::Unauthorized:
        return QStringLiteral("Unauthorized");
    case Problem::Forbidden:
        return QStringLiteral("Forbidden");
    case Problem::NotServed:
        return QStringLiteral("NotServed");
    case Problem::BadResponse:
        return QStringLiteral("BadResponse");
    }
    return QString();
}

InventoryProbe::InventoryProbe(const QString &context, const KubeconfigCluster &cluster, const AuthInfo &user,
                               const QString &contextNamespace, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_user(user)
    , m_namespace(contextNamespace.isEmpty() ? QStringLiteral("default") : contextNamespace)
{
    qRegisterMetaType<InventoryProbeResult>();
    m_result.context = context;
    // A server URL may carry user info; people see the rest.
    m_result.server = QUrl(cluster.server).toString(QUrl::RemoveUserInfo);
}

InventoryProbe::~InventoryProbe()
{
    if (QNetworkReply *reply = m_reply.data()) {
        reply->disconnect(this);
        reply->abort();
    }
}

void InventoryProbe::start()
{
    m_transport = new HubTransport(m_cluster, m_user, m_result.context, this);
    m_deadline = new QTimer(this);
    m_deadline->setSingleShot(true);
    connect(m_deadline, &QTimer::timeout, this, [this] {
        // Still waiting for a credential: the plugin is what hangs, not the server.
        if (!m_reply && !m_transport->credentialsReady())
            fail(InventoryProbeResult::Problem::ExecPlugin,
                 QStringLiteral("the exec plugin gave no credential within %1 s").arg(m_timeoutMs / 1000));
        else
            fail(InventoryProbeResult::Problem::Unreachable,
                 QStringLiteral("no answer within %1 s").arg(m_timeoutMs / 1000));
    });
    m_deadline->start(m_timeoutMs);
    if (!m_transport->setupError().isEmpty()) {
        // Reported from the event loop like every other outcome.
        QTimer::singleShot(0, this, [this] {
            fail(InventoryProbeResult::Problem::Configuration, m_transport->setupError());
        });
        return;
    }
    connect(m_transport, &HubTransport::credentialsFailed, this,
            [this](const QString &message) { fail(InventoryProbeResult::Problem::ExecPlugin, message); });
    connect(m_transport, &HubTransport::credentialsRefreshed, this, [this] {
        if (!m_result.done && !m_reply)
            get(QStringLiteral("/apis/") + QLatin1String(inventory_discovery::group), {}, &InventoryProbe::onGroup);
    });
    // Answered from the event loop even when nothing has to be fetched.
    m_transport->refreshCredentials();
}

void InventoryProbe::get(const QString &path, const QUrlQuery &query, void (InventoryProbe::*then)(QNetworkReply *))
{
    QNetworkRequest request(m_transport->url(path, query));
    request.setTransferTimeout(m_timeoutMs);
    QNetworkReply *reply = m_transport->get(request);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, then] {
        reply->deleteLater();
        m_reply = nullptr;
        if (!m_result.done)
            (this->*then)(reply);
    });
}

bool InventoryProbe::answered(QNetworkReply *reply, QByteArray *body)
{
    *body = reply->isOpen() ? reply->readAll() : QByteArray();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 200)
        return true;
    if (status == 0) {
        const bool tls = reply->error() == QNetworkReply::SslHandshakeFailedError;
        fail(tls ? InventoryProbeResult::Problem::Tls : InventoryProbeResult::Problem::Unreachable,
             reply->errorString());
        return false;
    }
    const ApiError error = ApiError::fromHttp(status, *body, reply->rawHeader("Retry-After"));
    if (error.isUnauthorized())
        fail(InventoryProbeResult::Problem::Unauthorized,
             QStringLiteral("You must be logged in to the server (Unauthorized)"));
    else if (error.isForbidden())
        fail(InventoryProbeResult::Problem::Forbidden, error.toString());
    else if (status == 404)
        fail(InventoryProbeResult::Problem::NotServed, inventory_discovery::notServedMessage());
    else
        fail(InventoryProbeResult::Problem::BadResponse, error.toString());
    return false;
}

void InventoryProbe::onGroup(QNetworkReply *reply)
{
    QByteArray body;
    if (!answered(reply, &body))
        return;
    QString error;
    if (!inventory_discovery::parseGroupVersions(body, m_result.context + QStringLiteral(" discovery"),
                                                 &m_result.versions, &error)) {
        fail(InventoryProbeResult::Problem::BadResponse, error);
        return;
    }
    m_versionsToAsk = m_result.versions;
    discoverNextVersion();
}

void InventoryProbe::discoverNextVersion()
{
    if (m_versionsToAsk.isEmpty()) {
        if (m_profilesVersion.isEmpty()) {
            fail(InventoryProbeResult::Problem::NotServed,
                 QStringLiteral("the hub serves multicluster.x-k8s.io but no clusterprofiles resource"));
            return;
        }
        m_result.inventory = true;
        countProfiles();
        return;
    }
    m_currentVersion = m_versionsToAsk.takeFirst();
    get(QStringLiteral("/apis/") + QLatin1String(inventory_discovery::group) + u'/' + m_currentVersion, {},
        &InventoryProbe::onVersion);
}

void InventoryProbe::onVersion(QNetworkReply *reply)
{
    QByteArray body;
    if (!answered(reply, &body))
        return;
    // Versions are asked best first: the first serving ClusterProfiles is the one listed.
    const inventory_discovery::ServedResources served = inventory_discovery::parseServedResources(body);
    if (served.profiles && m_profilesVersion.isEmpty())
        m_profilesVersion = m_currentVersion;
    m_result.placements = m_result.placements || served.placements;
    discoverNextVersion();
}

void InventoryProbe::countProfiles()
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QStringLiteral("1"));
    const QString base = QStringLiteral("/apis/") + QLatin1String(inventory_discovery::group) + u'/' + m_profilesVersion;
    const QString path = m_namespaced
        ? QString(base + QStringLiteral("/namespaces/") + m_namespace + QStringLiteral("/clusterprofiles"))
        : QString(base + QStringLiteral("/clusterprofiles"));
    get(path, query, &InventoryProbe::onProfiles);
}

void InventoryProbe::onProfiles(QNetworkReply *reply)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 403 && !m_namespaced) {
        // RBAC-narrow users: the engine watches their namespace; count what it would see.
        m_namespaced = true;
        countProfiles();
        return;
    }
    QByteArray body;
    if (!answered(reply, &body))
        return;
    nlohmann::json list;
    QString error;
    if (!parseJson(body, m_result.context + QStringLiteral(" clusterprofiles"), &list, &error) || !list.is_object()
        || !list.contains("items") || !list["items"].is_array()) {
        fail(InventoryProbeResult::Problem::BadResponse,
             error.isEmpty() ? QStringLiteral("clusterprofiles: not a list") : error);
        return;
    }
    const qint64 items = qint64(list["items"].size());
    const nlohmann::json *metadata = list.contains("metadata") && list["metadata"].is_object() ? &list["metadata"] : nullptr;
    const bool more = metadata && metadata->contains("continue") && (*metadata)["continue"].is_string()
        && !(*metadata)["continue"].get_ref<const std::string &>().empty();
    if (!more)
        m_result.profiles = items;
    else if (metadata->contains("remainingItemCount") && (*metadata)["remainingItemCount"].is_number_integer())
        m_result.profiles = items + (*metadata)["remainingItemCount"].get<qint64>();
    // else: more exist but the server does not say how many (a label selector
    // or an old server); unknown rather than a wrong count.
    if (m_namespaced)
        m_result.error = QStringLiteral("may not list clusterprofiles across namespaces; counted in namespace %1")
                             .arg(m_namespace);
    finish();
}

void InventoryProbe::fail(InventoryProbeResult::Problem problem, const QString &error)
{
    if (m_result.done)
        return;
    m_result.problem = problem;
    m_result.error = error;
    finish();
}

void InventoryProbe::finish()
{
    if (m_result.done)
        return;
    m_result.done = true;
    if (m_deadline)
        m_deadline->stop();
    if (QNetworkReply *reply = m_reply.data()) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    emit finished(m_result);
}

} // namespace fleetscope
