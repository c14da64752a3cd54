#include "hubconnection.h"

#include "api/jsontext.h"
#include "kube/hubdiscovery.h"
#include "kube/hubtransport.h"
#include "kube/inventoryprobe.h"
#include "kube/logcategories.h"

#include <QDateTime>
#include <QMetaEnum>
#include <QTimer>

#include <algorithm>

namespace fleetscope {
namespace {

// Qt opens at most 6 HTTP/1.1 connections per host and manager, and each open
// watch holds one. Lists get their own manager; watches are spread so that no
// manager holds more than this many, leaving room for re-watches.
constexpr int watchesPerManager = 4;

// The window and `fleetscope hubs` give up on a silent hub after the same time, and say so alike.
static_assert(InformerOptions::defaultFirstAnswerTimeoutMs == InventoryProbe::defaultTimeoutMs);

} // namespace

HubConnection::HubConnection(HubSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_cache(m_settings.keepRawJson, [this] { scheduleFlush(); })
    , m_backoff(m_settings.informer.backoff)
    , m_discovery(new HubDiscovery(m_settings.name,
                                   std::min(m_settings.informer.listTransferTimeoutMs, m_settings.informer.firstAnswerTimeoutMs),
                                   this))
    , m_flushTimer(new QTimer(this))
    , m_retryTimer(new QTimer(this))
{
    m_status.hub = m_settings.name;
    if (!m_settings.journal)
        m_settings.journal = std::make_shared<HubJournal>(m_settings.name, m_settings.cluster.server);
    m_clock.start();
    m_flushTimer->setSingleShot(true);
    connect(m_flushTimer, &QTimer::timeout, this, &HubConnection::flush);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &HubConnection::connectToHub);
    connect(m_discovery, &HubDiscovery::discovered, this, &HubConnection::startInformers);
    connect(m_discovery, &HubDiscovery::failed, this, [this](const ApiError &error, bool fatal) {
        if (error.isUnauthorized())
            onUnauthorized(error);
        else
            failConnect(error, fatal);
    });
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
    connectToHub();
}

void HubConnection::stop()
{
    m_running = false;
    teardown();
    m_flushTimer->stop();
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
    m_discovery->abort();
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
    const ApiError lastFailure = m_connect.error.isError() ? m_connect.error : m_connect.lastFailure;
    m_connect = ConnectReport();
    m_connect.lastFailure = lastFailure;
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
        m_connect.unauthorized = true;
        ApiError error = ApiError::transport(message);
        error.httpStatus = 401;
        failConnect(error, false);
    });
    updateStatus();
    withCredentials([this] { m_discovery->start(m_listTransport); });
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

void HubConnection::startInformers(const QString &profilesVersion, const QString &placementsVersion)
{
    m_backoff.succeeded(m_clock.elapsed());
    m_connect.lastFailure = ApiError(); // it answered
    qCDebug(lcDiscovery).noquote() << "hub" << m_settings.name << "serves clusterprofiles in" << profilesVersion
                                   << "placementdecisions in" << (placementsVersion.isEmpty() ? QStringLiteral("none") : placementsVersion);
    const QString prefix = QLatin1String(HubDiscovery::group) + u'/';
    m_status.apiVersion = prefix + profilesVersion;
    m_status.placementsVersion = placementsVersion.isEmpty() ? QString() : prefix + placementsVersion;
    addInformer({ResourceKind::ClusterProfiles, prefix + profilesVersion, {}}, true);
    // Namespaces only add clusterset labels: useful, not required.
    addInformer({ResourceKind::Namespaces, QStringLiteral("v1"), {}}, false);
    if (!placementsVersion.isEmpty())
        addInformer({ResourceKind::PlacementDecisions, prefix + placementsVersion, {}}, false);
    updateStatus();
}

QNetworkAccessManager *HubConnection::watchManager()
{
    if (!m_settings.informer.watch)
        return nullptr; // a one-shot list: no watch connections to open
    const int watches = int(m_informers.size());
    const int index = watches / watchesPerManager;
    while (m_watchTransports.size() <= index) {
        auto *transport = newTransport();
        // The list transport's exec credential serves the watches too: a watch
        // must not start while a second plugin run is still under way (the local
        // "not ready" failure would read as a 401 and end `fleetscope list`).
        transport->shareExecPluginOf(m_listTransport);
        if (!transport->credentialsReady())
            transport->refreshCredentials();
        m_watchTransports.append(transport);
    }
    return m_watchTransports[index];
}

void HubConnection::addInformer(const ResourceSpec &spec, bool required)
{
    auto *informer = new ResourceInformer(m_listTransport, watchManager(), spec, &m_cache, m_settings.informer, this);
    m_informers.insert(informer, required);
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
    connect(informer, &ResourceInformer::listProgress, this, &HubConnection::updateStatus);
    connect(informer, &ResourceInformer::failed, this,
            [this, informer](const ApiError &error, qint64 retryIn) { onInformerFailed(informer, error, retryIn); });
    informer->start();
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
    if (error.connectionRefused && !m_reconnectingWatches) {
        // Nothing listens at the hub's address: its server went away (a restart),
        // and every connection opened before is dead, whether or not Qt says so
        // (its HTTP/2 does not always end the replies of a connection that died).
        // A cut connection alone says nothing of the others: over HTTP/1.1 each
        // watch has its own. The reconnects are not causes of their own.
        const qint64 failedAtMs = QDateTime::currentMSecsSinceEpoch();
        m_reconnectingWatches = true;
        const QList<ResourceInformer *> informers = m_informers.keys();
        for (ResourceInformer *other : informers) {
            if (other != informer)
                other->reconnectWatchOpenedBefore(failedAtMs);
        }
        m_reconnectingWatches = false;
    }
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
    const bool required = m_informers.value(informer);
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
    m_connect.unauthorized = true;
    m_connect.error = error;
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
            m_connect.unauthorized = false;
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
    m_connect.error = error;
    m_connect.fatal = fatal;
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

void HubConnection::scheduleFlush()
{
    if (!m_running || m_flushTimer->isActive() || !m_cache.hasPendingChanges())
        return;
    qint64 delay = m_settings.flushIntervalMs;
    if (m_lastFlushAt >= 0)
        delay = std::max(delay, m_settings.steadyFlushIntervalMs - (m_clock.elapsed() - m_lastFlushAt));
    m_flushTimer->start(int(delay));
}

void HubConnection::flush()
{
    m_flushTimer->stop(); // whatever armed it goes out now
    if (!m_cache.hasPendingChanges())
        return;
    m_lastFlushAt = m_clock.elapsed();
    HubDelta delta = m_cache.takeDelta();
    m_status.skippedObjects += int(delta.decodeErrors.size());
    emit deltaReady(delta);
    publishResources(); // the object counts and versions Hub details shows
}

void HubConnection::updateStatus()
{
    ConnectReport connect = m_connect;
    connect.execCredentials = m_settings.user.exec.has_value();
    connect.retryInMs = m_retryTimer->isActive() ? m_retryTimer->remainingTime() : -1;
    QList<InformerReport> informers;
    informers.reserve(m_informers.size());
    for (auto it = m_informers.cbegin(); it != m_informers.cend(); ++it) {
        const ResourceInformer *informer = it.key();
        informers.append(InformerReport{informer->spec().kind, informer->spec().describe(), it.value(),
                                        informer->phase(), informer->hasSynced(), informer->lastError(),
                                        informer->retryInMs(), informer->listed(), informer->estimatedTotal()});
    }
    const HubStatus s = deriveHubStatus(m_status, connect, informers, m_warnings);
    // An informer can move on (listed → watching) while the hub's state stays
    // the same: Hub details shows its resources as they are, not as at the last change.
    publishResources();
    if (s == m_status)
        return;
    journalStatus(m_status, s);
    m_status = s;
    // Data first: whoever sees "synced" must already have the objects.
    flush();
    emit statusChanged(m_status);
}

void HubConnection::journalStatus(const HubStatus &before, const HubStatus &after)
{
    if (before.state != after.state || before.message != after.message) {
        QString text = HubStatus::stateName(before.state) + QStringLiteral(" → ") + HubStatus::stateName(after.state);
        if (!after.message.isEmpty())
            text += QStringLiteral(": ") + after.message;
        m_settings.journal->record(HubJournal::Kind::State, text);
    }
}

void HubConnection::publishResources()
{
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
