#include "hubconnection.h"

#include "api/jsontext.h"
#include "kube/hubtransport.h"
#include "kube/inventorydiscovery.h"
#include "kube/logcategories.h"

#include <QDateTime>
#include <QMetaEnum>

#include <QNetworkReply>
#include <QTimer>

namespace fleetscope {
namespace {

using inventory_discovery::group;
// Qt opens at most 6 HTTP/1.1 connections per host and manager, and each open
// watch holds one. Lists get their own manager; watches are spread so that no
// manager holds more than this many, leaving room for re-watches.
constexpr int watchesPerManager = 4;

// kubectl's words, so that people recognise the situation; plus what a plugin said.
QString unauthorizedMessage(const ApiError &error)
{
    const QString kubectl = QStringLiteral("You must be logged in to the server (Unauthorized)");
    if (error.kind == ApiError::Kind::Transport && !error.message.isEmpty())
        return error.message; // an exec plugin failure explains itself
    return kubectl;
}

} // namespace

HubConnection::HubConnection(HubSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_cache(m_settings.keepRawJson)
    , m_backoff(m_settings.informer.backoff)
{
    m_status.hub = m_settings.name;
    if (!m_settings.journal)
        m_settings.journal = std::make_shared<HubJournal>(m_settings.name);
    m_settings.journal->setServer(m_settings.cluster.server);
    m_clock.start();
}

HubTransport *HubConnection::newTransport()
{
    auto *transport = new HubTransport(m_settings.cluster, m_settings.user, m_settings.name, this);
    transport->setJournal(m_settings.journal);
    return transport;
}

HubConnection::~HubConnection()
{
    teardown();
}

void HubConnection::start()
{
    if (m_running)
        return;
    m_running = true;
    if (!m_flushTimer) {
        m_flushTimer = new QTimer(this);
        m_flushTimer->setInterval(m_settings.flushIntervalMs);
        connect(m_flushTimer, &QTimer::timeout, this, &HubConnection::flush);
        m_retryTimer = new QTimer(this);
        m_retryTimer->setSingleShot(true);
        connect(m_retryTimer, &QTimer::timeout, this, &HubConnection::connectToHub);
    }
    m_flushTimer->start();
    connectToHub();
}

void HubConnection::stop()
{
    m_running = false;
    teardown();
    if (m_flushTimer)
        m_flushTimer->stop();
    if (m_retryTimer)
        m_retryTimer->stop();
}

void HubConnection::reconnect()
{
    stop();
    m_backoff = Backoff(m_settings.informer.backoff);
    start();
}

void HubConnection::teardown()
{
    if (QNetworkReply *reply = m_discoveryReply.data()) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    const QList<ResourceInformer *> informers = m_informers.keys();
    m_informers.clear();
    for (ResourceInformer *informer : informers) {
        informer->disconnect(this);
        delete informer;
    }
    for (const QPointer<HubTransport> &transport : std::as_const(m_watchTransports))
        delete transport.data();
    m_watchTransports.clear();
    delete m_listTransport.data();
    m_afterCredentials.clear();
}

void HubConnection::connectToHub()
{
    teardown();
    m_connectError = ApiError();
    m_connectFatal = false;
    m_unauthorized = false;
    m_status.state = HubStatus::State::Connecting;
    m_status.synced = false;
    m_listTransport = newTransport();
    m_warnings = m_listTransport->warnings();
    if (!m_listTransport->setupError().isEmpty()) {
        // A configuration problem (missing CA file, key mismatch, token over plain
        // http...): retrying cannot fix it; reconnect() after the user fixed it.
        failConnect(ApiError::badResponse(m_listTransport->setupError()), true);
        return;
    }
    connect(m_listTransport, &HubTransport::credentialsRefreshed, this, [this] {
        const auto pending = std::exchange(m_afterCredentials, {});
        for (const auto &next : pending)
            next();
    });
    connect(m_listTransport, &HubTransport::credentialsFailed, this, [this](const QString &message) {
        m_afterCredentials.clear();
        m_unauthorized = true;
        ApiError error = ApiError::transport(message);
        error.httpStatus = 401;
        failConnect(error, false);
    });
    updateStatus();
    withCredentials([this] { discover(); });
}

void HubConnection::withCredentials(std::function<void()> next)
{
    if (m_listTransport->credentialsReady()) {
        next();
        return;
    }
    m_afterCredentials.append(std::move(next));
    if (m_afterCredentials.size() == 1)
        m_listTransport->refreshCredentials();
}

void HubConnection::discover()
{
    QNetworkRequest request(m_listTransport->url(QStringLiteral("/apis/") + QLatin1String(group)));
    request.setTransferTimeout(m_settings.informer.listTransferTimeoutMs);
    QNetworkReply *reply = m_listTransport->get(request);
    m_discoveryReply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onGroupDiscovered(reply); });
}

void HubConnection::onGroupDiscovered(QNetworkReply *reply)
{
    reply->deleteLater();
    m_discoveryReply = nullptr;
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) {
        failConnect(ApiError::transport(reply->errorString()), false);
        return;
    }
    if (status == 404) {
        failConnect(ApiError::fromHttp(404, inventory_discovery::notServedMessage().toUtf8(), {}), true);
        return;
    }
    if (status != 200) {
        const ApiError error = ApiError::fromHttp(status, body, reply->rawHeader("Retry-After"));
        if (error.isUnauthorized())
            onUnauthorized(error);
        else
            failConnect(error, error.isForbidden());
        return;
    }
    QString parseError;
    if (!inventory_discovery::parseGroupVersions(body, m_settings.name + QStringLiteral(" discovery"),
                                                 &m_versionsToDiscover, &parseError)) {
        failConnect(ApiError::badResponse(parseError), false);
        return;
    }
    m_profilesVersion.clear();
    m_placementsVersion.clear();
    discoverNextVersion();
}

void HubConnection::discoverNextVersion()
{
    if (m_versionsToDiscover.isEmpty()) {
        if (m_profilesVersion.isEmpty()) {
            failConnect(ApiError::badResponse(QStringLiteral("the hub serves multicluster.x-k8s.io but no clusterprofiles resource")), true);
            return;
        }
        startInformers();
        return;
    }
    const QString version = m_versionsToDiscover.takeFirst();
    QNetworkRequest request(m_listTransport->url(QStringLiteral("/apis/") + QLatin1String(group) + u'/' + version));
    request.setTransferTimeout(m_settings.informer.listTransferTimeoutMs);
    QNetworkReply *reply = m_listTransport->get(request);
    m_discoveryReply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, version] { onVersionDiscovered(reply, version); });
}

void HubConnection::onVersionDiscovered(QNetworkReply *reply, const QString &version)
{
    reply->deleteLater();
    m_discoveryReply = nullptr;
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) {
        const ApiError error = status == 0 ? ApiError::transport(reply->errorString())
                                           : ApiError::fromHttp(status, body, reply->rawHeader("Retry-After"));
        if (error.isUnauthorized())
            onUnauthorized(error);
        else
            failConnect(error, false);
        return;
    }
    // Versions are visited best first: keep the first that serves each resource.
    const inventory_discovery::ServedResources served = inventory_discovery::parseServedResources(body);
    if (served.profiles && m_profilesVersion.isEmpty())
        m_profilesVersion = version;
    if (served.placements && m_placementsVersion.isEmpty())
        m_placementsVersion = version;
    discoverNextVersion();
}

void HubConnection::startInformers()
{
    m_backoff.succeeded(m_clock.elapsed());
    qCDebug(lcDiscovery).noquote() << "hub" << m_settings.name << "serves clusterprofiles in" << m_profilesVersion
                                   << "placementdecisions in" << (m_placementsVersion.isEmpty() ? QStringLiteral("none") : m_placementsVersion);
    m_status.apiVersion = QLatin1String(group) + u'/' + m_profilesVersion;
    const QString prefix = QLatin1String(group) + u'/';
    addInformer({ResourceKind::ClusterProfiles, prefix + m_profilesVersion, {}}, true);
    // Namespaces only add clusterset labels: useful, not required.
    addInformer({ResourceKind::Namespaces, QStringLiteral("v1"), {}}, false);
    if (!m_placementsVersion.isEmpty())
        addInformer({ResourceKind::PlacementDecisions, prefix + m_placementsVersion, {}}, false);
    updateStatus();
}

QNetworkAccessManager *HubConnection::watchManagerFor(const ResourceSpec &)
{
    const int watches = int(m_informers.size());
    const int index = watches / watchesPerManager;
    while (m_watchTransports.size() <= index) {
        auto *transport = newTransport();
        // Exec credentials are fetched now, while the list runs on the other manager.
        if (!transport->credentialsReady())
            transport->refreshCredentials();
        m_watchTransports.append(transport);
    }
    return m_watchTransports[index];
}

ResourceInformer *HubConnection::addInformer(const ResourceSpec &spec, bool required)
{
    HubTransport *lists = m_listTransport;
    auto *informer = new ResourceInformer(
        lists, watchManagerFor(spec),
        [lists](const QString &path, const QUrlQuery &query) { return lists->url(path, query); }, spec, &m_cache,
        m_settings.informer, this);
    m_informers.insert(informer, InformerInfo{required, 0, -1});
    connect(informer, &ResourceInformer::phaseChanged, this, &HubConnection::updateStatus);
    connect(informer, &ResourceInformer::synced, this, [this, informer] {
        const int relists = informer->relists();
        m_settings.journal->record(HubJournal::Kind::Relist,
                                   QStringLiteral("listed %1: %2 objects%3")
                                       .arg(informer->spec().describe())
                                       .arg(m_cache.objectCount(informer->spec().kind))
                                       .arg(relists > 0 ? QStringLiteral(" (relist #%1)").arg(relists) : QString()));
        updateStatus();
    });
    connect(informer, &ResourceInformer::listProgress, this, [this, informer](qint64 received, qint64 estimated) {
        InformerInfo &info = m_informers[informer];
        info.received = received;
        info.estimated = estimated;
        updateStatus();
    });
    connect(informer, &ResourceInformer::failed, this,
            [this, informer](const ApiError &error, qint64 retryIn) { onInformerFailed(informer, error, retryIn); });
    informer->start();
    return informer;
}

void HubConnection::onInformerFailed(ResourceInformer *informer, const ApiError &error, qint64 retryInMs)
{
    // Informer errors usually name their resource already; say it once.
    const QString resource = informer->spec().describe();
    QString what = error.toString();
    if (!what.startsWith(resource))
        what = resource + QStringLiteral(": ") + what;
    m_settings.journal->record(HubJournal::Kind::Backoff,
                               retryInMs >= 0 ? QStringLiteral("%1; retrying in %2 s").arg(what).arg(double(retryInMs) / 1000.0, 0, 'f', 1)
                                              : QStringLiteral("%1; waiting for new credentials").arg(what));
    if (error.isUnauthorized()) {
        onUnauthorized(error);
        return;
    }
    if (error.isForbidden() && informer->spec().namespaceName.isEmpty() && !informer->hasSynced()) {
        fallBackToNamespaces(informer);
        return;
    }
    updateStatus();
}

QStringList HubConnection::fallbackNamespaces() const
{
    QStringList namespaces{m_settings.contextNamespace.isEmpty() ? QStringLiteral("default") : m_settings.contextNamespace};
    for (const QString &ns : m_settings.extraNamespaces) {
        if (!ns.isEmpty() && !namespaces.contains(ns))
            namespaces.append(ns);
    }
    return namespaces;
}

void HubConnection::fallBackToNamespaces(ResourceInformer *informer)
{
    const ResourceSpec spec = informer->spec();
    const bool required = m_informers.value(informer).required;
    m_informers.remove(informer);
    informer->disconnect(this); // its last phase change must not be taken for the hub's state
    informer->stop();
    informer->deleteLater();
    if (spec.kind == ResourceKind::Namespaces) {
        m_warnings.append(QStringLiteral("namespaces are not readable: clusterset labels on namespaces are not used"));
        updateStatus();
        return;
    }
    // RBAC-narrow users: watch the namespaces they may read, one informer each;
    // the ones still refused are listed as forbidden, never shown as empty.
    for (const QString &ns : fallbackNamespaces())
        addInformer({spec.kind, spec.groupVersion, ns}, required);
    updateStatus();
}

void HubConnection::onUnauthorized(const ApiError &error)
{
    m_unauthorized = true;
    m_connectError = error;
    updateStatus();
    // Exec plugins get a new credential; static tokens are re-read (tokenFile).
    // Retries are paced by the backoff so that a wrong token is not hammered.
    m_listTransport->invalidateCredentials();
    for (const QPointer<HubTransport> &t : std::as_const(m_watchTransports)) {
        if (t)
            t->invalidateCredentials();
    }
    const qint64 delay = m_backoff.next(m_clock.elapsed());
    QTimer::singleShot(int(delay), this, [this] {
        if (!m_running)
            return;
        if (m_informers.isEmpty()) {
            connectToHub();
            return;
        }
        withCredentials([this] {
            m_unauthorized = false;
            for (auto it = m_informers.cbegin(); it != m_informers.cend(); ++it) {
                if (it.key()->phase() == ResourceInformer::Phase::WaitingForCredentials)
                    it.key()->retryNow();
            }
            updateStatus();
        });
    });
}

void HubConnection::failConnect(const ApiError &error, bool fatal)
{
    m_connectError = error;
    m_connectFatal = fatal;
    if (!fatal && m_running) {
        const qint64 delay = m_backoff.next(m_clock.elapsed(), error.retryAfterMs);
        m_retryTimer->start(int(delay));
        m_settings.journal->record(HubJournal::Kind::Backoff, QStringLiteral("connect: %1; retrying in %2 s")
                                                                  .arg(error.toString())
                                                                  .arg(double(delay) / 1000.0, 0, 'f', 1));
    } else {
        m_settings.journal->record(HubJournal::Kind::Error, QStringLiteral("connect: %1").arg(error.toString()));
    }
    updateStatus();
}

void HubConnection::flush()
{
    if (!m_cache.hasPendingChanges())
        return;
    HubDelta delta = m_cache.takeDelta();
    m_status.skippedObjects += int(delta.decodeErrors.size());
    emit deltaReady(delta);
}

void HubConnection::updateStatus()
{
    HubStatus s = m_status;
    s.warnings = m_warnings;
    s.forbiddenScopes.clear();
    s.retryInMs = -1;
    s.message.clear();
    s.httpStatus = 0;
    s.fatal = false;

    bool requiredSynced = !m_informers.isEmpty();
    bool requiredInBackoff = false;
    bool anyProfileScopeWorking = false;
    bool waitingForCredentials = m_unauthorized;
    bool optionalListing = false;
    qint64 received = 0;
    qint64 estimated = 0;
    bool estimateKnown = true;
    const ApiError *worst = nullptr;
    qint64 retryIn = -1;
    for (auto it = m_informers.cbegin(); it != m_informers.cend(); ++it) {
        const ResourceInformer *informer = it.key();
        const InformerInfo &info = it.value();
        const bool forbidden = informer->phase() == ResourceInformer::Phase::Backoff && informer->lastError().isForbidden();
        if (forbidden)
            s.forbiddenScopes.append(informer->spec().describe());
        if (informer->phase() == ResourceInformer::Phase::WaitingForCredentials)
            waitingForCredentials = true;
        if (informer->spec().kind == ResourceKind::ClusterProfiles && !forbidden)
            anyProfileScopeWorking = true;
        if (!info.required) {
            // Optional resources (namespace labels, placements) still in their first
            // list hold back "synced", so that the first view is complete; once one
            // fails (forbidden, not served) it no longer does.
            if (!informer->hasSynced() && informer->phase() == ResourceInformer::Phase::Listing)
                optionalListing = true;
            continue;
        }
        if (!informer->hasSynced()) {
            requiredSynced = requiredSynced && forbidden; // a forbidden scope will not sync; it is reported instead
            received += info.received;
            if (info.estimated < 0)
                estimateKnown = false;
            else
                estimated += info.estimated;
        }
        if (informer->phase() == ResourceInformer::Phase::Backoff && !forbidden) {
            requiredInBackoff = true;
            worst = &informer->lastError();
            retryIn = informer->retryInMs();
        }
    }
    requiredSynced = requiredSynced && anyProfileScopeWorking && !optionalListing;
    bool anyProfileInformer = false;
    for (auto it = m_informers.cbegin(); it != m_informers.cend(); ++it)
        anyProfileInformer = anyProfileInformer || it.key()->spec().kind == ResourceKind::ClusterProfiles;

    if (m_informers.isEmpty() || !anyProfileInformer) {
        // Still connecting: credentials, discovery, or a failure on the way.
        if (m_connectError.isError()) {
            s.message = m_connectError.toString();
            s.httpStatus = m_connectError.httpStatus;
            s.fatal = m_connectFatal;
            s.retryInMs = m_retryTimer && m_retryTimer->isActive() ? m_retryTimer->remainingTime() : -1;
            if (m_unauthorized) {
                s.state = HubStatus::State::Unauthorized;
                s.message = unauthorizedMessage(m_connectError);
                s.fatal = !m_settings.user.exec.has_value();
            }
            else if (m_connectError.isForbidden())
                s.state = HubStatus::State::Forbidden;
            else
                s.state = m_connectFatal ? HubStatus::State::Error : HubStatus::State::Reconnecting;
        } else {
            s.state = HubStatus::State::Connecting;
        }
    } else if (waitingForCredentials) {
        s.state = HubStatus::State::Unauthorized;
        s.message = unauthorizedMessage(m_connectError);
        s.httpStatus = 401;
        // A static credential will not fix itself; an exec plugin might.
        s.fatal = !m_settings.user.exec.has_value();
    } else if (!anyProfileScopeWorking) {
        s.state = HubStatus::State::Forbidden;
        s.message = QStringLiteral("not allowed to read clusterprofiles in: ") + s.forbiddenScopes.join(QStringLiteral(", "));
        s.httpStatus = 403;
        s.fatal = true;
    } else if (requiredInBackoff) {
        s.state = HubStatus::State::Reconnecting;
        s.message = worst ? worst->toString() : QString();
        s.httpStatus = worst ? worst->httpStatus : 0;
        s.retryInMs = retryIn;
    } else if (!requiredSynced) {
        s.state = HubStatus::State::Syncing;
        s.received = received;
        s.estimatedTotal = estimateKnown && estimated > 0 ? estimated : -1;
    } else {
        s.state = HubStatus::State::Live;
    }
    s.synced = s.synced || requiredSynced;

    const bool changed = s.state != m_status.state || s.synced != m_status.synced || s.message != m_status.message
        || s.received != m_status.received || s.forbiddenScopes != m_status.forbiddenScopes
        || s.warnings != m_status.warnings || s.skippedObjects != m_status.skippedObjects
        || s.retryInMs != m_status.retryInMs || s.apiVersion != m_status.apiVersion;
    if (changed)
        journalStatus(m_status, s);
    m_status = s;
    if (changed) {
        // Data first: whoever sees "synced" must already have the objects.
        flush();
        emit statusChanged(m_status);
    }
}

void HubConnection::journalStatus(const HubStatus &before, const HubStatus &after)
{
    if (before.state != after.state || before.message != after.message) {
        QString text = HubStatus::stateName(before.state) + QStringLiteral(" → ") + HubStatus::stateName(after.state);
        if (!after.message.isEmpty())
            text += QStringLiteral(": ") + after.message;
        m_settings.journal->record(HubJournal::Kind::State, text);
    }
    const QMetaEnum phases = QMetaEnum::fromType<ResourceInformer::Phase>();
    QList<HubJournal::Resource> resources;
    for (auto it = m_informers.cbegin(); it != m_informers.cend(); ++it) {
        const ResourceInformer *informer = it.key();
        HubJournal::Resource resource;
        resource.name = informer->spec().describe();
        resource.phase = QString::fromLatin1(phases.valueToKey(int(informer->phase())));
        resource.objects = m_cache.objectCount(informer->spec().kind);
        resource.resourceVersion = QString::fromLatin1(informer->resourceVersion());
        resource.watchSinceMs = informer->phase() == ResourceInformer::Phase::Watching ? informer->watchOpenedAtMs() : 0;
        resource.relists = informer->relists();
        resource.lastError = informer->lastError().isError() ? informer->lastError().toString() : QString();
        resources.append(resource);
    }
    m_settings.journal->setResources(std::move(resources));
}

} // namespace fleetscope
