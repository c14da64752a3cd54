// Opening the user's terminal: the command template, quoting, autodetection on a
// fake PATH, and a real launch of a fake terminal that records what it received.

#include "connect/connectsession.h"
#include "connect/terminallauncher.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

constexpr int launchDeadlineMs = 20000;

// An executable script named `name` in `dir`.
bool writeScript(const QString &dir, const QString &name, const QByteArray &body)
{
    QFile file(QDir(dir).filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write("#!/bin/sh\n" + body);
    file.close();
    return file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

QProcessEnvironment environmentWithPath(const QString &path, const QString &terminal = {})
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), path);
    env.insert(QStringLiteral("HOME"), QDir::homePath());
    if (!terminal.isEmpty())
        env.insert(QStringLiteral("TERMINAL"), terminal);
    return env;
}

QStringList nulSeparated(const QByteArray &bytes)
{
    QStringList out;
    for (const QByteArray &part : bytes.split('\0'))
        out << QString::fromUtf8(part);
    if (!out.isEmpty() && out.last().isEmpty())
        out.removeLast();
    return out;
}

} // namespace

class TestTerminalLauncher final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void splitWords_data();
    void splitWords();
    void expand_data();
    void expand();
    void shellQuoteRoundTrips_data();
    void shellQuoteRoundTrips();
    void autodetect_data();
    void autodetect();
    void k9sOnlyWhenOnPath();
    void configuredTemplateUsesDetectedTerminal();
    void noTerminalIsAClearError();
    void sessionKindKeys();
    void launchesFakeTerminalWithKubeconfig();
    void kubectlSessionListsThenShell();

private:
    QTemporaryDir m_runtime;
};

void TestTerminalLauncher::initTestCase()
{
    QVERIFY(m_runtime.isValid());
    QVERIFY(QFile::setPermissions(m_runtime.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
    ::umask(022);
}

void TestTerminalLauncher::splitWords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<bool>("ok");
    QTest::newRow("plain") << "konsole -e {command}" << QStringList{"konsole", "-e", "{command}"} << true;
    QTest::newRow("extra blanks") << "  xterm \t -e  {command} " << QStringList{"xterm", "-e", "{command}"} << true;
    QTest::newRow("single quotes") << "'/opt/my term/bin/t' -e {command}"
                                   << QStringList{"/opt/my term/bin/t", "-e", "{command}"} << true;
    QTest::newRow("double quotes with escapes") << R"(t --title "a \"b\" \\ $c" {command})"
                                                << QStringList{"t", "--title", R"(a "b" \ $c)", "{command}"} << true;
    QTest::newRow("backslash space") << R"(my\ term {command})" << QStringList{"my term", "{command}"} << true;
    QTest::newRow("quotes join a word") << R"(--x='a b'"c" {command})" << QStringList{"--x=a bc", "{command}"} << true;
    QTest::newRow("empty quotes are a word") << "t '' {command}" << QStringList{"t", "", "{command}"} << true;
    QTest::newRow("unterminated single") << "t 'oops {command}" << QStringList() << false;
    QTest::newRow("unterminated double") << "t \"oops {command}" << QStringList() << false;
    QTest::newRow("trailing backslash") << "t {command} \\" << QStringList() << false;
}

void TestTerminalLauncher::splitWords()
{
    QFETCH(QString, text);
    QFETCH(QStringList, words);
    QFETCH(bool, ok);
    QStringList out;
    QString error;
    QCOMPARE(TerminalLauncher::splitWords(text, &out, &error), ok);
    if (ok)
        QCOMPARE(out, words);
    else
        QVERIFY(!error.isEmpty());
}

void TestTerminalLauncher::expand_data()
{
    QTest::addColumn<QString>("commandTemplate");
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<QString>("error"); // a fragment of it; empty = must succeed
    QTest::newRow("konsole") << "konsole -e {command}" << QStringList{"konsole", "-e", "/bin/sh", "-c", "x y"} << "";
    QTest::newRow("gnome-terminal") << "gnome-terminal -- {command}"
                                    << QStringList{"gnome-terminal", "--", "/bin/sh", "-c", "x y"} << "";
    QTest::newRow("terminal placeholder") << "{terminal} -e {command}"
                                          << QStringList{"/usr/bin/xterm", "-e", "/bin/sh", "-c", "x y"} << "";
    QTest::newRow("command line as one word") << "xfce4-terminal -e {command_line}"
                                              << QStringList{"xfce4-terminal", "-e", "/bin/sh -c 'x y'"} << "";
    QTest::newRow("inside a word") << "t --title={title} --env=KUBECONFIG={kubeconfig} -e {command}"
                                   << QStringList{"t", "--title=Fleetscope: prod", "--env=KUBECONFIG=/run/k c",
                                                  "-e", "/bin/sh", "-c", "x y"}
                                   << "";
    QTest::newRow("shell") << "{terminal} -e {shell} -c {command_line}"
                           << QStringList{"/usr/bin/xterm", "-e", "/bin/zsh", "-c", "/bin/sh -c 'x y'"} << "";
    QTest::newRow("quoted placeholder is still one") << "t -e '{command_line}'"
                                                     << QStringList{"t", "-e", "/bin/sh -c 'x y'"} << "";
    QTest::newRow("no command") << "konsole -e" << QStringList() << "{command}";
    QTest::newRow("command inside a word") << "t --run={command}" << QStringList() << "word of its own";
    QTest::newRow("unknown placeholder") << "t {terminl} {command}" << QStringList() << "{terminl}";
    QTest::newRow("empty") << "   " << QStringList() << "empty";
    QTest::newRow("bad quoting") << "t 'x {command}" << QStringList() << "quote";
    QTest::newRow("no program") << "'' {command}" << QStringList() << "no program";
}

void TestTerminalLauncher::expand()
{
    QFETCH(QString, commandTemplate);
    QFETCH(QStringList, argv);
    QFETCH(QString, error);
    QHash<QString, QStringList> values;
    values.insert(QStringLiteral("command"), {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("x y")});
    values.insert(QStringLiteral("command_line"), {QStringLiteral("/bin/sh -c 'x y'")});
    values.insert(QStringLiteral("terminal"), {QStringLiteral("/usr/bin/xterm")});
    values.insert(QStringLiteral("shell"), {QStringLiteral("/bin/zsh")});
    values.insert(QStringLiteral("kubeconfig"), {QStringLiteral("/run/k c")});
    values.insert(QStringLiteral("title"), {QStringLiteral("Fleetscope: prod")});
    QStringList out;
    QString message;
    const bool ok = TerminalLauncher::expand(commandTemplate, values, &out, &message);
    if (error.isEmpty()) {
        QVERIFY2(ok, qPrintable(message));
        QCOMPARE(out, argv);
    } else {
        QVERIFY(!ok);
        QVERIFY2(message.contains(error), qPrintable(message));
    }
}

void TestTerminalLauncher::shellQuoteRoundTrips_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("quoted");
    QTest::newRow("plain path") << "/run/user/1000/fleetscope/k" << "/run/user/1000/fleetscope/k";
    QTest::newRow("space") << "a b" << "'a b'";
    QTest::newRow("single quote") << "it's" << R"('it'\''s')";
    QTest::newRow("empty") << "" << "''";
    QTest::newRow("dollar and backticks") << "$HOME `id` $(id)" << "'$HOME `id` $(id)'";
    QTest::newRow("newline") << "a\nb" << "'a\nb'";
    QTest::newRow("glob") << "*.yaml" << "'*.yaml'";
}

void TestTerminalLauncher::shellQuoteRoundTrips()
{
    QFETCH(QString, word);
    QFETCH(QString, quoted);
    QCOMPARE(TerminalLauncher::shellQuote(word), quoted);
    // What /bin/sh makes of it is the word again.
    const ProcessResult r = runProcess(QStringLiteral("/bin/sh"),
                                       {QStringLiteral("-c"), QStringLiteral("printf '%s' ") + quoted});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QString::fromUtf8(r.out), word);
}

void TestTerminalLauncher::autodetect_data()
{
    QTest::addColumn<QStringList>("installed");
    QTest::addColumn<QString>("terminalVariable");
    QTest::addColumn<QString>("expected"); // with BIN for the fake PATH directory
    QTest::newRow("nothing") << QStringList() << QString() << QString();
    QTest::newRow("xterm") << QStringList{"xterm"} << QString() << "BIN/xterm -e {command}";
    QTest::newRow("konsole before xterm") << QStringList{"xterm", "konsole"} << QString() << "BIN/konsole -e {command}";
    QTest::newRow("gnome-terminal takes --") << QStringList{"xterm", "gnome-terminal"} << QString()
                                             << "BIN/gnome-terminal -- {command}";
    QTest::newRow("xfce4-terminal takes -x") << QStringList{"xterm", "xfce4-terminal"} << QString()
                                             << "BIN/xfce4-terminal -x {command}";
    QTest::newRow("x-terminal-emulator first") << QStringList{"konsole", "x-terminal-emulator"} << QString()
                                               << "BIN/x-terminal-emulator -e {command}";
    QTest::newRow("konsole before gnome-terminal") << QStringList{"gnome-terminal", "konsole"} << QString()
                                                   << "BIN/konsole -e {command}";
    QTest::newRow("$TERMINAL wins") << QStringList{"konsole", "kitty"} << "kitty" << "BIN/kitty {command}";
    QTest::newRow("$TERMINAL unknown uses -e") << QStringList{"konsole", "alacritty"} << "alacritty"
                                               << "BIN/alacritty -e {command}";
    QTest::newRow("$TERMINAL with options") << QStringList{"alacritty"} << "alacritty --class 'a b'"
                                            << "BIN/alacritty --class 'a b' -e {command}";
    QTest::newRow("$TERMINAL known by name") << QStringList{"gnome-terminal"} << "gnome-terminal"
                                             << "BIN/gnome-terminal -- {command}";
    QTest::newRow("$TERMINAL missing falls back") << QStringList{"xterm"} << "st" << "BIN/xterm -e {command}";
    QTest::newRow("not executable is not found") << QStringList{"-xterm"} << QString() << QString();
}

void TestTerminalLauncher::autodetect()
{
    QFETCH(QStringList, installed);
    QFETCH(QString, terminalVariable);
    QFETCH(QString, expected);
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    for (const QString &name : installed) {
        if (name.startsWith(u'-')) {
            // Present, but not executable: must not count.
            QFile file(QDir(bin.path()).filePath(name.mid(1)));
            QVERIFY(file.open(QIODevice::WriteOnly));
        } else {
            QVERIFY(writeScript(bin.path(), name, "exit 0\n"));
        }
    }
    // Only the fake directory: the machine's own terminals must not leak in.
    const TerminalLauncher launcher(environmentWithPath(bin.path(), terminalVariable));
    expected.replace(QStringLiteral("BIN"), bin.path());
    QCOMPARE(launcher.detectedTemplate(), expected);
    QCOMPARE(launcher.effectiveTemplate(), expected);
}

void TestTerminalLauncher::k9sOnlyWhenOnPath()
{
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    TerminalLauncher launcher(environmentWithPath(bin.path()));
    QCOMPARE(launcher.availableSessions(), QList<SessionKind>{SessionKind::Shell});
    QVERIFY(writeScript(bin.path(), QStringLiteral("kubectl"), "exit 0\n"));
    QCOMPARE(launcher.availableSessions(), (QList<SessionKind>{SessionKind::Shell, SessionKind::Kubectl}));
    QVERIFY(writeScript(bin.path(), QStringLiteral("k9s"), "exit 0\n"));
    QCOMPARE(launcher.availableSessions(),
             (QList<SessionKind>{SessionKind::Shell, SessionKind::Kubectl, SessionKind::K9s}));
    QStringList command;
    QString error;
    QVERIFY(launcher.sessionCommand(SessionKind::K9s, QStringLiteral("/k"), &command, &error));
    QCOMPARE(command.last(), QDir(bin.path()).filePath(QStringLiteral("k9s")));
}

void TestTerminalLauncher::configuredTemplateUsesDetectedTerminal()
{
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    QVERIFY(writeScript(bin.path(), QStringLiteral("xterm"), "exit 0\n"));
    QProcessEnvironment env = environmentWithPath(bin.path());
    env.insert(QStringLiteral("SHELL"), QStringLiteral("/bin/zsh"));
    env.insert(QStringLiteral("KUBECONFIG"), QStringLiteral("/home/me/.kube/hubs"));
    TerminalLauncher launcher(env);
    launcher.setTemplate(QStringLiteral("{terminal} -T {title} -e {command}"));
    LaunchCommand command;
    QString error;
    QVERIFY2(launcher.build(SessionKind::Shell, QStringLiteral("/run/s/kubeconfig"), QStringLiteral("Fleetscope: a"),
                            &command, &error),
             qPrintable(error));
    QCOMPARE(command.program, QDir(bin.path()).filePath(QStringLiteral("xterm")));
    QCOMPARE(command.arguments.mid(0, 4), (QStringList{"-T", "Fleetscope: a", "-e", "/bin/sh"}));
    // The wrapper's positional arguments: the kubeconfig, then the user's shell.
    QCOMPARE(command.arguments.mid(6), (QStringList{"fleetscope-connect", "/run/s/kubeconfig", "/bin/zsh"}));
    // KUBECONFIG replaced, PATH untouched.
    QCOMPARE(command.environment.value(QStringLiteral("KUBECONFIG")), QStringLiteral("/run/s/kubeconfig"));
    QCOMPARE(command.environment.value(QStringLiteral("PATH")), bin.path());

    launcher.setTemplate(QStringLiteral("nosuchterminal -e {command}"));
    QVERIFY(!launcher.build(SessionKind::Shell, QStringLiteral("/k"), QString(), &command, &error));
    QVERIFY2(error.contains(u"nosuchterminal"), qPrintable(error));
}

void TestTerminalLauncher::noTerminalIsAClearError()
{
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const TerminalLauncher launcher(environmentWithPath(bin.path()));
    LaunchCommand command;
    QString error;
    QVERIFY(!launcher.build(SessionKind::Shell, QStringLiteral("/k"), QString(), &command, &error));
    QVERIFY2(error.contains(u"no terminal emulator found") && error.contains(u"xterm"), qPrintable(error));
    QVERIFY(!launcher.build(SessionKind::K9s, QStringLiteral("/k"), QString(), &command, &error));
    QVERIFY2(error.contains(u"k9s"), qPrintable(error));
}

void TestTerminalLauncher::sessionKindKeys()
{
    for (SessionKind kind : {SessionKind::Shell, SessionKind::Kubectl, SessionKind::K9s}) {
        bool ok = false;
        QCOMPARE(sessionKindFromKey(sessionKindKey(kind), &ok), kind);
        QVERIFY(ok);
    }
    bool ok = true;
    QCOMPARE(sessionKindFromKey(QStringLiteral("tmux"), &ok), SessionKind::Shell);
    QVERIFY(!ok);
}

void TestTerminalLauncher::launchesFakeTerminalWithKubeconfig()
{
    QTemporaryDir bin;
    QTemporaryDir out;
    QVERIFY(bin.isValid() && out.isValid());
    const QByteArray outDir = QFile::encodeName(out.path());
    // The terminal records its arguments and environment, then runs the command after -e
    // as a real terminal would (its stdin is not a terminal here, which the shell does not need).
    QVERIFY(writeScript(bin.path(), QStringLiteral("xterm"),
                        "out='" + outDir + "'\n"
                        "printf '%s\\0' \"$@\" > \"$out/args.tmp\" && mv \"$out/args.tmp\" \"$out/args\"\n"
                        "printf '%s\\0' \"$KUBECONFIG\" \"$PATH\" > \"$out/env.tmp\" && mv \"$out/env.tmp\" \"$out/env\"\n"
                        "shift\n"
                        "exec \"$@\"\n"));
    // The "user's shell": proves it got a readable kubeconfig, then ends the session.
    QVERIFY(writeScript(bin.path(), QStringLiteral("fake-shell"),
                        "out='" + outDir + "'\n"
                        "if test -r \"$KUBECONFIG\"; then cp \"$KUBECONFIG\" \"$out/seen.tmp\"; fi\n"
                        "mv \"$out/seen.tmp\" \"$out/seen\"\n"));
    const QString path = bin.path() + QStringLiteral(":/usr/bin:/bin");
    // The fake terminal named, as a user names theirs: /usr/bin may hold a real one
    // (x-terminal-emulator comes before xterm in autodetection).
    QProcessEnvironment env = environmentWithPath(path, QDir(bin.path()).filePath(QStringLiteral("xterm")));
    env.insert(QStringLiteral("SHELL"), QDir(bin.path()).filePath(QStringLiteral("fake-shell")));
    TerminalLauncher launcher(env);

    ConnectSession session;
    QString error;
    QVERIFY2(session.write("apiVersion: v1\nkind: Config\ncurrent-context: prod\n", &error), qPrintable(error));
    LaunchCommand command;
    QVERIFY2(launcher.build(SessionKind::Shell, session.kubeconfigPath(), QStringLiteral("Fleetscope: prod"), &command,
                            &error),
             qPrintable(error));
    qint64 pid = 0;
    QVERIFY2(TerminalLauncher::startDetached(command, &pid, &error), qPrintable(error));
    QVERIFY(pid > 0);

    const QString argsFile = QDir(out.path()).filePath(QStringLiteral("args"));
    const QString envFile = QDir(out.path()).filePath(QStringLiteral("env"));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(argsFile) && QFileInfo::exists(envFile), launchDeadlineMs);
    QFile args(argsFile);
    QVERIFY(args.open(QIODevice::ReadOnly));
    const QStringList received = nulSeparated(args.readAll());
    QVERIFY2(received.size() == 7, qPrintable(received.join(u' ')));
    QCOMPARE(received.at(0), QStringLiteral("-e"));
    QCOMPARE(received.at(1), QStringLiteral("/bin/sh"));
    QCOMPARE(received.at(2), QStringLiteral("-c"));
    QCOMPARE(received.at(4), QStringLiteral("fleetscope-connect"));
    QCOMPARE(received.at(5), session.kubeconfigPath());
    QCOMPARE(received.at(6), env.value(QStringLiteral("SHELL")));
    QFile environment(envFile);
    QVERIFY(environment.open(QIODevice::ReadOnly));
    QCOMPARE(nulSeparated(environment.readAll()), (QStringList{session.kubeconfigPath(), path}));

    // The shell saw the kubeconfig; when it ended, the wrapper removed the file and its directory.
    const QString seen = QDir(out.path()).filePath(QStringLiteral("seen"));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(seen), launchDeadlineMs);
    QFile seenFile(seen);
    QVERIFY(seenFile.open(QIODevice::ReadOnly));
    QVERIFY(seenFile.readAll().contains("current-context: prod"));
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(session.kubeconfigPath()), launchDeadlineMs);
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(session.directory()), launchDeadlineMs);
}

void TestTerminalLauncher::kubectlSessionListsThenShell()
{
    QTemporaryDir bin;
    QTemporaryDir out;
    QVERIFY(bin.isValid() && out.isValid());
    const QByteArray outDir = QFile::encodeName(out.path());
    QVERIFY(writeScript(bin.path(), QStringLiteral("konsole"), "shift\nexec \"$@\"\n"));
    QVERIFY(writeScript(bin.path(), QStringLiteral("kubectl"),
                        "printf '%s|%s\\n' \"$KUBECONFIG\" \"$*\" >> '" + outDir + "/kubectl'\n"));
    QVERIFY(writeScript(bin.path(), QStringLiteral("fake-shell"), "touch '" + outDir + "/shell'\n"));
    QProcessEnvironment env =
        environmentWithPath(bin.path() + QStringLiteral(":/usr/bin:/bin"), QDir(bin.path()).filePath(QStringLiteral("konsole")));
    env.insert(QStringLiteral("SHELL"), QDir(bin.path()).filePath(QStringLiteral("fake-shell")));
    TerminalLauncher launcher(env);

    ConnectSession session;
    QString error;
    QVERIFY(session.write("apiVersion: v1\nkind: Config\n", &error));
    LaunchCommand command;
    QVERIFY2(launcher.build(SessionKind::Kubectl, session.kubeconfigPath(), QString(), &command, &error),
             qPrintable(error));
    QCOMPARE(command.program, QDir(bin.path()).filePath(QStringLiteral("konsole")));
    QVERIFY2(TerminalLauncher::startDetached(command, nullptr, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(QDir(out.path()).filePath(QStringLiteral("shell"))), launchDeadlineMs);
    QFile calls(QDir(out.path()).filePath(QStringLiteral("kubectl")));
    QVERIFY(calls.open(QIODevice::ReadOnly));
    const QString expected = session.kubeconfigPath() + QStringLiteral("|config get-contexts\n") + session.kubeconfigPath()
        + QStringLiteral("|get nodes -o wide\n");
    QCOMPARE(QString::fromUtf8(calls.readAll()), expected);
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(session.kubeconfigPath()), launchDeadlineMs);
}

QTEST_GUILESS_MAIN(TestTerminalLauncher)
#include "tst_terminallauncher.moc"
