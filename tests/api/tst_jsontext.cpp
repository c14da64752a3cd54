// JSON text helpers: DOM parsing that names its source, paths as errors print
// them, and minified text.

#include "api/jsontext.h"

#include <QTest>

using namespace fleetscope;

class TestJsonText final : public QObject
{
    Q_OBJECT

private slots:
    void reportsJsonSyntaxErrorsWithSource();
    void refusesDeepNesting();
    void printsPaths();
    void minifies_data();
    void minifies();
};

void TestJsonText::reportsJsonSyntaxErrorsWithSource()
{
    nlohmann::json value;
    QString error;
    QVERIFY(!parseJson(QByteArray(R"({"a": tru})"), QStringLiteral("hub-a"), &value, &error));
    QVERIFY2(error.startsWith(u"hub-a: parse error at line 1, column"), qPrintable(error));
    QVERIFY(!parseJson(QByteArray("{\"a\": \"\xff\"}"), QStringLiteral("hub-b"), &value, &error));
    QVERIFY2(error.startsWith(u"hub-b: parse error"), qPrintable(error));
    QVERIFY(!parseJson(QByteArray(), QStringLiteral("hub-c"), &value, &error));
    QVERIFY2(error.startsWith(u"hub-c: "), qPrintable(error));
    QVERIFY(parseJson(QByteArray(R"({"a":[1,2]})"), QStringLiteral("hub-d"), &value, &error));
    QCOMPARE(jsonTypeName(value["a"]), QStringLiteral("array"));
}

void TestJsonText::refusesDeepNesting()
{
    nlohmann::json value;
    QString error;
    QVERIFY(!parseJson(QByteArray(1001, '[') + QByteArray(1001, ']'), QStringLiteral("deep"), &value, &error));
    QVERIFY2(error.contains(u"deeper than 1000"), qPrintable(error));
    QVERIFY(parseJson(QByteArray(1000, '[') + QByteArray(1000, ']'), QStringLiteral("deep"), &value, &error));
}

void TestJsonText::printsPaths()
{
    const JsonPath root;
    QCOMPARE(root.toString(), QStringLiteral("(root)"));
    const JsonPath status = root.member("status");
    const JsonPath conditions = status.member("conditions");
    QCOMPARE(conditions.element(2).member("status").toString(), QStringLiteral("status.conditions[2].status"));
    QCOMPARE(root.element(0).toString(), QStringLiteral("[0]"));
}

void TestJsonText::minifies_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("object") << QByteArray(" { \"b\" : [ 1 , 2 ] ,\n\t\"a\" : \"x y\" } ") << QByteArray(R"({"b":[1,2],"a":"x y"})");
    QTest::newRow("escapes kept") << QByteArray(R"([ "\" \u0041" ])") << QByteArray(R"(["\" \u0041"])");
    QTest::newRow("scalar") << QByteArray("null") << QByteArray("null");
}

void TestJsonText::minifies()
{
    QFETCH(QByteArray, text);
    QTEST(minifiedJson(std::string_view(text.constData(), size_t(text.size()))), "expected");
}

QTEST_GUILESS_MAIN(TestJsonText)
#include "tst_jsontext.moc"
