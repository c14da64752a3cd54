#pragma once

#include "api/kubeconfigcluster.h"
#include "kube/authinfo.h"
#include "kube/backoff.h"
#include "kube/hubcache.h"
#include "kube/hubdelta.h"
#include "kube/hubjournal.h"
#include "kube/hubstaterules.h"
#include "kube/hubstatus.h"
#include "kube/informer.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class QTimer;

namespace fleetscope {

class HubDiscovery;
class HubTransport;

// Everything needed to watch one hub (one kubeconfig context).
struct HubSettings
{
    QString name; // the context name: how people know the hub
    KubeconfigCluster cluster;
    AuthInfo user;
    // When the user may not list across namespaces, these are tried one by one:
    // the context's namespace ("default" when empty) and any the user names.
    QString contextNamespace;
    QStringList extraNamespaces;
    bool keepRawJson = false;
    InformerOptions informer;
    // A change after a quiet spell goes out flushIntervalMs after it came.
    // While changes keep coming, deltas go out at most every
    // steadyFlushIntervalMs: a hub with 300 events a second costs its
    // consumers (the views' updates and repaints, history's batches) four
    // rounds a second instead of twenty, and a changed row still repaints
    // within a quarter of a second.
    int flushIntervalMs = 50;
    int steadyFlushIntervalMs = 250;
    // The hub's recent history for people (Hub details, -v); made by the
    // connection when none is given.
    HubJournalPtr journal;
};

// One hub: credentials, discovery (HubDiscovery), an informer per watched
// resource, the hub's cache, and its status (deriveHubStatus). Lives on its own thread (see FleetEngine) so that one
// slow, broken or lying hub never holds up another or the GUI. Publishes
// coalesced deltas (see HubSettings::steadyFlushIntervalMs), and its status.
//
// Its informers report to the cache: the first change after a flush arms the
// flush timer, so that a hub with nothing new (a list waiting on a slow server,
// a quiet watch) never wakes its thread.
class HubConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubConnection)

public:
    explicit HubConnection(HubSettings settings, QObject *parent = nullptr);
    ~HubConnection() override;

    const HubStatus &status() const { return m_status; }
    const QString &name() const { return m_settings.name; }

    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    // Start over (F5): new connections, discovery and lists. Known objects stay
    // and the relist is diffed, so nothing flickers.
    Q_INVOKABLE void reconnect();

signals:
    void deltaReady(const fleetscope::HubDelta &delta);
    void statusChanged(const fleetscope::HubStatus &status);

private:
    void connectToHub();
    void withCredentials(std::function<void()> next);
    void startInformers(const QString &profilesVersion, const QString &placementsVersion);
    void addInformer(const ResourceSpec &spec, bool required);
    QNetworkAccessManager *watchManager();
    void onInformerFailed(ResourceInformer *informer, const ApiError &error, qint64 retryInMs);
    void fallBackToNamespaces(ResourceInformer *informer);
    void onUnauthorized(const ApiError &error);
    void failConnect(const ApiError &error, bool fatal);
    void teardown();
    void scheduleFlush();
    void flush();
    void updateStatus();
    // Tells the journal about a state change and refreshes its resource table.
    void journalStatus(const HubStatus &before, const HubStatus &after);
    void publishResources();
    HubTransport *newTransport();
    QStringList fallbackNamespaces() const;

    HubSettings m_settings;
    HubCache m_cache;
    HubStatus m_status;
    Backoff m_backoff;
    QElapsedTimer m_clock;
    qint64 m_lastFlushAt = -1; // m_clock's ms, -1 before the first
    bool m_running = false;
    bool m_reconnectingWatches = false;

    QPointer<HubTransport> m_listTransport;
    QList<QPointer<HubTransport>> m_watchTransports;
    QHash<ResourceInformer *, bool> m_informers; // whether required: profiles are, the others add facts
    HubDiscovery *m_discovery;
    QTimer *m_flushTimer;
    QTimer *m_retryTimer;
    QList<std::function<void()>> m_afterCredentials;

    // Connection-level trouble (credentials, discovery), before informers exist;
    // its execCredentials and retryInMs are filled in when the status is derived.
    ConnectReport m_connect;
    QStringList m_warnings;
};

} // namespace fleetscope
