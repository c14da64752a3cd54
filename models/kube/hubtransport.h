#pragma once

#include "api/kubeconfigcluster.h"
#include "kube/authinfo.h"
#include "execcredentialrunner.h"
#include "hubjournal.h"
#include "tlsmaterial.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QSslConfiguration>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

#include <optional>

class TstHubTransport;

namespace fleetscope {

// The one policy point for requests to a hub (one kubeconfig context). Lives in
// the hub's worker thread; every request made through it, whatever the caller
// put in the QNetworkRequest, gets in createRequest():
//   - TLS trusting only the kubeconfig CA (system roots only when none is set),
//     tls-server-name as the verify/SNI name, or no verification when the
//     kubeconfig says insecure-skip-tls-verify (listed in warnings());
//   - the client certificate (kubeconfig or exec plugin);
//   - Authorization: Bearer from tokenFile (re-read about once a minute, like
//     client-go), token, or the exec plugin; Basic for username/password;
//     a caller-set Authorization header is left alone (kubectl's --token rule);
//   - Impersonate-User/-Uid/-Group/-Extra-<key> when `as` is set;
//   - User-Agent fleetscope/<version>, Accept: application/json unless set,
//     HTTP/2 allowed, redirects not followed (a redirect must not carry the
//     token elsewhere; the apiserver does not redirect API calls);
//   - the proxy from proxy-url or the *_PROXY environment (see resolveProxy()).
// Requests it must not send fail locally with a FailedReply instead: any
// setupError(), exec credentials not ready, or a URL outside the hub's server.
class HubTransport final : public QNetworkAccessManager
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubTransport)

public:
    HubTransport(const KubeconfigCluster &cluster, const AuthInfo &user, const QString &contextName,
                 QObject *parent = nullptr);
    ~HubTransport() override;

    // https://host:port[/prefix] + apiPath, with the query. The kubeconfig server
    // may carry a path prefix (a proxy in front of the apiserver).
    QUrl url(const QString &apiPath, const QUrlQuery &query = {}) const;
    // The normalised server URL (scheme added as client-go does when missing).
    QUrl serverUrl() const { return m_server; }
    // The kubeconfig's disable-compression: requests ask for identity bodies.
    bool compressionDisabled() const { return m_disableCompression; }

    // Things people should know but that do not stop us (insecure-skip-tls-verify,
    // a token that is ignored). Never contain secrets.
    QStringList warnings() const { return m_warnings; }
    // Why this hub cannot be used at all (unreadable CA or key file, key not
    // matching the certificate, https proxy, credentials for a plain-http server…).
    // Names files and fields, never secrets. Empty when usable.
    QString setupError() const { return m_setupError; }

    // Credential lifecycle. Static credentials (token, tokenFile, certificate) are
    // always ready. Exec-plugin credentials are ready when cached and not expired.
    bool credentialsReady() const;
    // Makes credentials ready, asynchronously: runs the exec plugin if the cache is
    // empty or expired (at most one run at a time), re-reads tokenFile. Always
    // answered by exactly one credentialsRefreshed() or credentialsFailed() from
    // the event loop, also when nothing had to be done.
    void refreshCredentials();
    // After a 401: drops the exec credential and re-runs the plugin. A tokenFile
    // is re-read on the next request (client-go waits for its minute; a rotated
    // token should not cost a minute of 401s).
    void invalidateCredentials();
    // Another transport to the same hub (a pool for watches) runs `owner`'s exec
    // plugin instead of its own: one run answers them all, and a credential the
    // owner holds is ready here at once, as one kubectl process shares one
    // credential across its connections. `owner` must outlive this transport.
    // Nothing changes unless both authenticate with an exec plugin.
    void shareExecPluginOf(HubTransport *owner);

    // Where each request, its status and duration, and each plugin run are
    // recorded (Hub details, -v 6); by default a journal of the transport's own.
    void setJournal(HubJournalPtr journal) { m_journal = std::move(journal); }

    // Test hook: the exec credential runner.
    ExecCredentialRunner *execRunner() const { return m_execRunner; }

signals:
    void credentialsRefreshed();
    void credentialsFailed(const QString &message);

protected:
    QNetworkReply *createRequest(Operation operation, const QNetworkRequest &request,
                                 QIODevice *outgoingData) override;

private:
    friend class ::TstHubTransport;
    // Test hook: the tokenFile re-read period (client-go: 1 minute).
    void setTokenFileRereadIntervalMs(qint64 milliseconds) { m_tokenFileRereadMs = milliseconds; }

    enum class AuthKind { None, Token, TokenFile, Basic, Exec };

    void setUpServer(const KubeconfigCluster &cluster, bool tlsConfigured);
    void setUpTls(const KubeconfigCluster &cluster, const AuthInfo &user);
    void setUpAuth(const AuthInfo &user, const KubeconfigCluster &cluster);
    void setUpImpersonation(const AuthInfo &user);
    void setUpProxy(const KubeconfigCluster &cluster);
    void addSetupError(const QString &message);
    bool isHubUrl(const QUrl &url) const;
    bool readTokenFile(QString *error);
    QByteArray currentBearerToken();
    void onExecSucceeded(const ExecCredential &credential);
    void onExecFailed(const QString &message);
    bool ownsExecRunner() const;
    QString hubPrefix() const;
    void traceRequest(Operation operation, QNetworkReply *reply);

    QString m_contextName;
    QUrl m_server;
    QString m_basePath;
    bool m_tls = false;
    QSslConfiguration m_ssl;
    QString m_tlsServerName;
    QByteArray m_caPem;
    ClientIdentity m_staticIdentity;
    bool m_disableCompression = false;
    QByteArray m_userAgent;
    QList<QPair<QByteArray, QByteArray>> m_impersonationHeaders;
    QStringList m_warnings;
    QString m_setupError;

    AuthKind m_auth = AuthKind::None;
    QByteArray m_token;          // static `token`, or the fallback when tokenFile is unreadable
    QString m_tokenFile;
    QByteArray m_fileToken;
    QElapsedTimer m_fileTokenAge;
    qint64 m_tokenFileRereadMs = 60'000;
    QByteArray m_basicAuth;

    ExecCredentialRunner *m_execRunner = nullptr;
    HubJournalPtr m_journal;
    std::optional<ExecCredential> m_execCredential;
};

} // namespace fleetscope
