#include "tlsmaterial.h"

#include <QFile>

namespace fleetscope {

namespace {

// TLS files are a few KiB; the cap only stops a mistaken path (a device, a log)
// from being read whole.
constexpr qint64 maxTlsFileBytes = 4 * 1024 * 1024;

// `data` (a `*-data` field) wins over `file`, as in client-go. `source` then names
// what was read for messages: "client-key-data" or "client-key /path/key.pem".
bool readPem(const QByteArray &data, const QString &file, const QString &field, QByteArray *pem, QString *source,
             QString *error)
{
    *pem = data;
    *source = field + QStringLiteral("-data");
    if (!data.isEmpty())
        return true;
    *source = QStringLiteral("%1 %2").arg(field, file);
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(*source, in.errorString());
        return false;
    }
    *pem = in.read(maxTlsFileBytes + 1);
    if (pem->size() > maxTlsFileBytes) {
        *error = QStringLiteral("%1 is too large for a PEM file").arg(*source);
        pem->clear();
        return false;
    }
    return true;
}

struct PemBlock
{
    QByteArray label; // "RSA PRIVATE KEY", "CERTIFICATE", ...
    QByteArray text;  // the whole block, BEGIN and END lines included
};

QList<PemBlock> pemBlocks(const QByteArray &pem)
{
    static const QByteArray begin = QByteArrayLiteral("-----BEGIN ");
    static const QByteArray dashes = QByteArrayLiteral("-----");
    QList<PemBlock> blocks;
    qsizetype pos = 0;
    while ((pos = pem.indexOf(begin, pos)) >= 0) {
        const qsizetype labelStart = pos + begin.size();
        const qsizetype labelEnd = pem.indexOf(dashes, labelStart);
        if (labelEnd < 0)
            break;
        PemBlock block;
        block.label = pem.mid(labelStart, labelEnd - labelStart);
        const QByteArray endLine = QByteArrayLiteral("-----END ") + block.label + dashes;
        const qsizetype end = pem.indexOf(endLine, labelEnd);
        if (end < 0)
            break;
        block.text = pem.mid(pos, end + endLine.size() - pos) + '\n';
        blocks.append(block);
        pos = end + endLine.size();
    }
    return blocks;
}

// Just enough DER to compare public keys: the INTEGERs (RSA n, e) and the public
// points (BIT STRINGs) of a key or SubjectPublicKeyInfo, descending into nested
// structures and into OCTET/BIT STRINGs that wrap DER (PKCS#8, SPKI).
struct DerValues
{
    QList<QByteArray> integers;
    QList<QByteArray> bitStrings;
};

bool walkDer(const QByteArray &der, int depth, DerValues *out)
{
    if (depth > 8)
        return false;
    qsizetype pos = 0;
    const auto byteAt = [&der](qsizetype i) { return static_cast<quint8>(der.at(i)); };
    while (pos < der.size()) {
        if (der.size() - pos < 2)
            return false;
        const quint8 tag = byteAt(pos++);
        if ((tag & 0x1f) == 0x1f)
            return false; // high tag numbers never occur in keys
        qsizetype length = byteAt(pos++);
        if (length & 0x80) {
            const int octets = int(length & 0x7f);
            if (octets == 0 || octets > 4 || der.size() - pos < octets)
                return false;
            length = 0;
            for (int i = 0; i < octets; ++i)
                length = (length << 8) | byteAt(pos++);
        }
        if (length > der.size() - pos)
            return false;
        const QByteArray content = der.mid(pos, length);
        pos += length;
        if (tag & 0x20) { // constructed: SEQUENCE, SET, [n] EXPLICIT
            if (!walkDer(content, depth + 1, out))
                return false;
        } else if (tag == 0x02) {
            qsizetype skip = 0;
            while (skip + 1 < content.size() && content.at(skip) == 0)
                ++skip;
            out->integers.append(content.mid(skip));
        } else if ((tag == 0x03 || tag == 0x04) && !content.isEmpty()) {
            const QByteArray inner = tag == 0x03 ? content.mid(1) : content; // a BIT STRING's unused-bits byte
            DerValues nested;
            if (inner.startsWith('\x30') && walkDer(inner, depth + 1, &nested)) {
                out->integers += nested.integers;
                out->bitStrings += nested.bitStrings;
            } else if (tag == 0x03) {
                out->bitStrings.append(inner);
            }
        }
    }
    return true;
}

// An EC point is 04|X|Y uncompressed or 02/03|X compressed; X alone identifies the
// key well enough for a mismatch check and survives either encoding.
QByteArray ecPointX(const QByteArray &point)
{
    if (point.size() < 3)
        return {};
    if (point.at(0) == 0x04)
        return point.mid(1, (point.size() - 1) / 2);
    if (point.at(0) == 0x02 || point.at(0) == 0x03)
        return point.mid(1);
    return {};
}

// A PEM private key of any algorithm Qt's TLS backend knows (RSA, EC, DSA) in
// PKCS#1, SEC1 or PKCS#8 form. QSslKey needs the algorithm up front: it is read
// from the PEM label, or found by trying each for PKCS#8. `source` names the
// key in messages ("client-key /path/key.pem").
QSslKey parsePrivateKey(const QByteArray &pem, const QString &source, QString *error)
{
    const QList<PemBlock> blocks = pemBlocks(pem);
    const PemBlock *keyBlock = nullptr;
    for (const PemBlock &block : blocks) {
        if (block.label.endsWith("PRIVATE KEY")) {
            keyBlock = &block;
            break;
        }
    }
    if (!keyBlock) {
        *error = QStringLiteral("%1 contains no PEM private key").arg(source);
        return {};
    }
    // Go's tls.X509KeyPair refuses encrypted keys too; there is nobody to ask for a passphrase.
    if (keyBlock->label == "ENCRYPTED PRIVATE KEY" || keyBlock->text.contains("Proc-Type: 4,ENCRYPTED")) {
        *error = QStringLiteral("%1 is encrypted; kubeconfig keys must be unencrypted").arg(source);
        return {};
    }
    QList<QSsl::KeyAlgorithm> candidates;
    if (keyBlock->label == "RSA PRIVATE KEY")
        candidates = {QSsl::Rsa};
    else if (keyBlock->label == "EC PRIVATE KEY")
        candidates = {QSsl::Ec};
    else if (keyBlock->label == "DSA PRIVATE KEY")
        candidates = {QSsl::Dsa};
    else if (keyBlock->label == "PRIVATE KEY") // PKCS#8 does not say: ask the backend
        candidates = {QSsl::Rsa, QSsl::Ec, QSsl::Dsa};
    for (QSsl::KeyAlgorithm algorithm : candidates) {
        QSslKey key(keyBlock->text, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            return key;
    }
    if (keyBlock->label == "PRIVATE KEY")
        *error = QStringLiteral("%1: unsupported private key type (Qt's TLS backend takes RSA, EC and DSA keys, "
                                "not Ed25519)").arg(source);
    else
        *error = QStringLiteral("%1: cannot parse the %2 block").arg(source, QString::fromLatin1(keyBlock->label));
    return {};
}

// Whether `key` is the private half of `certificate`'s public key. Compares the
// RSA modulus or the EC public point; true when it cannot tell (a SEC1 key
// without its optional public point), since the TLS handshake checks again.
bool keyMatchesCertificate(const QSslKey &key, const QSslCertificate &certificate)
{
    const QSslKey publicKey = certificate.publicKey();
    if (key.isNull() || publicKey.isNull())
        return false;
    if (key.algorithm() != publicKey.algorithm())
        return false;
    // Qt hands back private keys in their traditional form (PKCS#1 / SEC1) and
    // public keys as SubjectPublicKeyInfo, whatever the input was.
    DerValues priv;
    DerValues pub;
    if (!walkDer(key.toDer(), 0, &priv) || !walkDer(publicKey.toDer(), 0, &pub))
        return true; // cannot tell; the handshake will
    switch (key.algorithm()) {
    case QSsl::Rsa: {
        QByteArray modulus;
        for (const QByteArray &integer : std::as_const(pub.integers)) {
            if (integer.size() > modulus.size())
                modulus = integer;
        }
        return !modulus.isEmpty() && priv.integers.contains(modulus);
    }
    case QSsl::Ec: {
        if (pub.bitStrings.isEmpty())
            return true;
        if (priv.bitStrings.isEmpty())
            return true; // SEC1's public point is optional
        const QByteArray x = ecPointX(pub.bitStrings.constLast());
        for (const QByteArray &point : std::as_const(priv.bitStrings)) {
            if (!x.isEmpty() && ecPointX(point) == x)
                return true;
        }
        return false;
    }
    default:
        return true;
    }
}

ClientIdentity identityFromPem(const QByteArray &certPem, const QString &certSource, const QByteArray &keyPem,
                               const QString &keySource, QString *error)
{
    ClientIdentity identity;
    identity.chain = QSslCertificate::fromData(certPem, QSsl::Pem);
    if (identity.chain.isEmpty()) {
        *error = QStringLiteral("%1 contains no PEM certificate").arg(certSource);
        return {};
    }
    identity.key = parsePrivateKey(keyPem, keySource, error);
    if (identity.key.isNull())
        return {};
    if (!keyMatchesCertificate(identity.key, identity.chain.constFirst())) {
        *error = QStringLiteral("%1 does not match %2").arg(keySource, certSource);
        return {};
    }
    return identity;
}

} // namespace

QList<QSslCertificate> loadCaCertificates(const QByteArray &data, const QString &file,
                                                       QString *error, QByteArray *pemOut)
{
    error->clear();
    if (data.isEmpty() && file.isEmpty())
        return {};
    QByteArray pem;
    QString source;
    if (!readPem(data, file, QStringLiteral("certificate-authority"), &pem, &source, error))
        return {};
    const QList<QSslCertificate> certificates = QSslCertificate::fromData(pem, QSsl::Pem);
    if (certificates.isEmpty()) {
        *error = QStringLiteral("%1 contains no PEM certificate").arg(source);
        return {};
    }
    if (pemOut)
        *pemOut = pem;
    return certificates;
}

ClientIdentity clientIdentityFromPem(const QByteArray &certPem, const QByteArray &keyPem,
                                                  const QString &what, QString *error)
{
    error->clear();
    return identityFromPem(certPem, QStringLiteral("%1 client certificate").arg(what), keyPem,
                           QStringLiteral("%1 client key").arg(what), error);
}

ClientIdentity loadClientIdentity(const QByteArray &certData, const QString &certFile,
                                               const QByteArray &keyData, const QString &keyFile,
                                               QString *error)
{
    error->clear();
    const bool haveCert = !certData.isEmpty() || !certFile.isEmpty();
    const bool haveKey = !keyData.isEmpty() || !keyFile.isEmpty();
    if (!haveCert && !haveKey)
        return {};
    if (haveCert != haveKey) {
        *error = haveCert ? QStringLiteral("client-certificate is set but client-key is not")
                          : QStringLiteral("client-key is set but client-certificate is not");
        return {};
    }

    QByteArray certPem, keyPem;
    QString certSource, keySource;
    if (!readPem(certData, certFile, QStringLiteral("client-certificate"), &certPem, &certSource, error)
        || !readPem(keyData, keyFile, QStringLiteral("client-key"), &keyPem, &keySource, error))
        return {};
    return identityFromPem(certPem, certSource, keyPem, keySource, error);
}

} // namespace fleetscope
