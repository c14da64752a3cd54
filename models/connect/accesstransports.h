#pragma once

#include "api/kubeconfigcluster.h"
#include "api/kubetime.h"
#include "kube/authinfo.h"

#include <QHash>
#include <QObject>

class TestMemberActions;

namespace fleetscope {

class HubTransport;

// Each member's HubTransport, kept across the access checks of a session, so that
// an exec plugin's credential is reused until it expires instead of running the
// plugin again for every check (what client-go's exec cache does for kubectl).
// A transport is reused only for exactly the same member, server, TLS settings
// and exec configuration; anything else gets a fresh one.
class AccessTransports final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessTransports)

public:
    explicit AccessTransports(QObject *parent = nullptr);
    ~AccessTransports() override;

    // The transport for `member` with this cluster and user; `*key` identifies it for expiry().
    HubTransport *transport(const QString &member, const KubeconfigCluster &cluster, const AuthInfo &user, QString *key);
    // When the credential the plugin last handed out expires; 0 when unknown or never.
    KubeTime expiry(const QString &key) const { return m_expiries.value(key); }

    int count() const { return int(m_transports.size()); }

private:
    friend class ::TestMemberActions;
    // How many times the exec plugins ran, over every transport kept.
    int pluginRuns() const;

    QHash<QString, HubTransport *> m_transports;
    QHash<QString, KubeTime> m_expiries;
};

} // namespace fleetscope
