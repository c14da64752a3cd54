#include "kube/tlsmaterial.h"

#include "testpki.h"

#include <QTest>

using namespace fleetscope;
using fleetscope::testing::TestPki;
using KeyKind = TestPki::KeyKind;

class TstTlsMaterial : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void caBundle();
    void caErrors_data();
    void caErrors();

    void clientIdentity_data();
    void clientIdentity();
    void combinedCertAndKeyFile();
    void keyMismatch_data();
    void keyMismatch();
    void keyErrors_data();
    void keyErrors();

private:
    TestPki m_pki;
};

void TstTlsMaterial::initTestCase()
{
    if (!m_pki.isValid())
        QSKIP(qPrintable(m_pki.error()));
    QVERIFY2(m_pki.makeCa(QStringLiteral("ca1")), qPrintable(m_pki.error()));
    QVERIFY2(m_pki.makeCa(QStringLiteral("ca2"), KeyKind::RsaPkcs8), qPrintable(m_pki.error()));
    const struct
    {
        const char *name;
        KeyKind kind;
    } leaves[] = {
        {"rsa-pkcs1", KeyKind::RsaPkcs1}, {"rsa-pkcs8", KeyKind::RsaPkcs8},
        {"ec-sec1", KeyKind::EcSec1},     {"ec-pkcs8", KeyKind::EcPkcs8},
        {"ec-params", KeyKind::EcSec1WithParams},
    };
    for (const auto &leaf : leaves) {
        QVERIFY2(m_pki.makeLeaf(QString::fromLatin1(leaf.name), QStringLiteral("ca1"), QStringLiteral("jane"), {},
                                leaf.kind),
                 qPrintable(m_pki.error()));
    }
    QVERIFY2(m_pki.makeKey(QStringLiteral("ed25519"), KeyKind::Ed25519), qPrintable(m_pki.error()));
    QVERIFY2(m_pki.makeKey(QStringLiteral("other-rsa"), KeyKind::RsaPkcs1), qPrintable(m_pki.error()));
    QVERIFY2(m_pki.makeKey(QStringLiteral("other-ec"), KeyKind::EcPkcs8), qPrintable(m_pki.error()));
}

void TstTlsMaterial::caBundle()
{
    const QByteArray bundle = m_pki.read(QStringLiteral("ca1.crt")) + m_pki.read(QStringLiteral("ca2.crt"));
    QVERIFY(m_pki.write(QStringLiteral("bundle.pem"), bundle));
    QString error;

    const QList<QSslCertificate> fromData = loadCaCertificates(bundle, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(fromData.size(), 2);

    const QList<QSslCertificate> fromFile =
        loadCaCertificates({}, m_pki.path(QStringLiteral("bundle.pem")), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(fromFile, fromData);

    // data wins over the file, as in client-go
    const QList<QSslCertificate> dataWins = loadCaCertificates(
        m_pki.read(QStringLiteral("ca2.crt")), m_pki.path(QStringLiteral("bundle.pem")), &error);
    QCOMPARE(dataWins.size(), 1);
    QCOMPARE(dataWins.first().subjectInfo(QSslCertificate::CommonName), QStringList{QStringLiteral("ca2")});

    // neither: no CA, no error (system roots)
    QVERIFY(loadCaCertificates({}, {}, &error).isEmpty());
    QVERIFY(error.isEmpty());
}

void TstTlsMaterial::caErrors_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");

    QTest::newRow("missing file") << QByteArray() << QStringLiteral("/nonexistent/ca.pem")
                                  << QStringLiteral("cannot read certificate-authority /nonexistent/ca.pem");
    QTest::newRow("not pem data") << QByteArray("hello") << QString()
                                  << QStringLiteral("certificate-authority-data contains no PEM certificate");
    QTest::newRow("key instead of cert") << QByteArray() << QStringLiteral("ca1.key")
                                         << QStringLiteral("contains no PEM certificate");
}

void TstTlsMaterial::caErrors()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, file);
    QFETCH(QString, expected);
    if (!file.isEmpty() && !file.startsWith(u'/'))
        file = m_pki.path(file);
    QString error;
    QVERIFY(loadCaCertificates(data, file, &error).isEmpty());
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(!error.contains(u"BEGIN"));
}

void TstTlsMaterial::clientIdentity_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("algorithm");

    QTest::newRow("RSA PKCS#1") << QStringLiteral("rsa-pkcs1") << int(QSsl::Rsa);
    QTest::newRow("RSA PKCS#8") << QStringLiteral("rsa-pkcs8") << int(QSsl::Rsa);
    QTest::newRow("EC SEC1") << QStringLiteral("ec-sec1") << int(QSsl::Ec);
    QTest::newRow("EC PKCS#8") << QStringLiteral("ec-pkcs8") << int(QSsl::Ec);
    QTest::newRow("EC SEC1 after EC PARAMETERS") << QStringLiteral("ec-params") << int(QSsl::Ec);
}

void TstTlsMaterial::clientIdentity()
{
    QFETCH(QString, name);
    QFETCH(int, algorithm);
    const QString certFile = m_pki.path(name + QStringLiteral(".crt"));
    const QString keyFile = m_pki.path(name + QStringLiteral(".key"));
    const QByteArray certPem = m_pki.read(name + QStringLiteral(".crt"));
    const QByteArray keyPem = m_pki.read(name + QStringLiteral(".key"));

    QString error;
    const ClientIdentity fromFiles = loadClientIdentity({}, certFile, {}, keyFile, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!fromFiles.isNull());
    QCOMPARE(int(fromFiles.key.algorithm()), algorithm);
    QCOMPARE(fromFiles.key.type(), QSsl::PrivateKey);
    QCOMPARE(fromFiles.chain.first().subjectInfo(QSslCertificate::CommonName), QStringList{QStringLiteral("jane")});

    const ClientIdentity fromData = loadClientIdentity(certPem, {}, keyPem, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(fromData.key, fromFiles.key);

    const ClientIdentity fromExec = clientIdentityFromPem(certPem, keyPem, QStringLiteral("exec"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!fromExec.isNull());
}

void TstTlsMaterial::combinedCertAndKeyFile()
{
    // client-certificate and client-key may name one file holding both blocks.
    const QByteArray both = m_pki.read(QStringLiteral("ec-pkcs8.key")) + m_pki.read(QStringLiteral("ec-pkcs8.crt"))
        + m_pki.read(QStringLiteral("ca1.crt"));
    QVERIFY(m_pki.write(QStringLiteral("both.pem"), both));
    const QString file = m_pki.path(QStringLiteral("both.pem"));
    QString error;
    const ClientIdentity identity = loadClientIdentity({}, file, {}, file, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(identity.chain.size(), 2); // leaf first, then the intermediate/CA the file carried
    QCOMPARE(identity.chain.first().subjectInfo(QSslCertificate::CommonName), QStringList{QStringLiteral("jane")});
}

void TstTlsMaterial::keyMismatch_data()
{
    QTest::addColumn<QString>("cert");
    QTest::addColumn<QString>("key");

    QTest::newRow("RSA cert, other RSA key") << QStringLiteral("rsa-pkcs1") << QStringLiteral("other-rsa");
    QTest::newRow("RSA PKCS#8 cert, other RSA key") << QStringLiteral("rsa-pkcs8") << QStringLiteral("rsa-pkcs1");
    QTest::newRow("EC cert, other EC key") << QStringLiteral("ec-pkcs8") << QStringLiteral("other-ec");
    QTest::newRow("EC SEC1 cert, other EC key") << QStringLiteral("ec-sec1") << QStringLiteral("ec-pkcs8");
    QTest::newRow("RSA cert, EC key") << QStringLiteral("rsa-pkcs8") << QStringLiteral("ec-pkcs8");
    QTest::newRow("EC cert, RSA key") << QStringLiteral("ec-sec1") << QStringLiteral("rsa-pkcs1");
}

void TstTlsMaterial::keyMismatch()
{
    QFETCH(QString, cert);
    QFETCH(QString, key);
    const QString certFile = m_pki.path(cert + QStringLiteral(".crt"));
    const QString keyFile = m_pki.path(key + QStringLiteral(".key"));
    QString error;
    const ClientIdentity identity = loadClientIdentity({}, certFile, {}, keyFile, &error);
    QVERIFY(identity.isNull());
    QVERIFY2(error.contains(QStringLiteral("client-key %1 does not match client-certificate %2").arg(keyFile, certFile)),
             qPrintable(error));

    const ClientIdentity fromData = loadClientIdentity(
        m_pki.read(cert + QStringLiteral(".crt")), {}, m_pki.read(key + QStringLiteral(".key")), {}, &error);
    QVERIFY(fromData.isNull());
    QCOMPARE(error, QStringLiteral("client-key-data does not match client-certificate-data"));
}

void TstTlsMaterial::keyErrors_data()
{
    QTest::addColumn<QString>("certFile");
    QTest::addColumn<QString>("keyFile");
    QTest::addColumn<QString>("expected");

    QTest::newRow("missing key file") << QStringLiteral("rsa-pkcs1.crt") << QStringLiteral("missing.key")
                                      << QStringLiteral("cannot read client-key ");
    QTest::newRow("missing cert file") << QStringLiteral("missing.crt") << QStringLiteral("rsa-pkcs1.key")
                                       << QStringLiteral("cannot read client-certificate ");
    QTest::newRow("certificate without key") << QStringLiteral("rsa-pkcs1.crt") << QString()
                                             << QStringLiteral("client-certificate is set but client-key is not");
    QTest::newRow("key without certificate") << QString() << QStringLiteral("rsa-pkcs1.key")
                                             << QStringLiteral("client-key is set but client-certificate is not");
    QTest::newRow("Ed25519 key") << QStringLiteral("rsa-pkcs1.crt") << QStringLiteral("ed25519.key")
                                 << QStringLiteral("unsupported private key type");
    QTest::newRow("cert as key") << QStringLiteral("rsa-pkcs1.crt") << QStringLiteral("rsa-pkcs1.crt")
                                 << QStringLiteral("contains no PEM private key");
    QTest::newRow("encrypted key") << QStringLiteral("rsa-pkcs1.crt") << QStringLiteral("encrypted.key")
                                   << QStringLiteral("is encrypted");
}

void TstTlsMaterial::keyErrors()
{
    QFETCH(QString, certFile);
    QFETCH(QString, keyFile);
    QFETCH(QString, expected);
    QVERIFY(m_pki.write(QStringLiteral("encrypted.key"),
                        "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIBvTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQww\n"
                        "-----END ENCRYPTED PRIVATE KEY-----\n"));
    QString error;
    const ClientIdentity identity = loadClientIdentity(
        {}, certFile.isEmpty() ? QString() : m_pki.path(certFile), {},
        keyFile.isEmpty() ? QString() : m_pki.path(keyFile), &error);
    QVERIFY(identity.isNull());
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(!error.contains(u"BEGIN") && !error.contains(u"MII"), qPrintable(error));
}

QTEST_GUILESS_MAIN(TstTlsMaterial)
#include "tst_tlsmaterial.moc"
