// The `fleetscope` executable's command-line contract: usage errors are one
// `error:` line and exit code 2 before any window exists; runtime failures exit 1.

#include "fleetscope_version.h"
#include "testsupport.h"

#include <QTest>

using namespace fleetscope::testing;

namespace {

// No display of any kind: a mistake that reached QApplication would abort or
// say "cannot open a window" instead of the expected usage error.
const QStringList headless = {QStringLiteral("DISPLAY="), QStringLiteral("WAYLAND_DISPLAY="),
                              QStringLiteral("QT_QPA_PLATFORM=")};

ProcessResult runFleetscope(const QStringList &arguments, const QStringList &environment = headless)
{
    return runProcess(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")), arguments, environment);
}

QList<QByteArray> lines(const QByteArray &text)
{
    QList<QByteArray> result = text.split('\n');
    if (!result.isEmpty() && result.last().isEmpty())
        result.removeLast();
    return result;
}

} // namespace

class TestFleetscopeCli final : public QObject
{
    Q_OBJECT

private slots:
    void printsVersionWithoutDisplay();
    void printsHelp();
    void helpNamesTheCommandsFirst();
    void helpSubcommandPrintsWhatHelpPrints_data();
    void helpSubcommandPrintsWhatHelpPrints();
    void rejectsBadCommandLines_data();
    void rejectsBadCommandLines();
    void reportsFilterMistakeWithCaret();
    void guiWithoutDisplayExitsWithOneLine_data();
    void guiWithoutDisplayExitsWithOneLine();
    void runtimeFailureIsExitOne();
    void commandLineLoadsNoGuiLibrary();
};

void TestFleetscopeCli::printsVersionWithoutDisplay()
{
    // No platform plugin at all: --version must not need one.
    const ProcessResult r = runFleetscope({QStringLiteral("--version")},
                                          {QStringLiteral("QT_QPA_PLATFORM=none-such"), QStringLiteral("DISPLAY=")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed(), QByteArray("fleetscope " FLEETSCOPE_VERSION));
}

void TestFleetscopeCli::printsHelp()
{
    const ProcessResult r = runFleetscope({QStringLiteral("--help")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith("Usage: fleetscope [options]"), r.out.constData());
    QVERIFY2(r.out.contains("--version"), r.out.constData());
    // The subcommands and the exit codes are part of the help (and so of the man page).
    QVERIFY2(r.out.contains("  list "), r.out.constData());
    QVERIFY2(r.out.contains("  connect "), r.out.constData());
    QVERIFY2(r.out.contains("Exit status:\n  0  success\n  1  "), r.out.constData());
    QVERIFY2(r.out.contains("\n  2  a usage error"), r.out.constData());
    QVERIFY(r.err.isEmpty());
}

void TestFleetscopeCli::helpNamesTheCommandsFirst()
{
    // As kubectl's help reads: the commands, then the options; options that exist
    // for the project's tests and screenshots are not the user's.
    const ProcessResult r = runFleetscope({QStringLiteral("--help")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    const qsizetype commands = r.out.indexOf("\nCommands:\n");
    const qsizetype options = r.out.indexOf("\nOptions:\n");
    QVERIFY2(commands > 0 && options > commands, r.out.constData());
    QVERIFY2(r.out.left(options).contains("  list "), r.out.constData());
    for (const char *hidden : {"--screenshot", "--select-row", "--check-access", "--run "})
        QVERIFY2(!r.out.contains(hidden), hidden);
    QVERIFY2(r.out.contains("--demo"), r.out.constData());
}

void TestFleetscopeCli::helpSubcommandPrintsWhatHelpPrints_data()
{
    QTest::addColumn<QStringList>("help");
    QTest::addColumn<QStringList>("dashHelp");
    QTest::addColumn<QByteArray>("usage");
    QTest::newRow("fleetscope") << QStringList{QStringLiteral("help")} << QStringList{QStringLiteral("--help")}
                                << QByteArray("Usage: fleetscope [options]");
    QTest::newRow("list") << QStringList{QStringLiteral("help"), QStringLiteral("list")}
                          << QStringList{QStringLiteral("list"), QStringLiteral("--help")}
                          << QByteArray("Usage: fleetscope list [options]");
    QTest::newRow("connect") << QStringList{QStringLiteral("help"), QStringLiteral("connect")}
                             << QStringList{QStringLiteral("connect"), QStringLiteral("-h")}
                             << QByteArray("Usage: fleetscope connect [options] HUB/NAMESPACE/NAME");
}

void TestFleetscopeCli::helpSubcommandPrintsWhatHelpPrints()
{
    QFETCH(QStringList, help);
    QFETCH(QStringList, dashHelp);
    QFETCH(QByteArray, usage);
    const ProcessResult viaHelp = runFleetscope(help);
    const ProcessResult viaOption = runFleetscope(dashHelp);
    QVERIFY(viaHelp.finished && viaOption.finished);
    QCOMPARE(viaHelp.exitCode, 0);
    QCOMPARE(viaOption.exitCode, 0);
    QVERIFY2(viaHelp.out.startsWith(usage), viaHelp.out.constData());
    QCOMPARE(viaHelp.out, viaOption.out);
    QVERIFY(viaHelp.err.isEmpty());
}

void TestFleetscopeCli::rejectsBadCommandLines_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message"); // the whole error line, less the "(see …)" hint

    const auto row = [](const char *name, const QStringList &arguments, const QString &message) {
        QTest::newRow(name) << arguments << message;
    };
    // A word that is not a command never starts the GUI.
    row("typo of list", {"lst"}, R"(unknown command "lst" for "fleetscope". Did you mean "list"?)");
    row("typo of connect", {"conect", "a/b/c"}, R"(unknown command "conect" for "fleetscope". Did you mean "connect"?)");
    row("swapped letters", {"lsit"}, R"(unknown command "lsit" for "fleetscope". Did you mean "list"?)");
    row("unknown command", {"frobnicate"}, R"(unknown command "frobnicate" for "fleetscope")");
    row("help of a typo", {"help", "lst"}, R"(unknown command "lst" for "fleetscope". Did you mean "list"?)");

    // The dashboard's own options.
    row("gui unknown option", {"--bogus"}, R"(unknown option "--bogus" for "fleetscope")");
    row("gui typo'd option", {"--contxt", "hub"}, R"(unknown option "--contxt" for "fleetscope"; did you mean "--context"?)");
    row("gui unknown short option", {"-x"}, R"(unknown option "-x" for "fleetscope")");
    row("gui missing value", {"--context"}, R"(option "--context" needs a value (name))");
    row("gui flag with value", {"--demo=yes"}, R"(option "--demo" takes no value)");
    row("gui stray argument", {"--demo", "extra"}, R"(unexpected argument "extra" for "fleetscope" (it takes options only))");
    row("gui malformed geometry", {"--geometry", "big"}, R"(--geometry: expected WIDTHxHEIGHT from 200x150 to 16384x16384, got "big")");
    row("gui unknown palette", {"--palette", "blue"}, R"(--palette: unknown value "blue" (expected one of: dark, light))");
    row("gui malformed row", {"--screenshot", "/tmp/x.png", "--select-row", "abc"},
        R"(--select-row: expected a whole number of row from 0 to 2147483647, got "abc")");
    row("gui row without screenshot", {"--select-row", "3"}, R"(--select-row needs --screenshot)");
    row("gui malformed hours", {"--fleet-health", "--history-hours", "soon"},
        R"(--history-hours: expected a number of hours from 0.01 to 8784, got "soon")");
    row("gui conflicting hubs", {"--demo", "--context", "hub"}, R"(--demo and --context cannot be used together)");
    row("gui context and all", {"--all-contexts", "--context", "hub"}, R"(--context and --all-contexts cannot be used together)");
    row("gui malformed timeline", {"--timeline", "prod-eu-1"}, R"(--timeline: expected HUB/NAMESPACE/NAME, got "prod-eu-1")");
    // -v is kubectl's verbosity (--version has no short form).
    row("verbosity without level", {"-v"}, R"(option "-v" needs a value (level))");
    row("verbosity out of range", {"-v", "11"}, R"(-v/--verbosity: expected a whole number of level from 0 to 10, got "11")");
    row("list verbosity malformed", {"list", "--verbosity=loud"},
        R"(-v/--verbosity: expected a whole number of level from 0 to 10, got "loud")");

    // list
    row("list unknown option", {"list", "--bogus"}, R"(unknown option "--bogus" for "fleetscope list")");
    row("list typo'd option", {"list", "--fitler", "x"}, R"(unknown option "--fitler" for "fleetscope list"; did you mean "--filter"?)");
    row("list missing value", {"list", "--context"}, R"(option "--context" needs a value (name))");
    row("list missing output", {"list", "-o"}, R"(option "-o" needs a value (format))");
    row("list malformed number", {"list", "--observe-for", "abc"},
        R"(--observe-for: expected a whole number of seconds from 0 to 604800, got "abc")");
    row("list negative timeout", {"list", "--timeout", "-1"},
        R"(--timeout: expected a whole number of seconds from 0 to 604800, got "-1")");
    row("list unknown format", {"list", "-o", "xml"},
        R"(-o/--output: unknown value "xml" (expected one of: table, wide, name, json, yaml, csv, custom-columns=HEADER:FIELD,...))");
    row("list near format", {"list", "--output=jsn"},
        R"(-o/--output: unknown value "jsn" (expected one of: table, wide, name, json, yaml, csv, custom-columns=HEADER:FIELD,...); did you mean "json"?)");
    // The list of fields goes on with every column of the table (tst_fleetfields).
    row("list custom columns unknown field", {"list", "-o", "custom-columns=NAME:cluster"},
        R"(-o/--output: custom-columns: unknown field "cluster" (fields: hub, namespace, name, clusterset, manager, version, health, displayName,)");
    row("list custom columns malformed", {"list", "-o", "custom-columns=NAME"},
        R"(-o/--output: custom-columns: expected HEADER:FIELD, got "NAME")");
    row("list no-headers takes no value", {"list", "--no-headers=yes"}, R"(option "--no-headers" takes no value)");
    row("list stray argument", {"list", "hub-eu"}, R"(unexpected argument "hub-eu" for "fleetscope list" (it takes options only))");
    row("list conflicting", {"list", "--context", "a", "--all-contexts"}, R"(--context and --all-contexts cannot be used together)");

    // connect
    row("connect unknown option", {"connect", "--bogus", "a/b/c"}, R"(unknown option "--bogus" for "fleetscope connect")");
    row("connect missing value", {"connect", "a/b/c", "--provider-file"}, R"(option "--provider-file" needs a value (file))");
    row("connect malformed number", {"connect", "--timeout", "ten", "a/b/c"},
        R"(--timeout: expected a whole number of seconds from 0 to 604800, got "ten")");
    row("connect no target", {"connect"}, R"(name a ClusterProfile as HUB/NAMESPACE/NAME)");
    row("connect bad target", {"connect", "hub/name"}, R"("hub/name" is not HUB/NAMESPACE/NAME)");
    row("connect conflicting", {"connect", "--print-kubeconfig", "a/b/c", "--", "kubectl"},
        R"(--print-kubeconfig and a COMMAND cannot be used together)");

    // doctor, exec, kubeconfig: the shared member options, then their own
    row("doctor bad parallel", {"doctor", "--parallel", "0"}, R"(--parallel: expected a whole number of members from 1 to 1024, got "0")");
    row("doctor zero timeout", {"doctor", "--timeout", "0"}, R"(--timeout: expected a whole number of seconds from 1 to 604800, got "0")");
    row("doctor unknown format", {"doctor", "-o", "yaml"}, R"(-o/--output: unknown value "yaml" (expected one of: table, json, custom-columns=HEADER:FIELD,...))");
    row("doctor bad target", {"doctor", "hub/name"}, R"("hub/name" is not HUB/NAMESPACE/NAME)");
    row("doctor filter and target", {"doctor", "--filter", "name=a", "h/n/a"},
        R"(--filter and HUB/NAMESPACE/NAME targets cannot be used together)");
    row("doctor conflicting", {"doctor", "--context", "a", "--all-contexts"}, R"(--context and --all-contexts cannot be used together)");
    row("exec no command", {"exec", "h/n/a"}, R"(give the command after "--")");
    row("exec no targets", {"exec", "--", "true"}, R"(name members as HUB/NAMESPACE/NAME, select them with --filter, or pass --all)");
    row("exec all and targets", {"exec", "--all", "h/n/a", "--", "true"}, R"(--all and targets (HUB/NAMESPACE/NAME or --filter) cannot be used together)");
    row("exec unknown format", {"exec", "-o", "table", "h/n/a", "--", "true"}, R"(-o/--output: unknown value "table" (expected one of: prefixed, json))");
    row("exec has no table", {"exec", "-o", "custom-columns=A:cluster", "h/n/a", "--", "true"},
        R"(-o/--output: unknown value "custom-columns=A:cluster" (expected one of: prefixed, json))");
    row("exec has no --no-headers", {"exec", "--no-headers", "h/n/a", "--", "true"}, R"(unknown option "--no-headers" for "fleetscope exec")");
    row("hubs custom columns empty", {"hubs", "-o", "custom-columns="},
        R"(-o/--output: custom-columns needs at least one HEADER:FIELD (custom-columns=HEADER:FIELD,...))");
    row("get custom columns malformed", {"get", "pods", "-o", "custom-columns=NAME"},
        R"(-o/--output: custom-columns: expected HEADER:FIELD, got "NAME")");
    row("kubeconfig missing value", {"kubeconfig", "-o"}, R"(option "-o" needs a value (file))");
    row("kubeconfig bad target", {"kubeconfig", "x"}, R"("x" is not HUB/NAMESPACE/NAME)");
    row("gui run without screenshot", {"--run", "true"}, R"(--check-access and --run need --screenshot)");
}

void TestFleetscopeCli::rejectsBadCommandLines()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const ProcessResult r = runFleetscope(arguments);
    QVERIFY(r.finished);
    const QList<QByteArray> errorLines = lines(r.err);
    QVERIFY2(errorLines.size() == 1, r.err.constData());
    QCOMPARE(r.exitCode, 2);
    const QByteArray line = errorLines.first();
    QVERIFY2(line.startsWith("error: " + message.toUtf8()), line.constData());
    // Every message points at the help of the mode it is about.
    QVERIFY2(line.endsWith("--help\")"), line.constData());
    QVERIFY2(r.out.isEmpty(), r.out.constData());
}

void TestFleetscopeCli::reportsFilterMistakeWithCaret()
{
    const ProcessResult r = runFleetscope({QStringLiteral("list"), QStringLiteral("--filter"), QStringLiteral("version>=")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 2);
    const QList<QByteArray> errorLines = lines(r.err);
    QCOMPARE(errorLines.size(), 3);
    QVERIFY2(errorLines[0].startsWith("error: --filter: "), r.err.constData());
    QCOMPARE(errorLines[1], QByteArray("  version>="));
    QCOMPARE(errorLines[2], QByteArray("           ^"));
    QVERIFY(r.out.isEmpty());
}

void TestFleetscopeCli::guiWithoutDisplayExitsWithOneLine_data()
{
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<QByteArray>("reason");
    QTest::newRow("nothing set") << headless << QByteArray("no display (DISPLAY / WAYLAND_DISPLAY unset)");
    QTest::newRow("xcb without DISPLAY") << QStringList{QStringLiteral("QT_QPA_PLATFORM=xcb"), QStringLiteral("DISPLAY="),
                                                        QStringLiteral("WAYLAND_DISPLAY=")}
                                         << QByteArray("no display (DISPLAY / WAYLAND_DISPLAY unset)");
    // An X display that nobody serves: Qt's own reason, not its abort.
    QTest::newRow("unreachable display") << QStringList{QStringLiteral("QT_QPA_PLATFORM=xcb"),
                                                        QStringLiteral("DISPLAY=:4711"), QStringLiteral("WAYLAND_DISPLAY=")}
                                         << QByteArray("could not connect to display :4711");
    QTest::newRow("unknown platform") << QStringList{QStringLiteral("QT_QPA_PLATFORM=none-such"), QStringLiteral("DISPLAY=")}
                                      << QByteArray("none-such");
}

void TestFleetscopeCli::guiWithoutDisplayExitsWithOneLine()
{
    QFETCH(QStringList, environment);
    QFETCH(QByteArray, reason);
    // A kubeconfig that does not exist: the window would say so, but must not get that far.
    const ProcessResult r = runFleetscope({QStringLiteral("--kubeconfig"), QStringLiteral("/nonexistent/kubeconfig")},
                                          environment);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    const QList<QByteArray> errorLines = lines(r.err);
    QVERIFY2(errorLines.size() == 1, r.err.constData());
    QVERIFY2(errorLines.first().startsWith("error: cannot open a window: "), r.err.constData());
    QVERIFY2(errorLines.first().contains(reason), r.err.constData());
    QVERIFY2(errorLines.first().endsWith("; use \"fleetscope list\" on a terminal"), r.err.constData());
}

void TestFleetscopeCli::runtimeFailureIsExitOne()
{
    // A well-formed command line whose kubeconfig cannot be read: a runtime failure.
    const ProcessResult r = runFleetscope({QStringLiteral("list"), QStringLiteral("--kubeconfig"),
                                           QStringLiteral("/nonexistent/kubeconfig")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith("error: "), r.err.constData());
    QVERIFY2(r.err.contains("/nonexistent/kubeconfig"), r.err.constData());
    QVERIFY2(r.out.isEmpty(), r.out.constData());
}

void TestFleetscopeCli::commandLineLoadsNoGuiLibrary()
{
    // `fleetscope list` pays for every library the executable loads, at each start;
    // the GUI's (QtWidgets, QtGui, X11, OpenGL, fonts...) are fleetscope-dashboard's.
    const ProcessResult r = runProcess(QStringLiteral("ldd"), {builtExecutable(QStringLiteral("app/fleetscope/fleetscope"))});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("libQt6Core.so"), r.out.constData());
    for (const char *gui : {"libQt6Gui.so", "libQt6Widgets.so", "libQt6Charts.so", "libX11.so", "libGL", "libfontconfig.so"})
        QVERIFY2(!r.out.contains(gui), qPrintable(QStringLiteral("%1 is loaded by fleetscope:\n%2").arg(QLatin1String(gui), QString::fromLocal8Bit(r.out))));
}

QTEST_GUILESS_MAIN(TestFleetscopeCli)
#include "tst_fleetscopecli.moc"
