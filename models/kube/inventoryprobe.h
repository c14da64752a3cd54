#pragma once

#include "api/kubeconfigcluster.h"
#include "kube/authinfo.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class QNetworkReply;

namespace fleetscope {

class HubDiscovery;
class HubTransport;
struct ApiError;

// What one kubeconfig context says about the Cluster Inventory API: the answer
// the Hubs dialog and `fleetscope hubs` show per context. Never holds a secret.
struct InventoryProbeResult
{
    Q_GADGET

public:
    enum class Problem : quint8 {
        None,
        Configuration, // the kubeconfig entry cannot be used (missing file, bad key...)
        ExecPlugin,    // the credential plugin failed
        Unreachable,   // refused, no route, timeout, proxy
        TLS,           // the handshake failed (unknown CA, wrong name...)
        Unauthorized,  // 401
        Forbidden,     // 403
        NotServed,     // reachable, but no multicluster.x-k8s.io / no clusterprofiles
        BadResponse,   // an answer that is not Kubernetes
    };
    Q_ENUM(Problem)

    QString context;
    QString server;          // the kubeconfig server, without user info
    bool inventory = false;  // clusterprofiles are served
    QStringList versions;    // served multicluster.x-k8s.io versions, best first
    bool placements = false; // placementdecisions are served
    qint64 profiles = -1;    // ClusterProfiles visible to this user, -1 unknown
    Problem problem = Problem::None;
    QString error;           // why not, for a person; empty when all went well
    bool done = false;       // false while the probe runs

    // The enumerator's name ("TLS"), empty for None.
    static QString problemName(Problem problem);
};

// Asks one context whether it serves the Cluster Inventory API, the way the
// engine would connect (same transport: TLS, proxy, exec plugins run
// asynchronously and never interactively): the API group, each version's
// resources, then one ClusterProfile (limit=1) to count them from the list's
// remainingItemCount. When listing across namespaces is forbidden, the
// context's namespace is counted instead, as the engine would fall back.
// Emits finished() exactly once, from the event loop; lives on any thread.
class InventoryProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InventoryProbe)

public:
    static constexpr int defaultTimeoutMs = 20'000;

    InventoryProbe(const QString &context, const KubeconfigCluster &cluster, const AuthInfo &user,
                   const QString &contextNamespace, QObject *parent = nullptr);
    ~InventoryProbe() override;

    void setTimeoutMs(int milliseconds) { m_timeoutMs = milliseconds; }
    void start();

signals:
    void finished(const fleetscope::InventoryProbeResult &result);

private:
    void onDiscovered(const QString &profilesVersion, const QString &placementsVersion);
    void countProfiles();
    void onProfiles(QNetworkReply *reply);
    void fail(const ApiError &error, bool fatal = false);
    void fail(InventoryProbeResult::Problem problem, const QString &error);
    void finish();

    KubeconfigCluster m_cluster;
    AuthInfo m_user;
    QString m_namespace;
    InventoryProbeResult m_result;
    HubTransport *m_transport = nullptr;
    HubDiscovery *m_discovery = nullptr;
    QPointer<QNetworkReply> m_reply;
    QString m_profilesVersion;
    bool m_namespaced = false; // counting in the context's namespace after a 403
    int m_timeoutMs = defaultTimeoutMs;
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::InventoryProbeResult)
