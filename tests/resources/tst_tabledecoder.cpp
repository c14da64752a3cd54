// What a member sends for any kind, through the informer's reader into the row
// cache: Table pages and events, plain objects from servers without Tables, and
// what is wrong with bad ones (named, one object at a time).
#include "api/paddedjson.h"
#include "api/responseobjects.h"
#include "kube/responsereader.h"
#include "resources/columnunion.h"
#include "resources/memberrowcache.h"
#include "resources/servedkind.h"

#include <QtTest>

using namespace fleetscope;

namespace {

ResourceSpec podsSpec(const QString &ns = {})
{
    ResourceSpec spec;
    spec.groupVersion = QStringLiteral("v1");
    spec.resource = QStringLiteral("pods");
    spec.namespaceName = ns;
    return spec;
}

QByteArray padded(QByteArray text)
{
    reservePadding(&text);
    return text;
}

// A list page through the reader into the cache; the reader's error, if any.
QString list(MemberRowCache *cache, const QByteArray &json, const ResourceSpec &spec = podsSpec())
{
    const QByteArray text = padded(json);
    ResponseReader reader;
    ResponseReader::ListPage page;
    QString error;
    cache->listStarted(spec);
    const bool ok = reader.readList(std::string_view(text.constData(), size_t(text.size())), &page, &error,
                                    [&](ResponseObjects &rows) { cache->objects(spec, ObjectChange::Listed, rows); },
                                    [&](ResponseObjects &columns) { cache->columns(spec, columns); });
    if (ok)
        cache->listFinished(spec);
    return error;
}

void watchEvent(MemberRowCache *cache, ObjectChange change, const QByteArray &json)
{
    const QByteArray text = padded(json);
    ResponseReader reader;
    QString error;
    QVERIFY(reader.readObject(std::string_view(text.constData(), size_t(text.size())), &error,
                              [&](ResponseObjects &objects) { cache->objects(podsSpec(), change, objects); }));
}

QByteArray row(const char *name, const char *ready, const char *rv, const char *ns = "shop")
{
    return QByteArrayLiteral(R"({"cells":[")") + name + R"(",")" + ready + R"("],"object":{"kind":"PartialObjectMetadata","metadata":{"name":")"
        + name + R"(","namespace":")" + ns + R"(","resourceVersion":")" + rv + R"(","creationTimestamp":"2026-11-20T10:00:00Z"}}})";
}

QByteArray table(const QList<QByteArray> &rows, bool withColumns = true)
{
    QByteArray out = R"({"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"200"},)";
    out += withColumns ? R"("columnDefinitions":[{"name":"Name","type":"string","format":"name","priority":0},{"name":"Ready","type":"string","format":"","priority":0}],)"
                       : R"("columnDefinitions":null,)";
    out += R"("rows":[)" + rows.join(',') + "]}";
    return out;
}

} // namespace

class TestTableDecoder : public QObject
{
    Q_OBJECT

private slots:
    void tableListThenWatch();
    void relistDiffs();
    void plainObjectsFallBackToNameAndAge();
    void cells_data();
    void cells();
    void badObjects_data();
    void badObjects();
    void brokenTextAfterABadRow_data();
    void brokenTextAfterABadRow();
    void columnUnion();
};

void TestTableDecoder::tableListThenWatch()
{
    MemberRowCache cache(false);
    QCOMPARE(list(&cache, table({row("web-1", "1/1", "10"), row("web-2", "0/1", "11")})), QString());
    ResourceDelta delta = cache.takeDelta();
    QVERIFY(delta.columnsChanged);
    QCOMPARE(delta.columns.size(), 2);
    QCOMPARE(delta.columns[1].name, QStringLiteral("Ready"));
    QCOMPARE(delta.upserted.size(), 2);
    QCOMPARE(cache.count(), 2);

    // The first watch event carries the columns again, later ones none.
    watchEvent(&cache, ObjectChange::Modified, table({row("web-2", "1/1", "12")}, false));
    delta = cache.takeDelta();
    QVERIFY(!delta.columnsChanged);
    QCOMPARE(delta.upserted.size(), 1);
    QCOMPARE(delta.upserted[0]->cells, QStringList({QStringLiteral("web-2"), QStringLiteral("1/1")}));
    QCOMPARE(delta.upserted[0]->metadata.namespaceName.toString(), QStringLiteral("shop"));
    QCOMPARE(delta.upserted[0]->metadata.resourceVersion.toByteArray(), QByteArray("12"));

    // The same version again is a replay: nothing to report.
    watchEvent(&cache, ObjectChange::Modified, table({row("web-2", "1/1", "12")}, false));
    QVERIFY(!cache.hasPendingChanges());

    watchEvent(&cache, ObjectChange::Deleted, table({row("web-1", "1/1", "13")}, false));
    delta = cache.takeDelta();
    QCOMPARE(delta.removed, QStringList({QStringLiteral("shop/web-1")}));
    QCOMPARE(cache.count(), 1);
}

void TestTableDecoder::relistDiffs()
{
    MemberRowCache cache(false);
    list(&cache, table({row("a", "1/1", "1"), row("b", "1/1", "2"), row("c", "1/1", "3")}));
    (void)cache.takeDelta();
    // After a 410: a, unchanged, costs nothing; b changed; c vanished; d is new.
    list(&cache, table({row("a", "1/1", "1"), row("b", "0/1", "5"), row("d", "1/1", "6")}));
    const ResourceDelta delta = cache.takeDelta();
    QStringList upserted;
    for (const auto &r : delta.upserted)
        upserted << r->metadata.name;
    upserted.sort();
    QCOMPARE(upserted, QStringList({QStringLiteral("b"), QStringLiteral("d")}));
    QCOMPARE(delta.removed, QStringList({QStringLiteral("shop/c")}));

    // A namespace's relist leaves the other namespaces' objects alone.
    list(&cache, table({row("x", "1/1", "7", "other")}), podsSpec(QStringLiteral("other")));
    QCOMPARE(cache.takeDelta().removed, QStringList());
    QCOMPARE(cache.count(), 4);
}

void TestTableDecoder::plainObjectsFallBackToNameAndAge()
{
    MemberRowCache cache(false);
    QCOMPARE(list(&cache, R"({"apiVersion":"v1","kind":"PodList","metadata":{"resourceVersion":"9"},"items":[)"
                          R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"old","namespace":"legacy","resourceVersion":"8",)"
                          R"("creationTimestamp":"2026-11-01T00:00:00Z"},"spec":{"containers":[]}}]})"),
             QString());
    const ResourceDelta delta = cache.takeDelta();
    QCOMPARE(delta.columns.size(), 2);
    QCOMPARE(delta.columns[0].name, QStringLiteral("Name"));
    QCOMPARE(delta.columns[1].type, QStringLiteral("date"));
    QCOMPARE(delta.upserted.size(), 1);
    QVERIFY(delta.upserted[0]->cells.isEmpty());
    ColumnUnion columns;
    columns.setMemberColumns(0, delta.columns);
    const qint64 tenDaysLater = delta.upserted[0]->metadata.creationTimestamp + qint64(10) * 24 * 3600 * 1000;
    QCOMPARE(columns.cell(0, *delta.upserted[0], 0, tenDaysLater), QStringLiteral("old"));
    QCOMPARE(columns.cell(0, *delta.upserted[0], 1, tenDaysLater), QStringLiteral("10d"));

    // Whole objects when asked for (-o json): the text is kept as it came.
    MemberRowCache objects(true);
    list(&objects, R"({"metadata":{"resourceVersion":"9"},"items":[{"kind":"Pod","metadata":{"name":"p","namespace":"n"},"spec":{"x":1}}]})");
    const ResourceDelta kept = objects.takeDelta();
    QCOMPARE(kept.upserted.size(), 1);
    QCOMPARE(kept.upserted[0]->json, QByteArray(R"({"kind":"Pod","metadata":{"name":"p","namespace":"n"},"spec":{"x":1}})"));
    QCOMPARE(kept.upserted[0]->metadata.name, QStringLiteral("p"));
}

void TestTableDecoder::cells_data()
{
    QTest::addColumn<QByteArray>("cells");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("strings") << QByteArray(R"(["a","b c"])") << QStringList{QStringLiteral("a"), QStringLiteral("b c")};
    QTest::newRow("numbers and booleans") << QByteArray(R"([3,2.5,true,false])")
                                          << QStringList{QStringLiteral("3"), QStringLiteral("2.5"), QStringLiteral("true"), QStringLiteral("false")};
    QTest::newRow("null is empty") << QByteArray(R"([null,"x"])") << QStringList{QString(), QStringLiteral("x")};
    QTest::newRow("cut at a line break, as kubectl") << QByteArray(R"(["first\nsecond"])") << QStringList{QStringLiteral("first...")};
    QTest::newRow("objects as JSON") << QByteArray(R"([{"a":1}])") << QStringList{QStringLiteral("{\"a\":1}")};
    QTest::newRow("escapes") << QByteArray(R"(["caf\u00e9"])") << QStringList{QStringLiteral("café")};
    QTest::newRow("long") << ("[\"" + QByteArray(3000, 'x') + "\"]") << QStringList{QString(1024, u'x') + QStringLiteral("...")};
}

void TestTableDecoder::cells()
{
    QFETCH(QByteArray, cells);
    QFETCH(QStringList, expected);
    MemberRowCache cache(false);
    QCOMPARE(list(&cache, R"({"metadata":{"resourceVersion":"1"},"rows":[{"cells":)" + cells
                              + R"(,"object":{"metadata":{"name":"n","resourceVersion":"1"}}}]})"),
             QString());
    const ResourceDelta delta = cache.takeDelta();
    QCOMPARE(delta.decodeErrors, QStringList());
    QCOMPARE(delta.upserted.size(), 1);
    QCOMPARE(delta.upserted[0]->cells, expected);
}

void TestTableDecoder::badObjects_data()
{
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("good");
    QTest::newRow("row without object") << QByteArray(R"([{"cells":["a"]},)" + row("b", "1/1", "2") + "]")
                                        << QStringLiteral("object 1: object: required value is missing (the row names no object)") << 1;
    QTest::newRow("object without name") << QByteArray(R"([{"cells":["a"],"object":{"metadata":{"namespace":"x"}}}])")
                                         << QStringLiteral("object.metadata.name: required value is missing") << 0;
    QTest::newRow("cells not an array") << QByteArray(R"([{"cells":"a","object":{"metadata":{"name":"a"}}},)" + row("b", "1/1", "2") + "]")
                                        << QStringLiteral("cells: expected array, got string") << 1;
    QTest::newRow("a row that is a string") << QByteArray(R"(["nope",)" + row("b", "1/1", "2") + "]")
                                            << QStringLiteral("expected object, got string") << 1;
}

void TestTableDecoder::brokenTextAfterABadRow_data()
{
    // Text that fails on a type, then text no JSON parser accepts: the decoder must
    // not read on in that object to find its name (On-Demand has not checked it yet).
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("a row that is a key") << QByteArray(R"({"rows":["":}]})");
    QTest::newRow("a row that is a key, closed wrong") << QByteArray(R"({"kind":"Table","rows":["":}}})");
    QTest::newRow("key without a value after a bad row") << QByteArray(R"({"rows":[{"cells":"a","object":{"metadata":{"name":"a",]}}}]})");
}

void TestTableDecoder::brokenTextAfterABadRow()
{
    QFETCH(QByteArray, json);
    // As a list page: the page is refused whole, with the reader's message.
    MemberRowCache listed(false);
    const QString error = list(&listed, json);
    QVERIFY2(error.contains(QLatin1String("not valid JSON")) || error.contains(QLatin1String("no items array")), qPrintable(error));
    QVERIFY(listed.takeDelta().upserted.isEmpty());

    // As a watch event's object: no row, and the failure is counted and said.
    MemberRowCache watched(false);
    const QByteArray text = padded(json);
    ResponseReader reader;
    QString readError;
    const bool read = reader.readObject(std::string_view(text.constData(), size_t(text.size())), &readError,
                                        [&](ResponseObjects &objects) { watched.objects(podsSpec(), ObjectChange::Modified, objects); });
    const ResourceDelta delta = watched.takeDelta();
    QVERIFY(delta.upserted.isEmpty());
    QVERIFY2(read ? delta.decodeErrorCount == 1 && !delta.decodeErrors.value(0).isEmpty() : !readError.isEmpty(),
             qPrintable(readError + delta.decodeErrors.join(u'|')));
}

void TestTableDecoder::badObjects()
{
    QFETCH(QByteArray, rows);
    QFETCH(QString, error);
    QFETCH(int, good);
    MemberRowCache cache(false);
    QCOMPARE(list(&cache, R"({"metadata":{"resourceVersion":"1"},"rows":)" + rows + "}"), QString());
    const ResourceDelta delta = cache.takeDelta();
    QCOMPARE(delta.decodeErrorCount, 1);
    QVERIFY2(delta.decodeErrors.value(0).contains(error), qPrintable(delta.decodeErrors.value(0)));
    QCOMPARE(delta.upserted.size(), good);

    // A page that breaks off fails whole, with the reader's message.
    MemberRowCache broken(false);
    QVERIFY(list(&broken, R"({"metadata":{"resourceVersion":"1"},"rows":[)" + row("a", "1/1", "1")).contains(QLatin1String("not valid JSON")));
}

void TestTableDecoder::columnUnion()
{
    ColumnUnion columns;
    const TableColumn name{QStringLiteral("Name"), QStringLiteral("string"), QStringLiteral("name"), 0};
    const TableColumn ready{QStringLiteral("Ready"), QStringLiteral("string"), {}, 0};
    const TableColumn age{QStringLiteral("Age"), QStringLiteral("string"), {}, 0};
    const TableColumn ip{QStringLiteral("IP"), QStringLiteral("string"), {}, 1};
    QVERIFY(columns.setMemberColumns(0, {name, ready, age}));
    // An older server prints an extra column: it is added at the end.
    QVERIFY(columns.setMemberColumns(1, {name, ready, ip, age}));
    QVERIFY(!columns.setMemberColumns(2, {name, age}));
    QStringList names;
    for (const TableColumn &c : columns.columns())
        names << c.name;
    QCOMPARE(names, QStringList({QStringLiteral("Name"), QStringLiteral("Ready"), QStringLiteral("Age"), QStringLiteral("IP")}));
    ResourceRow r0;
    r0.metadata.name = QStringLiteral("x");
    r0.cells = {QStringLiteral("x"), QStringLiteral("1/1"), QStringLiteral("3d")};
    QCOMPARE(columns.cell(0, r0, 3, 0), QString());
    QCOMPARE(columns.cell(0, r0, 2, 0), QStringLiteral("3d"));
    ResourceRow r1;
    r1.metadata.name = QStringLiteral("z");
    r1.cells = {QStringLiteral("z"), QStringLiteral("0/1"), QStringLiteral("10.0.0.9"), QStringLiteral("1h")};
    QCOMPARE(columns.cell(1, r1, 3, 0), QStringLiteral("10.0.0.9"));
    QCOMPARE(columns.cell(1, r1, 2, 0), QStringLiteral("1h"));
    ResourceRow r2;
    r2.metadata.name = QStringLiteral("y");
    r2.cells = {QStringLiteral("y"), QStringLiteral("9d")};
    QCOMPARE(columns.cell(2, r2, 1, 0), QString());
    QCOMPARE(columns.cell(2, r2, 2, 0), QStringLiteral("9d"));
}

QTEST_GUILESS_MAIN(TestTableDecoder)
#include "tst_tabledecoder.moc"
