// Resolving what a person types (`fleetscope get deploy`) against a member's
// discovery, as kubectl does, and reading the discovery documents.
#include "resources/kinddiscovery.h"
#include "resources/servedkind.h"

#include <QtTest>

using namespace fleetscope;

namespace {

QList<ServedKind> kinds()
{
    QList<ServedKind> out;
    QString error;
    const bool ok = KindDiscovery::parseResourceList(
                        R"({"kind":"APIResourceList","groupVersion":"v1","resources":[
            {"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get","list","watch"],"shortNames":["po"]},
            {"name":"pods/log","singularName":"","namespaced":true,"kind":"Pod","verbs":["get"]},
            {"name":"events","singularName":"event","namespaced":true,"kind":"Event","verbs":["list","watch"],"shortNames":["ev"]},
            {"name":"bindings","singularName":"binding","namespaced":true,"kind":"Binding","verbs":["create"]},
            {"name":"namespaces","singularName":"namespace","namespaced":false,"kind":"Namespace","verbs":["list"],"shortNames":["ns"]}]})",
                        QStringLiteral("v1"), &out, &error)
        && KindDiscovery::parseResourceList(
            R"({"resources":[{"name":"deployments","singularName":"deployment","namespaced":true,"kind":"Deployment","verbs":["list","watch"],"shortNames":["deploy"]}]})",
            QStringLiteral("apps/v1"), &out, &error)
        && KindDiscovery::parseResourceList(
            R"({"resources":[{"name":"events","singularName":"event","namespaced":true,"kind":"Event","verbs":["list","watch"]}]})",
            QStringLiteral("events.k8s.io/v1"), &out, &error)
        && KindDiscovery::parseResourceList(
            R"({"resources":[{"name":"certificates","singularName":"certificate","namespaced":true,"kind":"Certificate","verbs":["list"],"shortNames":["cert","certs"]}]})",
            QStringLiteral("cert-manager.io/v1"), &out, &error);
    if (!ok)
        qFatal("%s", qPrintable(error));
    return out;
}

} // namespace

class TestServedKind : public QObject
{
    Q_OBJECT

private slots:
    void discoveryLeavesOutSubresourcesAndUnlistable();
    void resolve_data();
    void resolve();
    void documents_data();
    void documents();
};

void TestServedKind::discoveryLeavesOutSubresourcesAndUnlistable()
{
    QStringList names;
    for (const ServedKind &k : kinds())
        names << k.qualifiedResource();
    QCOMPARE(names, QStringList({QStringLiteral("pods"), QStringLiteral("events"), QStringLiteral("namespaces"),
                                 QStringLiteral("deployments.apps"), QStringLiteral("events.events.k8s.io"),
                                 QStringLiteral("certificates.cert-manager.io")}));
}

void TestServedKind::resolve_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("resolved"); // empty: nothing
    QTest::newRow("plural") << QStringLiteral("pods") << QStringLiteral("pods");
    QTest::newRow("singular") << QStringLiteral("pod") << QStringLiteral("pods");
    QTest::newRow("short name") << QStringLiteral("po") << QStringLiteral("pods");
    QTest::newRow("kind, any case") << QStringLiteral("Deployment") << QStringLiteral("deployments.apps");
    QTest::newRow("short name of a group") << QStringLiteral("deploy") << QStringLiteral("deployments.apps");
    QTest::newRow("core wins a tie") << QStringLiteral("events") << QStringLiteral("events");
    QTest::newRow("group picks") << QStringLiteral("events.events.k8s.io") << QStringLiteral("events.events.k8s.io");
    QTest::newRow("version and group") << QStringLiteral("deployments.v1.apps") << QStringLiteral("deployments.apps");
    QTest::newRow("wrong version") << QStringLiteral("deployments.v2.apps") << QString();
    QTest::newRow("CRD short name") << QStringLiteral("certs") << QStringLiteral("certificates.cert-manager.io");
    QTest::newRow("cluster-scoped") << QStringLiteral("ns") << QStringLiteral("namespaces");
    QTest::newRow("unknown") << QStringLiteral("gadgets") << QString();
    QTest::newRow("not listable") << QStringLiteral("bindings") << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TestServedKind::resolve()
{
    QFETCH(QString, query);
    QFETCH(QString, resolved);
    ServedKind kind;
    const bool found = resolveServedKind(kinds(), query, &kind);
    QCOMPARE(found, !resolved.isEmpty());
    if (found)
        QCOMPARE(kind.qualifiedResource(), resolved);
}

void TestServedKind::documents_data()
{
    QTest::addColumn<QByteArray>("apis");
    QTest::addColumn<QStringList>("groupVersions");
    QTest::addColumn<bool>("ok");
    QTest::newRow("preferred versions") << QByteArray(R"({"kind":"APIGroupList","groups":[{"name":"apps","versions":[{"groupVersion":"apps/v1"}],"preferredVersion":{"groupVersion":"apps/v1"}},{"name":"x.io","versions":[{"groupVersion":"x.io/v2"},{"groupVersion":"x.io/v1"}]}]})")
                                        << QStringList{QStringLiteral("apps/v1"), QStringLiteral("x.io/v2")} << true;
    QTest::newRow("HTML") << QByteArray("<html><body>Sign in</body></html>") << QStringList{} << false;
    QTest::newRow("no groups") << QByteArray(R"({"kind":"Status"})") << QStringList{} << false;
}

void TestServedKind::documents()
{
    QFETCH(QByteArray, apis);
    QFETCH(QStringList, groupVersions);
    QFETCH(bool, ok);
    QStringList out;
    QString error;
    QCOMPARE(KindDiscovery::parseGroupList(apis, &out, &error), ok);
    QCOMPARE(out, groupVersions);
    QCOMPARE(error.isEmpty(), ok);
}

QTEST_GUILESS_MAIN(TestServedKind)
#include "tst_servedkind.moc"
