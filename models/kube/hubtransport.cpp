#include "hubtransport.h"

#include "failedreply.h"
#include "hubproxy.h"

#include "fleetscope_version.h"

#include <QDateTime>
#include <QFile>
#include <QNetworkReply>
#include <QSysInfo>

namespace fleetscope {

namespace {

// Kubernetes token files are a few KiB at most (projected service account
// tokens ~1 KiB).
constexpr qint64 maxTokenFileBytes = 1024 * 1024;

// client-go's headerKeyEscape: Impersonate-Extra-<key> keys are percent-encoded
// outside the HTTP token alphabet (letters, digits and "!#$&'*+-.^_`|~"), and '%'
// itself is always encoded.
QByteArray headerKeyEscape(const QString &key)
{
    return key.toUtf8().toPercentEncoding(QByteArrayLiteral("!#$&'*+^`|"));
}

int effectivePort(const QUrl &url)
{
    return url.port(url.scheme().compare(u"https", Qt::CaseInsensitive) == 0 ? 443 : 80);
}

} // namespace

HubTransport::HubTransport(const KubeconfigCluster &cluster, const AuthInfo &user, const QString &contextName,
                           QObject *parent)
    : QNetworkAccessManager(parent)
    , m_contextName(contextName)
    , m_journal(std::make_shared<HubJournal>(contextName))
{
    m_userAgent = QByteArrayLiteral("fleetscope/" FLEETSCOPE_VERSION " (") + QSysInfo::kernelType().toUtf8() + '/'
        + QSysInfo::currentCpuArchitecture().toUtf8() + ')';
    m_disableCompression = cluster.disableCompression;
    // Redirects are refused per request below; this makes the default explicit too.
    setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);

    const bool tlsConfigured = !cluster.certificateAuthority.isEmpty() || !cluster.certificateAuthorityData.isEmpty()
        || cluster.insecureSkipTlsVerify || !user.clientCertificate.isEmpty()
        || !user.clientCertificateData.isEmpty();
    setUpServer(cluster, tlsConfigured);
    if (m_tls)
        setUpTls(cluster, user);
    setUpAuth(user, cluster);
    setUpImpersonation(user);
    setUpProxy(cluster);
}

HubTransport::~HubTransport() = default;

QString HubTransport::hubPrefix() const
{
    return QStringLiteral("hub \"%1\": ").arg(m_contextName);
}

void HubTransport::addSetupError(const QString &message)
{
    // The first problem is what people fix first; later ones are often consequences.
    if (m_setupError.isEmpty())
        m_setupError = hubPrefix() + message;
}

void HubTransport::setUpServer(const KubeconfigCluster &cluster, bool tlsConfigured)
{
    QString server = cluster.server.toString().trimmed();
    if (server.isEmpty()) {
        addSetupError(QStringLiteral("the cluster has no server"));
        return;
    }
    // client-go DefaultServerURL: a bare host:port is https when any TLS setting
    // is present, else http.
    if (!server.contains(QStringLiteral("://")))
        server.prepend(tlsConfigured ? QStringLiteral("https://") : QStringLiteral("http://"));
    const QUrl url(server, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() || (scheme != u"https" && scheme != u"http")) {
        addSetupError(QStringLiteral("server \"%1\" is not an http(s) URL").arg(url.toDisplayString(QUrl::RemoveUserInfo)));
        return;
    }
    m_tls = scheme == u"https";
    m_server = url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
    m_basePath = m_server.path();
    while (m_basePath.endsWith(u'/'))
        m_basePath.chop(1);
}

void HubTransport::setUpTls(const KubeconfigCluster &cluster, const AuthInfo &user)
{
    m_ssl = QSslConfiguration::defaultConfiguration();
    QString error;
    const QList<QSslCertificate> cas =
        loadCaCertificates(cluster.certificateAuthorityData, cluster.certificateAuthority, &error,
                                        &m_caPem);
    if (!error.isEmpty())
        addSetupError(error);
    if (!cas.isEmpty()) {
        if (cluster.insecureSkipTlsVerify) // kubectl refuses this combination as well
            addSetupError(QStringLiteral("specifying a root certificate authority with insecure-skip-tls-verify "
                                         "is not allowed"));
        // Replaces the system roots (and stops Qt's on-demand root loading):
        // only the cluster's CA may vouch for the apiserver.
        m_ssl.setCaCertificates(cas);
    }
    if (cluster.insecureSkipTlsVerify) {
        m_ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
        m_warnings << hubPrefix()
                + QStringLiteral("TLS certificate verification is disabled (insecure-skip-tls-verify); the "
                                 "connection can be intercepted");
    } else {
        m_ssl.setPeerVerifyMode(QSslSocket::VerifyPeer);
    }
    m_tlsServerName = cluster.tlsServerName;

    m_staticIdentity = loadClientIdentity(user.clientCertificateData, user.clientCertificate,
                                                       user.clientKeyData, user.clientKey, &error);
    if (!error.isEmpty())
        addSetupError(error);
    if (!m_staticIdentity.isNull()) {
        m_ssl.setLocalCertificateChain(m_staticIdentity.chain);
        m_ssl.setPrivateKey(m_staticIdentity.key);
    }
}

void HubTransport::setUpAuth(const AuthInfo &user, const KubeconfigCluster &cluster)
{
    const bool hasBasic = !user.username.isEmpty() || !user.password.isEmpty();
    if (!user.tokenFile.isEmpty()) {
        m_auth = AuthKind::TokenFile;
        m_tokenFile = user.tokenFile;
        m_token = user.token.toUtf8();
        QString error;
        if (!readTokenFile(&error)) {
            // client-go falls back to `token` when the file cannot be read.
            if (m_token.isEmpty())
                addSetupError(error);
            else
                m_warnings << hubPrefix() + error + QStringLiteral("; using token instead");
        }
    } else if (!user.token.isEmpty()) {
        m_auth = AuthKind::Token;
        m_token = user.token.toUtf8();
    } else if (hasBasic) {
        m_auth = AuthKind::Basic;
        m_basicAuth = "Basic " + (user.username + u':' + user.password).toUtf8().toBase64();
    } else if (user.exec) {
        m_auth = AuthKind::Exec;
    }

    if (user.exec && m_auth != AuthKind::Exec)
        m_warnings << hubPrefix()
                + QStringLiteral("the exec plugin is not used because a token or password is also set (kubectl "
                                 "does the same)");
    if (user.authProvider) {
        const QString message = QStringLiteral("auth-provider \"%1\" is not supported; use an exec credential "
                                               "plugin (for OIDC: kubelogin)")
                                    .arg(user.authProvider->name);
        if (m_auth == AuthKind::None && m_staticIdentity.isNull())
            addSetupError(message);
        else
            m_warnings << hubPrefix() + message;
    }

    // kubectl never sends a bearer token (or exec / basic credentials) over plain
    // http, where anybody on the path can read it. Sending the request anonymously
    // instead would show a misleading 401/403 or an anonymous view of the fleet,
    // so the hub reports why it does not connect.
    if (!m_tls && m_server.isValid() && m_auth != AuthKind::None) {
        addSetupError(QStringLiteral("refusing to send credentials to %1 over plain http; use an https:// server")
                          .arg(m_server.toDisplayString()));
        return;
    }

    if (m_auth == AuthKind::Exec && m_setupError.isEmpty()) {
        m_execRunner = new ExecCredentialRunner(*user.exec, cluster, m_caPem, m_contextName, this);
        connect(m_execRunner, &ExecCredentialRunner::succeeded, this, &HubTransport::onExecSucceeded);
        connect(m_execRunner, &ExecCredentialRunner::failed, this, &HubTransport::onExecFailed);
    }
}

void HubTransport::setUpImpersonation(const AuthInfo &user)
{
    // QNetworkRequest keeps one value per header name, and the apiserver reads each
    // Impersonate-Group header line as one group (it does not split commas). So
    // several groups, or several values for one extra key, cannot be sent
    // faithfully; refusing is better than impersonating a group named "a, b".
    if (!user.impersonate.isEmpty())
        m_impersonationHeaders.append({QByteArrayLiteral("Impersonate-User"), user.impersonate.toUtf8()});
    if (!user.impersonateUid.isEmpty())
        m_impersonationHeaders.append({QByteArrayLiteral("Impersonate-Uid"), user.impersonateUid.toUtf8()});
    if (user.impersonateGroups.size() > 1)
        addSetupError(QStringLiteral("impersonating more than one group (as-groups) is not supported: Qt cannot "
                                     "send the Impersonate-Group header twice"));
    else if (user.impersonateGroups.size() == 1)
        m_impersonationHeaders.append({QByteArrayLiteral("Impersonate-Group"), user.impersonateGroups.first().toUtf8()});
    for (auto it = user.impersonateUserExtra.cbegin(); it != user.impersonateUserExtra.cend(); ++it) {
        if (it.value().size() > 1) {
            addSetupError(QStringLiteral("as-user-extra \"%1\" has several values; Qt cannot send the "
                                         "Impersonate-Extra header twice")
                              .arg(it.key()));
            continue;
        }
        if (it.value().size() == 1)
            m_impersonationHeaders.append({QByteArrayLiteral("Impersonate-Extra-") + headerKeyEscape(it.key()),
                                           it.value().first().toUtf8()});
    }
}

void HubTransport::setUpProxy(const KubeconfigCluster &cluster)
{
    if (!m_server.isValid()) {
        setProxy(QNetworkProxy(QNetworkProxy::NoProxy));
        return;
    }
    const ProxyChoice choice = resolveProxy(cluster.proxyUrl, m_server);
    if (!choice.ok())
        addSetupError(choice.error);
    setProxy(choice.proxy);
}

QUrl HubTransport::url(const QString &apiPath, const QUrlQuery &query) const
{
    QUrl result = m_server;
    result.setPath(m_basePath + (apiPath.startsWith(u'/') ? apiPath : u'/' + apiPath));
    if (!query.isEmpty())
        result.setQuery(query);
    return result;
}

bool HubTransport::isHubUrl(const QUrl &url) const
{
    return m_server.isValid() && url.scheme().compare(m_server.scheme(), Qt::CaseInsensitive) == 0
        && url.host().compare(m_server.host(), Qt::CaseInsensitive) == 0 && effectivePort(url) == effectivePort(m_server)
        && url.userInfo().isEmpty();
}

bool HubTransport::readTokenFile(QString *error)
{
    QFile file(m_tokenFile);
    QByteArray content;
    if (file.open(QIODevice::ReadOnly))
        content = file.read(maxTokenFileBytes).trimmed(); // client-go: strings.TrimSpace
    m_fileTokenAge.start(); // a failed read also waits a period, as client-go's cache does
    if (!file.isOpen()) {
        *error = QStringLiteral("cannot read tokenFile %1: %2").arg(m_tokenFile, file.errorString());
        return false;
    }
    if (content.isEmpty()) {
        *error = QStringLiteral("tokenFile %1 is empty").arg(m_tokenFile);
        return false;
    }
    m_fileToken = content;
    return true;
}

QByteArray HubTransport::currentBearerToken()
{
    switch (m_auth) {
    case AuthKind::Token:
        return m_token;
    case AuthKind::TokenFile:
        if (!m_fileTokenAge.isValid() || m_fileTokenAge.elapsed() >= m_tokenFileRereadMs) {
            QString ignored; // keep the last good token when a re-read fails, as client-go does
            readTokenFile(&ignored);
        }
        return m_fileToken.isEmpty() ? m_token : m_fileToken;
    case AuthKind::Exec:
        return m_execCredential ? m_execCredential->token : QByteArray();
    case AuthKind::None:
    case AuthKind::Basic:
        break;
    }
    return {};
}

bool HubTransport::credentialsReady() const
{
    if (!m_setupError.isEmpty())
        return false;
    if (m_auth != AuthKind::Exec)
        return true;
    return m_execCredential && !m_execCredential->isExpired(QDateTime::currentMSecsSinceEpoch());
}

void HubTransport::refreshCredentials()
{
    if (!m_setupError.isEmpty()) {
        QMetaObject::invokeMethod(this, [this] { emit credentialsFailed(m_setupError); }, Qt::QueuedConnection);
        return;
    }
    if (m_auth == AuthKind::TokenFile)
        m_fileTokenAge.invalidate();
    if (m_auth != AuthKind::Exec || credentialsReady()) {
        QMetaObject::invokeMethod(this, &HubTransport::credentialsRefreshed, Qt::QueuedConnection);
        return;
    }
    m_execCredential.reset(); // expired: never send it again
    m_execRunner->start();    // no-op while running; its one answer serves every caller
}

void HubTransport::invalidateCredentials()
{
    if (m_auth == AuthKind::TokenFile) {
        m_fileTokenAge.invalidate();
        return;
    }
    if (m_auth != AuthKind::Exec || !m_execRunner)
        return;
    m_execCredential.reset();
    m_execRunner->start();
}

void HubTransport::shareExecPluginOf(HubTransport *owner)
{
    if (owner == this || m_auth != AuthKind::Exec || !m_execRunner || !owner->m_execRunner
        || m_execRunner == owner->m_execRunner)
        return;
    delete m_execRunner; // never started: a sharer asks the owner's runner instead
    m_execRunner = owner->m_execRunner;
    connect(m_execRunner, &ExecCredentialRunner::succeeded, this, &HubTransport::onExecSucceeded);
    connect(m_execRunner, &ExecCredentialRunner::failed, this, &HubTransport::onExecFailed);
    m_execCredential = owner->m_execCredential;
}

bool HubTransport::ownsExecRunner() const
{
    return m_execRunner && m_execRunner->parent() == this;
}

void HubTransport::onExecSucceeded(const ExecCredential &credential)
{
    if (credential.isExpired(QDateTime::currentMSecsSinceEpoch())) {
        // Accepting it would make callers refresh in a tight loop.
        m_execCredential.reset();
        emit credentialsFailed(hubPrefix()
                               + QStringLiteral("the exec plugin returned a credential that expired at %1 "
                                                "(check the clock)")
                                     .arg(formatKubeTime(credential.expiresAt)));
        return;
    }
    const bool identityChanged = m_execCredential
        ? m_execCredential->identity.chain != credential.identity.chain
        : !credential.identity.isNull();
    m_execCredential = credential;
    // When it ran and until when its credential holds; never what it printed.
    // Transports sharing the runner leave the record to its owner.
    if (ownsExecRunner())
        m_journal->record(HubJournal::Kind::Credentials,
               credential.expiresAt > 0
                   ? QStringLiteral("exec plugin gave a credential valid until %1").arg(formatKubeTime(credential.expiresAt))
                   : QStringLiteral("exec plugin gave a credential without expiry"));
    if (identityChanged) {
        // Pooled connections were authenticated with the old certificate
        // (client-go closes them on rotation too).
        clearConnectionCache();
    }
    emit credentialsRefreshed();
}

void HubTransport::onExecFailed(const QString &message)
{
    m_execCredential.reset();
    // The runner's message is the one the status bar shows: the plugin's name,
    // its exit code and the last line it wrote on stderr for people.
    if (ownsExecRunner())
        m_journal->record(HubJournal::Kind::Credentials, message);
    emit credentialsFailed(message);
}

QNetworkReply *HubTransport::createRequest(Operation operation, const QNetworkRequest &request,
                                           QIODevice *outgoingData)
{
    if (!m_setupError.isEmpty())
        return new FailedReply(operation, request, QNetworkReply::ProtocolFailure, m_setupError, this);
    if (!isHubUrl(request.url())) {
        // Credentials are for this hub only; another host gets nothing from us.
        return new FailedReply(operation, request, QNetworkReply::ProtocolInvalidOperationError,
                               hubPrefix()
                                   + QStringLiteral("%1 is not on the hub's server %2")
                                         .arg(request.url().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery),
                                              m_server.toDisplayString()),
                               this);
    }

    QNetworkRequest r(request);
    const bool callerAuthorization = r.hasRawHeader("Authorization");
    if (m_auth == AuthKind::Exec && !callerAuthorization && !credentialsReady()) {
        refreshCredentials(); // so that the caller's retry finds them ready
        return new FailedReply(operation, request, QNetworkReply::AuthenticationRequiredError,
                               hubPrefix() + QStringLiteral("exec plugin credentials are not ready yet"), this);
    }

    if (m_tls) {
        QSslConfiguration ssl = m_ssl;
        if (m_execCredential && !m_execCredential->identity.isNull()) {
            ssl.setLocalCertificateChain(m_execCredential->identity.chain);
            ssl.setPrivateKey(m_execCredential->identity.key);
        }
        r.setSslConfiguration(ssl);
        if (!m_tlsServerName.isEmpty())
            r.setPeerVerifyName(m_tlsServerName); // also the SNI name in Qt's OpenSSL backend
    }
    r.setAttribute(QNetworkRequest::Http2AllowedAttribute, true);
    r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    r.setRawHeader("User-Agent", m_userAgent);
    if (!r.hasRawHeader("Accept"))
        r.setRawHeader("Accept", "application/json");
    // Setting Accept-Encoding turns off Qt's transparent gzip, which is the point here.
    if (m_disableCompression && !r.hasRawHeader("Accept-Encoding"))
        r.setRawHeader("Accept-Encoding", "identity");
    for (const auto &[name, value] : std::as_const(m_impersonationHeaders))
        r.setRawHeader(name, value);

    if (!callerAuthorization) {
        if (m_auth == AuthKind::Basic) {
            r.setRawHeader("Authorization", m_basicAuth);
        } else {
            const QByteArray token = currentBearerToken();
            if (!token.isEmpty())
                r.setRawHeader("Authorization", "Bearer " + token);
        }
    }
    QNetworkReply *reply = QNetworkAccessManager::createRequest(operation, r, outgoingData);
    traceRequest(operation, reply);
    return reply;
}

void HubTransport::traceRequest(Operation operation, QNetworkReply *reply)
{
    // Like kubectl -v 6: method, path and query, status, time to the response
    // headers (a watch's body goes on for minutes), protocol and encoding. Never
    // a header's value but Content-Encoding's: the others may carry credentials.
    const QString method = operation == GetOperation ? QStringLiteral("GET")
        : operation == PostOperation                  ? QStringLiteral("POST")
                                                      : QStringLiteral("request");
    const QString target = reply->url().toString(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveUserInfo);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    auto answered = std::make_shared<bool>(false);
    connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply, method, target, clock, answered] {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (*answered || status == 0)
            return;
        *answered = true;
        // The protocol Qt negotiated (ALPN) and the body's encoding: what a real
        // apiserver and a proxy in front of it differ in, and what people debugging
        // a slow or stuck hub ask first.
        QString how = reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool() ? QStringLiteral("HTTP/2")
                                                                                         : QStringLiteral("HTTP/1.1");
        const QByteArray encoding = reply->rawHeader("Content-Encoding").trimmed().toLower();
        if (!encoding.isEmpty() && encoding != "identity")
            how += QStringLiteral(", ") + QString::fromLatin1(encoding.left(20));
        m_journal->record(HubJournal::Kind::Request, QStringLiteral("%1 %2 %3 in %4 ms, %5")
                                                         .arg(method, target, QString::number(status),
                                                              QString::number(clock->elapsed()), how));
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, method, target, clock, answered] {
        // Unanswered, or a stream cut after its headers (a watch dropped mid-event).
        if (*answered && (reply->error() == QNetworkReply::NoError || reply->error() >= QNetworkReply::ContentAccessDenied))
            return;
        // One arg() call: a query's percent escapes must not be taken for place markers.
        m_journal->record(HubJournal::Kind::Request,
                          QStringLiteral("%1 %2 %3 after %4 ms: %5")
                              .arg(method, target, *answered ? QStringLiteral("ended") : QStringLiteral("failed"),
                                   QString::number(clock->elapsed()), reply->errorString()));
    });
}

} // namespace fleetscope
