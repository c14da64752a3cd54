#pragma once

#include "kube/apierror.h"
#include "kube/backoff.h"
#include "kube/gzipinflater.h"
#include "kube/informersink.h"
#include "kube/resourcespec.h"
#include "kube/responsereader.h"
#include "kube/watchframer.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QUrlQuery>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace fleetscope {

class HubTransport;

struct InformerOptions
{
    // After the first list: watch for changes (the dashboard, `list --watch`), or
    // stop there (a one-shot `list`). Without watches a hub needs no watch
    // connections at all: ~3 TLS handshakes and a network thread fewer.
    bool watch = true;
    // kubectl and client-go ask for 500. Pages of 1000 halve the requests and the
    // per-reply work on both threads: ~8 % of a 100k cold sync's CPU over 4 hubs
    // (2000 bought nothing more, and every hub's list parser grows with its page).
    int pageSize = 1000;
    // Watches are closed by us after a random 5–10 min (as client-go does), so
    // that servers and proxies with their own idle limits never cut them first.
    int watchTimeoutMinSeconds = 300;
    int watchTimeoutMaxSeconds = 600;
    // No byte at all, not even a bookmark, for this long: the connection is dead
    // even if TCP has not noticed. kube-apiserver bookmarks about every minute.
    int inactivityTimeoutMs = 150'000;
    int listTransferTimeoutMs = 60'000;
    // A hub's discovery answers at once or not at all: one that accepted the
    // connection and says nothing for this long is unreachable, as `fleetscope
    // hubs` says after the same time (InventoryProbe::defaultTimeoutMs). Lists keep
    // the longer limit above: a large page may be slow to start.
    static constexpr int defaultFirstAnswerTimeoutMs = 20'000;
    int firstAnswerTimeoutMs = defaultFirstAnswerTimeoutMs;
    // Larger responses or watch lines are refused: a lying server must not eat memory.
    // A list may hold a whole fleet (an unpaged 100k list is ~300 MB); one watch event
    // is one object, which etcd caps at 1.5 MiB.
    qint64 maxResponseBytes = qint64(512) * 1024 * 1024;
    qint64 maxEventBytes = qint64(16) * 1024 * 1024;
    Backoff::Settings backoff;
    // A watch open this long counts as progress even without events (it resets the backoff).
    int watchProgressMs = 30'000;
    // The Accept header of lists and watches (empty: the transport's application/json);
    // members are asked for Tables (the server's own columns).
    QByteArray accept;
    // Server-side selectors, on lists and watches alike.
    QString labelSelector;
    QString fieldSelector;
};

// LIST then WATCH one resource, like client-go's reflector: paged list, watch
// from the list's resourceVersion with bookmarks, re-watch on a normal close,
// relist on 410 Expired, jittered backoff on errors with Retry-After honoured.
// Lives on its hub's thread; all network I/O is asynchronous.
class ResourceInformer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceInformer)

public:
    // Listed: synced, and not watching because InformerOptions::watch is off.
    enum class Phase : quint8 { Idle, Listing, Watching, Listed, Backoff, WaitingForCredentials, Stopped };
    Q_ENUM(Phase)

    // Lists go through `lists` (which also makes the URLs), watches through `watches`, which may be null
    // when `options.watch` is off. What they bring goes to `cache`.
    ResourceInformer(HubTransport *lists, QNetworkAccessManager *watches, ResourceSpec spec, InformerSink *cache,
                     InformerOptions options = {}, QObject *parent = nullptr);
    ~ResourceInformer() override;

    const ResourceSpec &spec() const { return m_spec; }
    Phase phase() const { return m_phase; }
    bool hasSynced() const { return m_synced; }
    QByteArray resourceVersion() const { return m_resourceVersion; }
    const ApiError &lastError() const { return m_lastError; }
    int relists() const { return m_relists; }
    // Objects of the current (or last) list so far, and the server's estimate of its total (or -1).
    qint64 listed() const { return m_listed; }
    qint64 estimatedTotal() const { return m_estimatedTotal; }
    // When the current watch was opened (ms since the epoch), for Hub details.
    qint64 watchOpenedAtMs() const { return m_watchOpenedAtMs; }
    // Time until the next attempt while in Backoff, else -1.
    qint64 retryInMs() const;

    void start();
    void stop();
    // After new credentials (the owner handled a 401): try again now.
    void retryNow();
    // The hub's server refused a connection at `epochMs`: a watch opened before
    // then sits on a dead connection, and Qt's HTTP/2 does not always say so (the
    // reply then neither reads nor finishes, until the inactivity timeout). Such a
    // watch is reconnected, resuming from its resourceVersion.
    void reconnectWatchOpenedBefore(qint64 epochMs);

signals:
    void phaseChanged(fleetscope::ResourceInformer::Phase phase);
    // During a list: listed() and estimatedTotal() changed.
    void listProgress();
    // A full list was delivered to the cache (first sync and every relist).
    void synced();
    // Something failed; the informer retries by itself after `retryInMs`, except
    // for 401 (retryInMs = -1): then it waits for retryNow().
    void failed(const fleetscope::ApiError &error, qint64 retryInMs);

private:
    void setPhase(Phase phase);
    void requestListPage();
    void onListReplyFinished();
    void startWatch();
    // Before resuming a watch that failed: does the server still know our
    // resourceVersion? See m_checkVersionNext.
    void checkVersion();
    void onVersionChecked();
    void onWatchReadyRead();
    void onWatchFinished();
    void onWatchInactive();
    bool processWatchLine(const QByteArray &line);
    // Ends the watch on a bad event or stream, for `problem`; false.
    bool failWatch(const QString &problem);
    void handleFailure(const ApiError &error, bool relistNext);
    void scheduleRetry(qint64 delayMs);
    void abortReply();
    QNetworkReply *get(QNetworkAccessManager *manager, const QUrlQuery &query, int transferTimeoutMs);
    ApiError errorOf(QNetworkReply *reply, const QByteArray &body) const;
    bool guardSize(QNetworkReply *reply, qint64 received);

    HubTransport *m_lists;
    QNetworkAccessManager *m_watches;
    void addSelectors(QUrlQuery *query) const;
    // A 200 answer that is not JSON (a login page, a proxy's HTML): what to say, or empty.
    QString notJson(QNetworkReply *reply, const QByteArray &start) const;

    ResourceSpec m_spec;
    InformerSink *m_cache;
    InformerOptions m_options;
    Backoff m_backoff;
    QElapsedTimer m_clock;

    Phase m_phase = Phase::Idle;
    QPointer<QNetworkReply> m_reply;
    QTimer *m_retryTimer;
    QTimer *m_inactivityTimer;
    WatchFramer m_framer;
    ResponseReader m_reader;
    GzipInflater m_inflater;
    // The list page being read, its allocation reused from page to page of one
    // list: a fresh ~0.8 MB buffer per page is fresh pages (~200 faults a page).
    QByteArray m_page;

    QByteArray m_resourceVersion;  // opaque; passed back, never parsed
    QByteArray m_continueToken;
    bool m_relistNext = true;
    // The watch failed (server gone, restarting, unavailable): the next attempt
    // first asks for a one-item list at our resourceVersion. A server whose
    // storage was replaced or restored from a backup has older versions than
    // ours, and kube-apiserver holds a watch from a version it has not reached
    // open without a word, so the watch alone would never tell.
    bool m_checkVersionNext = false;
    bool m_synced = false;
    bool m_unpaged = false;        // after repeated expired continue tokens
    int m_expiredContinues = 0;
    qint64 m_listed = 0;
    qint64 m_estimatedTotal = -1;
    qint64 m_watchStartedMs = 0;
    qint64 m_watchOpenedAtMs = 0;
    qint64 m_watchEvents = 0;
    int m_relists = 0;
    ApiError m_lastError;
};

} // namespace fleetscope
