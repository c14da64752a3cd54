#include "accesstransports.h"

#include "kube/execcredentialrunner.h"
#include "kube/hubtransport.h"

#include <QCryptographicHash>

namespace fleetscope {
namespace {

// Everything a transport is made from, hashed: secrets in the exec environment
// never sit in the key as text.
QString configurationKey(const QString &member, const KubeconfigCluster &c, const AuthInfo &user)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    auto add = [&hash](const QString &text) {
        hash.addData(text.toUtf8());
        hash.addData(QByteArrayView("\0", 1));
    };
    add(c.server);
    hash.addData(c.certificateAuthorityData.view());
    add(c.tlsServerName);
    add(c.proxyUrl);
    add(c.insecureSkipTlsVerify ? QStringLiteral("insecure") : QStringLiteral("verify"));
    for (const NamedExtension &e : c.extensions) {
        add(e.name);
        hash.addData(e.json.view());
    }
    if (user.exec) {
        const ExecConfig &x = *user.exec;
        add(x.apiVersion);
        add(x.command);
        add(x.args.join(QChar(0)));
        for (const ExecEnvVar &v : x.env) {
            add(v.name);
            add(v.value);
        }
        add(x.interactiveMode);
        add(x.provideClusterInfo ? QStringLiteral("info") : QStringLiteral("noinfo"));
    }
    return member + u'|' + QString::fromLatin1(hash.result().toHex());
}

} // namespace

AccessTransports::AccessTransports(QObject *parent)
    : QObject(parent)
{
}

AccessTransports::~AccessTransports() = default;

HubTransport *AccessTransports::transport(const QString &member, const KubeconfigCluster &cluster, const AuthInfo &user,
                                          QString *key)
{
    *key = configurationKey(member, cluster, user);
    if (HubTransport *existing = m_transports.value(*key))
        return existing;
    auto *transport = new HubTransport(cluster, user, member, this);
    m_transports.insert(*key, transport);
    if (ExecCredentialRunner *runner = transport->execRunner()) {
        // The expiry is worth showing; the credential itself stays in the transport.
        connect(runner, &ExecCredentialRunner::succeeded, this,
                [this, k = *key](const ExecCredential &credential) { m_expiries.insert(k, credential.expiresAt); });
    }
    return transport;
}

int AccessTransports::pluginRuns() const
{
    int runs = 0;
    for (const HubTransport *t : m_transports) {
        if (t->execRunner())
            runs += t->execRunner()->runCount();
    }
    return runs;
}

} // namespace fleetscope
