#pragma once

#include "kube/apierror.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

class QNetworkReply;

namespace fleetscope {

class HubTransport;

// Which versions of multicluster.x-k8s.io a hub serves ClusterProfiles and
// PlacementDecisions in: GET /apis/GROUP, then /apis/GROUP/VERSION best version
// first, keeping the first version that serves each resource. Answers with
// exactly one discovered() or failed(), unless aborted.
class HubDiscovery final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubDiscovery)

public:
    // `transport` must outlive the discovery; `hubName` names the hub in messages.
    HubDiscovery(HubTransport *transport, const QString &hubName, int transferTimeoutMs, QObject *parent = nullptr);
    ~HubDiscovery() override;

    void start();
    // Drops the request in flight; no signal follows.
    void abort();

signals:
    // `placementsVersion` is empty when the hub serves no PlacementDecisions.
    void discovered(const QString &profilesVersion, const QString &placementsVersion);
    // `fatal`: asking again cannot help until something changes (404, no
    // clusterprofiles, 403 for the group).
    void failed(const fleetscope::ApiError &error, bool fatal);

private:
    void get(const QString &path, std::function<void(QNetworkReply *)> done);
    void onGroup(QNetworkReply *reply);
    void nextVersion();
    void onVersion(QNetworkReply *reply, const QString &version);

    HubTransport *m_transport;
    QString m_hubName;
    int m_transferTimeoutMs;
    QPointer<QNetworkReply> m_reply;
    QStringList m_versionsToAsk;
    QString m_profilesVersion;
    QString m_placementsVersion;
};

} // namespace fleetscope
