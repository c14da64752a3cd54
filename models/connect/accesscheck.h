#pragma once

#include "accessresult.h"
#include "memberjob.h"
#include "membertarget.h"
#include "providerfile.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

class QNetworkReply;

namespace fleetscope {

class AccessTransports;
class HubTransport;

// What every check of one run shares.
struct AccessCheckSettings
{
    ProviderFile providers;
    QString providerFileError; // the file could not be loaded: every member fails at `provider`
    QString preferredProvider;
    int timeoutMs = 10'000; // per member: plugin and request together
    // Kept across checks (the dashboard's session): credentials are reused while
    // valid. Not owned; null = each check makes its own transport.
    AccessTransports *transports = nullptr;
};

// Checks that one member can be reached the way Connect would reach it: the
// provider chosen as Connect chooses it, its exec plugin run (through the
// HubTransport's runner, so a credential is reused while valid), then
// GET /version through the access provider's server, CA, tls-server-name,
// insecure-skip-tls-verify and proxy-url. finished() follows start() exactly
// once, always from the event loop.
class AccessCheck final : public MemberJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessCheck)

public:
    AccessCheck(const MemberTarget &member, const AccessCheckSettings &settings, QObject *parent = nullptr);
    ~AccessCheck() override;

    void start() override;
    // Stops the plugin or the request; finished() follows with a cancelled result.
    void cancel() override;
    const AccessResult &result() const { return m_result; }

private:
    enum class Phase { Idle, Plugin, Request, Done };

    bool setUp();
    void sendRequest();
    void onReply();
    void onTimeout();
    void finish(AccessStep step, const QString &message);
    void finishLater(AccessStep step, const QString &message);
    QString withoutHubPrefix(QString message) const;

    MemberTarget m_member;
    const AccessCheckSettings &m_settings;
    AccessResult m_result;
    Phase m_phase = Phase::Idle;
    std::unique_ptr<AccessTransports> m_ownTransports;
    HubTransport *m_transport = nullptr; // owned by the settings' transports or m_ownTransports
    QString m_transportKey;
    QPointer<QNetworkReply> m_reply;
    QStringList m_sslErrors;
    QTimer m_deadline;
    QElapsedTimer m_requestTime;
};

} // namespace fleetscope
