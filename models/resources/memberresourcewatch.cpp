#include "memberresourcewatch.h"

#include "kinddiscovery.h"

#include "connect/memberaccess.h"
#include "kube/execcredentialrunner.h"
#include "kube/hubtransport.h"
#include "kube/informer.h"
#include "kube/logcategories.h"
#include "api/yamljson.h"

#include <QNetworkReply>

#include <QRegularExpression>

namespace fleetscope {
namespace {

// kubectl's Accept for `get`: Tables first, plain JSON from servers without them.
const QByteArray tableAccept = QByteArrayLiteral(
    "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json");

// The transport prefixes messages with `hub "LABEL": `; the member's row says who it is.
QString withoutPrefix(QString message, const QString &label)
{
    const QString prefix = QStringLiteral("hub \"%1\": ").arg(label);
    if (message.startsWith(prefix))
        message.remove(0, prefix.size());
    return message.simplified();
}

} // namespace

MemberResourceWatch::MemberResourceWatch(MemberTarget member, ResourceAccessSettings access, ResourceQuery query,
                                         QObject *parent)
    : QObject(parent)
    , m_member(std::move(member))
    , m_access(std::move(access))
    , m_query(std::move(query))
    , m_flushTimer(new QTimer(this))
    , m_timeout(new QTimer(this))
{
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(flushDelayMs);
    connect(m_flushTimer, &QTimer::timeout, this, &MemberResourceWatch::flush);
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this, &MemberResourceWatch::onTimeout);
}

MemberResourceWatch::~MemberResourceWatch()
{
    shutdown();
}

void MemberResourceWatch::setPhase(MemberState::Phase phase, const QString &reason)
{
    m_state.phase = phase;
    m_state.reason = reason;
    m_state.retrying = false;
    if (phase != MemberState::Phase::Forbidden) {
        m_state.verb.clear();
        m_state.namespaceName.clear();
    }
    emit stateChanged(m_state);
}

void MemberResourceWatch::fail(MemberState::Phase phase, const QString &reason)
{
    m_state.phase = phase;
    m_state.reason = reason;
    // In a one-shot run, or before anything works, a failure ends this member's part.
    m_state.retrying = m_query.watch && !m_informers.empty();
    if (!m_state.retrying)
        stopInformers();
    m_timeout->stop();
    flush();
    emit stateChanged(m_state);
}

void MemberResourceWatch::start()
{
    m_stopped = false;
    m_timeout->start(m_query.timeoutMs);
    setPhase(MemberState::Phase::Connecting);
    const MemberAccess access = MemberAccess::resolve(m_member, m_access.providers, m_access.providerFileError,
                                                      m_access.preferredProvider);
    if (!access.ok()) {
        fail(MemberState::Phase::CredentialError, access.error);
        return;
    }
    m_transport = new HubTransport(access.cluster, access.user, m_member.label(), this);
    if (!m_transport->setupError().isEmpty()) {
        const QString why = withoutPrefix(m_transport->setupError(), m_member.label());
        fail(why.contains(QLatin1String("proxy")) || why.contains(QLatin1String("TLS"), Qt::CaseInsensitive)
                 ? MemberState::Phase::Unreachable
                 : MemberState::Phase::CredentialError,
             why);
        return;
    }
    if (ExecCredentialRunner *runner = m_transport->execRunner())
        runner->setTimeoutMs(m_query.timeoutMs);
    connect(m_transport, &HubTransport::credentialsRefreshed, this, &MemberResourceWatch::onCredentials);
    connect(m_transport, &HubTransport::credentialsFailed, this, [this](const QString &message) {
        fail(MemberState::Phase::CredentialError, withoutPrefix(message, m_member.label()));
    });
    m_transport->refreshCredentials();
}

void MemberResourceWatch::onCredentials()
{
    if (m_stopped)
        return;
    if (!m_informers.empty()) {
        // After a 401: a fresh credential, the informers try again.
        for (ResourceInformer *informer : m_informers)
            informer->retryNow();
        return;
    }
    if (m_discovery)
        return;
    setPhase(MemberState::Phase::Discovering);
    m_discovery = new KindDiscovery(m_transport, this);
    connect(m_discovery, &KindDiscovery::finished, this, &MemberResourceWatch::onDiscovered);
    m_discovery->start();
}

void MemberResourceWatch::onDiscovered()
{
    if (m_stopped)
        return;
    const ApiError error = m_discovery->error();
    m_state.warnings = m_discovery->warnings();
    if (error.isError()) {
        const QString reason = withoutPrefix(error.toString(), m_member.label());
        if (error.isUnauthorized())
            fail(MemberState::Phase::CredentialError, reason);
        else if (error.kind == ApiError::Kind::Transport)
            fail(MemberState::Phase::Unreachable, reason);
        else
            fail(MemberState::Phase::Failed, reason);
        return;
    }
    emit kindsDiscovered(m_discovery->kinds());
    if (!resolveServedKind(m_discovery->kinds(), m_query.kind, &m_kind)) {
        fail(MemberState::Phase::NotServed,
             QStringLiteral("the server doesn't have a resource type \"%1\"").arg(m_query.kind));
        return;
    }
    emit kindResolved(m_kind.qualifiedResource(), m_kind.qualifiedKind(), m_kind.namespaced);
    startInformers();
}

void MemberResourceWatch::startInformers()
{
    setPhase(MemberState::Phase::Listing);
    m_cache = std::make_unique<MemberRowCache>(m_query.objects, [this] { scheduleFlush(); });
    InformerOptions options;
    options.watch = m_query.watch && m_kind.canWatch();
    options.pageSize = 500;
    options.accept = m_query.objects ? QByteArrayLiteral("application/json") : tableAccept;
    options.labelSelector = m_query.labelSelector;
    if (!m_query.name.isEmpty())
        options.fieldSelector = QStringLiteral("metadata.name=") + m_query.name;
    options.maxResponseBytes = qint64(256) * 1024 * 1024;
    options.maxEventBytes = qint64(4) * 1024 * 1024;
    options.listTransferTimeoutMs = m_query.timeoutMs;
    QStringList scopes{QString()};
    if (m_kind.namespaced && !m_query.namespaces.isEmpty()
        && m_query.namespaces.size() <= ResourceQuery::maxNamespaceWatches)
        scopes = m_query.namespaces;
    for (const QString &scope : std::as_const(scopes)) {
        ResourceSpec spec;
        spec.groupVersion = m_kind.groupVersion();
        spec.resource = m_kind.resource;
        spec.namespaceName = scope;
        auto *informer = new ResourceInformer(m_transport, m_transport, spec, m_cache.get(), options, this);
        connect(informer, &ResourceInformer::synced, this, &MemberResourceWatch::onInformerSynced);
        connect(informer, &ResourceInformer::failed, this, [this, informer](const ApiError &error, qint64 retryInMs) {
            onInformerFailed(informer, error, retryInMs);
        });
        m_informers.push_back(informer);
    }
    for (ResourceInformer *informer : m_informers)
        informer->start();
}

void MemberResourceWatch::onInformerSynced()
{
    if (auto *informer = qobject_cast<ResourceInformer *>(sender()))
        m_syncedInformers.insert(informer);
    if (m_syncedInformers.size() < qsizetype(m_informers.size()))
        return;
    // Every part listed (again, after a failure the informers got over): live.
    m_timeout->stop();
    m_state.synced = true;
    flush();
    setPhase(m_query.watch ? MemberState::Phase::Live : MemberState::Phase::Listed);
}

void MemberResourceWatch::onInformerFailed(ResourceInformer *informer, const ApiError &error, qint64 retryInMs)
{
    const QString reason = withoutPrefix(error.toString(), m_member.label());
    qCInfo(lcInformer).noquote() << m_member.label() << informer->spec().describe() << reason;
    if (error.isExpired())
        return; // the informer relists by itself: no news for people
    if (error.isUnauthorized()) {
        fail(MemberState::Phase::CredentialError, reason);
        if (m_state.retrying) {
            // An exec credential may have expired: a fresh one, then the informers go on.
            m_transport->invalidateCredentials();
            m_transport->refreshCredentials();
        }
        return;
    }
    if (error.isForbidden()) {
        static const QRegularExpression verbPattern(QStringLiteral("cannot (\\w+) resource"));
        static const QRegularExpression namespacePattern(QStringLiteral("in the namespace \"([^\"]+)\""));
        m_state.verb = verbPattern.match(error.message).captured(1);
        if (m_state.verb.isEmpty())
            m_state.verb = informer->phase() == ResourceInformer::Phase::Watching ? QStringLiteral("watch") : QStringLiteral("list");
        m_state.namespaceName = namespacePattern.match(error.message).captured(1);
        if (m_state.namespaceName.isEmpty())
            m_state.namespaceName = informer->spec().namespaceName;
        fail(MemberState::Phase::Forbidden, reason);
        return;
    }
    const bool transport = error.kind == ApiError::Kind::Transport;
    fail(transport ? MemberState::Phase::Unreachable : MemberState::Phase::Failed, reason);
    Q_UNUSED(retryInMs)
}

void MemberResourceWatch::fetchObject(int id, const QString &namespaceName, const QString &name)
{
    if (!m_transport || m_kind.resource.isEmpty()) {
        emit objectFetched(id, QByteArray(), QStringLiteral("not connected"));
        return;
    }
    ResourceSpec spec;
    spec.groupVersion = m_kind.groupVersion();
    spec.resource = m_kind.resource;
    spec.namespaceName = m_kind.namespaced ? namespaceName : QString();
    QNetworkRequest request(m_transport->url(spec.collectionPath() + u'/' + name));
    request.setTransferTimeout(m_query.timeoutMs);
    QNetworkReply *reply = m_transport->get(request);
    connect(reply, &QNetworkReply::downloadProgress, reply, [reply](qint64 received, qint64) {
        if (received > qint64(16) * 1024 * 1024)
            reply->abort(); // no object is that large; a lying server is
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, id] {
        reply->deleteLater();
        const QByteArray body = reply->readAll();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (reply->error() != QNetworkReply::NoError || status != 200) {
            emit objectFetched(id, QByteArray(), withoutPrefix(ApiError::fromReply(reply, body).toString(), m_member.label()));
            return;
        }
        const nlohmann::json object = nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
        if (object.is_discarded() || !object.is_object()) {
            emit objectFetched(id, QByteArray(), QStringLiteral("the answer is not a JSON object"));
            return;
        }
        nlohmann::json shown = object;
        if (shown.contains("metadata") && shown["metadata"].is_object())
            shown["metadata"].erase("managedFields");
        emit objectFetched(id, jsonToYaml(shown), QString());
    });
}

void MemberResourceWatch::onTimeout()
{
    if (m_state.synced || m_state.isFailure())
        return;
    const QString step = MemberState::phaseName(m_state.phase);
    fail(MemberState::Phase::Unreachable,
         QStringLiteral("no answer within %1 s (%2)").arg(m_query.timeoutMs / 1000.0).arg(step));
}

void MemberResourceWatch::scheduleFlush()
{
    if (!m_flushTimer->isActive())
        m_flushTimer->start();
}

void MemberResourceWatch::flush()
{
    m_flushTimer->stop();
    if (!m_cache || !m_cache->hasPendingChanges())
        return;
    ResourceDelta changes = m_cache->takeDelta();
    m_state.count = m_cache->count();
    if (changes.decodeErrorCount > 0) {
        m_state.warnings = changes.decodeErrors;
        if (changes.decodeErrorCount > changes.decodeErrors.size())
            m_state.warnings << QStringLiteral("and %1 more").arg(changes.decodeErrorCount - changes.decodeErrors.size());
    }
    emit delta(changes);
    // Live: the count moved; other phases report their own changes.
    if (m_state.phase == MemberState::Phase::Live || m_state.phase == MemberState::Phase::Listed)
        emit stateChanged(m_state);
}

void MemberResourceWatch::stopInformers()
{
    for (ResourceInformer *informer : m_informers)
        informer->stop();
}

void MemberResourceWatch::shutdown()
{
    if (m_stopped)
        return;
    m_stopped = true;
    m_timeout->stop();
    m_flushTimer->stop();
    for (ResourceInformer *informer : m_informers)
        delete informer;
    m_informers.clear();
    delete m_discovery;
    m_discovery = nullptr;
    delete m_transport;
    m_transport = nullptr;
}

} // namespace fleetscope
