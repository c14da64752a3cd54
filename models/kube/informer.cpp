#include "informer.h"

#include "api/paddedjson.h"
#include "kube/hubtransport.h"
#include "kube/logcategories.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace fleetscope {
namespace {

// A watch that ends this quickly without a single event is a failure in
// disguise (client-go's VeryShortWatchError): back off instead of spinning.
constexpr qint64 veryShortWatchMs = 1000;

// What Qt may buffer of a list reply before we read it: the body then arrives in
// our own buffer a piece at a time, so a hostile or endless body costs the size
// cap plus this, not whatever the network thread managed to read meanwhile.
constexpr qint64 listReadBufferBytes = 1024 * 1024;

// Appends what the reply has buffered to `body`, keeping the padding simdjson
// reads past the end spare: one copy out of Qt's download buffer, and the page
// then parses in place. The allocation grows geometrically and is kept from page
// to page.
void appendAvailable(QNetworkReply *reply, QByteArray *body)
{
    if (!reply->isOpen())
        return;
    for (qint64 available = reply->bytesAvailable(); available > 0; available = reply->bytesAvailable()) {
        const qsizetype size = body->size();
        const qsizetype needed = size + qsizetype(available) + qsizetype(jsonPadding);
        if (body->capacity() < needed)
            body->reserve(std::max(needed, body->capacity() + body->capacity() / 2));
        body->resize(size + qsizetype(available));
        const qint64 read = reply->read(body->data() + size, available);
        body->resize(size + qsizetype(std::max<qint64>(read, 0)));
        if (read <= 0)
            break;
    }
}

} // namespace

ResourceInformer::ResourceInformer(HubTransport *lists, QNetworkAccessManager *watches, ResourceSpec spec,
                                   InformerSink *cache, InformerOptions options, QObject *parent)
    : QObject(parent)
    , m_lists(lists)
    , m_watches(watches)
    , m_spec(std::move(spec))
    , m_cache(cache)
    , m_options(options)
    , m_backoff(options.backoff)
    , m_retryTimer(new QTimer(this))
    , m_inactivityTimer(new QTimer(this))
    , m_framer(options.maxEventBytes)
{
    m_clock.start();
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &ResourceInformer::retryNow);
    m_inactivityTimer->setSingleShot(true);
    m_inactivityTimer->setInterval(m_options.inactivityTimeoutMs);
    connect(m_inactivityTimer, &QTimer::timeout, this, &ResourceInformer::onWatchInactive);
}

ResourceInformer::~ResourceInformer()
{
    abortReply();
}

qint64 ResourceInformer::retryInMs() const
{
    return m_phase == Phase::Backoff && m_retryTimer->isActive() ? m_retryTimer->remainingTime() : -1;
}

void ResourceInformer::setPhase(Phase phase)
{
    if (m_phase == phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void ResourceInformer::start()
{
    if (m_phase != Phase::Idle && m_phase != Phase::Stopped)
        return;
    m_relistNext = true;
    m_continueToken.clear();
    requestListPage();
}

void ResourceInformer::stop()
{
    abortReply();
    m_retryTimer->stop();
    m_inactivityTimer->stop();
    setPhase(Phase::Stopped);
}

void ResourceInformer::retryNow()
{
    if (m_phase == Phase::Stopped || m_phase == Phase::Listed)
        return;
    abortReply();
    m_retryTimer->stop();
    if (m_relistNext)
        requestListPage();
    else if (m_checkVersionNext)
        checkVersion();
    else
        startWatch();
}

void ResourceInformer::reconnectWatchOpenedBefore(qint64 epochMs)
{
    if (m_phase != Phase::Watching || !m_reply || m_watchOpenedAtMs >= epochMs)
        return;
    abortReply();
    handleFailure(ApiError::transport(m_spec.describe()
                                      + QStringLiteral(": the hub refused a new connection, so this one is gone too; reconnecting")),
                  false);
}

void ResourceInformer::abortReply()
{
    if (QNetworkReply *reply = m_reply.data()) {
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

QNetworkReply *ResourceInformer::get(QNetworkAccessManager *manager, const QUrlQuery &query, int transferTimeoutMs)
{
    QNetworkRequest request(m_lists->url(m_spec.collectionPath(), query));
    request.setTransferTimeout(transferTimeoutMs);
    if (!m_options.accept.isEmpty())
        request.setRawHeader("Accept", m_options.accept);
    // A list page is read whole before it is parsed: asked for here, its gzip is
    // ours to inflate in one call (GzipInflater) rather than Qt's, chunk by chunk.
    if (manager == m_lists && !m_lists->compressionDisabled())
        request.setRawHeader("Accept-Encoding", "gzip");
    QNetworkReply *reply = manager->get(request);
    m_reply = reply;
    return reply;
}

void ResourceInformer::addSelectors(QUrlQuery *query) const
{
    if (!m_options.labelSelector.isEmpty())
        query->addQueryItem(QStringLiteral("labelSelector"), m_options.labelSelector);
    if (!m_options.fieldSelector.isEmpty())
        query->addQueryItem(QStringLiteral("fieldSelector"), m_options.fieldSelector);
}

QString ResourceInformer::notJson(QNetworkReply *reply, const QByteArray &start) const
{
    const QByteArray type = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
    const QByteArray text = start.trimmed();
    if (type.contains("json") || (type.isEmpty() && !text.startsWith('<')))
        return QString();
    return m_spec.describe()
        + QStringLiteral(": the server answered with %1, not JSON (a proxy or login page instead of the API?)")
              .arg(type.isEmpty() ? QStringLiteral("HTML") : QString::fromLatin1(type.left(60)));
}

bool ResourceInformer::guardSize(QNetworkReply *reply, qint64 received)
{
    if (received <= m_options.maxResponseBytes)
        return true;
    reply->disconnect(this);
    abortReply();
    m_page = QByteArray();
    handleFailure(ApiError::badResponse(QStringLiteral("%1: response larger than %2 MiB, refused")
                                            .arg(m_spec.describe())
                                            .arg(m_options.maxResponseBytes / (1024 * 1024))),
                  m_relistNext);
    return false;
}

void ResourceInformer::requestListPage()
{
    abortReply();
    m_inactivityTimer->stop();
    if (m_continueToken.isEmpty()) {
        m_listed = 0;
        m_cache->listStarted(m_spec);
    }
    setPhase(Phase::Listing);
    QUrlQuery query;
    if (!m_unpaged)
        query.addQueryItem(QStringLiteral("limit"), QString::number(m_options.pageSize));
    if (!m_continueToken.isEmpty())
        query.addQueryItem(QStringLiteral("continue"), QString::fromLatin1(m_continueToken));
    addSelectors(&query);
    m_page.resize(0);
    QNetworkReply *reply = get(m_lists, query, m_options.listTransferTimeoutMs);
    reply->setReadBufferSize(listReadBufferBytes);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] {
        appendAvailable(reply, &m_page);
        guardSize(reply, m_page.size());
    });
    connect(reply, &QNetworkReply::finished, this, &ResourceInformer::onListReplyFinished);
}

ApiError ResourceInformer::errorOf(QNetworkReply *reply, const QByteArray &body) const
{
    // Our own aborts disconnect first, so a cancel seen here is the transfer timeout:
    // a server that accepted the request and went silent. Qt calls it "Operation canceled".
    if (reply->error() == QNetworkReply::OperationCanceledError)
        return ApiError::transport(m_spec.describe() + QStringLiteral(": no data from the server for %1 s, timed out")
                                                           .arg(m_options.listTransferTimeoutMs / 1000));
    ApiError error = ApiError::fromReply(reply, body);
    if (error.kind == ApiError::Kind::Transport)
        error.message = m_spec.describe() + QStringLiteral(": ") + error.message;
    return error;
}

void ResourceInformer::onListReplyFinished()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || reply != sender())
        return;
    m_reply = nullptr;
    reply->deleteLater();
    appendAvailable(reply, &m_page);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->rawHeader("Content-Encoding").trimmed().compare("gzip", Qt::CaseInsensitive) == 0) {
        QString why;
        if (!m_inflater.inflate(&m_page, m_options.maxResponseBytes, qsizetype(jsonPadding), &why)) {
            m_page.clear(); // an error status is then reported without its body
            if (reply->error() == QNetworkReply::NoError && status == 200) {
                m_continueToken.clear();
                handleFailure(ApiError::badResponse(m_spec.describe() + QStringLiteral(": ") + why), true);
                return;
            }
        }
    }
    const QByteArray &body = m_page;
    if (reply->error() != QNetworkReply::NoError || status != 200) {
        const ApiError error = errorOf(reply, body);
        if (error.isExpired() && !m_continueToken.isEmpty()) {
            // The continue token outlived the server's compaction window: start the
            // list over; after repeated expiry fall back to one unpaged list.
            m_continueToken.clear();
            m_unpaged = ++m_expiredContinues >= 2;
            requestListPage();
            return;
        }
        m_continueToken.clear();
        handleFailure(error, true);
        return;
    }

    if (const QString problem = notJson(reply, body.left(64)); !problem.isEmpty()) {
        m_continueToken.clear();
        handleFailure(ApiError::badResponse(problem), true);
        return;
    }
    // The page is parsed in place; its items go to the cache as views into it.
    reservePadding(&m_page); // a no-op after appendAvailable(), unless the body is empty
    ResponseReader::ListPage page;
    QString pageError;
    const auto deliver = [this](ResponseObjects &items) { m_cache->objects(m_spec, ObjectChange::Listed, items); };
    const auto columns = [this](ResponseObjects &definitions) { m_cache->columns(m_spec, definitions); };
    if (!m_reader.readList(std::string_view(body.constData(), size_t(body.size())), &page, &pageError, deliver,
                           columns)) {
        m_continueToken.clear();
        handleFailure(ApiError::badResponse(m_spec.describe() + QStringLiteral(": ") + pageError), true);
        return;
    }
    const qint64 remaining = page.remainingItemCount;
    const QByteArray continueToken = page.continueToken;
    const QByteArray listVersion = page.resourceVersion;
    m_listed += page.itemCount;
    m_estimatedTotal = remaining >= 0 ? m_listed + remaining : -1;
    emit listProgress();

    if (!continueToken.isEmpty()) {
        m_continueToken = continueToken;
        requestListPage();
        return;
    }
    m_continueToken.clear();
    m_expiredContinues = 0;
    m_unpaged = false;
    if (listVersion.isEmpty()) {
        // Without a list RV a watch would replay everything: a broken server.
        handleFailure(ApiError::badResponse(m_spec.describe() + QStringLiteral(": the list has no resourceVersion")), true);
        return;
    }
    m_resourceVersion = listVersion;
    m_checkVersionNext = false;
    m_reader.releaseBuffers();
    m_inflater.release();
    m_page = QByteArray();
    m_cache->listFinished(m_spec);
    if (m_synced)
        ++m_relists;
    m_synced = true;
    m_relistNext = false;
    m_lastError = ApiError();
    if (!m_options.watch) {
        // Before synced(): whoever reacts to the sync sees the phase it stays in.
        setPhase(Phase::Listed);
        emit synced();
        return;
    }
    emit synced();
    startWatch();
}

void ResourceInformer::checkVersion()
{
    abortReply();
    m_inactivityTimer->stop();
    setPhase(Phase::Listing);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QStringLiteral("1"));
    query.addQueryItem(QStringLiteral("resourceVersion"), QString::fromLatin1(m_resourceVersion));
    query.addQueryItem(QStringLiteral("resourceVersionMatch"), QStringLiteral("NotOlderThan"));
    addSelectors(&query);
    QNetworkReply *reply = get(m_lists, query, m_options.listTransferTimeoutMs);
    connect(reply, &QNetworkReply::finished, this, &ResourceInformer::onVersionChecked);
}

void ResourceInformer::onVersionChecked()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || reply != sender())
        return;
    m_reply = nullptr;
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() == QNetworkReply::NoError && status == 200) {
        m_checkVersionNext = false;
        startWatch();
        return;
    }
    QByteArray body = reply->isOpen() ? reply->read(64 * 1024) : QByteArray();
    if (reply->rawHeader("Content-Encoding").trimmed().compare("gzip", Qt::CaseInsensitive) == 0) {
        QString ignored;
        if (!m_inflater.inflate(&body, 64 * 1024, 0, &ignored))
            body.clear();
    }
    const ApiError error = errorOf(reply, body);
    if (error.isResourceVersionTooLarge()) {
        // Everything known may be gone or different: only a list from scratch
        // (diffed against what we hold) tells.
        m_checkVersionNext = false;
        ApiError wentBack = error;
        wentBack.message = QStringLiteral("the server's resource versions went back (its storage was replaced or "
                                          "restored?), listing again: %1")
                               .arg(error.message);
        handleFailure(wentBack, true);
        return;
    }
    if (error.isExpired() || error.httpStatus == 400 || error.httpStatus == 422) {
        // Expired: the watch would get 410 too, and handleFailure relists. A server
        // that does not take the question (400, 422) gets the watch right away.
        m_checkVersionNext = false;
        if (!error.isExpired()) {
            startWatch();
            return;
        }
    }
    handleFailure(error, error.isExpired());
}

void ResourceInformer::startWatch()
{
    abortReply();
    m_framer.reset();
    setPhase(Phase::Watching);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("resourceVersion"), QString::fromLatin1(m_resourceVersion));
    query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    const int timeout = QRandomGenerator::global()->bounded(m_options.watchTimeoutMinSeconds,
                                                            m_options.watchTimeoutMaxSeconds + 1);
    query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(timeout));
    addSelectors(&query);
    // No transfer timeout: the inactivity watchdog below knows about bookmarks.
    QNetworkReply *reply = get(m_watches, query, 0);
    m_watchStartedMs = m_clock.elapsed();
    m_watchOpenedAtMs = QDateTime::currentMSecsSinceEpoch();
    m_watchEvents = 0;
    connect(reply, &QNetworkReply::readyRead, this, &ResourceInformer::onWatchReadyRead);
    connect(reply, &QNetworkReply::finished, this, &ResourceInformer::onWatchFinished);
    m_inactivityTimer->start();
}

void ResourceInformer::onWatchReadyRead()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || reply != sender())
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200)
        return; // an error body: read whole in onWatchFinished
    QList<QByteArray> lines;
    const QByteArray chunk = reply->readAll();
    if (m_watchEvents == 0 && m_framer.pendingBytes() == 0) {
        if (const QString problem = notJson(reply, chunk.left(64)); !problem.isEmpty()) {
            abortReply();
            handleFailure(ApiError::badResponse(problem), false);
            return;
        }
    }
    const bool fits = m_framer.feed(chunk, &lines);
    // Only whole events (bookmarks included) count as life: a server dripping a byte
    // at a time would otherwise hold the watch open forever without news.
    if (!lines.isEmpty())
        m_inactivityTimer->start();
    for (const QByteArray &line : lines) {
        if (!processWatchLine(line))
            return; // the watch was replaced or failed
    }
    if (!fits)
        failWatch(QStringLiteral("a watch event exceeded the size limit"));
}

bool ResourceInformer::failWatch(const QString &problem)
{
    // Events before the bad one were applied: the next watch resumes from the last good RV.
    abortReply();
    handleFailure(ApiError::badResponse(m_spec.describe() + QStringLiteral(": ") + problem), false);
    return false;
}

bool ResourceInformer::processWatchLine(const QByteArray &line)
{
    // Parsed in place: the framer leaves room for the padding (else this copies).
    QByteArray text = line;
    reservePadding(&text);
    ResponseReader::WatchEvent event;
    QString eventError;
    if (!m_reader.readEvent(std::string_view(text.constData(), size_t(text.size())), &event, &eventError))
        return failWatch(eventError);
    if (!event.hasObject)
        return failWatch(QStringLiteral("a watch event has no object"));
    if (event.type == u"ERROR") {
        // A Status object: rare and small, read with the DOM like other error bodies.
        const nlohmann::json status = nlohmann::json::parse(event.object.begin(), event.object.end(), nullptr, false);
        const ApiError error = ApiError::fromStatusObject(status);
        abortReply();
        handleFailure(error, error.isExpired());
        return false;
    }
    const QByteArray rv = m_reader.metadataField(event.object, "resourceVersion");
    if (event.type == u"BOOKMARK") {
        if (!rv.isEmpty())
            m_resourceVersion = rv;
        ++m_watchEvents; // news too: the watch is alive and current
        return true;
    }
    ObjectChange change;
    if (event.type == u"ADDED")
        change = ObjectChange::Added;
    else if (event.type == u"MODIFIED")
        change = ObjectChange::Modified;
    else if (event.type == u"DELETED")
        change = ObjectChange::Deleted;
    else
        return failWatch(QStringLiteral("unknown watch event type \"%1\"").arg(event.type.left(40)));
    ++m_watchEvents;
    if (lcWatchEvents().isDebugEnabled()) {
        qCDebug(lcWatchEvents).noquote() << m_spec.describe() << event.type
                                         << QString::fromUtf8(m_reader.metadataField(event.object, "namespace") + '/'
                                                              + m_reader.metadataField(event.object, "name"))
                                         << "rv" << QString::fromLatin1(rv);
    }
    QString objectError;
    if (!m_reader.readObject(event.object, &objectError,
                             [&](ResponseObjects &object) { m_cache->objects(m_spec, change, object); }))
        return failWatch(objectError);
    if (!rv.isEmpty())
        m_resourceVersion = rv;
    m_backoff.succeeded(m_clock.elapsed());
    return true;
}

void ResourceInformer::onWatchFinished()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || reply != sender())
        return;
    // Lines still buffered in the reply belong to this watch.
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200 && reply->bytesAvailable() > 0) {
        onWatchReadyRead();
        if (m_reply != reply)
            return;
    }
    m_reply = nullptr;
    reply->deleteLater();
    m_inactivityTimer->stop();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200 || (reply->error() != QNetworkReply::NoError && reply->error() != QNetworkReply::RemoteHostClosedError)) {
        const ApiError error = errorOf(reply, reply->isOpen() ? reply->readAll() : QByteArray());
        handleFailure(error, error.isExpired());
        return;
    }
    if (m_framer.pendingBytes() > 0) {
        handleFailure(ApiError::transport(m_spec.describe() + QStringLiteral(": the watch stream was cut mid-event")), false);
        return;
    }
    if (m_clock.elapsed() - m_watchStartedMs < veryShortWatchMs && m_watchEvents == 0) {
        handleFailure(ApiError::transport(m_spec.describe() + QStringLiteral(": the watch closed immediately")), false);
        return;
    }
    // A normal close (timeoutSeconds reached): carry on from the last RV.
    m_backoff.succeeded(m_clock.elapsed());
    startWatch();
}

void ResourceInformer::onWatchInactive()
{
    abortReply();
    handleFailure(ApiError::transport(m_spec.describe() + QStringLiteral(": no data from the watch for %1 s, reconnecting")
                                          .arg(m_options.inactivityTimeoutMs / 1000)),
                  false);
}

void ResourceInformer::handleFailure(const ApiError &error, bool relistNext)
{
    // A watch that brought news, or lived a while, was progress: a link that drops
    // now and then reconnects at once instead of after a grown backoff. Failures
    // without progress (refused, 429, an empty watch cut at once) still grow it.
    if (m_phase == Phase::Watching
        && (m_watchEvents > 0 || m_clock.elapsed() - m_watchStartedMs >= m_options.watchProgressMs))
        m_backoff.reset();
    m_lastError = error;
    m_relistNext = m_relistNext || relistNext || !m_synced;
    // A watch that failed, not one that ended normally: its server may have lost
    // our resourceVersion's history. Credentials and RBAC say nothing about that.
    if (m_phase == Phase::Watching && !m_relistNext && !error.isUnauthorized() && !error.isForbidden())
        m_checkVersionNext = true;
    m_inactivityTimer->stop();
    if (error.isUnauthorized()) {
        // The owner refreshes credentials (exec plugins) and calls retryNow().
        setPhase(Phase::WaitingForCredentials);
        emit failed(error, -1);
        return;
    }
    const qint64 delay = m_backoff.next(m_clock.elapsed(), error.retryAfterMs);
    // The owner hears first: it may replace this informer (a 403 falls back to
    // namespaces), and must not see a "forbidden, retrying" phase meanwhile.
    QPointer<ResourceInformer> alive(this);
    emit failed(error, delay);
    if (!alive || m_phase == Phase::Stopped)
        return;
    scheduleRetry(delay);
}

void ResourceInformer::scheduleRetry(qint64 delayMs)
{
    setPhase(Phase::Backoff);
    m_retryTimer->start(int(std::min<qint64>(delayMs, std::numeric_limits<int>::max())));
}

} // namespace fleetscope
