// Secret hygiene (README "Security"): Fleetscope is run as people run it, with a
// known bearer token, exec-plugin output and client key, against a real hub, and
// every output is searched for them: stdout and stderr of `fleetscope list` in each
// format and with --watch, the GUI's screenshot run with a cluster selected (so the
// details pane is filled), debug logging switched on everywhere, and every file the
// runs leave in HOME, XDG directories and TMPDIR. And like kubectl, credentials are
// never sent to a plain-http server: the hub's error says so.

#include "hubprocess.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope::testing;

namespace {

// Recognisable and long enough that a partial leak is still found.
const QByteArray kToken = "fleetscope-secret-token-7c1f9a2be04d4d8e";
const QByteArray kExecToken = kToken; // the exec plugin prints the hub's token: it must work
const QByteArray kExecMarker = "exec-secret-output-58d0c3e1";
// The hub's fleet: `list` prints a header and one row per profile.
constexpr int kProfiles = 30;

QString fleetscopeExecutable()
{
    return builtExecutable(QStringLiteral("app/fleetscope/fleetscope"));
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &data, QFile::Permissions permissions)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(data) != data.size())
        return false;
    file.close();
    return file.setPermissions(permissions);
}

} // namespace

class TestSecrets final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void noOutputHoldsASecret_data();
    void noOutputHoldsASecret();
    void leftFilesHoldNoSecret();
    void credentialsNeverGoToPlainHttp();

private:
    QStringList environment() const;
    // The needles: the token, the exec plugin's extra output, the client key's base64
    // and PEM body, each also base64-encoded (a token in a header dump).
    QList<QByteArray> secrets() const;
    QString findSecret(const QByteArray &haystack) const;

    std::unique_ptr<HubProcess> m_hub;
    QTemporaryDir m_home;
    QString m_tokenConfig;
    QString m_execConfig;
    QByteArray m_clientKey;
};

void TestSecrets::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_hub = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QString::number(kProfiles),
                                                     QStringLiteral("--token"), QString::fromLatin1(kToken),
                                                     QStringLiteral("--churn"), QStringLiteral("5")},
                                         QStringLiteral("secret-hub"));
    QString error;
    QVERIFY2(m_hub->start(&error), qPrintable(error));

    // 1. The hub's own kubeconfig (token), plus a client certificate and key (the hub
    //    does not ask for one, but the key is loaded and must stay as secret).
    const QByteArray hubConfig = readAll(m_hub->kubeconfigPath());
    QVERIFY(hubConfig.contains(kToken));
    m_clientKey = readAll(fixturePath(QStringLiteral("kubeconfig/pki/client.key")));
    const QByteArray clientCert = readAll(fixturePath(QStringLiteral("kubeconfig/pki/client.crt")));
    QVERIFY(!m_clientKey.isEmpty() && !clientCert.isEmpty());
    QByteArray withKey = hubConfig;
    const QByteArray tokenLine = "token: " + kToken;
    QVERIFY(withKey.contains(tokenLine));
    withKey.replace(tokenLine, tokenLine + "\n    client-certificate-data: " + clientCert.toBase64()
                                   + "\n    client-key-data: " + m_clientKey.toBase64());
    m_tokenConfig = m_home.filePath(QStringLiteral("token.kubeconfig"));
    QVERIFY(writeFile(m_tokenConfig, withKey, QFile::ReadOwner | QFile::WriteOwner));

    // 2. The same hub through an exec plugin whose output carries the token and more.
    const QString plugin = m_home.filePath(QStringLiteral("get-token"));
    // (Its stderr would reach the user's terminal, as with kubectl: that is for prompts.)
    const QByteArray script = "#!/bin/sh\n"
                              "printf '%s' '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
                              "\"status\":{\"token\":\"" + kExecToken + "\"},\"note\":\"" + kExecMarker + "\"}'\n";
    QVERIFY(writeFile(plugin, script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QByteArray execConfig = hubConfig;
    execConfig.replace(tokenLine, "exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: " + plugin.toUtf8()
                                      + "\n      interactiveMode: Never");
    m_execConfig = m_home.filePath(QStringLiteral("exec.kubeconfig"));
    QVERIFY(writeFile(m_execConfig, execConfig, QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY(!execConfig.contains(kToken));
}

void TestSecrets::cleanupTestCase()
{
    m_hub.reset();
}

QStringList TestSecrets::environment() const
{
    const QString home = m_home.filePath(QStringLiteral("home"));
    QDir().mkpath(home);
    QDir().mkpath(m_home.filePath(QStringLiteral("tmp")));
    // Qt ignores a runtime directory others may enter.
    QDir().mkpath(home + QStringLiteral("/run"));
    QFile::setPermissions(home + QStringLiteral("/run"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return {QStringLiteral("HOME=") + home,
            QStringLiteral("XDG_CONFIG_HOME=") + home + QStringLiteral("/.config"),
            QStringLiteral("XDG_CACHE_HOME=") + home + QStringLiteral("/.cache"),
            QStringLiteral("XDG_DATA_HOME=") + home + QStringLiteral("/.local/share"),
            QStringLiteral("XDG_STATE_HOME=") + home + QStringLiteral("/.local/state"),
            QStringLiteral("XDG_RUNTIME_DIR=") + home + QStringLiteral("/run"),
            QStringLiteral("TMPDIR=") + m_home.filePath(QStringLiteral("tmp")),
            QStringLiteral("KUBECONFIG="),
            QStringLiteral("QT_LOGGING_RULES=*.debug=true"),
            QStringLiteral("QT_QPA_PLATFORM=offscreen")};
}

QList<QByteArray> TestSecrets::secrets() const
{
    QList<QByteArray> needles{kToken, kExecMarker, m_clientKey.toBase64()};
    // Each line of the PEM body: a key printed as text would contain them.
    for (const QByteArray &line : m_clientKey.split('\n')) {
        if (line.size() > 20 && !line.startsWith("-----"))
            needles << line;
    }
    needles << QByteArray(kToken).toBase64() << QByteArray("Bearer ") + kToken;
    return needles;
}

QString TestSecrets::findSecret(const QByteArray &haystack) const
{
    for (const QByteArray &needle : secrets()) {
        if (haystack.contains(needle))
            return QString::fromLatin1(needle.left(24)) + QStringLiteral("...");
    }
    return QString();
}

void TestSecrets::noOutputHoldsASecret_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("deadlineMs");
    QTest::addColumn<bool>("expectSuccess");

    const QStringList formats{QStringLiteral("table"), QStringLiteral("wide"), QStringLiteral("name"),
                              QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("csv")};
    for (const char *config : {"token", "exec"}) {
        for (const QString &format : formats) {
            QTest::addRow("%s list -o %s", config, qPrintable(format))
                << QString::fromLatin1(config) << QStringList{QStringLiteral("list"), QStringLiteral("-o"), format} << 60000
                << true;
        }
        QTest::addRow("%s list --watch", config)
            << QString::fromLatin1(config) << QStringList{QStringLiteral("list"), QStringLiteral("--watch")} << 60000
            << false;
        const QString shot = QStringLiteral("screenshot-%1.png").arg(QLatin1String(config));
        QTest::addRow("%s gui screenshot", config)
            << QString::fromLatin1(config)
            << QStringList{QStringLiteral("--screenshot"), shot, QStringLiteral("--select-row"), QStringLiteral("0"),
                           QStringLiteral("--geometry"), QStringLiteral("1200x800")}
            << 60000 << true;
    }
    // The demo writes a kubeconfig with its hubs' token to the runtime directory: it
    // must be gone afterwards (leftFilesHoldNoSecret checks).
    QTest::addRow("demo gui screenshot")
        << QStringLiteral("demo")
        << QStringList{QStringLiteral("--demo"), QStringLiteral("--screenshot"), QStringLiteral("screenshot-demo.png"),
                       QStringLiteral("--select-row"), QStringLiteral("0")}
        << 60000 << true;
    // Every -v level, with the logging rules it sets (not the environment's): request
    // lines, exec plugin runs and watch events must name no credential either.
    for (const int level : {0, 2, 4, 6, 8, 10}) {
        QTest::addRow("exec list -v %d", level)
            << QStringLiteral("exec") << QStringList{QStringLiteral("list"), QStringLiteral("-v"), QString::number(level)}
            << 60000 << true;
        QTest::addRow("exec list --watch -v %d", level)
            << QStringLiteral("exec")
            << QStringList{QStringLiteral("list"), QStringLiteral("--watch"), QStringLiteral("-v"), QString::number(level)}
            << 60000 << false;
    }
    // Errors must not quote credentials either.
    QTest::addRow("token unknown context") << QStringLiteral("token")
                                           << QStringList{QStringLiteral("list"), QStringLiteral("--context"),
                                                          QStringLiteral("nope")}
                                           << 30000 << false;
}

namespace {

// Why a run failed, short enough for QtTest's message limit: how it ended and the
// last lines of its stderr without the plugin loader's debug output (the test
// turns that on to check it too, and it would hide the real message).
QString describeFailure(const ProcessResult &r)
{
    QStringList lines;
    for (const QByteArray &line : r.err.split('\n')) {
        if (!line.startsWith("qt.core.") && !line.trimmed().isEmpty() && !line.startsWith(' ')
            && !line.startsWith('{') && !line.startsWith('}'))
            lines << QString::fromUtf8(line);
    }
    const QString ending = !r.finished ? QStringLiteral("did not finish before the deadline")
        : r.exitCode < 0              ? QStringLiteral("crashed")
                                      : QStringLiteral("exited with code %1").arg(r.exitCode);
    return ending + QStringLiteral("; stderr ends: ") + lines.mid(qMax(0, int(lines.size()) - 6)).join(u" | ").right(600);
}

} // namespace

void TestSecrets::noOutputHoldsASecret()
{
    QFETCH(QString, config);
    QFETCH(QStringList, arguments);
    QFETCH(int, deadlineMs);
    QFETCH(bool, expectSuccess);

    const QString kubeconfig = config == u"token" ? m_tokenConfig : m_execConfig;
    QStringList args;
    if (config != u"demo")
        args << QStringLiteral("--kubeconfig") << kubeconfig;
    for (QString argument : arguments)
        args << (argument.endsWith(u".png") ? m_home.filePath(argument) : argument);
    // The GUI takes its options after the kubeconfig, `list` wants its subcommand first.
    if (arguments.first() == u"list")
        args = QStringList{QStringLiteral("list")} + args.mid(0, 2) + arguments.mid(1);
    QStringList env = environment();
    const qsizetype level = arguments.indexOf(QStringLiteral("-v"));
    if (level >= 0)
        env.replaceInStrings(QRegularExpression(QStringLiteral("^QT_LOGGING_RULES=.*")), QStringLiteral("QT_LOGGING_RULES="));
    const bool watch = arguments.contains(QStringLiteral("--watch"));
    const int verbosity = level >= 0 ? arguments.at(level + 1).toInt() : 0;
    // A watch runs until it has printed the fleet (a header and a row per profile)
    // and two changes (the hub churns), with the events' log lines where -v 8
    // promises them.
    const auto shownFleetAndTwoChanges = [](const ProcessResult &sofar) {
        return sofar.out.count('\n') >= 1 + kProfiles + 2;
    };
    const ProcessResult r = watch
        ? runProcessUntil(fleetscopeExecutable(), args, env, deadlineMs,
                          [&](const ProcessResult &sofar) {
                              return shownFleetAndTwoChanges(sofar)
                                  && (verbosity < 8 || sofar.err.contains("fleetscope.kube.events: "));
                          })
        : runProcess(fleetscopeExecutable(), args, env, deadlineMs);
    QVERIFY(r.started);
    if (watch)
        QVERIFY2(shownFleetAndTwoChanges(r), qPrintable(describeFailure(r)));
    if (level >= 0) {
        // The levels really log what they promise (else there is nothing to search).
        QCOMPARE(r.err.contains("fleetscope.fleet: hub "), verbosity >= 2);
        QCOMPARE(r.err.contains("fleetscope.kube.exec: hub "), verbosity >= 4);
        QCOMPARE(r.err.contains("fleetscope.kube.transport: hub "), verbosity >= 6);
        if (watch)
            QCOMPARE(r.err.contains("fleetscope.kube.events: "), verbosity >= 8);
    }
    if (expectSuccess) {
        // A crash at exit is a failure too: it can leave private files behind.
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describeFailure(r)));
        QVERIFY(!r.out.isEmpty() || arguments.contains(QStringLiteral("--screenshot")));
    }
    const qsizetype shot = arguments.indexOf(QStringLiteral("--screenshot"));
    if (shot >= 0)
        QVERIFY(QFileInfo(m_home.filePath(arguments.at(shot + 1))).size() > 1000);
    // The runs really did authenticate (else there would be nothing to leak).
    if (expectSuccess && arguments.first() == u"list")
        QVERIFY2(r.out.contains("fleet-"), r.out.left(400).constData()); // generated namespaces
    QString found = findSecret(r.out);
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("stdout holds %1").arg(found)));
    found = findSecret(r.err);
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("stderr holds %1").arg(found)));
}

void TestSecrets::leftFilesHoldNoSecret()
{
    // Everything the runs above left behind (settings, caches, histories, runtime
    // files, screenshots) is searched; our own inputs are the only secret files.
    const QStringList inputs{m_tokenConfig, m_execConfig, m_home.filePath(QStringLiteral("get-token"))};
    QDirIterator it(m_home.path(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        if (inputs.contains(path))
            continue;
        ++files;
        const QString found = findSecret(readAll(path));
        QVERIFY2(found.isEmpty(), qPrintable(path + QStringLiteral(" holds ") + found));
    }
    QVERIFY(files > 0); // at least the screenshots
    // Nothing secret-capable is left in the private runtime directory.
    QDir runtime(m_home.filePath(QStringLiteral("home/run")));
    if (runtime.exists()) {
        QDirIterator left(runtime.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        QVERIFY2(!left.hasNext(), qPrintable(left.hasNext() ? left.next() : QString()));
    }
}

void TestSecrets::credentialsNeverGoToPlainHttp()
{
    HubProcess plain({QStringLiteral("--generate"), QStringLiteral("3"), QStringLiteral("--plain-http"),
                      QStringLiteral("--log-requests")},
                     QStringLiteral("plain-hub"));
    QString error;
    QVERIFY2(plain.start(&error), qPrintable(error));
    QVERIFY(plain.url().startsWith(u"http://"));
    // The token kubeconfig, pointed at the plain-http hub.
    QByteArray text = readAll(m_tokenConfig);
    text.replace(m_hub->url().toUtf8(), plain.url().toUtf8());
    QVERIFY(text.contains(plain.url().toUtf8()));
    const QString config = m_home.filePath(QStringLiteral("plain.kubeconfig"));
    QVERIFY(writeFile(config, text, QFile::ReadOwner | QFile::WriteOwner));
    for (const QString &kubeconfig : {config, QString()}) {
        QString path = kubeconfig;
        if (path.isEmpty()) {
            // And the exec plugin is not even run for a plain-http server.
            QByteArray exec = readAll(m_execConfig);
            exec.replace(m_hub->url().toUtf8(), plain.url().toUtf8());
            path = m_home.filePath(QStringLiteral("plain-exec.kubeconfig"));
            QVERIFY(writeFile(path, exec, QFile::ReadOwner | QFile::WriteOwner));
        }
        const ProcessResult r = runProcess(fleetscopeExecutable(),
                                           {QStringLiteral("list"), QStringLiteral("--kubeconfig"), path},
                                           environment(), 30000);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("refusing to send credentials") && r.err.contains("plain http"), r.err.constData());
        QVERIFY2(findSecret(r.out + r.err).isEmpty(), r.err.constData());
    }
    // The hub saw no request carrying them (it logs every request it gets).
    const QByteArray hubLog = plain.standardError();
    QVERIFY2(findSecret(hubLog).isEmpty(), hubLog.constData());
    QVERIFY2(!hubLog.contains("/apis/multicluster.x-k8s.io/v1"), hubLog.constData());
}

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
