#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace fleetscope::testing {

// Throw-away TLS material made with the openssl CLI at test time, so that no key
// (not even a test one) is committed. Files live in a temporary directory:
// <name>.key, <name>.crt.
class TestPki final
{
public:
    enum class KeyKind { RsaPkcs1, RsaPkcs8, EcSec1, EcPkcs8, EcSec1WithParams, Ed25519 };

    TestPki();
    Q_DISABLE_COPY_MOVE(TestPki)

    // False (with a reason in error()) when openssl is missing or fails.
    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    QString path(const QString &file) const { return m_dir.filePath(file); }
    QByteArray read(const QString &file) const;
    bool write(const QString &file, const QByteArray &content);

    bool makeKey(const QString &name, KeyKind kind);
    // A self-signed CA: <name>.key, <name>.crt.
    bool makeCa(const QString &name, KeyKind kind = KeyKind::EcPkcs8);
    // A leaf signed by `ca`, with subjectAltName entries like "DNS:hub.test", "IP:127.0.0.1".
    bool makeLeaf(const QString &name, const QString &ca, const QString &commonName, const QStringList &altNames,
                  KeyKind kind = KeyKind::EcPkcs8);

private:
    bool openssl(const QStringList &arguments);

    QTemporaryDir m_dir;
    QString m_error;
    int m_serial = 1;
};

} // namespace fleetscope::testing
