// A table header's layout by column key: what settings files and saved views
// hold. Bad or foreign bytes are refused whole, entries that make no sense are
// left out, and columns the header does not have are skipped, never misplaced.

#include "headerlayout.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTest>

using namespace fleetscope;

namespace {

// Column keys "a", "b", … by logical index, over a model of `count` columns.
struct Table
{
    explicit Table(int count)
        : model(1, count)
        , header(Qt::Horizontal)
    {
        header.setModel(&model);
        header.setSortIndicatorShown(true);
    }
    static QString keyOf(int logical) { return QString(QChar(u'a' + logical)); }
    HeaderLayout::KeyOf keys() const { return &Table::keyOf; }
    // "b c a" with hidden columns in brackets.
    QString order() const
    {
        QStringList keys;
        for (int visual = 0; visual < header.count(); ++visual) {
            const int logical = header.logicalIndex(visual);
            keys << (header.isSectionHidden(logical) ? u'[' + keyOf(logical) + u']' : keyOf(logical));
        }
        return keys.join(u' ');
    }

    QStandardItemModel model;
    QHeaderView header;
};

} // namespace

class TestHeaderLayout final : public QObject
{
    Q_OBJECT

private slots:
    void refusesWhatIsNoLayout_data();
    void refusesWhatIsNoLayout();
    void roundTripsOrderWidthsHiddenAndSort();
    void skipsColumnsTheHeaderLacksAndPlacesThemWhenTheyCome();
};

void TestHeaderLayout::refusesWhatIsNoLayout_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("columns"); // -1: refused whole
    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("Qt's positional state") << QByteArray("\x00\x00\x00\xff\x00\x00\x00\x00", 8) << -1;
    QTest::newRow("not JSON") << QByteArray("{columns:") << -1;
    QTest::newRow("a JSON array") << QByteArray("[1,2]") << -1;
    QTest::newRow("another version") << QByteArray(R"({"version":2,"columns":[]})") << -1;
    QTest::newRow("columns not a list") << QByteArray(R"({"version":1,"columns":{}})") << -1;
    QTest::newRow("no columns") << QByteArray(R"({"version":1,"columns":[]})") << 0;
    QTest::newRow("entries that make no sense are left out")
        << QByteArray(R"({"version":1,"columns":[{"key":"a","width":80},{"key":"","width":80},{"key":"b","width":-3},)"
                      R"({"key":"c","width":99999},{"key":"d","width":0},{"key":"e","width":0,"hidden":true},7,"x"]})")
        << 2;
}

void TestHeaderLayout::refusesWhatIsNoLayout()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, columns);
    const std::optional<HeaderLayout> layout = HeaderLayout::fromBytes(bytes);
    QCOMPARE(layout.has_value(), columns >= 0);
    if (!layout)
        return;
    Table table(5);
    const QString before = table.order();
    layout->applyTo(&table.header, table.keys());
    // Applying what was kept never loses a column.
    QCOMPARE(table.header.count(), 5);
    if (columns == 0)
        QCOMPARE(table.order(), before);
}

void TestHeaderLayout::roundTripsOrderWidthsHiddenAndSort()
{
    Table left(4);
    left.header.moveSection(left.header.visualIndex(2), 0);
    left.header.resizeSection(1, 133);
    left.header.setSectionHidden(3, true);
    left.header.setSortIndicator(1, Qt::DescendingOrder);
    const QByteArray bytes = HeaderLayout::of(&left.header, left.keys()).toBytes();

    Table restored(4);
    const std::optional<HeaderLayout> layout = HeaderLayout::fromBytes(bytes);
    QVERIFY2(layout && !layout->isEmpty(), bytes.constData());
    layout->applyTo(&restored.header, restored.keys());
    QCOMPARE(restored.order(), left.order());
    QCOMPARE(restored.order(), QStringLiteral("c a b [d]"));
    QCOMPARE(restored.header.sectionSize(1), 133);
    QCOMPARE(restored.header.sortIndicatorSection(), 1);
    QCOMPARE(restored.header.sortIndicatorOrder(), Qt::DescendingOrder);
}

void TestHeaderLayout::skipsColumnsTheHeaderLacksAndPlacesThemWhenTheyCome()
{
    // Saved with five columns, "e" second; restored where "e" does not exist yet.
    Table left(5);
    left.header.moveSection(left.header.visualIndex(4), 1);
    left.header.resizeSection(4, 141);
    left.header.setSectionHidden(2, true);
    QCOMPARE(left.order(), QStringLiteral("a e b [c] d"));
    const std::optional<HeaderLayout> layout = HeaderLayout::fromBytes(HeaderLayout::of(&left.header, left.keys()).toBytes());
    QVERIFY(layout);

    Table restored(4);
    layout->applyTo(&restored.header, restored.keys());
    QCOMPARE(restored.order(), QStringLiteral("a b [c] d"));
    restored.model.insertColumn(4);
    layout->applyToColumn(&restored.header, restored.keys(), 4);
    QCOMPARE(restored.order(), left.order());
    QCOMPARE(restored.header.sectionSize(4), 141);
}

QTEST_MAIN(TestHeaderLayout)
#include "tst_headerlayout.moc"
