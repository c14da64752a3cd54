// Kubeconfig parsing, merging, path resolution and validation (kubectl's rules).
// tst_kubeconfigoracle.cpp checks the same code against kubectl itself.

#include "api/yamljson.h"
#include "kube/gobase64.h"
#include "kube/kubeconfigloader.h"
#include "kube/kubeconfigparser.h"
#include "kube/kubeconfigvalidation.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <yaml-cpp/yaml.h>

using namespace fleetscope;

namespace {

const QString virtualFile = QStringLiteral("/virtual/config");

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

Kubeconfig parse(const QByteArray &text)
{
    Kubeconfig config;
    QString error;
    if (!parseKubeconfig(text, virtualFile, &config, &error))
        qWarning("unexpected parse error: %s", qPrintable(error));
    return config;
}

// Validation messages end with "(defined at FILE:LINE:COL)"; the tables compare the
// kubectl wording only.
QStringList withoutOrigins(const QStringList &messages)
{
    static const QRegularExpression origin(QStringLiteral(" \\(defined at [^)]*\\)$"));
    QStringList out;
    for (QString m : messages)
        out << m.remove(origin);
    return out;
}

} // namespace

class tst_KubeconfigLoader : public QObject
{
    Q_OBJECT

private slots:
    void parseErrors_data();
    void parseErrors();
    void goYamlScalars_data();
    void goYamlScalars();
    void goBase64_data();
    void goBase64();
    void execParsing();
    void originsAndOrder();
    void mergeRules();
    void kubeconfigListHandling();
    void explicitAndDefaultFiles();
    void unparsableFileIsAnError();
    void resolvePath_data();
    void resolvePath();
    void resolveLocalPathsOnLoad();
    void relativeKubeconfigEntry();
    void resolveContextName_data();
    void resolveContextName();
    void validation_data();
    void validation();
    void validationNamesTheOrigin();
};

void tst_KubeconfigLoader::parseErrors_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("expected"); // the whole message after "/virtual/config:"

    QTest::newRow("broken flow list") << QByteArray("clusters: [ unclosed\n")
                                      << QStringLiteral("2:1: end of sequence flow not found");
    QTest::newRow("bad indentation") << QByteArray("clusters:\n- name: a\n   cluster: x\n  foo: [\n")
                                     << QStringLiteral("3:11: illegal map value");
    QTest::newRow("server is a number") << QByteArray("clusters:\n- name: a\n  cluster:\n    server: 123\n")
                                        << QStringLiteral("4:13: clusters[0].cluster.server: expected a string, got a "
                                                          "number (kubectl reads `123` with YAML 1.1 rules; quote it)");
    QTest::newRow("YAML 1.1 boolean in a string field")
        << QByteArray("users:\n- name: u\n  user:\n    exec:\n      env:\n      - name: A\n        value: y\n")
        << QStringLiteral("7:16: users[0].user.exec.env[0].value: expected a string, got a boolean (kubectl reads `y` "
                          "with YAML 1.1 rules; quote it)");
    QTest::newRow("quoted boolean") << QByteArray("clusters:\n- name: a\n  cluster: {insecure-skip-tls-verify: \"true\"}\n")
                                    << QStringLiteral("3:39: clusters[0].cluster.insecure-skip-tls-verify: expected a "
                                                      "boolean, got a string");
    QTest::newRow("clusters as a map") << QByteArray("clusters: {a: b}\n")
                                       << QStringLiteral("1:11: clusters: expected a list, got a map");
    QTest::newRow("cluster as a list") << QByteArray("clusters:\n- name: a\n  cluster: [x]\n")
                                       << QStringLiteral("3:12: clusters[0].cluster: expected a map, got a list");
    QTest::newRow("duplicate name in one file")
        << QByteArray("contexts:\n- name: a\n  context: {}\n- name: a\n  context: {}\n")
        << QStringLiteral("4:3: contexts[1]: duplicate name \"a\" (first defined at line 2)");
    QTest::newRow("invalid base64 CA")
        << QByteArray("clusters:\n- name: a\n  cluster:\n    certificate-authority-data: aGVsbG8\n")
        << QStringLiteral("4:33: clusters[0].cluster.certificate-authority-data: illegal base64 data at input byte 4");
    QTest::newRow("invalid base64 key")
        << QByteArray("users:\n- name: u\n  user:\n    client-key-data: \"a b\"\n")
        << QStringLiteral("4:22: users[0].user.client-key-data: illegal base64 data at input byte 1");
    QTest::newRow("exec arg is a number") << QByteArray("users:\n- name: u\n  user:\n    exec:\n      args: [--n, 1]\n")
                                          << QStringLiteral("5:19: users[0].user.exec.args[1]: expected a string, got a "
                                                            "number (kubectl reads `1` with YAML 1.1 rules; quote it)");
    QTest::newRow("exec env as a map") << QByteArray("users:\n- name: u\n  user:\n    exec:\n      env: {A: b}\n")
                                       << QStringLiteral("5:12: users[0].user.exec.env: expected a list, got a map");
    QTest::newRow("as-user-extra value not a list")
        << QByteArray("users:\n- name: u\n  user:\n    as-user-extra: {scopes: view}\n")
        << QStringLiteral("4:29: users[0].user.as-user-extra.scopes: expected a list, got a string");
    QTest::newRow("auth-provider config value is a list")
        << QByteArray("users:\n- name: u\n  user:\n    auth-provider:\n      name: oidc\n      config:\n        k: [v]\n")
        << QStringLiteral("7:12: users[0].user.auth-provider.config.k: expected a string, got a list");
    QTest::newRow("document is a list") << QByteArray("- a\n- b\n")
                                        << QStringLiteral("1:1: (document): expected a kubeconfig map, got a list");
    QTest::newRow("document is a string") << QByteArray("just text\n")
                                          << QStringLiteral("1:1: (document): expected a kubeconfig map, got a string");
    QTest::newRow("wrong kind") << QByteArray("apiVersion: v1\nkind: Pod\n")
                                << QStringLiteral("2:7: apiVersion/kind: not a kubeconfig: apiVersion \"v1\", kind "
                                                  "\"Pod\" (expected v1 Config)");
    QTest::newRow("current-context is a number")
        << QByteArray("current-context: 5\n")
        << QStringLiteral("1:18: current-context: expected a string, got a number (kubectl reads `5` with YAML 1.1 "
                          "rules; quote it)");
    QTest::newRow("namespace is a list") << QByteArray("contexts:\n- name: c\n  context:\n    namespace: [a]\n")
                                         << QStringLiteral("4:16: contexts[0].context.namespace: expected a string, got a list");
    QTest::newRow("preferences colors is text") << QByteArray("preferences:\n  colors: maybe\n")
                                                << QStringLiteral("2:11: preferences.colors: expected a boolean, got a string");
    QTest::newRow("NaN in an extension") << QByteArray("extensions:\n- name: e\n  extension: {x: .nan}\n")
                                         << QStringLiteral("3:18: extensions[0].extension: unsupported value .nan (JSON has no NaN or infinity)");
    QTest::newRow("null key in an extension") << QByteArray("extensions:\n- name: e\n  extension: {~: 1}\n")
                                              << QStringLiteral("3:15: extensions[0].extension: unsupported map key null");
    QTest::newRow("entry is a string") << QByteArray("users:\n- just-a-name\n")
                                       << QStringLiteral("2:3: users[0]: expected a map, got a string");
    QTest::newRow("exec is a string") << QByteArray("users:\n- name: u\n  user:\n    exec: aws\n")
                                      << QStringLiteral("4:11: users[0].user.exec: expected a map, got a string");
}

void tst_KubeconfigLoader::parseErrors()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, expected);
    Kubeconfig config;
    QString error;
    QVERIFY(!parseKubeconfig(yaml, virtualFile, &config, &error));
    QCOMPARE(error, virtualFile + u':' + expected);
}

void tst_KubeconfigLoader::goYamlScalars_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QByteArray>("json"); // what kubectl stores for `extension: <yaml>`

    QTest::newRow("y is true") << QByteArray("y") << QByteArray("true");
    QTest::newRow("Off is false") << QByteArray("Off") << QByteArray("false");
    QTest::newRow("quoted yes") << QByteArray("'yes'") << QByteArray("\"yes\"");
    QTest::newRow("octal 0755") << QByteArray("0755") << QByteArray("493");
    QTest::newRow("0o17") << QByteArray("0o17") << QByteArray("15");
    QTest::newRow("hex") << QByteArray("0x1F") << QByteArray("31");
    QTest::newRow("negative hex") << QByteArray("-0x10") << QByteArray("-16");
    QTest::newRow("binary") << QByteArray("0b101") << QByteArray("5");
    QTest::newRow("underscores") << QByteArray("1_000") << QByteArray("1000");
    QTest::newRow("plus sign") << QByteArray("+7") << QByteArray("7");
    QTest::newRow("08 is a float") << QByteArray("08") << QByteArray("8.0");
    QTest::newRow("float") << QByteArray("1.50") << QByteArray("1.5");
    QTest::newRow("leading dot") << QByteArray(".5") << QByteArray("0.5");
    QTest::newRow("max uint64") << QByteArray("18446744073709551615") << QByteArray("18446744073709551615");
    QTest::newRow("beyond uint64") << QByteArray("99999999999999999999") << QByteArray("1e+20");
    QTest::newRow("date stays text") << QByteArray("2024-01-02") << QByteArray("\"2024-01-02\"");
    QTest::newRow("tilde") << QByteArray("~") << QByteArray("null");
    QTest::newRow("!!str tag") << QByteArray("!!str 12") << QByteArray("\"12\"");
    QTest::newRow("bool and number keys") << QByteArray("{on: 1, 2.5: b, 3: c}")
                                          << QByteArray("{\"2.5\":\"b\",\"3\":\"c\",\"true\":1}");
    QTest::newRow("merge key, explicit wins") << QByteArray("{a: &x {p: 1, q: 2}, b: {<<: *x, q: 3}}")
                                              << QByteArray("{\"a\":{\"p\":1,\"q\":2},\"b\":{\"p\":1,\"q\":3}}");
    QTest::newRow("repeated key, last wins") << QByteArray("{k: 1, k: 2}") << QByteArray("{\"k\":2}");
}

void tst_KubeconfigLoader::goYamlScalars()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QByteArray, json);
    const YAML::Node node = YAML::Load(yaml.toStdString());
    nlohmann::json value;
    QString error;
    QVERIFY2(goYamlToJson(node, &value, &error), qPrintable(error));
    QCOMPARE(QByteArray::fromStdString(value.dump()), json);
}

void tst_KubeconfigLoader::goBase64_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QByteArray>("decoded");
    QTest::addColumn<int>("errorOffset");

    QTest::newRow("plain") << QByteArray("aGVsbG8K") << true << QByteArray("hello\n") << 0;
    QTest::newRow("empty") << QByteArray("") << true << QByteArray() << 0;
    QTest::newRow("padding ==") << QByteArray("aGVsbA==") << true << QByteArray("hell") << 0;
    QTest::newRow("newlines anywhere") << QByteArray("aGVs\nbG8K\r\n") << true << QByteArray("hello\n") << 0;
    QTest::newRow("stray trailing bits tolerated") << QByteArray("aGVsbG9=") << true << QByteArray("hello") << 0;
    QTest::newRow("missing padding") << QByteArray("aGVsbG8") << false << QByteArray() << 4;
    QTest::newRow("padding in the middle") << QByteArray("aG=sbG8K") << false << QByteArray() << 2;
    QTest::newRow("leading space") << QByteArray("  aGVs") << false << QByteArray() << 0;
    QTest::newRow("one = of two") << QByteArray("aGVsbA=") << false << QByteArray() << 7;
    QTest::newRow("data after padding") << QByteArray("aGVsbA==x") << false << QByteArray() << 8;
    QTest::newRow("padding too early") << QByteArray("a===") << false << QByteArray() << 1;
    QTest::newRow("url alphabet") << QByteArray("a-b_") << false << QByteArray() << 1;
}

void tst_KubeconfigLoader::goBase64()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, ok);
    QFETCH(QByteArray, decoded);
    QFETCH(int, errorOffset);
    QByteArray out;
    qsizetype offset = -1;
    QCOMPARE(decodeGoBase64(text, &out, &offset), ok);
    if (ok)
        QCOMPARE(out, decoded);
    else
        QCOMPARE(offset, qsizetype(errorOffset));
}

void tst_KubeconfigLoader::execParsing()
{
    const Kubeconfig config = parse("users:\n"
                                    "- name: v1\n"
                                    "  user:\n"
                                    "    exec:\n"
                                    "      apiVersion: client.authentication.k8s.io/v1\n"
                                    "      command: cloud-login\n"
                                    "      args: [token, --json]\n"
                                    "      env: [{name: PROFILE, value: fleet}, {name: EMPTY}]\n"
                                    "      installHint: get it\n"
                                    "      provideClusterInfo: true\n"
                                    "      interactiveMode: Never\n"
                                    "- name: v1beta1\n"
                                    "  user:\n"
                                    "    exec:\n"
                                    "      apiVersion: client.authentication.k8s.io/v1beta1\n"
                                    "      command: aws\n"
                                    "- name: v1-no-mode\n"
                                    "  user:\n"
                                    "    exec: {apiVersion: client.authentication.k8s.io/v1, command: x, args: []}\n");
    QCOMPARE(config.users.size(), 3);
    const ExecConfig &v1 = *config.user(u"v1")->user.exec;
    QCOMPARE(v1.apiVersion, QStringLiteral("client.authentication.k8s.io/v1"));
    QCOMPARE(v1.command, QStringLiteral("cloud-login"));
    QCOMPARE(v1.args, (QStringList{QStringLiteral("token"), QStringLiteral("--json")}));
    QCOMPARE(v1.env.size(), 2);
    QCOMPARE(v1.env[0].name, QStringLiteral("PROFILE"));
    QCOMPARE(v1.env[0].value, QStringLiteral("fleet"));
    QCOMPARE(v1.env[1].value, QString());
    QCOMPARE(v1.installHint, QStringLiteral("get it"));
    QVERIFY(v1.provideClusterInfo);
    QCOMPARE(v1.interactiveMode, QStringLiteral("Never"));
    QVERIFY(v1.argsPresent && v1.envPresent);

    // client-go defaults interactiveMode only before v1.
    const ExecConfig &beta = *config.user(u"v1beta1")->user.exec;
    QCOMPARE(beta.interactiveMode, QStringLiteral("IfAvailable"));
    QVERIFY(!beta.provideClusterInfo);
    QVERIFY(!beta.argsPresent && !beta.envPresent);
    const ExecConfig &noMode = *config.user(u"v1-no-mode")->user.exec;
    QCOMPARE(noMode.interactiveMode, QString());
    QVERIFY(noMode.argsPresent && noMode.args.isEmpty());
}

void tst_KubeconfigLoader::originsAndOrder()
{
    const Kubeconfig config = parse("clusters:\n"
                                    "- name: zeta\n"
                                    "  cluster: {server: https://z}\n"
                                    "- name: alpha\n"
                                    "  cluster: {server: https://a}\n");
    QCOMPARE(config.clusters.size(), 2);
    QCOMPARE(config.clusters[0].name, QStringLiteral("alpha")); // sorted, as kubectl prints
    QCOMPARE(config.clusters[0].origin.toString(), QStringLiteral("/virtual/config:4:3"));
    QCOMPARE(config.clusters[1].origin.line, 2);
}

void tst_KubeconfigLoader::mergeRules()
{
    QTemporaryDir dir;
    const QString one = dir.filePath(QStringLiteral("one"));
    const QString two = dir.filePath(QStringLiteral("two"));
    QVERIFY(writeFile(one, "current-context: \"\"\n"
                           "users:\n"
                           "- name: shared\n"
                           "  user: {token: from-one}\n"
                           "extensions:\n"
                           "- name: e\n"
                           "  extension: one\n"));
    QVERIFY(writeFile(two, "current-context: from-two\n"
                           "preferences: {colors: true}\n"
                           "users:\n"
                           "- name: other\n"
                           "  user: {token: two}\n"
                           "- name: shared\n"
                           "  user:\n"
                           "    client-certificate: two.crt\n"
                           "    client-key: two.key\n"
                           "extensions:\n"
                           "- name: e\n"
                           "  extension: two\n"));
    KubeconfigLoadOptions options;
    options.kubeconfigEnv = one + u':' + two;
    const KubeconfigLoadResult r = KubeconfigLoader::load(options);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.config.users.size(), 2);
    // The first file wins the whole entry: no certificate fields leak in from `two`.
    const NamedAuthInfo *shared = r.config.user(u"shared");
    QVERIFY(shared);
    QCOMPARE(shared->user.token, QStringLiteral("from-one"));
    QVERIFY(shared->user.clientCertificate.isEmpty());
    QCOMPARE(shared->origin.file, one);
    QCOMPARE(r.config.user(u"other")->origin.file, two);
    QCOMPARE(r.config.currentContext, QStringLiteral("from-two")); // first non-empty
    QVERIFY(r.config.preferences.colors);
    QCOMPARE(r.config.extensions.size(), 1);
    QCOMPARE(r.config.extensions[0].json, QByteArray("\"one\""));
    QCOMPARE(r.config.files, (QStringList{one, two}));
}

void tst_KubeconfigLoader::kubeconfigListHandling()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a"));
    const QString missing = dir.filePath(QStringLiteral("missing"));
    QVERIFY(writeFile(a, "current-context: a\n"));
    KubeconfigLoadOptions options;
    options.kubeconfigEnv = QStringLiteral("::%1:%2:%1:").arg(a, missing);
    QCOMPARE(KubeconfigLoader::precedence(options), (QStringList{a, missing})); // empty and repeated entries dropped
    const KubeconfigLoadResult r = KubeconfigLoader::load(options);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.skippedFiles, QStringList{missing});
    QCOMPARE(r.config.currentContext, QStringLiteral("a"));
}

void tst_KubeconfigLoader::explicitAndDefaultFiles()
{
    QTemporaryDir home;
    KubeconfigLoadOptions options;
    options.homeDir = home.path();
    options.kubeconfigEnv = QString();
    // No ~/.kube/config on a fresh machine: an empty config, not an error.
    KubeconfigLoadResult r = KubeconfigLoader::load(options);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.config.isEmpty());

    const QString defaultFile = home.filePath(QStringLiteral(".kube/config"));
    QVERIFY(writeFile(defaultFile, "current-context: home\n"));
    r = KubeconfigLoader::load(options);
    QCOMPARE(r.config.currentContext, QStringLiteral("home"));
    QCOMPARE(r.config.files, QStringList{defaultFile});

    // --kubeconfig: one file, KUBECONFIG ignored, and it must exist.
    const QString explicitFile = home.filePath(QStringLiteral("explicit"));
    QVERIFY(writeFile(explicitFile, "current-context: explicit\n"));
    options.kubeconfigEnv = defaultFile;
    options.explicitPath = explicitFile;
    r = KubeconfigLoader::load(options);
    QCOMPARE(r.config.currentContext, QStringLiteral("explicit"));
    options.explicitPath = home.filePath(QStringLiteral("nope"));
    r = KubeconfigLoader::load(options);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.startsWith(options.explicitPath + u':'), qPrintable(r.error));
}

void tst_KubeconfigLoader::unparsableFileIsAnError()
{
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good"));
    const QString bad = dir.filePath(QStringLiteral("bad"));
    QVERIFY(writeFile(good, "current-context: a\n"));
    QVERIFY(writeFile(bad, "clusters:\n- name: x\n  cluster:\n    server: [\n"));
    KubeconfigLoadOptions options;
    options.kubeconfigEnv = good + u':' + bad;
    KubeconfigLoadResult r = KubeconfigLoader::load(options);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.startsWith(bad + QStringLiteral(":5:")), qPrintable(r.error));

    options.kubeconfigEnv = dir.path(); // a directory is not skipped like a missing file
    r = KubeconfigLoader::load(options);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("is a directory")), qPrintable(r.error));
}

void tst_KubeconfigLoader::resolvePath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain relative") << QStringLiteral("certs/ca.crt") << QStringLiteral("/etc/kube/certs/ca.crt");
    QTest::newRow("dot") << QStringLiteral("./ca.crt") << QStringLiteral("/etc/kube/ca.crt");
    QTest::newRow("dot dot is cleaned") << QStringLiteral("../pki/./ca.crt") << QStringLiteral("/etc/pki/ca.crt");
    QTest::newRow("absolute stays") << QStringLiteral("/opt/ca.crt") << QStringLiteral("/opt/ca.crt");
    QTest::newRow("empty stays empty") << QString() << QString();
}

void tst_KubeconfigLoader::resolvePath()
{
    QFETCH(QString, path);
    QFETCH(QString, expected);
    QCOMPARE(KubeconfigLoader::resolvePath(path, QStringLiteral("/etc/kube/config")), expected);
}

void tst_KubeconfigLoader::resolveLocalPathsOnLoad()
{
    const QString file = testing::fixturePath(QStringLiteral("kubeconfig/04-relative/team/config"));
    const QString dir = QFileInfo(file).absolutePath();
    KubeconfigLoadOptions options;
    options.explicitPath = file;
    const KubeconfigLoadResult r = KubeconfigLoader::load(options);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.config.cluster(u"relative")->cluster.certificateAuthority, dir + QStringLiteral("/certs/ca.crt"));
    const AuthInfo &user = r.config.user(u"relative-user")->user;
    QCOMPARE(user.clientCertificate, dir + QStringLiteral("/certs/client.crt"));
    QCOMPARE(user.clientKey, dir + QStringLiteral("/certs/client.key"));
    QCOMPARE(user.tokenFile, dir + QStringLiteral("/certs/token"));
    // exec commands: relative to the file only when they contain a '/'.
    QCOMPARE(r.config.user(u"plugin-user")->user.exec->command, dir + QStringLiteral("/bin/get-token"));
    QCOMPARE(r.config.user(u"path-user")->user.exec->command, QStringLiteral("kubelogin"));
    // The resolved config is usable: every referenced file can be opened.
    QCOMPARE(validateContext(r.config, QStringLiteral("relative")), QStringList());

    options.resolvePaths = false; // kubectl's config commands keep them as written
    const KubeconfigLoadResult raw = KubeconfigLoader::load(options);
    QCOMPARE(raw.config.user(u"relative-user")->user.clientKey, QStringLiteral("certs/../certs/client.key"));
}

void tst_KubeconfigLoader::relativeKubeconfigEntry()
{
    // A KUBECONFIG entry relative to the working directory: paths inside it are taken
    // against that file's (absolute) directory.
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("sub/config")),
                      "clusters:\n- name: c\n  cluster: {server: https://c, certificate-authority: ca.crt}\n"));
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    KubeconfigLoadOptions options;
    options.kubeconfigEnv = QStringLiteral("sub/config");
    const KubeconfigLoadResult r = KubeconfigLoader::load(options);
    QDir::setCurrent(previous);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.config.cluster(u"c")->cluster.certificateAuthority,
             QFileInfo(dir.path()).canonicalFilePath() + QStringLiteral("/sub/ca.crt"));
}

void tst_KubeconfigLoader::resolveContextName_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("explicitName");
    QTest::addColumn<QString>("expected"); // the name, or "error: <message>"

    const QByteArray two = "contexts:\n- name: a\n  context: {}\n- name: b\n  context: {}\n";
    QTest::newRow("explicit wins") << QByteArray(two + "current-context: a\n") << QStringLiteral("b")
                                   << QStringLiteral("b");
    QTest::newRow("current-context") << QByteArray(two + "current-context: a\n") << QString() << QStringLiteral("a");
    QTest::newRow("neither") << two << QString()
                             << QStringLiteral("error: no context chosen: current-context is not set; choose one of: a, b");
    QTest::newRow("no contexts at all") << QByteArray() << QString()
                                        << QStringLiteral("error: no context chosen: the kubeconfig has no contexts and "
                                                          "no current-context");
    QTest::newRow("unknown explicit") << two << QStringLiteral("c")
                                      << QStringLiteral("error: context was not found for specified context: c (known: a, b)");
    QTest::newRow("dangling current-context") << QByteArray(two + "current-context: gone\n") << QString()
                                              << QStringLiteral("error: context was not found for specified context: "
                                                                "gone (known: a, b)");
}

void tst_KubeconfigLoader::resolveContextName()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, explicitName);
    QFETCH(QString, expected);
    const Kubeconfig config = parse(yaml);
    QString name;
    QString error;
    const bool ok = fleetscope::resolveContextName(config, explicitName, &name, &error);
    QCOMPARE(ok ? name : QStringLiteral("error: ") + error, expected);
}

void tst_KubeconfigLoader::validation_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QStringList>("expected");

    const QByteArray cluster = "clusters:\n- name: k\n  cluster: {server: https://k}\n";
    const QByteArray context = "contexts:\n- name: c\n  context: {cluster: k, user: u}\n";
    auto user = [&](const QByteArray &body) { return cluster + context + "users:\n- name: u\n  user:\n" + body; };

    QTest::newRow("valid token user") << user("    token: t\n") << QStringLiteral("c") << QStringList();
    QTest::newRow("missing user and cluster")
        << QByteArray("clusters: []\ncontexts:\n- name: c\n  context: {cluster: k, user: u}\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("user \"u\" was not found for context \"c\""),
                       QStringLiteral("cluster \"k\" was not found for context \"c\""),
                       QStringLiteral("cluster has no server defined")};
    QTest::newRow("context without user and cluster")
        << QByteArray("contexts:\n- name: c\n  context: {namespace: x}\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("user was not specified for context \"c\""),
                       QStringLiteral("cluster was not specified for context \"c\""),
                       QStringLiteral("cluster has no server defined")};
    QTest::newRow("cluster without server")
        << QByteArray("clusters:\n- name: k\n  cluster: {tls-server-name: x}\n" + context
                      + "users:\n- name: u\n  user: {token: t}\n")
        << QStringLiteral("c") << QStringList{QStringLiteral("no server found for cluster \"k\"")};
    QTest::newRow("token and basic auth")
        << user("    token: t\n    username: bob\n    password: pw\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("more than one authentication method found for u; found [token basicAuth], only "
                                      "one is allowed")};
    QTest::newRow("certificate without key")
        << user("    client-certificate-data: aGVsbG8K\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("client-key-data or client-key must be specified for u to use the clientCert "
                                      "authentication method.")};
    QTest::newRow("exec without command and apiVersion")
        << user("    exec: {args: [x]}\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("command must be specified for u to use exec authentication plugin"),
                       QStringLiteral("apiVersion must be specified for u to use exec authentication plugin"),
                       QStringLiteral("interactiveMode must be specified for u to use exec authentication plugin")};
    QTest::newRow("exec and auth-provider")
        << user("    exec: {command: x, apiVersion: client.authentication.k8s.io/v1beta1}\n"
                "    auth-provider: {name: oidc}\n")
        << QStringLiteral("c")
        << QStringList{QStringLiteral("authProvider cannot be provided in combination with an exec plugin for u")};
    QTest::newRow("exec v1 without interactiveMode")
        << user("    exec: {command: x, apiVersion: client.authentication.k8s.io/v1}\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("interactiveMode must be specified for u to use exec authentication plugin")};
    QTest::newRow("exec invalid interactiveMode")
        << user("    exec: {command: x, apiVersion: client.authentication.k8s.io/v1, interactiveMode: Sometimes}\n")
        << QStringLiteral("c") << QStringList{QStringLiteral("invalid interactiveMode for u: \"Sometimes\"")};
    QTest::newRow("exec env without name")
        << user("    exec: {command: x, apiVersion: client.authentication.k8s.io/v1, interactiveMode: Never, env: "
                "[{value: v}]}\n")
        << QStringLiteral("c")
        << QStringList{QStringLiteral("env variable name must be specified for u to use exec authentication plugin")};
    QTest::newRow("unreadable certificate files")
        << user("    client-certificate: /nonexistent/u.crt\n    client-key: /nonexistent/u.key\n")
        << QStringLiteral("c")
        << QStringList{QStringLiteral("unable to read client-cert /nonexistent/u.crt for u due to No such file or directory"),
                       QStringLiteral("unable to read client-key /nonexistent/u.key for u due to No such file or directory")};
    QTest::newRow("unreadable CA file")
        << QByteArray("clusters:\n- name: k\n  cluster: {server: https://k, certificate-authority: /nonexistent/ca.crt}\n"
                      + context + "users:\n- name: u\n  user: {token: t}\n")
        << QStringLiteral("c")
        << QStringList{QStringLiteral("unable to read certificate-authority /nonexistent/ca.crt for k due to No such "
                                      "file or directory")};
    QTest::newRow("groups without a user to impersonate")
        << user("    token: t\n    as-groups: [g]\n") << QStringLiteral("c")
        << QStringList{QStringLiteral("requesting uid, groups or user-extra for u without impersonating a user")};
    QTest::newRow("bad proxy scheme")
        << QByteArray("clusters:\n- name: k\n  cluster: {server: https://k, proxy-url: 'ftp://p'}\n" + context
                      + "users:\n- name: u\n  user: {token: t}\n")
        << QStringLiteral("c")
        << QStringList{QStringLiteral("invalid 'proxy-url' \"ftp://p\" for cluster \"k\": unsupported scheme \"ftp\", "
                                      "must be http, https, or socks5")};
}

void tst_KubeconfigLoader::validation()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, context);
    QFETCH(QStringList, expected);
    const Kubeconfig config = parse(yaml);
    QCOMPARE(withoutOrigins(validateContext(config, context)), expected);
}

void tst_KubeconfigLoader::validationNamesTheOrigin()
{
    const Kubeconfig config = parse("clusters:\n- name: k\n  cluster: {server: https://k}\n"
                                    "contexts:\n- name: c\n  context: {cluster: k, user: u}\n"
                                    "users:\n- name: u\n  user: {token: t, username: bob}\n");
    QCOMPARE(validateContext(config, QStringLiteral("c")),
             QStringList{QStringLiteral("more than one authentication method found for u; found [token basicAuth], "
                                        "only one is allowed (defined at /virtual/config:8:3)")});
}

QTEST_GUILESS_MAIN(tst_KubeconfigLoader)
#include "tst_kubeconfigloader.moc"
