// The one -o/--output parser every command shares: the formats a command
// prints, -o custom-columns=HEADER:FIELD,... over its declared columns, and the
// usage errors (exit 2) that name what is valid.

#include "commandparser.h"
#include "outputoptions.h"

#include <QTest>

#include <cstdio>

using namespace fleetscope;

namespace {

const QList<PrintColumn> columns{
    {QStringLiteral("hub"), QStringLiteral("HUB")},
    {QStringLiteral("namespace"), QStringLiteral("NAMESPACE"), 0, {QStringLiteral("ns")}},
    {QStringLiteral("name"), QStringLiteral("NAME")},
    {QStringLiteral("age"), QStringLiteral("AGE"), 1},
};

const QStringList formats{"table", "wide", "name", "json", "yaml", "csv"};

QString readAll(FILE *file)
{
    std::fflush(file);
    const long size = std::ftell(file);
    QByteArray bytes(size, '\0');
    std::rewind(file);
    bytes.truncate(qsizetype(std::fread(bytes.data(), 1, size_t(size), file)));
    return QString::fromUtf8(bytes);
}

} // namespace

class TestOutputOptions final : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void readsTheCommandLine_data();
    void readsTheCommandLine();
    void describesFormatsAndFields();
};

void TestOutputOptions::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("withColumns");
    QTest::addColumn<QString>("format");   // empty when an error is expected
    QTest::addColumn<QString>("headers");  // HEADER=column,... of the custom columns
    QTest::addColumn<QString>("error");

    for (const QString &f : formats)
        QTest::addRow("format %s", qPrintable(f)) << f << true << f << QString() << QString();
    QTest::newRow("one custom column") << "custom-columns=NAME:name" << true << "custom-columns" << "NAME=2" << QString();
    QTest::newRow("several, their order")
        << "custom-columns=WHERE:hub,N:name,AGE:age" << true << "custom-columns" << "WHERE=0,N=2,AGE=3" << QString();
    QTest::newRow("alias and any case") << "custom-columns=NS:NS,H:Hub" << true << "custom-columns" << "NS=1,H=0" << QString();
    QTest::newRow("header with spaces") << "custom-columns=MY HUB:hub" << true << "custom-columns" << "MY HUB=0" << QString();
    QTest::newRow("the same field twice") << "custom-columns=A:name,B:name" << true << "custom-columns" << "A=2,B=2" << QString();

    QTest::newRow("unknown format")
        << "html5" << true << QString() << QString()
        << R"(unknown value "html5" (expected one of: table, wide, name, json, yaml, csv, custom-columns=HEADER:FIELD,...))";
    QTest::newRow("near a format")
        << "jsn" << true << QString() << QString()
        << R"(unknown value "jsn" (expected one of: table, wide, name, json, yaml, csv, custom-columns=HEADER:FIELD,...); did you mean "json"?)";
    QTest::newRow("empty") << "" << true << QString() << QString()
                           << R"(unknown value "" (expected one of: table, wide, name, json, yaml, csv, custom-columns=HEADER:FIELD,...))";
    QTest::newRow("close to yaml") << "xml" << true << QString() << QString()
                                   << R"(unknown value "xml" (expected one of: table, wide, name, json, yaml, csv, custom-columns=HEADER:FIELD,...); did you mean "yaml"?)";
    QTest::newRow("no table, no custom columns")
        << "custom-columns=N:name" << false << QString() << QString()
        << R"(unknown value "custom-columns=N:name" (expected one of: table, wide, name, json, yaml, csv))";
    QTest::newRow("custom-columns without a spec")
        << "custom-columns" << true << QString() << QString()
        << "custom-columns needs at least one HEADER:FIELD (custom-columns=HEADER:FIELD,...)";
    QTest::newRow("custom-columns= empty")
        << "custom-columns=" << true << QString() << QString()
        << "custom-columns needs at least one HEADER:FIELD (custom-columns=HEADER:FIELD,...)";
    QTest::newRow("no colon") << "custom-columns=NAME" << true << QString() << QString()
                              << R"(custom-columns: expected HEADER:FIELD, got "NAME")";
    QTest::newRow("empty header") << "custom-columns=:name" << true << QString() << QString()
                                  << R"(custom-columns: expected HEADER:FIELD, got ":name")";
    QTest::newRow("empty field") << "custom-columns=NAME:" << true << QString() << QString()
                                 << R"(custom-columns: expected HEADER:FIELD, got "NAME:")";
    QTest::newRow("trailing comma") << "custom-columns=NAME:name," << true << QString() << QString()
                                    << R"(custom-columns: expected HEADER:FIELD, got "")";
    QTest::newRow("two colons") << "custom-columns=A:b:c" << true << QString() << QString()
                                << R"(custom-columns: expected HEADER:FIELD, got "A:b:c")";
    QTest::newRow("unknown field")
        << "custom-columns=IP:ip" << true << QString() << QString()
        << R"(custom-columns: unknown field "ip" (fields: hub, namespace, name, age))";
    QTest::newRow("near a field")
        << "custom-columns=N:nmae" << true << QString() << QString()
        << R"(custom-columns: unknown field "nmae" (fields: hub, namespace, name, age); did you mean "name"?)";
    QTest::newRow("kubectl's JSONPath is not a field")
        << "custom-columns=N:.metadata.name" << true << QString() << QString()
        << R"(custom-columns: unknown field ".metadata.name" (fields: hub, namespace, name, age))";
}

void TestOutputOptions::parses()
{
    QFETCH(QString, text);
    QFETCH(bool, withColumns);
    QFETCH(QString, format);
    QFETCH(QString, headers);
    QFETCH(QString, error);
    QString parsedFormat;
    QList<CustomColumn> custom;
    QString parsedError;
    const bool ok = OutputOptions::parse(text, formats, TablePrinter(withColumns ? columns : QList<PrintColumn>{}),
                                         &parsedFormat, &custom, &parsedError);
    QCOMPARE(parsedError, error);
    QCOMPARE(ok, error.isEmpty());
    if (!ok)
        return;
    QCOMPARE(parsedFormat, format);
    QStringList picked;
    for (const CustomColumn &c : std::as_const(custom))
        picked << QStringLiteral("%1=%2").arg(c.header).arg(c.column);
    QCOMPARE(picked.join(u','), headers);
}

void TestOutputOptions::readsTheCommandLine_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode"); // -1: parsed, the table below is printed
    QTest::addColumn<QString>("output");

    QTest::newRow("default") << QStringList{} << -1 << "HUB   NAMESPACE   NAME\nh     n           a\n";
    QTest::newRow("wide") << QStringList{"-o", "wide"} << -1 << "HUB   NAMESPACE   NAME   AGE\nh     n           a      1d\n";
    QTest::newRow("no headers") << QStringList{"--no-headers"} << -1 << "h   n   a\n";
    QTest::newRow("csv without headers") << QStringList{"-o", "csv", "--no-headers"} << -1 << "h,n,a,1d\n";
    QTest::newRow("custom columns")
        << QStringList{"-o", "custom-columns=CLUSTER:name,AGE:age"} << -1 << "CLUSTER   AGE\na         1d\n";
    QTest::newRow("custom columns, --output=") << QStringList{"--output=custom-columns=N:name", "--no-headers"} << -1 << "a\n";
    QTest::newRow("unknown format") << QStringList{"-o", "xml"} << 2
                                    << "error: -o/--output: unknown value \"xml\" (expected one of: table, wide, name, json, "
                                       "yaml, csv, custom-columns=HEADER:FIELD,...); did you mean \"yaml\"? (see \"fleetscope test --help\")\n";
    QTest::newRow("unknown field") << QStringList{"-o", "custom-columns=X:x"} << 2
                                   << "error: -o/--output: custom-columns: unknown field \"x\" (fields: hub, namespace, "
                                      "name, age) (see \"fleetscope test --help\")\n";
}

void TestOutputOptions::readsTheCommandLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, output);
    FILE *errors = std::tmpfile();
    CommandParser cli(QStringLiteral("fleetscope test"), errors);
    OutputOptions options(QStringLiteral("table"), formats, columns);
    options.describe(&cli);
    QVERIFY(cli.parse(QStringList{QStringLiteral("fleetscope test")} + arguments));
    const bool ok = options.read(&cli);
    const QString stderrText = readAll(errors);
    std::fclose(errors);
    if (exitCode >= 0) {
        QVERIFY(!ok);
        QCOMPARE(cli.exitCode(), exitCode);
        QCOMPARE(stderrText, output);
        return;
    }
    QVERIFY2(ok, qPrintable(stderrText));
    QVERIFY(options.isTable());
    QCOMPARE(QString::fromUtf8(options.table().render({{"h", "n", "a", "1d"}})), output);
}

void TestOutputOptions::describesFormatsAndFields()
{
    CommandParser cli(QStringLiteral("fleetscope test"));
    OutputOptions table(QStringLiteral("table"), {QStringLiteral("table"), QStringLiteral("json")}, columns);
    table.describe(&cli);
    const QString help = cli.helpText().simplified();
    QVERIFY2(help.contains(QLatin1String("Output format: table or json. Or custom-columns=HEADER:FIELD,..., like "
                                         "kubectl's, with FIELD one of: hub, namespace, name, age.")),
             qPrintable(help));
    QVERIFY2(help.contains(QLatin1String("--no-headers")), qPrintable(help));

    CommandParser get(QStringLiteral("fleetscope get"));
    OutputOptions objects(QStringLiteral("table"), {QStringLiteral("wide"), QStringLiteral("name")});
    objects.describe(&get);
    const QString getHelp = get.helpText().simplified();
    QVERIFY2(getHelp.contains(QLatin1String("Output format: wide or name (default: a table).")), qPrintable(getHelp));
    QVERIFY2(!getHelp.contains(QLatin1String("--no-headers")), qPrintable(getHelp));
}

QTEST_GUILESS_MAIN(TestOutputOptions)
#include "tst_outputoptions.moc"
