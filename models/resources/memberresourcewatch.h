#pragma once

#include "memberrowcache.h"
#include "memberstate.h"
#include "resourcequery.h"
#include "servedkind.h"

#include "connect/membertarget.h"
#include "kube/apierror.h"

#include <QObject>
#include <QSet>
#include <QTimer>

#include <memory>
#include <vector>

namespace fleetscope {

class HubTransport;
class KindDiscovery;
class ResourceInformer;

// One member's part of a Resources table: its access built as Connect builds it
// (memberaccess.h), its credential (exec plugin), discovery of the kind asked for,
// then list+watch of it in Tables through ResourceInformer (resume from the
// resourceVersion, bookmarks, relist on 410, backoff) with the rows decoded on
// this thread (MemberRowCache). Reports its state and, at most every 100 ms, what
// changed. Created anywhere, then moved to a worker thread and started there; all
// its network I/O is asynchronous, so a slow member holds up no other.
class MemberResourceWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberResourceWatch)

public:
    MemberResourceWatch(MemberTarget member, ResourceAccessSettings access, ResourceQuery query,
                        QObject *parent = nullptr);
    ~MemberResourceWatch() override;

    // The kind it resolved to (after discovery), on this object's thread.
    const ServedKind &kind() const { return m_kind; }

    Q_INVOKABLE void start();
    // The whole object, as YAML (converted here, off the caller's thread): answered
    // by objectFetched(id, …). Only ever on a person's explicit request (a Secret's
    // data comes no other way).
    Q_INVOKABLE void fetchObject(int id, const QString &namespaceName, const QString &name);
    // Stops every request (on this object's thread).
    Q_INVOKABLE void shutdown();

    static constexpr int flushDelayMs = 100;

signals:
    void stateChanged(const fleetscope::MemberState &state);
    void delta(const fleetscope::ResourceDelta &delta);
    void kindResolved(const QString &qualifiedResource, const QString &qualifiedKind, bool namespaced);
    void kindsDiscovered(const QList<fleetscope::ServedKind> &kinds);
    void objectFetched(int id, const QByteArray &yaml, const QString &error);

private:
    void setPhase(MemberState::Phase phase, const QString &reason = QString());
    void fail(MemberState::Phase phase, const QString &reason);
    void onCredentials();
    void onDiscovered();
    void startInformers();
    void onInformerFailed(ResourceInformer *informer, const ApiError &error, qint64 retryInMs);
    void onInformerSynced();
    void onTimeout();
    void flush();
    void scheduleFlush();
    void stopInformers();

    MemberTarget m_member;
    ResourceAccessSettings m_access;
    ResourceQuery m_query;
    MemberState m_state;
    ServedKind m_kind;
    HubTransport *m_transport = nullptr;
    KindDiscovery *m_discovery = nullptr;
    std::unique_ptr<MemberRowCache> m_cache;
    std::vector<ResourceInformer *> m_informers;
    QTimer *m_flushTimer;
    QTimer *m_timeout;
    QSet<ResourceInformer *> m_syncedInformers;
    bool m_stopped = false;
};

} // namespace fleetscope
