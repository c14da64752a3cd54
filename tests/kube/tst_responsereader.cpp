// The envelopes of LIST responses and watch lines: items are handed to the sink
// as values of the page's parse, the event's object delimited as text, the list's
// metadata read, and broken envelopes refused with a reason.

#include "api/ondemandreader.h"
#include "api/paddedjson.h"
#include "api/responseobjects.h"
#include "kube/responsereader.h"

#include <QTest>

using namespace fleetscope;

class TestResponseReader final : public QObject
{
    Q_OBJECT

private slots:
    void readsListPages_data();
    void readsListPages();
    void readsWatchEvents_data();
    void readsWatchEvents();
    void readsResourceVersions();
};

void TestResponseReader::readsListPages_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expectedError");
    QTest::addColumn<QStringList>("items");
    QTest::addColumn<QByteArray>("continueToken");
    QTest::addColumn<QByteArray>("resourceVersion");
    QTest::addColumn<qint64>("remaining");

    QTest::newRow("page") << QByteArray(R"({"kind":"ClusterProfileList","items":[ {"a":1} , [2] ,"3", 4 ],)"
                                        R"("metadata":{"continue":"tok","resourceVersion":"42","remainingItemCount":7}})")
                          << "" << QStringList{R"({"a":1})", "[2]", R"("3")", "4"} << QByteArray("tok") << QByteArray("42")
                          << qint64(7);
    QTest::newRow("last page") << QByteArray(R"({"metadata":{"resourceVersion":"9","continue":""},"items":[]})") << ""
                               << QStringList() << QByteArray() << QByteArray("9") << qint64(-1);
    QTest::newRow("items null") << QByteArray(R"({"items":null,"metadata":{"resourceVersion":"9"}})") << "" << QStringList()
                                << QByteArray() << QByteArray("9") << qint64(-1);
    QTest::newRow("continue not a string") << QByteArray(R"({"items":[],"metadata":{"continue":5}})") << ""
                                           << QStringList() << QByteArray() << QByteArray() << qint64(-1);
    // Items' values are not checked here: the sink decodes each and reports the bad ones ...
    QTest::newRow("broken item") << QByteArray(R"({"items":[{"a":tru}, {"b":1}],"metadata":{}})") << ""
                                 << QStringList{R"({"a":tru})", R"({"b":1})"} << QByteArray() << QByteArray() << qint64(-1);
    // ... but their structure is: a page that is not JSON is refused whole.
    QTest::newRow("item without a value") << QByteArray(R"({"items":[{"a":}, {"b":1}],"metadata":{}})")
                                          << "the list is not valid JSON (parse error: The JSON document has an improper structure: "
                                             "missing or superfluous commas, braces, missing keys, etc.)"
                                          << QStringList() << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("no metadata") << QByteArray(R"({"items":[]})") << "the list has no items array or metadata"
                                 << QStringList() << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("no items") << QByteArray(R"({"metadata":{}})") << "the list has no items array or metadata"
                              << QStringList() << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("items an object") << QByteArray(R"({"items":{},"metadata":{}})")
                                     << "the list has no items array or metadata" << QStringList() << QByteArray()
                                     << QByteArray() << qint64(-1);
    QTest::newRow("not an object") << QByteArray("[]") << "the list is not a JSON object" << QStringList() << QByteArray()
                                   << QByteArray() << qint64(-1);
    QTest::newRow("unclosed item") << QByteArray(R"({"items":[{"a":"}"],"metadata":{}})")
                                   << "the list is not valid JSON (parse error: The JSON document has an improper structure: missing "
                                      "or superfluous commas, braces, missing keys, etc.)"
                                   << QStringList()
                                   << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("trailing garbage") << QByteArray(R"({"items":[],"metadata":{}}])")
                                      << "the list is not valid JSON (parse error: JSON document ended early in the middle of an object or array.)" << QStringList() << QByteArray()
                                      << QByteArray() << qint64(-1);
    QTest::newRow("HTML") << QByteArray("<html>502</html>")
                          << "the list is not valid JSON (parse error: The JSON document has an improper structure: missing or "
                             "superfluous commas, braces, missing keys, etc.)"
                          << QStringList() << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("empty") << QByteArray() << "the list is not valid JSON (parse error: Empty: no JSON found)" << QStringList()
                           << QByteArray() << QByteArray() << qint64(-1);
    // On-Demand skips what it does not read without recursion: deep nesting there costs nothing.
    QTest::newRow("deep item") << QByteArray(R"({"items":[{"a":)") + QByteArray(100000, '[') + QByteArray(100000, ']')
                                      + R"(}],"metadata":{}})"
                               << "" << QStringList{QStringLiteral("{\"a\":") + QString(100000, u'[') + QString(100000, u']') + u'}'}
                               << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("invalid UTF-8") << QByteArray("{\"items\":[],\"metadata\":{\"continue\":\"\xff\"}}")
                                   << "the list is not valid JSON (parse error: The input is not valid UTF-8)" << QStringList()
                                   << QByteArray() << QByteArray() << qint64(-1);
}

void TestResponseReader::readsListPages()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expectedError);
    ResponseReader reader;
    ResponseReader::ListPage page;
    QString error;
    const PaddedJson text(body);
    QStringList read;
    const auto readItems = [&](ResponseObjects &objects) {
        // Every other item is left unread: the reader skips it.
        for (int i = 0; objects.next(); ++i) {
            std::string_view item;
            if (i % 2 == 0 && OnDemandReader::rawJsonText(objects.current(), &item) == simdjson::SUCCESS)
                read << QString::fromUtf8(item.data(), qsizetype(item.size()));
        }
    };
    QCOMPARE(reader.readList(text.view(), &page, &error, readItems), expectedError.isEmpty());
    QCOMPARE(error, expectedError);
    if (!expectedError.isEmpty())
        return;
    QFETCH(QStringList, items);
    QStringList everyOther;
    for (int i = 0; i < items.size(); i += 2)
        everyOther << items[i];
    QCOMPARE(read, everyOther);
    QCOMPARE(page.itemCount, qint64(items.size()));
    QTEST(page.continueToken, "continueToken");
    QTEST(page.resourceVersion, "resourceVersion");
    QTEST(page.remainingItemCount, "remaining");
}

void TestResponseReader::readsWatchEvents_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("expectedError");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QByteArray>("object"); // empty: none

    QTest::newRow("modified") << QByteArray(R"({"type":"MODIFIED","object":{"metadata":{"name":"a"}}})") << ""
                              << "MODIFIED" << QByteArray(R"({"metadata":{"name":"a"}})");
    QTest::newRow("object first") << QByteArray(R"({"object":{"kind":"X"} ,"type":"ADDED"})") << "" << "ADDED"
                                  << QByteArray(R"({"kind":"X"})");
    QTest::newRow("object not an object") << QByteArray(R"({"type":"ADDED","object":[1]})") << "" << "ADDED" << QByteArray();
    QTest::newRow("no object") << QByteArray(R"({"type":"ADDED"})") << "" << "ADDED" << QByteArray();
    QTest::newRow("not an object") << QByteArray(R"("ADDED")") << "a watch event is not a JSON object" << "" << QByteArray();
    QTest::newRow("broken") << QByteArray(R"({"type":"ADDED","object":{"a":"})")
                            << "a watch event is not valid JSON (parse error: A string is opened, but never closed.)" << "" << QByteArray();
}

void TestResponseReader::readsWatchEvents()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, expectedError);
    QFETCH(QByteArray, object);
    ResponseReader reader;
    ResponseReader::WatchEvent event;
    QString error;
    const PaddedJson text(line);
    QCOMPARE(reader.readEvent(text.view(), &event, &error), expectedError.isEmpty());
    QCOMPARE(error, expectedError);
    if (!expectedError.isEmpty())
        return;
    QTEST(event.type, "type");
    QCOMPARE(event.hasObject, !object.isEmpty());
    if (event.hasObject)
        QCOMPARE(QByteArray(event.object.data(), qsizetype(event.object.size())), object);
}

void TestResponseReader::readsResourceVersions()
{
    ResponseReader reader;
    const PaddedJson object(QByteArray(R"({"kind":"X","metadata":{"name":"a","resourceVersion":"17"}})"));
    QCOMPARE(reader.metadataField(object.view(), "resourceVersion"), QByteArray("17"));
    QCOMPARE(reader.metadataField(object.view(), "name"), QByteArray("a"));
    QCOMPARE(reader.metadataField(PaddedJson(QByteArray(R"({"metadata":{"resourceVersion":5}})")).view(), "resourceVersion"), QByteArray());
    QCOMPARE(reader.metadataField(PaddedJson(QByteArray(R"({})")).view(), "resourceVersion"), QByteArray());
}

QTEST_GUILESS_MAIN(TestResponseReader)
#include "tst_responsereader.moc"
