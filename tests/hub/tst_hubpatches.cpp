// JSON merge patch (RFC 7386) and JSON patch (RFC 6902) as the hub applies them.
#include "patches.h"

#include <QtTest>

using namespace fleetscope::hub;

namespace {
QString u8s(const char *text)
{
    return QString::fromUtf8(text);
}
} // namespace

class TestHubPatches : public QObject
{
    Q_OBJECT

private slots:
    void mergePatch_data();
    void mergePatch();
    void jsonPatch_data();
    void jsonPatch();
};

void TestHubPatches::mergePatch_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected");
    // The RFC 7386 appendix examples plus the status patches kubectl sends.
    QTest::newRow("replace") << u8s(R"({"a":"b"})") << u8s(R"({"a":"c"})") << u8s(R"({"a":"c"})");
    QTest::newRow("add") << u8s(R"({"a":"b"})") << u8s(R"({"b":"c"})") << u8s(R"({"a":"b","b":"c"})");
    QTest::newRow("delete") << u8s(R"({"a":"b"})") << u8s(R"({"a":null})") << u8s(R"({})");
    QTest::newRow("delete one") << u8s(R"({"a":"b","b":"c"})") << u8s(R"({"a":null})") << u8s(R"({"b":"c"})");
    QTest::newRow("array replaces") << u8s(R"({"a":["b"]})") << u8s(R"({"a":"c"})") << u8s(R"({"a":"c"})");
    QTest::newRow("array with array") << u8s(R"({"a":[1,2]})") << u8s(R"({"a":[3]})") << u8s(R"({"a":[3]})");
    QTest::newRow("nested") << u8s(R"({"a":{"b":"c"}})") << u8s(R"({"a":{"b":"d","c":null}})") << u8s(R"({"a":{"b":"d"}})");
    QTest::newRow("nested create") << u8s(R"({"e":null})") << u8s(R"({"a":1})") << u8s(R"({"e":null,"a":1})");
    QTest::newRow("non-object target") << u8s(R"(["c"])") << u8s(R"({"a":"b"})") << u8s(R"({"a":"b"})");
    QTest::newRow("non-object patch") << u8s(R"({"a":"foo"})") << u8s(R"("bar")") << u8s(R"("bar")");
    QTest::newRow("deep null") << u8s(R"({})") << u8s(R"({"a":{"bb":{"ccc":null}}})") << u8s(R"({"a":{"bb":{}}})");
    QTest::newRow("status version")
        << u8s(R"({"spec":{"x":1},"status":{"version":{"kubernetes":"v1.33.0"},"properties":[{"name":"p","value":"1"}]}})")
        << u8s(R"({"status":{"version":{"kubernetes":"v1.34.0"}}})")
        << u8s(R"({"spec":{"x":1},"status":{"version":{"kubernetes":"v1.34.0"},"properties":[{"name":"p","value":"1"}]}})");
}

void TestHubPatches::mergePatch()
{
    QFETCH(QString, target);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    const nlohmann::json result = applyMergePatch(nlohmann::json::parse(target.toStdString()),
                                                  nlohmann::json::parse(patch.toStdString()));
    QCOMPARE(QString::fromStdString(result.dump()),
             QString::fromStdString(nlohmann::json::parse(expected.toStdString()).dump()));
}

void TestHubPatches::jsonPatch_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected"); // empty = must fail and leave the target alone
    QTest::newRow("add member") << u8s(R"({"foo":"bar"})") << u8s(R"([{"op":"add","path":"/baz","value":"qux"}])")
                                << u8s(R"({"baz":"qux","foo":"bar"})");
    QTest::newRow("add array element") << u8s(R"({"foo":["bar","baz"]})")
                                       << u8s(R"([{"op":"add","path":"/foo/1","value":"qux"}])")
                                       << u8s(R"({"foo":["bar","qux","baz"]})");
    QTest::newRow("append") << u8s(R"({"foo":[1]})") << u8s(R"([{"op":"add","path":"/foo/-","value":2}])")
                            << u8s(R"({"foo":[1,2]})");
    QTest::newRow("remove") << u8s(R"({"baz":"qux","foo":"bar"})") << u8s(R"([{"op":"remove","path":"/baz"}])")
                            << u8s(R"({"foo":"bar"})");
    QTest::newRow("remove element") << u8s(R"({"foo":["bar","qux","baz"]})") << u8s(R"([{"op":"remove","path":"/foo/1"}])")
                                    << u8s(R"({"foo":["bar","baz"]})");
    QTest::newRow("replace") << u8s(R"({"baz":"qux"})") << u8s(R"([{"op":"replace","path":"/baz","value":"boo"}])")
                             << u8s(R"({"baz":"boo"})");
    QTest::newRow("move") << u8s(R"({"foo":{"bar":"baz"},"q":{}})") << u8s(R"([{"op":"move","from":"/foo/bar","path":"/q/x"}])")
                          << u8s(R"({"foo":{},"q":{"x":"baz"}})");
    QTest::newRow("copy") << u8s(R"({"a":[1]})") << u8s(R"([{"op":"copy","from":"/a/0","path":"/b"}])")
                          << u8s(R"({"a":[1],"b":1})");
    QTest::newRow("test ok") << u8s(R"({"a":"x"})") << u8s(R"([{"op":"test","path":"/a","value":"x"},{"op":"remove","path":"/a"}])")
                             << u8s(R"({})");
    QTest::newRow("escaped pointer") << u8s(R"({"a/b":{"m~n":1}})") << u8s(R"([{"op":"replace","path":"/a~1b/m~0n","value":2}])")
                                     << u8s(R"({"a/b":{"m~n":2}})");
    QTest::newRow("server path")
        << u8s(R"({"status":{"accessProviders":[{"cluster":{"server":"https://a"}}]}})")
        << u8s(R"([{"op":"replace","path":"/status/accessProviders/0/cluster/server","value":"https://b"}])")
        << u8s(R"({"status":{"accessProviders":[{"cluster":{"server":"https://b"}}]}})");
    QTest::newRow("test fails") << u8s(R"({"a":"x"})") << u8s(R"([{"op":"remove","path":"/a"},{"op":"test","path":"/a","value":"y"}])")
                                << QString();
    QTest::newRow("replace missing") << u8s(R"({})") << u8s(R"([{"op":"replace","path":"/a","value":1}])") << QString();
    QTest::newRow("remove missing") << u8s(R"({"a":[]})") << u8s(R"([{"op":"remove","path":"/a/0"}])") << QString();
    QTest::newRow("index out of range") << u8s(R"({"a":[1]})") << u8s(R"([{"op":"add","path":"/a/3","value":1}])") << QString();
    QTest::newRow("unknown op") << u8s(R"({})") << u8s(R"([{"op":"frobnicate","path":"/a"}])") << QString();
    QTest::newRow("not an array") << u8s(R"({})") << u8s(R"({"op":"add","path":"/a","value":1})") << QString();
}

void TestHubPatches::jsonPatch()
{
    QFETCH(QString, target);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    nlohmann::json doc = nlohmann::json::parse(target.toStdString());
    const nlohmann::json before = doc;
    std::string error;
    const bool ok = applyJsonPatch(&doc, nlohmann::json::parse(patch.toStdString()), &error);
    if (expected.isEmpty()) {
        QVERIFY(!ok);
        QVERIFY(!error.empty());
        QCOMPARE(doc, before);
        return;
    }
    QVERIFY2(ok, error.c_str());
    QCOMPARE(QString::fromStdString(doc.dump()),
             QString::fromStdString(nlohmann::json::parse(expected.toStdString()).dump()));
}

QTEST_GUILESS_MAIN(TestHubPatches)
#include "tst_hubpatches.moc"
