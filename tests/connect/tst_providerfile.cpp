// Provider files (KEP-5339) in JSON and YAML, and every error naming the file,
// the entry and the field.

#include "connect/providerfile.h"

#include "testsupport.h"

#include <QStandardPaths>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestProviderFile final : public QObject
{
    Q_OBJECT

private slots:
    void parsesTheKepExample_data();
    void parsesTheKepExample();
    void policies_data();
    void policies();
    void errors_data();
    void errors();
    void missingFileSaysWhich();
    void defaultPathFollowsXdg();
};

void TestProviderFile::parsesTheKepExample_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("json") << QStringLiteral("connect/providers.json");
    QTest::newRow("yaml") << QStringLiteral("connect/providers.yaml");
}

void TestProviderFile::parsesTheKepExample()
{
    QFETCH(QString, fixture);
    ProviderFile file;
    QString error;
    QVERIFY2(ProviderFile::load(fixturePath(fixture), &file, &error), qPrintable(error));
    QCOMPARE(file.path, fixturePath(fixture));
    QCOMPARE(file.names(), (QStringList{QStringLiteral("secretreader"), QStringLiteral("open-cluster-management")}));

    const CredentialProvider &a = file.providers[0];
    QCOMPARE(a.execConfig.apiVersion, QStringLiteral("client.authentication.k8s.io/v1"));
    QCOMPARE(a.execConfig.command, QStringLiteral("/plugins/bin/secretreader-plugin"));
    QCOMPARE(a.execConfig.args, QStringList{QStringLiteral("--flag")});
    QCOMPARE(a.execConfig.env, (QList<ExecEnvVar>{{QStringLiteral("FOO"), QStringLiteral("bar")}}));
    QVERIFY(a.execConfig.provideClusterInfo);
    QCOMPARE(a.execConfig.installHint, QStringLiteral("optional"));
    QCOMPARE(a.execConfig.interactiveMode, QStringLiteral("Never"));
    QCOMPARE(a.argsPolicy, ArgsPolicy::Append);
    QCOMPARE(a.envVarsPolicy, EnvVarsPolicy::AppendIfNotExists);

    const CredentialProvider *b = file.provider(u"open-cluster-management");
    QVERIFY(b);
    QCOMPARE(b->execConfig.command, QStringLiteral("cp-creds"));
    QVERIFY(b->execConfig.interactiveMode.isEmpty());
    QVERIFY(!b->execConfig.envPresent);
    QCOMPARE(b->argsPolicy, ArgsPolicy::Ignore); // absent = Ignore (KEP default)
    QCOMPARE(b->envVarsPolicy, EnvVarsPolicy::Replace);
    QVERIFY(!file.provider(u"nope"));
}

void TestProviderFile::policies_data()
{
    QTest::addColumn<QByteArray>("args");
    QTest::addColumn<QByteArray>("envs");
    QTest::addColumn<ArgsPolicy>("argsPolicy");
    QTest::addColumn<EnvVarsPolicy>("envPolicy");
    QTest::newRow("absent") << QByteArray() << QByteArray() << ArgsPolicy::Ignore << EnvVarsPolicy::Ignore;
    QTest::newRow("empty") << QByteArray("\"\"") << QByteArray("\"\"") << ArgsPolicy::Ignore << EnvVarsPolicy::Ignore;
    QTest::newRow("null") << QByteArray("null") << QByteArray("null") << ArgsPolicy::Ignore << EnvVarsPolicy::Ignore;
    QTest::newRow("Ignore") << QByteArray("Ignore") << QByteArray("Ignore") << ArgsPolicy::Ignore << EnvVarsPolicy::Ignore;
    QTest::newRow("Append/AppendIfNotExists") << QByteArray("Append") << QByteArray("AppendIfNotExists")
                                              << ArgsPolicy::Append << EnvVarsPolicy::AppendIfNotExists;
    QTest::newRow("Append/Replace") << QByteArray("Append") << QByteArray("Replace") << ArgsPolicy::Append
                                    << EnvVarsPolicy::Replace;
}

void TestProviderFile::policies()
{
    QFETCH(QByteArray, args);
    QFETCH(QByteArray, envs);
    QFETCH(ArgsPolicy, argsPolicy);
    QFETCH(EnvVarsPolicy, envPolicy);
    QByteArray yaml = "providers:\n- name: p\n  execConfig: {apiVersion: client.authentication.k8s.io/v1, command: x}\n";
    if (!args.isEmpty())
        yaml += "  profileSourcedCLIArgsPolicy: " + args + '\n';
    if (!envs.isEmpty())
        yaml += "  profileSourcedEnvVarsPolicy: " + envs + '\n';
    ProviderFile file;
    QString error;
    QVERIFY2(ProviderFile::parse(yaml, QStringLiteral("p.yaml"), &file, &error), qPrintable(error));
    QCOMPARE(file.providers[0].argsPolicy, argsPolicy);
    QCOMPARE(file.providers[0].envVarsPolicy, envPolicy);
}

void TestProviderFile::errors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray exec = R"("execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x"})";

    QTest::newRow("top is a list") << QByteArray("[1]") << QStringLiteral("f: expected an object with a \"providers\" list, got array");
    QTest::newRow("no providers") << QByteArray("{}") << QStringLiteral("f: providers: required");
    QTest::newRow("providers not a list") << QByteArray(R"({"providers":{}})") << QStringLiteral("f: providers: expected a list, got object");
    QTest::newRow("entry not an object") << QByteArray(R"({"providers":["a"]})") << QStringLiteral("f: providers[0]: expected an object, got string");
    QTest::newRow("no name") << QByteArray(R"({"providers":[{)" + exec + "}]}") << QStringLiteral("f: providers[0]: name: required");
    QTest::newRow("name a number") << QByteArray(R"({"providers":[{"name":1}]})") << QStringLiteral("f: providers[0]: name: expected a string, got number");
    QTest::newRow("no execConfig") << QByteArray(R"({"providers":[{"name":"a"}]})") << QStringLiteral("f: providers[0] (\"a\"): execConfig: required");
    QTest::newRow("execConfig a list") << QByteArray(R"({"providers":[{"name":"a","execConfig":[]}]})") << QStringLiteral("f: providers[0] (\"a\"): execConfig: expected an object, got array");
    QTest::newRow("no command") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1"}}]})")
                                << QStringLiteral("f: providers[0] (\"a\"): execConfig.command: required");
    QTest::newRow("no apiVersion") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"command":"x"}}]})")
                                   << QStringLiteral("f: providers[0] (\"a\"): execConfig.apiVersion: required");
    QTest::newRow("v1alpha1") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1alpha1","command":"x"}}]})")
                              << QStringLiteral("f: providers[0] (\"a\"): execConfig.apiVersion: \"client.authentication.k8s.io/v1alpha1\" is not client.authentication.k8s.io/v1 or client.authentication.k8s.io/v1beta1");
    QTest::newRow("args not a list") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x","args":"-v"}}]})")
                                     << QStringLiteral("f: providers[0] (\"a\"): execConfig.args: expected a list, got string");
    QTest::newRow("arg a number") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x","args":["-v",3]}}]})")
                                  << QStringLiteral("f: providers[0] (\"a\"): execConfig.args[1]: expected a string, got number");
    QTest::newRow("env without name") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x","env":[{"value":"v"}]}}]})")
                                      << QStringLiteral("f: providers[0] (\"a\"): execConfig.env[0].name: required");
    QTest::newRow("env value a bool") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x","env":[{"name":"A","value":true}]}}]})")
                                      << QStringLiteral("f: providers[0] (\"a\"): execConfig.env[0].value: expected a string, got boolean");
    QTest::newRow("provideClusterInfo a string") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x","provideClusterInfo":"yes"}}]})")
                                                 << QStringLiteral("f: providers[0] (\"a\"): execConfig.provideClusterInfo: expected a boolean, got string");
    QTest::newRow("interactiveMode") << QByteArray(R"({"providers":[{"name":"a","execConfig":{"apiVersion":"client.authentication.k8s.io/v1","command":"x","interactiveMode":"Sometimes"}}]})")
                                     << QStringLiteral("f: providers[0] (\"a\"): execConfig.interactiveMode: \"Sometimes\" is not Never, IfAvailable or Always");
    QTest::newRow("args policy") << QByteArray(R"({"providers":[{"name":"a",)" + exec + R"(,"profileSourcedCLIArgsPolicy":"Prepend"}]})")
                                 << QStringLiteral("f: providers[0] (\"a\"): profileSourcedCLIArgsPolicy: \"Prepend\" is not Append or Ignore");
    QTest::newRow("env policy") << QByteArray(R"({"providers":[{"name":"a",)" + exec + R"(,"profileSourcedEnvVarsPolicy":"Append"}]})")
                                << QStringLiteral("f: providers[0] (\"a\"): profileSourcedEnvVarsPolicy: \"Append\" is not AppendIfNotExists, Replace or Ignore");
    QTest::newRow("policy a list") << QByteArray(R"({"providers":[{"name":"a",)" + exec + R"(,"profileSourcedEnvVarsPolicy":[]}]})")
                                   << QStringLiteral("f: providers[0] (\"a\"): profileSourcedEnvVarsPolicy: expected a string, got array");
    QTest::newRow("second entry named") << QByteArray(R"({"providers":[{"name":"a",)" + exec + R"(},{"name":"b","execConfig":{"command":"y"}}]})")
                                        << QStringLiteral("f: providers[1] (\"b\"): execConfig.apiVersion: required");
    QTest::newRow("duplicate") << QByteArray(R"({"providers":[{"name":"a",)" + exec + R"(},{"name":"a",)" + exec + "}]}")
                               << QStringLiteral("f: providers[1] (\"a\"): name: duplicate of providers[0]");
    QTest::newRow("json syntax") << QByteArray("{\"providers\": [}") << QStringLiteral("f: parse error at line 1, column 16: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal");
    QTest::newRow("yaml empty") << QByteArray("# nothing\n") << QStringLiteral("f: the provider file is empty (expected {\"providers\": [...]})");
    QTest::newRow("yaml entry") << QByteArray("providers:\n- name: y\n  execConfig: {apiVersion: client.authentication.k8s.io/v1, command: [x]}\n")
                                << QStringLiteral("f: providers[0] (\"y\"): execConfig.command: expected a string, got array");
    QTest::newRow("yaml duplicate key") << QByteArray("providers: []\nproviders: []\n") << QStringLiteral("f:2:1: duplicate key \"providers\"");
}

void TestProviderFile::errors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    ProviderFile file;
    QString actual;
    QVERIFY(!ProviderFile::parse(text, QStringLiteral("f"), &file, &actual));
    QCOMPARE(actual, error);
}

void TestProviderFile::missingFileSaysWhich()
{
    ProviderFile file;
    QString error;
    QVERIFY(!ProviderFile::load(QStringLiteral("/nonexistent/providers.json"), &file, &error));
    QCOMPARE(error, QStringLiteral("/nonexistent/providers.json: cannot read the provider file: No such file or directory"));
}

void TestProviderFile::defaultPathFollowsXdg()
{
    QStandardPaths::setTestModeEnabled(false);
    qputenv("XDG_CONFIG_HOME", "/tmp/fleetscope-xdg-config");
    QCOMPARE(ProviderFile::defaultPath(), QStringLiteral("/tmp/fleetscope-xdg-config/fleetscope/providers.json"));
}

QTEST_GUILESS_MAIN(TestProviderFile)
#include "tst_providerfile.moc"
