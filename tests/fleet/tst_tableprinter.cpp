// The one table renderer of the command line: kubectl's alignment, -o wide by
// column priority, custom columns, --no-headers, CSV quoting, and a watch's
// lines under the header of the table printed before them.

#include "fleet/output/tableprinter.h"

#include <QTest>

using namespace fleetscope;

namespace {

const QList<PrintColumn> columns{
    {QStringLiteral("name"), QStringLiteral("NAME")},
    {QStringLiteral("status"), QStringLiteral("STATUS")},
    {QStringLiteral("node"), QStringLiteral("NODE"), 1, {QStringLiteral("host")}},
    {QStringLiteral("age"), QStringLiteral("AGE")},
};

const QList<QStringList> rows{
    {QStringLiteral("a"), QStringLiteral("Running"), QStringLiteral("node-1"), QStringLiteral("5m")},
    {QStringLiteral("longer-name"), QStringLiteral("Pending"), QStringLiteral("n2"), QStringLiteral("12d")},
};

} // namespace

class TestTablePrinter final : public QObject
{
    Q_OBJECT

private slots:
    void renders_data();
    void renders();
    void csvQuotesWhatNeedsIt_data();
    void csvQuotesWhatNeedsIt();
    void findsFieldsByIdOrAlias_data();
    void findsFieldsByIdOrAlias();
    void watchLinesStayUnderTheHeader();
};

void TestTablePrinter::renders_data()
{
    QTest::addColumn<int>("style");
    QTest::addColumn<bool>("noHeaders");
    QTest::addColumn<QList<CustomColumn>>("custom");
    QTest::addColumn<QString>("expected");

    const int table = int(TablePrinter::Style::Table);
    const int wide = int(TablePrinter::Style::Wide);
    const int csv = int(TablePrinter::Style::Csv);
    QTest::newRow("table: priority 0 only, last column unpadded")
        << table << false << QList<CustomColumn>{}
        << "NAME          STATUS    AGE\n"
           "a             Running   5m\n"
           "longer-name   Pending   12d\n";
    QTest::newRow("wide adds the priority columns in place")
        << wide << false << QList<CustomColumn>{}
        << "NAME          STATUS    NODE     AGE\n"
           "a             Running   node-1   5m\n"
           "longer-name   Pending   n2       12d\n";
    QTest::newRow("no headers: widths from the rows alone")
        << table << true << QList<CustomColumn>{}
        << "a             Running   5m\n"
           "longer-name   Pending   12d\n";
    QTest::newRow("custom columns: their order, their headers, wide-only columns too")
        << table << false << QList<CustomColumn>{{QStringLiteral("WHERE"), 2}, {QStringLiteral("N"), 0}}
        << "WHERE    N\n"
           "node-1   a\n"
           "n2       longer-name\n";
    QTest::newRow("custom columns without headers")
        << table << true << QList<CustomColumn>{{QStringLiteral("AGE"), 3}}
        << "5m\n"
           "12d\n";
    QTest::newRow("a header wider than every cell sets the width")
        << table << false << QList<CustomColumn>{{QStringLiteral("A VERY LONG HEADER"), 3}, {QStringLiteral("N"), 0}}
        << "A VERY LONG HEADER   N\n"
           "5m                   a\n"
           "12d                  longer-name\n";
    QTest::newRow("csv: every column, priority or not")
        << csv << false << QList<CustomColumn>{}
        << "NAME,STATUS,NODE,AGE\n"
           "a,Running,node-1,5m\n"
           "longer-name,Pending,n2,12d\n";
    QTest::newRow("csv without headers")
        << csv << true << QList<CustomColumn>{}
        << "a,Running,node-1,5m\n"
           "longer-name,Pending,n2,12d\n";
}

void TestTablePrinter::renders()
{
    QFETCH(int, style);
    QFETCH(bool, noHeaders);
    QFETCH(QList<CustomColumn>, custom);
    QFETCH(QString, expected);
    TablePrinter printer(columns);
    printer.setStyle(TablePrinter::Style(style));
    printer.setNoHeaders(noHeaders);
    printer.setCustomColumns(custom);
    QCOMPARE(QString::fromUtf8(printer.render(rows)), expected);
    // The same through the cell callback that FleetPrinter uses.
    const QByteArray viaCells = printer.render(rows.size(), [](qsizetype row, int column) { return rows[row][column]; });
    QCOMPARE(QString::fromUtf8(viaCells), expected);
}

void TestTablePrinter::csvQuotesWhatNeedsIt_data()
{
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QString>("field");
    QTest::newRow("plain") << "prod" << "prod";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("comma") << "a,b" << "\"a,b\"";
    QTest::newRow("quote doubled") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "two\nlines" << "\"two\nlines\"";
    QTest::newRow("carriage return") << "x\ry" << "\"x\ry\"";
    QTest::newRow("spaces stay unquoted") << "DISPLAY NAME" << "DISPLAY NAME";
    // A hostile display name or label value must not run in a spreadsheet.
    QTest::newRow("formula") << "=HYPERLINK(\"http://x\")" << "\"'=HYPERLINK(\"\"http://x\"\")\"";
    QTest::newRow("plus") << "+1" << "'+1";
    QTest::newRow("minus") << "-2+3" << "'-2+3";
    QTest::newRow("at") << "@SUM(A1)" << "'@SUM(A1)";
    QTest::newRow("tab first") << "\tx" << "'\tx";
    QTest::newRow("carriage return first") << "\rx" << "\"'\rx\"";
    QTest::newRow("a sign inside stays") << "a=b" << "a=b";
}

void TestTablePrinter::csvQuotesWhatNeedsIt()
{
    QFETCH(QString, cell);
    QFETCH(QString, field);
    QCOMPARE(TablePrinter::csvField(cell), field);
    TablePrinter printer({{QStringLiteral("a"), QStringLiteral("A")}, {QStringLiteral("b"), QStringLiteral("B")}});
    printer.setStyle(TablePrinter::Style::Csv);
    printer.setNoHeaders(true);
    QCOMPARE(QString::fromUtf8(printer.render({{cell, QStringLiteral("z")}})), field + QStringLiteral(",z\n"));
}

void TestTablePrinter::findsFieldsByIdOrAlias_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("column");
    QTest::newRow("id") << "status" << 1;
    QTest::newRow("any case") << "Status" << 1;
    QTest::newRow("alias") << "host" << 2;
    QTest::newRow("alias in capitals") << "HOST" << 2;
    QTest::newRow("a header is not an id") << "NODE " << -1;
    QTest::newRow("unknown") << "ip" << -1;
    QTest::newRow("empty") << "" << -1;
}

void TestTablePrinter::findsFieldsByIdOrAlias()
{
    QFETCH(QString, field);
    QFETCH(int, column);
    const TablePrinter printer(columns);
    QCOMPARE(printer.columnIndex(field), column);
    QCOMPARE(printer.fieldNames(), (QStringList{"name", "status", "node", "age"}));
}

void TestTablePrinter::watchLinesStayUnderTheHeader()
{
    TablePrinter printer(columns);
    printer.render(rows);
    const auto cells = [](const QStringList &row) { return [row](int column) { return row[column]; }; };
    QCOMPARE(QString::fromUtf8(printer.renderLine(cells(rows[0]))), QStringLiteral("a             Running   5m\n"));
    // A cell wider than its column still keeps the gap before the next one.
    const QStringList wider{QStringLiteral("the-longest-name"), QStringLiteral("Running"), QString(), QStringLiteral("1s")};
    QCOMPARE(QString::fromUtf8(printer.renderLine(cells(wider), QStringLiteral("   (deleted)"))),
             QStringLiteral("the-longest-name   Running   1s   (deleted)\n"));
    printer.setStyle(TablePrinter::Style::Csv);
    QCOMPARE(QString::fromUtf8(printer.renderLine(cells(wider))), QStringLiteral("the-longest-name,Running,,1s\n"));
}

QTEST_GUILESS_MAIN(TestTablePrinter)
#include "tst_tableprinter.moc"
