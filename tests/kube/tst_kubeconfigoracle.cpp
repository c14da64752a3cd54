// Oracle test: our kubeconfig loading must print what kubectl prints.
//
// For every fixture set under tests/fixtures/kubeconfig, `kubectl config view --merge
// --raw -o json` (and its --flatten variant) runs with KUBECONFIG pointing at the set
// and HOME at an empty directory (so that no real ~/.kube/config leaks in); its output
// is compared with toKubectlViewJson() of our loader as JSON values.

#include "kube/kubeconfigloader.h"
#include "kube/kubectlview.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

// QCOMPARE cannot take nlohmann::json directly (it converts to anything, which trips
// QTest's overloads), so equal values pass and different ones are compared as their
// canonical dumps (sorted keys), which shows where they differ.
#define COMPARE_JSON(actual, expected)                                                                       \
    do {                                                                                                     \
        const nlohmann::json &a_ = (actual);                                                                 \
        const nlohmann::json &e_ = (expected);                                                               \
        if (a_ != e_) {                                                                                      \
            qWarning("JSON patch from kubectl's output to ours: %s", nlohmann::json::diff(e_, a_).dump().c_str()); \
            QCOMPARE(QString::fromStdString(a_.dump(1)), QString::fromStdString(e_.dump(1)));                \
            QFAIL("JSON values differ although their text is equal");                                       \
        }                                                                                                    \
    } while (false)

using namespace fleetscope;
using nlohmann::json;

namespace {

// client-go's FlattenContent: read the file, keep the data, forget the path.
bool flattenOne(QString *path, QByteArray *data, const KubeconfigOrigin &origin, const QString &what,
                const QString &entry, QString *error)
{
    if (path->isEmpty())
        return true;
    const QString resolved = KubeconfigLoader::resolvePath(*path, origin.file);
    if (!data->isEmpty()) {
        // kubectl refuses rather than guess which one the user meant.
        if (error)
            *error = QStringLiteral("%1: %2 of %3: cannot have values for both path and contents")
                         .arg(origin.toString(), what, entry);
        return false;
    }
    QFile file(resolved);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2 %3 of %4: %5").arg(origin.toString(), what, resolved, entry, file.errorString());
        return false;
    }
    *data = file.readAll();
    path->clear();
    return true;
}

// `kubectl config view --flatten`: CA, client certificate and key files are read and
// inlined as *-data, their paths dropped. Relative paths are taken against each
// entry's origin, so this works on resolved and unresolved configs alike.
bool flattenKubeconfig(Kubeconfig *config, QString *error)
{
    for (NamedCluster &c : config->clusters) {
        QString path = c.cluster.certificateAuthority;
        QByteArray data = c.cluster.certificateAuthorityData;
        if (!flattenOne(&path, &data, c.origin, QStringLiteral("certificate-authority"), c.name, error))
            return false;
        c.cluster.certificateAuthority = path;
        c.cluster.certificateAuthorityData = data;
    }
    for (NamedAuthInfo &u : config->users) {
        if (!flattenOne(&u.user.clientCertificate, &u.user.clientCertificateData, u.origin,
                        QStringLiteral("client-certificate"), u.name, error)
            || !flattenOne(&u.user.clientKey, &u.user.clientKeyData, u.origin, QStringLiteral("client-key"), u.name,
                           error)) {
            return false;
        }
    }
    return true;
}

} // namespace

class tst_KubeconfigOracle : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void view_data();
    void view();
    void flatten_data();
    void flatten();
    void explicitFileIsNotMerged();
    void snippets_data();
    void snippets();

private:
    void fixtureSets();
    QString kubeconfigValue(const QStringList &files) const;
    json runKubectl(const QStringList &arguments, const QString &kubeconfig, bool *ok, QByteArray *stderrText);

    QString m_kubectl;
    QTemporaryDir m_home;
};

void tst_KubeconfigOracle::initTestCase()
{
    // kubectl is the oracle of every test here; each one skips by itself without it.
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    QVERIFY(m_home.isValid());
}

void tst_KubeconfigOracle::fixtureSets()
{
    QTest::addColumn<QStringList>("files");
    auto set = [](const char *name, const QStringList &files) { QTest::newRow(name) << files; };
    set("single file, CA data, namespace", {QStringLiteral("01-single/config")});
    set("two files, current-context from the second",
        {QStringLiteral("02-merge/first"), QStringLiteral("02-merge/second")});
    set("duplicates: first file wins whole entries, missing file skipped, repeated file",
        {QStringLiteral("03-duplicates/one"), QStringLiteral("03-duplicates/missing"),
         QStringLiteral("03-duplicates/two"), QStringLiteral("03-duplicates/three"),
         QStringLiteral("03-duplicates/one")});
    set("relative certificate, key, tokenFile and exec paths", {QStringLiteral("04-relative/team/config")});
    set("exec users v1 and v1beta1", {QStringLiteral("05-exec/config")});
    set("certificates as data and as files", {QStringLiteral("06-certdata/config")});
    set("tokenFile, proxy-url, tls-server-name, insecure", {QStringLiteral("07-tls-proxy/config")});
    set("extensions everywhere, YAML 1.1 bodies, merge keys", {QStringLiteral("08-extensions/config")});
    set("impersonation, auth-provider, basic auth", {QStringLiteral("09-impersonation/config")});
    set("YAML 1.1 scalars, nulls, unknown fields, second document", {QStringLiteral("10-yaml11/config")});
    set("empty, comment-only and missing files",
        {QStringLiteral("11-empty/empty"), QStringLiteral("11-empty/comment-only"),
         QStringLiteral("11-empty/document-marker"), QStringLiteral("11-empty/missing")});
    set("same user in two directories: paths from the defining file",
        {QStringLiteral("12-mixed-paths/a/config"), QStringLiteral("12-mixed-paths/b/config")});
    set("reverse order of a merge", {QStringLiteral("12-mixed-paths/b/config"), QStringLiteral("02-merge/second"),
                                     QStringLiteral("02-merge/first"), QStringLiteral("12-mixed-paths/a/config")});
}

QString tst_KubeconfigOracle::kubeconfigValue(const QStringList &files) const
{
    QStringList paths;
    for (const QString &f : files)
        paths << testing::fixturePath(QStringLiteral("kubeconfig/") + f);
    return paths.join(u':');
}

json tst_KubeconfigOracle::runKubectl(const QStringList &arguments, const QString &kubeconfig, bool *ok,
                                      QByteArray *stderrText)
{
    const QStringList env{QStringLiteral("KUBECONFIG=") + kubeconfig, QStringLiteral("HOME=") + m_home.path()};
    const testing::ProcessResult r = testing::runProcess(m_kubectl, arguments, env);
    *ok = r.started && r.finished && r.exitCode == 0;
    *stderrText = r.err;
    if (!*ok)
        return nullptr;
    json value = json::parse(r.out.constData(), r.out.constData() + r.out.size(), nullptr, false);
    if (value.is_discarded()) {
        *ok = false;
        *stderrText = "kubectl printed something that is not JSON: " + r.out;
    }
    return value;
}

void tst_KubeconfigOracle::view_data()
{
    fixtureSets();
}

void tst_KubeconfigOracle::view()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    QFETCH(QStringList, files);
    const QString kubeconfig = kubeconfigValue(files);
    bool ok = false;
    QByteArray err;
    const json theirs = runKubectl({QStringLiteral("config"), QStringLiteral("view"), QStringLiteral("--merge"),
                                    QStringLiteral("--raw"), QStringLiteral("-o"), QStringLiteral("json")},
                                   kubeconfig, &ok, &err);
    QVERIFY2(ok, err.constData());

    KubeconfigLoadOptions options;
    options.kubeconfigEnv = kubeconfig;
    options.homeDir = m_home.path();
    options.resolvePaths = false; // kubectl's config commands print paths as written
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(options);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error));
    const json ours = toKubectlViewJson(loaded.config);
    COMPARE_JSON(ours, theirs);
}

void tst_KubeconfigOracle::flatten_data()
{
    fixtureSets();
}

// --flatten reads the CA, certificate and key files, which checks that relative paths
// point at the same files kubectl opens.
void tst_KubeconfigOracle::flatten()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    QFETCH(QStringList, files);
    const QString kubeconfig = kubeconfigValue(files);
    bool ok = false;
    QByteArray err;
    const json theirs = runKubectl({QStringLiteral("config"), QStringLiteral("view"), QStringLiteral("--merge"),
                                    QStringLiteral("--raw"), QStringLiteral("--flatten"), QStringLiteral("-o"),
                                    QStringLiteral("json")},
                                   kubeconfig, &ok, &err);

    KubeconfigLoadOptions options;
    options.kubeconfigEnv = kubeconfig;
    options.homeDir = m_home.path();
    options.resolvePaths = false;
    KubeconfigLoadResult asWritten = KubeconfigLoader::load(options);
    QVERIFY2(asWritten.ok(), qPrintable(asWritten.error));
    QString error;
    if (!ok) {
        // kubectl could not read a file (e.g. "open …/wrong.crt: no such file"): so must we,
        // naming the same file.
        QVERIFY2(!flattenKubeconfig(&asWritten.config, &error), err.constData());
        const QString missing = QString::fromUtf8(err).section(u' ', 2, 2).section(u':', 0, 0);
        QVERIFY2(!missing.isEmpty() && error.contains(missing),
                 qPrintable(QStringLiteral("kubectl: %1\nours: %2").arg(QString::fromUtf8(err), error)));
        return;
    }
    QVERIFY2(flattenKubeconfig(&asWritten.config, &error), qPrintable(error));
    const json ours = toKubectlViewJson(asWritten.config);
    COMPARE_JSON(ours, theirs);

    // Resolved paths must name the same files: flattening the resolved config gives the
    // same data. Only tokenFile and exec commands differ (kubectl leaves them relative).
    options.resolvePaths = true;
    KubeconfigLoadResult resolved = KubeconfigLoader::load(options);
    QVERIFY2(resolved.ok(), qPrintable(resolved.error));
    QVERIFY2(flattenKubeconfig(&resolved.config, &error), qPrintable(error));
    for (NamedAuthInfo &u : resolved.config.users) {
        const NamedAuthInfo *raw = asWritten.config.user(u.name);
        QVERIFY(raw);
        QCOMPARE(u.user.tokenFile, KubeconfigLoader::resolvePath(raw->user.tokenFile, u.origin.file));
        u.user.tokenFile = raw->user.tokenFile;
        if (u.user.exec) {
            if (raw->user.exec->command.contains(u'/'))
                QVERIFY(QDir::isAbsolutePath(u.user.exec->command));
            else
                QCOMPARE(u.user.exec->command, raw->user.exec->command);
            u.user.exec->command = raw->user.exec->command;
        }
    }
    COMPARE_JSON(toKubectlViewJson(resolved.config), theirs);
}

void tst_KubeconfigOracle::explicitFileIsNotMerged()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString first = testing::fixturePath(QStringLiteral("kubeconfig/02-merge/first"));
    const QString second = testing::fixturePath(QStringLiteral("kubeconfig/02-merge/second"));
    bool ok = false;
    QByteArray err;
    // KUBECONFIG names both files; --kubeconfig must win and load only one.
    const json theirs = runKubectl({QStringLiteral("--kubeconfig"), second, QStringLiteral("config"),
                                    QStringLiteral("view"), QStringLiteral("--raw"), QStringLiteral("-o"),
                                    QStringLiteral("json")},
                                   first + u':' + second, &ok, &err);
    QVERIFY2(ok, err.constData());

    KubeconfigLoadOptions options;
    options.explicitPath = second;
    options.kubeconfigEnv = first + u':' + second;
    options.resolvePaths = false;
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(options);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error));
    QCOMPARE(loaded.config.files, QStringList{second});
    COMPARE_JSON(toKubectlViewJson(loaded.config), theirs);
}

void tst_KubeconfigOracle::snippets_data()
{
    // Small single-file cases at the edges of kubectl's decoding: when kubectl rejects a
    // file we must too, otherwise we must print the same JSON.
    QTest::addColumn<QByteArray>("yaml");
    auto row = [](const char *name, const char *yaml) { QTest::newRow(name) << QByteArray(yaml); };
    row("YAML 1.1 scalars in an extension",
        "extensions:\n- name: a\n  extension: {k: v, on: 1, n: 0x1F, o: 017, oo: 0o17, b: 0b11, u: 1_000, f: 1.50, "
        "e: 1e3, s: \"1\", t: 2001-12-14, d: ~, big: 99999999999999999999, neg: -5, plus: +7, fl: 1., dot: .5, "
        "Y: Yes, OFF: OFF, nul: Null, tilde: \"~\", empty: , \"\": 3}\n");
    row("number keys", "extensions:\n- name: a\n  extension: {1: a, 2.5: b, 1e3: c, -7: d, 0x10: e}\n");
    row("tags, anchors and merge keys",
        "extensions:\n- name: a\n  extension: [!!str 1, !!int \"2\", &x foo, *x, {<<: {m: 1, z: 1}, z: 2}]\n");
    row("extension bodies: text, missing, null",
        "extensions:\n- name: a\n  extension: \"text\"\n- name: b\n- name: c\n  extension: null\n");
    row("NaN is rejected", "extensions:\n- name: a\n  extension: {x: .nan}\n");
    row("null key is rejected", "extensions:\n- name: a\n  extension: {~: 1}\n");
    row("null lists and fields", "clusters: null\nusers: []\ncontexts: ~\ncurrent-context: null\npreferences: null\n"
                                 "extensions: null\n");
    row("null entries and bodies", "clusters: [null, {name: q}, {name: r, cluster: null}]\n"
                                   "users: [{name: u, user: null}]\ncontexts: [{name: c, context: {namespace: null}}]\n");
    row("empty exec, empty lists, auth-provider without config",
        "users:\n- name: a\n  user:\n    as-groups: []\n    as-user-extra: {}\n    extensions: []\n"
        "    exec: {args: [], env: [], command: x, apiVersion: v}\n    auth-provider: {name: p}\n"
        "- name: b\n  user:\n    auth-provider: {name: p, config: {}}\n    exec: {}\n    extensions: [{name: e}]\n"
        "- name: c\n  user: {exec: null, auth-provider: null, token: \"\"}\n");
    row("env entries half filled, v1alpha1 default",
        "users:\n- name: b\n  user:\n    exec: {env: [{name: a}, {value: b}, null], provideClusterInfo: yes, "
        "apiVersion: client.authentication.k8s.io/v1alpha1}\n");
    row("kind only", "kind: Config\n");
    row("apiVersion only", "apiVersion: v1\n");
    row("wrong kind", "apiVersion: v1\nkind: Other\n");
    row("wrong apiVersion", "apiVersion: v2\nkind: Config\n");
    row("a list document", "- a\n- b\n");
    row("a string document", "just a string\n");
    row("only the first document counts", "current-context: a\n---\ncurrent-context: b\n");
    row("duplicate name in one file", "clusters:\n- name: a\n  cluster: {server: one}\n- name: a\n  cluster: {server: two}\n");
    row("empty name", "clusters:\n- name: \"\"\n  cluster: {server: x}\n");
    row("repeated key, last wins", "current-context: a\ncurrent-context: b\nclusters:\n- name: a\n  cluster: {server: x, "
                                   "server: z}\n");
    row("keys are case-sensitive", "Current-Context: a\nclusters:\n- name: a\n  cluster: {server: x, Server: z}\n");
    row("unknown fields", "foo: bar\nbogus: [1]\nclusters:\n- name: a\n  cluster: {server: x, unknownfield: {a: 1}}\n");
    row("server is a number", "clusters:\n- name: a\n  cluster: {server: 123}\n");
    row("server is y", "clusters:\n- name: a\n  cluster: {server: y}\n");
    row("quoted boolean", "clusters:\n- name: a\n  cluster: {server: x, disable-compression: \"true\"}\n");
    row("on is true", "clusters:\n- name: a\n  cluster: {server: x, insecure-skip-tls-verify: on}\n");
    row("as-uid as a number", "users:\n- name: a\n  user: {as-uid: 42}\n");
    row("current-context as a number", "current-context: 5\n");
    row("clusters as a map", "clusters: {a: b}\n");
    row("broken YAML", "clusters: [ unclosed\n");
    row("base64 without padding", "clusters:\n- name: a\n  cluster: {server: x, certificate-authority-data: aGVsbG8}\n");
    row("base64 with a space", "clusters:\n- name: a\n  cluster: {server: x, certificate-authority-data: \"aGVs bG8K\"}\n");
    row("base64 over lines", "clusters:\n- name: a\n  cluster:\n    server: x\n    certificate-authority-data: |\n"
                             "      aGVs\n      bG8K\n");
    row("base64 trailing bits", "clusters:\n- name: a\n  cluster: {server: x, certificate-authority-data: aGVsbG9=}\n");
    row("UTF-8 names sort by bytes", "contexts:\n- name: b\n- name: \xc3\xa4\n- name: B\n- name: a\n- name: \"10\"\n"
                                     "- name: \"9\"\n");
    row("preferences", "preferences: {colors: false, extensions: [{name: p, extension: 1}], unknown: 1}\n");
}

void tst_KubeconfigOracle::snippets()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    QFETCH(QByteArray, yaml);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("config"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(yaml);
    }
    bool ok = false;
    QByteArray err;
    const json theirs = runKubectl({QStringLiteral("config"), QStringLiteral("view"), QStringLiteral("--merge"),
                                    QStringLiteral("--raw"), QStringLiteral("-o"), QStringLiteral("json")},
                                   file, &ok, &err);
    KubeconfigLoadOptions options;
    options.kubeconfigEnv = file;
    options.homeDir = m_home.path();
    options.resolvePaths = false;
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(options);
    if (!ok) {
        QVERIFY2(!loaded.ok(), qPrintable(QStringLiteral("kubectl rejects it (%1) but we load it")
                                              .arg(QString::fromUtf8(err.trimmed()))));
        QVERIFY2(loaded.error.startsWith(file + u':'), qPrintable(loaded.error));
        return;
    }
    QVERIFY2(loaded.ok(), qPrintable(QStringLiteral("kubectl loads it but we say: %1").arg(loaded.error)));
    COMPARE_JSON(toKubectlViewJson(loaded.config), theirs);
}

QTEST_GUILESS_MAIN(tst_KubeconfigOracle)
#include "tst_kubeconfigoracle.moc"
