// Choosing the credential provider for a ClusterProfile, like the reference
// library: provider-file order, every match kept, clear words when none fits.

#include "connect/providerselection.h"

#include <QTest>

using namespace fleetscope;

namespace {

ProviderFile fileWith(const QStringList &names, bool provideClusterInfo = true)
{
    ProviderFile file;
    file.path = QStringLiteral("providers.json");
    for (const QString &name : names) {
        CredentialProvider p;
        p.name = name;
        p.execConfig.apiVersion = QStringLiteral("client.authentication.k8s.io/v1");
        p.execConfig.command = QStringLiteral("plugin-") + name;
        p.execConfig.provideClusterInfo = provideClusterInfo;
        file.providers << p;
    }
    return file;
}

ClusterProfile profileWith(const QStringList &names, const QString &server = QStringLiteral("https://m:6443"))
{
    ClusterProfile profile;
    for (const QString &name : names) {
        AccessProvider a;
        a.name = name;
        a.cluster.server = server;
        a.cluster.extensions << NamedExtension{QString::fromUtf16(extension_names::execCluster), QByteArray("{\"clusterName\":\"m\"}")};
        profile.accessProviders << a;
    }
    return profile;
}

} // namespace

class TestProviderSelection final : public QObject
{
    Q_OBJECT

private slots:
    void order_data();
    void order();
    void noneMatchNamesBothSides();
    void preferredName();
    void refusesNoServer();
    void warnings_data();
    void warnings();
};

void TestProviderSelection::order_data()
{
    QTest::addColumn<QStringList>("file");
    QTest::addColumn<QStringList>("offered");
    QTest::addColumn<QStringList>("matches");
    const auto l = [](const char *s) { return QString::fromLatin1(s).split(u',', Qt::SkipEmptyParts); };
    QTest::newRow("one") << l("a") << l("a") << l("a");
    QTest::newRow("file order wins over profile order") << l("b,a") << l("a,b") << l("b,a");
    QTest::newRow("file order, first of three") << l("x,a,c,b") << l("b,c") << l("c,b");
    QTest::newRow("only the common names") << l("a,b,c") << l("c,z") << l("c");
    QTest::newRow("none") << l("a,b") << l("c") << QStringList();
    QTest::newRow("empty file") << QStringList() << l("c") << QStringList();
    QTest::newRow("no providers offered") << l("a") << QStringList() << QStringList();
}

void TestProviderSelection::order()
{
    QFETCH(QStringList, file);
    QFETCH(QStringList, offered);
    QFETCH(QStringList, matches);
    const ProviderFile f = fileWith(file);
    const ClusterProfile p = profileWith(offered);
    const ProviderSelection s = ProviderSelection::select(p, f, QStringLiteral("hub/ns/m"));
    QStringList names;
    for (const ProviderMatch &m : s.matches) {
        names << m.name;
        QCOMPARE(f.providers[m.providerIndex].name, m.name);
        QCOMPARE(p.accessProviders[m.accessProviderIndex].name, m.name);
    }
    QCOMPARE(names, matches);
    QCOMPARE(s.ok(), !matches.isEmpty());
    if (s.ok())
        QCOMPARE(s.match().name, matches.first());
}

void TestProviderSelection::noneMatchNamesBothSides()
{
    const ProviderSelection s = ProviderSelection::select(profileWith({QStringLiteral("ocm"), QStringLiteral("gke")}),
                                                          fileWith({QStringLiteral("secretreader")}),
                                                          QStringLiteral("hub/ns/m"));
    QVERIFY(!s.ok());
    QCOMPARE(s.error, QStringLiteral("no provider in providers.json matches ClusterProfile hub/ns/m: the profile offers "
                                     "\"ocm\", \"gke\"; the file knows \"secretreader\""));
    const ProviderSelection empty = ProviderSelection::select(ClusterProfile(), fileWith({}), QStringLiteral("hub/ns/m"));
    QCOMPARE(empty.error, QStringLiteral("no provider in providers.json matches ClusterProfile hub/ns/m: the profile offers "
                                         "none; the file knows none"));
}

void TestProviderSelection::preferredName()
{
    const ProviderFile f = fileWith({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    const ClusterProfile p = profileWith({QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("z")});
    ProviderSelection s = ProviderSelection::select(p, f, QStringLiteral("h/n/m"), QStringLiteral("b"));
    QVERIFY(s.ok());
    QCOMPARE(s.matches.size(), 2);
    QCOMPARE(s.match().name, QStringLiteral("b"));

    s = ProviderSelection::select(p, f, QStringLiteral("h/n/m"), QStringLiteral("c"));
    QCOMPARE(s.error, QStringLiteral("ClusterProfile h/n/m does not offer provider \"c\": it offers \"b\", \"a\", \"z\""));
    s = ProviderSelection::select(p, f, QStringLiteral("h/n/m"), QStringLiteral("z"));
    QCOMPARE(s.error, QStringLiteral("provider \"z\" is not in providers.json: the file knows \"a\", \"b\", \"c\""));
}

void TestProviderSelection::refusesNoServer()
{
    ProviderSelection s = ProviderSelection::select(profileWith({QStringLiteral("a")}, QString()),
                                                    fileWith({QStringLiteral("a")}), QStringLiteral("h/n/m"));
    QVERIFY(!s.ok());
    QCOMPARE(s.matches.size(), 1);
    QCOMPARE(s.error, QStringLiteral("ClusterProfile h/n/m: access provider \"a\" has no server"));
    s = ProviderSelection::select(profileWith({QStringLiteral("a")}, QStringLiteral("m:6443")),
                                  fileWith({QStringLiteral("a")}), QStringLiteral("h/n/m"));
    QCOMPARE(s.error, QStringLiteral("ClusterProfile h/n/m: access provider \"a\": server \"m:6443\" is not an http(s) URL"));
}

void TestProviderSelection::warnings_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<bool>("insecure");
    QTest::addColumn<bool>("execExtension");
    QTest::addColumn<bool>("provideClusterInfo");
    QTest::addColumn<QStringList>("warnings");
    QTest::newRow("clean") << QStringLiteral("https://m") << false << true << true << QStringList();
    QTest::newRow("http") << QStringLiteral("http://m:8080") << false << true << true
                          << QStringList{QStringLiteral("access provider \"a\": server http://m:8080 is plain http: kubectl sends it no exec credentials")};
    QTest::newRow("insecure") << QStringLiteral("https://m") << true << true << true
                              << QStringList{QStringLiteral("access provider \"a\": insecure-skip-tls-verify is set: the server's certificate is not checked")};
    QTest::newRow("no exec extension") << QStringLiteral("https://m") << false << false << true
                                       << QStringList{QStringLiteral("access provider \"a\" has no client.authentication.k8s.io/exec extension: the plugin gets no spec.cluster.config")};
    QTest::newRow("extension not provided") << QStringLiteral("https://m") << false << true << false
                                            << QStringList{QStringLiteral("provider \"a\" does not set provideClusterInfo: the plugin does not receive the client.authentication.k8s.io/exec extension")};
    QTest::newRow("neither") << QStringLiteral("https://m") << false << false << false << QStringList();
}

void TestProviderSelection::warnings()
{
    QFETCH(QString, server);
    QFETCH(bool, insecure);
    QFETCH(bool, execExtension);
    QFETCH(bool, provideClusterInfo);
    QFETCH(QStringList, warnings);
    ClusterProfile p = profileWith({QStringLiteral("a")}, server);
    p.accessProviders[0].cluster.insecureSkipTlsVerify = insecure;
    if (!execExtension)
        p.accessProviders[0].cluster.extensions.clear();
    const ProviderSelection s = ProviderSelection::select(p, fileWith({QStringLiteral("a")}, provideClusterInfo), QStringLiteral("h/n/m"));
    QVERIFY2(s.ok(), qPrintable(s.error));
    QCOMPARE(s.warnings, warnings);
}

QTEST_GUILESS_MAIN(TestProviderSelection)
#include "tst_providerselection.moc"
