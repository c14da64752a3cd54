#pragma once

#include "kube/apierror.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkReply;

namespace fleetscope {

class HubTransport;

// Which versions of multicluster.x-k8s.io a hub serves ClusterProfiles and
// PlacementDecisions in: GET /apis/GROUP, then /apis/GROUP/VERSION best version
// first, keeping the first version that serves each resource. Answers with
// exactly one discovered() or failed(), unless aborted. HubConnection and
// InventoryProbe both discover through it.
class HubDiscovery final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubDiscovery)

public:
    // The Cluster Inventory API group (SIG-Multicluster).
    static constexpr char group[] = "multicluster.x-k8s.io";
    // What a 404 for the group means, in words people act on.
    static QString notServedMessage();

    // `hubName` names the hub in messages.
    HubDiscovery(const QString &hubName, int transferTimeoutMs, QObject *parent = nullptr);
    ~HubDiscovery() override;

    // Starts over through `transport`, which must outlive the walk (or abort() it).
    void start(HubTransport *transport);
    // Drops the request in flight; no signal follows.
    void abort();
    // The group's versions, best first (v1alpha2, v1alpha1, then any other).
    const QStringList &versions() const { return m_versions; }

signals:
    // `placementsVersion` is empty when the hub serves no PlacementDecisions.
    void discovered(const QString &profilesVersion, const QString &placementsVersion);
    // `fatal`: asking again cannot help until something changes (404, no
    // clusterprofiles, 403 for the group).
    void failed(const fleetscope::ApiError &error, bool fatal);

private:
    void get(const QString &path, void (HubDiscovery::*then)(const QByteArray &));
    void onGroup(const QByteArray &body);
    void nextVersion();
    void onVersion(const QByteArray &body);

    HubTransport *m_transport = nullptr;
    QString m_hubName;
    int m_transferTimeoutMs;
    QPointer<QNetworkReply> m_reply;
    QStringList m_versions;
    qsizetype m_nextVersion = 0;
    QString m_profilesVersion;
    QString m_placementsVersion;
};

} // namespace fleetscope
