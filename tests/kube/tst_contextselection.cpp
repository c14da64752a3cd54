// Choosing the context to connect with: name resolution, kubectl-style errors, defaults.

#include "kube/kubeconfigvalidation.h"
#include "kube/hubconnection.h"
#include "kube/kubeconfigparser.h"

#include <QTest>

using namespace fleetscope;

namespace {

const QByteArray config = "clusters:\n"
                          "- name: k\n"
                          "  cluster: {server: https://k.example.test, tls-server-name: k.internal}\n"
                          "contexts:\n"
                          "- name: plain\n"
                          "  context: {cluster: k, user: u}\n"
                          "- name: scoped\n"
                          "  context: {cluster: k, user: u, namespace: apps}\n"
                          "- name: broken\n"
                          "  context: {cluster: k, user: both}\n"
                          "- name: dangling\n"
                          "  context: {cluster: gone, user: u}\n"
                          "- name: certonly\n"
                          "  context: {cluster: k, user: certonly}\n"
                          "users:\n"
                          "- name: u\n"
                          "  user: {token: t}\n"
                          "- name: both\n"
                          "  user: {token: t, username: bob, client-certificate-data: aGVsbG8K}\n"
                          "- name: certonly\n"
                          "  user: {client-certificate-data: aGVsbG8K}\n";

} // namespace

class tst_ContextSelection : public QObject
{
    Q_OBJECT

private slots:
    void select_data();
    void select();
    void copiesTheEntries();
};

void tst_ContextSelection::select_data()
{
    QTest::addColumn<QByteArray>("currentContext");
    QTest::addColumn<QString>("explicitContext");
    QTest::addColumn<QString>("expected"); // "name/namespace" or "error: message"

    QTest::newRow("current-context, default namespace") << QByteArray("plain") << QString()
                                                        << QStringLiteral("plain/default");
    QTest::newRow("explicit beats current") << QByteArray("plain") << QStringLiteral("scoped")
                                            << QStringLiteral("scoped/apps");
    QTest::newRow("nothing chosen") << QByteArray() << QString()
                                    << QStringLiteral("error: no context chosen: current-context is not set; choose one "
                                                      "of: broken, certonly, dangling, plain, scoped");
    QTest::newRow("unknown") << QByteArray() << QStringLiteral("nope")
                             << QStringLiteral("error: context was not found for specified context: nope (known: "
                                               "broken, certonly, dangling, plain, scoped)");
    // client-go aggregates: one message alone, several in brackets.
    QTest::newRow("one problem")
        << QByteArray() << QStringLiteral("certonly")
        << QStringLiteral("error: invalid configuration: client-key-data or client-key must be specified for certonly "
                          "to use the clientCert authentication method. (defined at /virtual/config:20:3)");
    // A missing cluster is also validated as an empty one, as in client-go.
    QTest::newRow("dangling cluster")
        << QByteArray() << QStringLiteral("dangling")
        << QStringLiteral("error: invalid configuration: [cluster \"gone\" was not found for context \"dangling\" "
                          "(defined at /virtual/config:11:3), cluster has no server defined]");
    QTest::newRow("several problems")
        << QByteArray() << QStringLiteral("broken")
        << QStringLiteral("error: invalid configuration: [client-key-data or client-key must be specified for both to use "
                          "the clientCert authentication method. (defined at /virtual/config:18:3), more than one "
                          "authentication method found for both; found [token basicAuth], only one is allowed (defined "
                          "at /virtual/config:18:3)]");
}

void tst_ContextSelection::select()
{
    QFETCH(QByteArray, currentContext);
    QFETCH(QString, explicitContext);
    QFETCH(QString, expected);
    Kubeconfig kubeconfig;
    QString error;
    QVERIFY2(parseKubeconfig(config + "current-context: \"" + currentContext + "\"\n", QStringLiteral("/virtual/config"),
                             &kubeconfig, &error),
             qPrintable(error));
    HubSettings settings;
    const bool ok = hubSettingsForContext(kubeconfig, explicitContext, &settings, &error);
    QCOMPARE(ok ? settings.name + u'/' + settings.contextNamespace : QStringLiteral("error: ") + error, expected);
}

void tst_ContextSelection::copiesTheEntries()
{
    Kubeconfig kubeconfig;
    QString error;
    QVERIFY(parseKubeconfig(config, QStringLiteral("/virtual/config"), &kubeconfig, &error));
    HubSettings settings;
    QVERIFY2(hubSettingsForContext(kubeconfig, QStringLiteral("scoped"), &settings, &error), qPrintable(error));
    QCOMPARE(settings.name, QStringLiteral("scoped"));
    QCOMPARE(settings.cluster.server, QStringLiteral("https://k.example.test"));
    QCOMPARE(settings.cluster.tlsServerName, QStringLiteral("k.internal"));
    QCOMPARE(settings.user.token, QStringLiteral("t"));
    QCOMPARE(settings.contextNamespace, QStringLiteral("apps"));
}

QTEST_GUILESS_MAIN(tst_ContextSelection)
#include "tst_contextselection.moc"
