#include "inventoryprobe.h"

#include "api/jsontext.h"
#include "kube/apierror.h"
#include "kube/hubtransport.h"
#include "kube/hubdiscovery.h"

#include <QNetworkReply>
#include <QTimer>
#include <QUrlQuery>

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
        if (!m_discovery && !m_transport->credentialsReady())
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
        if (m_result.done || m_discovery)
            return;
        m_discovery = new HubDiscovery(m_result.context, m_timeoutMs, this);
        connect(m_discovery, &HubDiscovery::discovered, this, &InventoryProbe::onDiscovered);
        connect(m_discovery, &HubDiscovery::failed, this,
                [this](const ApiError &error, bool fatal) {
                    m_result.versions = m_discovery->versions();
                    fail(error, fatal);
                });
        m_discovery->start(m_transport);
    });
    // Answered from the event loop even when nothing has to be fetched.
    m_transport->refreshCredentials();
}

void InventoryProbe::onDiscovered(const QString &profilesVersion, const QString &placementsVersion)
{
    m_result.versions = m_discovery->versions();
    m_result.inventory = true;
    m_result.placements = !placementsVersion.isEmpty();
    m_profilesVersion = profilesVersion;
    countProfiles();
}

void InventoryProbe::countProfiles()
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QStringLiteral("1"));
    const QString base = QStringLiteral("/apis/") + QLatin1String(HubDiscovery::group) + u'/' + m_profilesVersion;
    const QString path = m_namespaced
        ? QString(base + QStringLiteral("/namespaces/") + m_namespace + QStringLiteral("/clusterprofiles"))
        : QString(base + QStringLiteral("/clusterprofiles"));
    QNetworkRequest request(m_transport->url(path, query));
    request.setTransferTimeout(m_timeoutMs);
    QNetworkReply *reply = m_transport->get(request);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        m_reply = nullptr;
        if (!m_result.done)
            onProfiles(reply);
    });
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
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    if (status != 200) {
        fail(ApiError::fromReply(reply, body));
        return;
    }
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

void InventoryProbe::fail(const ApiError &error, bool fatal)
{
    using Problem = InventoryProbeResult::Problem;
    if (error.kind == ApiError::Kind::Transport)
        fail(error.tlsHandshake ? Problem::Tls : Problem::Unreachable, error.message);
    else if (error.isUnauthorized())
        fail(Problem::Unauthorized, QStringLiteral("You must be logged in to the server (Unauthorized)"));
    else if (error.isForbidden())
        fail(Problem::Forbidden, error.toString());
    else if (error.httpStatus == 404)
        fail(Problem::NotServed, HubDiscovery::notServedMessage());
    else if (fatal) // the group is served, but without clusterprofiles
        fail(Problem::NotServed, error.message);
    else
        fail(Problem::BadResponse, error.toString());
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
    if (m_discovery)
        m_discovery->abort();
    if (QNetworkReply *reply = m_reply.data()) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    emit finished(m_result);
}

} // namespace fleetscope
