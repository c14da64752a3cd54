// CommandParser and closestSpelling: the shared command-line contract below the
// executable (tst_fleetscopecli checks it through the real binary).

#include "commandparser.h"
#include "spellingsuggestion.h"

#include <QTest>

#include <cstdio>

using fleetscope::CommandParser;

namespace {

// Everything written to a FILE *, read back after the call.
class CapturedStream
{
public:
    CapturedStream() : m_file(std::tmpfile()) {}
    ~CapturedStream() { std::fclose(m_file); }
    FILE *file() const { return m_file; }
    QByteArray text() const
    {
        std::fflush(m_file);
        const long size = std::ftell(m_file);
        QByteArray bytes(size, '\0');
        std::rewind(m_file);
        const size_t read = std::fread(bytes.data(), 1, size_t(size), m_file);
        bytes.truncate(qsizetype(read));
        return bytes;
    }

private:
    FILE *m_file;
};

} // namespace

class TestCommandParser final : public QObject
{
    Q_OBJECT

private slots:
    void suggestsClosestSpelling_data();
    void suggestsClosestSpelling();
    void countsEdits_data();
    void countsEdits();
    void readsWholeNumbers_data();
    void readsWholeNumbers();
    void usesDefaultsWhenUnset();
    void helpWinsAndExitsZero();
    void helpListsSectionsAndExitCodes();
};

void TestCommandParser::suggestsClosestSpelling_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("candidates");
    QTest::addColumn<QString>("expected");
    const QStringList commands{"list", "connect", "help"};
    QTest::newRow("one missing letter") << "lst" << commands << "list";
    QTest::newRow("swapped neighbours") << "lsit" << commands << "list";
    QTest::newRow("two edits") << "conect" << commands << "connect";
    QTest::newRow("upper case") << "LIST" << commands << "list";
    QTest::newRow("unique prefix") << "conn" << commands << "connect";
    QTest::newRow("far away") << "frobnicate" << commands << QString();
    QTest::newRow("exact match needs no suggestion") << "list" << commands << QString();
    QTest::newRow("two letters allow one edit") << "lx" << QStringList{"ls", "lsx"} << "ls";
    QTest::newRow("one letter is no word") << "q" << commands << QString();
    QTest::newRow("empty") << "" << commands << QString();
    QTest::newRow("closest of several") << "--contxt" << QStringList{"--context", "--all-contexts", "-o"} << "--context";
    QTest::newRow("ambiguous prefix") << "--co" << QStringList{"--context", "--connect"} << QString();
}

void TestCommandParser::suggestsClosestSpelling()
{
    QFETCH(QString, typed);
    QFETCH(QStringList, candidates);
    QFETCH(QString, expected);
    QCOMPARE(fleetscope::closestSpelling(typed, candidates), expected);
}

void TestCommandParser::countsEdits_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("distance");
    QTest::newRow("same") << "list" << "list" << 0;
    QTest::newRow("insert") << "lst" << "list" << 1;
    QTest::newRow("substitute") << "lisk" << "list" << 1;
    QTest::newRow("transpose") << "lsit" << "list" << 1;
    QTest::newRow("empty") << "" << "abc" << 3;
    QTest::newRow("unrelated") << "abc" << "xyz" << 3;
}

void TestCommandParser::countsEdits()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, distance);
    QCOMPARE(fleetscope::editDistance(a, b), distance);
    QCOMPARE(fleetscope::editDistance(b, a), distance);
}

void TestCommandParser::readsWholeNumbers_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<int>("value");
    QTest::newRow("zero") << "0" << true << 0;
    QTest::newRow("upper bound") << "100" << true << 100;
    QTest::newRow("surrounding space") << " 7 " << true << 7;
    QTest::newRow("over") << "101" << false << 0;
    QTest::newRow("negative") << "-1" << false << 0;
    QTest::newRow("letters") << "abc" << false << 0;
    QTest::newRow("fraction") << "1.5" << false << 0;
    QTest::newRow("empty") << "" << false << 0;
    QTest::newRow("beyond int") << "99999999999999999999" << false << 0;
}

void TestCommandParser::readsWholeNumbers()
{
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    QFETCH(int, value);
    CapturedStream errors;
    CommandParser cli(QStringLiteral("fleetscope test"), errors.file());
    const QCommandLineOption count(QStringLiteral("count"), QStringLiteral("How many."), QStringLiteral("items"));
    cli.addOption(count);
    QVERIFY(cli.parse({QStringLiteral("fleetscope"), QStringLiteral("--count"), text}));
    int read = -42;
    QCOMPARE(cli.intValue(count, 0, 100, &read), accepted);
    if (accepted) {
        QCOMPARE(read, value);
        QCOMPARE(cli.exitCode(), 0);
        QVERIFY(errors.text().isEmpty());
    } else {
        QCOMPARE(read, -42); // untouched
        QCOMPARE(cli.exitCode(), CommandParser::ExitUsage);
        QCOMPARE(errors.text(), QByteArray("error: --count: expected a whole number of items from 0 to 100, got \"")
                                    + text.toUtf8() + "\" (see \"fleetscope test --help\")\n");
    }
}

void TestCommandParser::usesDefaultsWhenUnset()
{
    CapturedStream errors;
    CommandParser cli(QStringLiteral("fleetscope test"), errors.file());
    const QCommandLineOption withDefault(QStringLiteral("timeout"), QStringLiteral("Seconds."), QStringLiteral("seconds"),
                                         QStringLiteral("60"));
    const QCommandLineOption withoutDefault(QStringLiteral("rows"), QStringLiteral("Rows."), QStringLiteral("rows"));
    cli.addOptions({withDefault, withoutDefault});
    QVERIFY(cli.parse({QStringLiteral("fleetscope")}));
    int timeout = 0;
    int rows = 0;
    QVERIFY(cli.intValue(withDefault, 0, 100, &timeout));
    QVERIFY(cli.intValue(withoutDefault, 0, 100, &rows, 9));
    QCOMPARE(timeout, 60);
    QCOMPARE(rows, 9);
    QVERIFY(errors.text().isEmpty());
}

void TestCommandParser::helpWinsAndExitsZero()
{
    CapturedStream errors;
    CapturedStream output;
    CommandParser cli(QStringLiteral("fleetscope test"), errors.file(), output.file());
    cli.addOption({QStringLiteral("count"), QStringLiteral("How many."), QStringLiteral("items")});
    QVERIFY(!cli.parse({QStringLiteral("fleetscope"), QStringLiteral("--count"), QStringLiteral("3"), QStringLiteral("--help")}));
    QCOMPARE(cli.exitCode(), CommandParser::ExitOk);
    QVERIFY(output.text().startsWith("Usage: fleetscope test [options]\n"));
    QVERIFY(errors.text().isEmpty());
}

void TestCommandParser::helpListsSectionsAndExitCodes()
{
    CommandParser cli(QStringLiteral("fleetscope test"));
    cli.setDescription(QStringLiteral("Tests things."));
    cli.addHelpSection(QStringLiteral("Notes:\n  one"));
    const QString help = cli.helpText();
    QVERIFY2(help.contains(QLatin1String("Tests things.")), qPrintable(help));
    QVERIFY2(help.contains(QLatin1String("-h, --help")), qPrintable(help));
    QVERIFY2(help.contains(QLatin1String("\nNotes:\n  one\n")), qPrintable(help));
    QVERIFY2(help.endsWith(QLatin1String("  2  a usage error: unknown command or option, missing or malformed value\n")),
             qPrintable(help));
}

QTEST_GUILESS_MAIN(TestCommandParser)
#include "tst_commandparser.moc"
