#include "accesscheck.h"

#include "accesstransports.h"
#include "memberaccess.h"

#include "kube/execcredentialrunner.h"
#include "kube/hubtransport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QSslError>

namespace fleetscope {

AccessCheck::AccessCheck(const MemberTarget &member, const AccessCheckSettings &settings, QObject *parent)
    : MemberJob(parent)
    , m_member(member)
    , m_settings(settings)
{
    m_result.cluster = member.label();
    m_result.reportedVersion = member.profile.kubernetesVersion;
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, &AccessCheck::onTimeout);
}

AccessCheck::~AccessCheck()
{
    if (m_reply)
        m_reply->abort();
}

QString AccessCheck::withoutHubPrefix(QString message) const
{
    // The transport and the runner name the "hub" (here: the member) in front of
    // every message; the result already says which member it is.
    const QString prefix = QStringLiteral("hub \"%1\": ").arg(m_member.label());
    if (message.startsWith(prefix))
        message.remove(0, prefix.size());
    return message.simplified();
}

bool AccessCheck::setUp()
{
    const MemberAccess access = MemberAccess::resolve(m_member, m_settings.providers, m_settings.providerFileError,
                                                      m_settings.preferredProvider);
    m_result.provider = access.provider;
    if (!access.ok()) {
        finishLater(access.failedStep, access.error);
        return false;
    }
    const KubeconfigCluster &cluster = access.cluster;
    const AuthInfo &user = access.user;
    AccessTransports *transports = m_settings.transports;
    if (!transports) {
        m_ownTransports = std::make_unique<AccessTransports>();
        transports = m_ownTransports.get();
    }
    m_transport = transports->transport(m_member.label(), cluster, user, &m_transportKey);
    if (!m_transport->setupError().isEmpty()) {
        const QString why = m_transport->setupError();
        finishLater(why.contains(QLatin1String("proxy")) ? AccessStep::Connect : AccessStep::Tls, withoutHubPrefix(why));
        return false;
    }
    if (ExecCredentialRunner *runner = m_transport->execRunner())
        runner->setTimeoutMs(m_settings.timeoutMs);
    connect(m_transport, &HubTransport::credentialsRefreshed, this, &AccessCheck::sendRequest);
    connect(m_transport, &HubTransport::credentialsFailed, this, [this](const QString &message) {
        if (m_phase == Phase::Plugin)
            finish(AccessStep::Plugin, withoutHubPrefix(message));
    });
    return true;
}

void AccessCheck::start()
{
    if (m_phase != Phase::Idle)
        return;
    m_phase = Phase::Plugin;
    if (!setUp())
        return;
    m_deadline.start(m_settings.timeoutMs);
    m_transport->refreshCredentials();
}

void AccessCheck::cancel()
{
    if (m_phase == Phase::Done)
        return;
    m_result.cancelled = true;
    finishLater(AccessStep::None, QStringLiteral("cancelled"));
}

void AccessCheck::sendRequest()
{
    if (m_phase != Phase::Plugin)
        return;
    m_phase = Phase::Request;
    QNetworkRequest request(m_transport->url(QStringLiteral("/version")));
    request.setTransferTimeout(0); // our own deadline covers the whole check
    m_requestTime.start();
    m_reply = m_transport->get(request);
    connect(m_reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        for (const QSslError &e : errors)
            m_sslErrors << e.errorString();
    });
    connect(m_reply, &QNetworkReply::finished, this, &AccessCheck::onReply);
}

void AccessCheck::onReply()
{
    QNetworkReply *reply = m_reply;
    if (!reply || m_phase != Phase::Request)
        return;
    reply->deleteLater();
    m_reply = nullptr;
    m_result.latencyMs = m_requestTime.elapsed();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    if (status == 0) {
        if (error == QNetworkReply::SslHandshakeFailedError || !m_sslErrors.isEmpty()) {
            const QString why = m_sslErrors.isEmpty() ? reply->errorString() : m_sslErrors.join(QStringLiteral("; "));
            finish(AccessStep::Tls, QStringLiteral("%1 (%2)").arg(why, m_transport->serverUrl().toDisplayString()));
        } else if (error == QNetworkReply::ConnectionRefusedError) {
            finish(AccessStep::Connect, QStringLiteral("connection refused (%1)").arg(m_transport->serverUrl().toDisplayString()));
        } else {
            finish(AccessStep::Connect, QStringLiteral("%1 (%2)").arg(withoutHubPrefix(reply->errorString()),
                                                                     m_transport->serverUrl().toDisplayString()));
        }
        return;
    }
    const QByteArray body = reply->readAll();
    if (status != 200) {
        // A Kubernetes Status says why; anything else gets only the status line.
        const QJsonObject object = QJsonDocument::fromJson(body).object();
        const QString message = object.value(QLatin1String("message")).toString();
        const QString reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        finish(AccessStep::Http, QStringLiteral("GET /version: HTTP %1 %2%3")
                                     .arg(status)
                                     .arg(reason)
                                     .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message.left(200)));
        return;
    }
    const QString gitVersion = QJsonDocument::fromJson(body).object().value(QLatin1String("gitVersion")).toString();
    if (gitVersion.isEmpty()) {
        finish(AccessStep::Http, QStringLiteral("GET /version: the answer has no gitVersion"));
        return;
    }
    m_result.serverVersion = gitVersion;
    m_result.versionMismatch = AccessResult::versionsDiffer(gitVersion, m_result.reportedVersion);
    m_result.reachable = true;
    finish(AccessStep::None, m_result.versionMismatch
                                 ? QStringLiteral("serves %1, the profile reports %2").arg(gitVersion, m_result.reportedVersion)
                                 : QString());
}

void AccessCheck::onTimeout()
{
    const double seconds = m_settings.timeoutMs / 1000.0;
    if (m_phase == Phase::Plugin)
        finish(AccessStep::Plugin, QStringLiteral("no credential within %1 s").arg(seconds));
    else if (m_phase == Phase::Request)
        finish(AccessStep::Connect, QStringLiteral("no answer within %1 s (%2)")
                                        .arg(seconds)
                                        .arg(m_transport->serverUrl().toDisplayString()));
}

void AccessCheck::finish(AccessStep step, const QString &message)
{
    if (m_phase == Phase::Done)
        return;
    m_phase = Phase::Done;
    m_deadline.stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    if (m_transport) {
        m_transport->disconnect(this);
        m_result.credentialExpiry = (m_settings.transports ? m_settings.transports : m_ownTransports.get())->expiry(m_transportKey);
    }
    m_result.checked = !m_result.cancelled;
    m_result.step = step;
    m_result.message = message;
    emit finished();
}

void AccessCheck::finishLater(AccessStep step, const QString &message)
{
    QMetaObject::invokeMethod(this, [this, step, message] { finish(step, message); }, Qt::QueuedConnection);
}

} // namespace fleetscope
