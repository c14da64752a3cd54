#include "testpki.h"

#include "testsupport.h"

#include <QFile>
#include <QStandardPaths>

namespace fleetscope::testing {

TestPki::TestPki()
{
    if (!m_dir.isValid())
        m_error = QStringLiteral("cannot create a temporary directory");
    else if (QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty())
        m_error = QStringLiteral("the openssl command is not installed");
    // A config of our own: the distribution's openssl.cnf adds extensions of its own.
    else if (!write(QStringLiteral("openssl.cnf"),
                    "[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = unused\n"
                    "[ca_ext]\nbasicConstraints = critical,CA:TRUE\nkeyUsage = critical,keyCertSign,cRLSign\n"
                    "subjectKeyIdentifier = hash\n"))
        m_error = QStringLiteral("cannot write openssl.cnf");
}

QByteArray TestPki::read(const QString &file) const
{
    QFile f(path(file));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool TestPki::write(const QString &file, const QByteArray &content)
{
    QFile f(path(file));
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(content) == content.size();
}

bool TestPki::openssl(const QStringList &arguments)
{
    const ProcessResult result = runProcess(QStringLiteral("openssl"), arguments, {}, 60000);
    if (result.started && result.finished && result.exitCode == 0)
        return true;
    m_error = QStringLiteral("openssl %1 failed: %2").arg(arguments.join(u' '), QString::fromLocal8Bit(result.err));
    return false;
}

bool TestPki::makeKey(const QString &name, KeyKind kind)
{
    const QString out = path(name + QStringLiteral(".key"));
    switch (kind) {
    case KeyKind::RsaPkcs1:
        return openssl({QStringLiteral("genrsa"), QStringLiteral("-traditional"), QStringLiteral("-out"), out,
                        QStringLiteral("2048")});
    case KeyKind::RsaPkcs8:
        return openssl({QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("RSA"),
                        QStringLiteral("-pkeyopt"), QStringLiteral("rsa_keygen_bits:2048"), QStringLiteral("-out"),
                        out});
    case KeyKind::EcSec1:
        return openssl({QStringLiteral("ecparam"), QStringLiteral("-name"), QStringLiteral("prime256v1"),
                        QStringLiteral("-genkey"), QStringLiteral("-noout"), QStringLiteral("-out"), out});
    case KeyKind::EcSec1WithParams: // "-----BEGIN EC PARAMETERS-----" first, as `ecparam -genkey` writes by default
        return openssl({QStringLiteral("ecparam"), QStringLiteral("-name"), QStringLiteral("secp384r1"),
                        QStringLiteral("-genkey"), QStringLiteral("-out"), out});
    case KeyKind::EcPkcs8:
        return openssl({QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("EC"),
                        QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:P-256"),
                        QStringLiteral("-out"), out});
    case KeyKind::Ed25519:
        return openssl({QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("ED25519"),
                        QStringLiteral("-out"), out});
    }
    return false;
}

bool TestPki::makeCa(const QString &name, KeyKind kind)
{
    return makeKey(name, kind)
        && openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-new"), QStringLiteral("-config"),
                    path(QStringLiteral("openssl.cnf")), QStringLiteral("-extensions"), QStringLiteral("ca_ext"),
                    QStringLiteral("-key"), path(name + QStringLiteral(".key")), QStringLiteral("-subj"),
                    QStringLiteral("/CN=%1").arg(name), QStringLiteral("-days"), QStringLiteral("2"),
                    QStringLiteral("-out"), path(name + QStringLiteral(".crt"))});
}

bool TestPki::makeLeaf(const QString &name, const QString &ca, const QString &commonName,
                       const QStringList &altNames, KeyKind kind)
{
    QByteArray ext = "[leaf]\nbasicConstraints = CA:FALSE\nextendedKeyUsage = serverAuth,clientAuth\n"
                     "authorityKeyIdentifier = keyid\n";
    if (!altNames.isEmpty())
        ext += "subjectAltName = " + altNames.join(u',').toUtf8() + '\n';
    const QString extFile = name + QStringLiteral(".ext");
    const QString csr = path(name + QStringLiteral(".csr"));
    return write(extFile, ext) && makeKey(name, kind)
        && openssl({QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-config"),
                    path(QStringLiteral("openssl.cnf")), QStringLiteral("-key"), path(name + QStringLiteral(".key")),
                    QStringLiteral("-subj"), QStringLiteral("/CN=%1").arg(commonName), QStringLiteral("-out"), csr})
        && openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), csr, QStringLiteral("-CA"),
                    path(ca + QStringLiteral(".crt")), QStringLiteral("-CAkey"), path(ca + QStringLiteral(".key")),
                    QStringLiteral("-set_serial"), QString::number(++m_serial), QStringLiteral("-days"),
                    QStringLiteral("2"), QStringLiteral("-extfile"), path(extFile), QStringLiteral("-extensions"),
                    QStringLiteral("leaf"), QStringLiteral("-out"), path(name + QStringLiteral(".crt"))});
}

} // namespace fleetscope::testing
