#include "inventoryprobe.h"

#include "api/paddedjson.h"
#include "kube/apierror.h"
#include "kube/hubtransport.h"
#include "kube/hubdiscovery.h"
#include "kube/resourcespec.h"
#include "kube/responsereader.h"

#include <QMetaEnum>
#include <QNetworkReply>
#include <QTimer>
#include <QUrlQuery>

namespace fleetscope {

QString InventoryProbeResult::problemName(Problem problem)
{
    if (problem == Problem::None)
        return QString();
    return QString::fromLatin1(QMetaEnum::fromType<Problem>().valueToKey(int(problem)));
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
    // Once finished, the probe ignores it.
    QTimer::singleShot(m_timeoutMs, this, [this] {
        // Still waiting for a credential: the plugin is what hangs, not the server.
        if (!m_discovery && !m_transport->credentialsReady())
            fail(InventoryProbeResult::Problem::ExecPlugin,
                 QStringLiteral("the exec plugin gave no credential within %1 s").arg(m_timeoutMs / 1000));
        else
            fail(InventoryProbeResult::Problem::Unreachable,
                 QStringLiteral("no answer within %1 s").arg(m_timeoutMs / 1000));
    });
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
    const ResourceSpec spec{ResourceKind::ClusterProfiles, QLatin1String(HubDiscovery::group) + u'/' + m_profilesVersion,
                            m_namespaced ? m_namespace : QString()};
    const QString path = spec.collectionPath();
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
    const PaddedJson text(body);
    ResponseReader reader;
    ResponseReader::ListPage page;
    QString error;
    if (!reader.readList(text.view(), &page, &error, [](ResponseObjects &) {})) {
        fail(InventoryProbeResult::Problem::BadResponse, QStringLiteral("clusterprofiles: ") + error);
        return;
    }
    if (page.continueToken.isEmpty())
        m_result.profiles = page.itemCount;
    else if (page.remainingItemCount >= 0)
        m_result.profiles = page.itemCount + page.remainingItemCount;
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
        fail(error.tlsHandshake ? Problem::TLS : Problem::Unreachable, error.message);
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
