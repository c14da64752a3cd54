// YAML fleet and fixture files become the same JSON the API would send.

#include "testsupport.h"
#include "api/yamljson.h"

#include <QTest>

using namespace fleetscope;

class TestYamlJson final : public QObject
{
    Q_OBJECT

private slots:
    void scalars_data();
    void scalars();
    void multiDocument();
    void errorsNameSourceAndLine_data();
    void errorsNameSourceAndLine();
    void jsonToYamlRoundTripsForKubectl_data();
    void jsonToYamlRoundTripsForKubectl();
};

void TestYamlJson::scalars_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("plain string") << QByteArray("v: hello") << QByteArray(R"({"v":"hello"})");
    QTest::newRow("quoted true stays a string") << QByteArray(R"(v: "True")") << QByteArray(R"({"v":"True"})");
    QTest::newRow("single-quoted number") << QByteArray("v: '0'") << QByteArray(R"({"v":"0"})");
    QTest::newRow("bool") << QByteArray("v: true") << QByteArray(R"({"v":true})");
    QTest::newRow("yes is a string in YAML 1.2") << QByteArray("v: yes") << QByteArray(R"({"v":"yes"})");
    QTest::newRow("int") << QByteArray("v: 312") << QByteArray(R"({"v":312})");
    QTest::newRow("negative int") << QByteArray("v: -3") << QByteArray(R"({"v":-3})");
    QTest::newRow("hex") << QByteArray("v: 0x1f") << QByteArray(R"({"v":31})");
    QTest::newRow("float") << QByteArray("v: 1.5") << QByteArray(R"({"v":1.5})");
    QTest::newRow("float beyond double stays a string") << QByteArray("v: 1e999") << QByteArray(R"({"v":"1e999"})");
    QTest::newRow("version-like string") << QByteArray("v: 1.30.2") << QByteArray(R"({"v":"1.30.2"})");
    QTest::newRow("null") << QByteArray("v: null") << QByteArray(R"({"v":null})");
    QTest::newRow("tilde") << QByteArray("v: ~") << QByteArray(R"({"v":null})");
    QTest::newRow("empty value") << QByteArray("v:") << QByteArray(R"({"v":null})");
    QTest::newRow("huge int kept as text") << QByteArray("v: 123456789012345678901234567890")
                                           << QByteArray(R"({"v":"123456789012345678901234567890"})");
    QTest::newRow("flow list") << QByteArray("v: [a, 1, false]") << QByteArray(R"({"v":["a",1,false]})");
    QTest::newRow("timestamp stays a string") << QByteArray(R"(t: "2026-05-01T10:00:00Z")")
                                              << QByteArray(R"({"t":"2026-05-01T10:00:00Z"})");
    QTest::newRow("block literal") << QByteArray("m: |\n  line one\n  line two\n")
                                   << QByteArray(R"({"m":"line one\nline two\n"})");
}

void TestYamlJson::scalars()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QByteArray, json);
    std::vector<nlohmann::json> documents;
    QString error;
    QVERIFY2(parseYamlDocuments(yaml, QStringLiteral("t.yaml"), &documents, &error), qPrintable(error));
    QCOMPARE(documents.size(), size_t(1));
    QCOMPARE(compactJson(documents.front()), json);
}

void TestYamlJson::multiDocument()
{
    const QByteArray yaml = "---\na: 1\n---\n---\nb: 2\n...\n";
    std::vector<nlohmann::json> documents;
    QString error;
    QVERIFY2(parseYamlDocuments(yaml, QStringLiteral("fleet.yaml"), &documents, &error), qPrintable(error));
    // The empty document between the two separators is skipped.
    QCOMPARE(documents.size(), size_t(2));
    QCOMPARE(compactJson(documents[1]), QByteArray(R"({"b":2})"));
}

void TestYamlJson::errorsNameSourceAndLine_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("expected");
    QTest::newRow("duplicate key") << QByteArray("a: 1\nb: 2\na: 3\n") << R"(fleet.yaml:3:1: duplicate key "a")";
    QTest::newRow("bad indentation") << QByteArray("a:\n  b: 1\n c: 2\n") << "fleet.yaml:3:";
    QTest::newRow("unclosed flow") << QByteArray("a: [1, 2\n") << "fleet.yaml:";
    QTest::newRow("tab indentation") << QByteArray("a:\n\tb: 1\n") << "fleet.yaml:2:";
    QTest::newRow("complex key") << QByteArray("? [a, b]\n: 1\n") << "fleet.yaml:1:3: mapping keys must be scalars";
}

void TestYamlJson::errorsNameSourceAndLine()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, expected);
    std::vector<nlohmann::json> documents;
    QString error;
    QVERIFY(!parseYamlDocuments(yaml, QStringLiteral("fleet.yaml"), &documents, &error));
    QVERIFY2(error.startsWith(expected), qPrintable(error));
}

void TestYamlJson::jsonToYamlRoundTripsForKubectl_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("strings that look like other types")
        << QByteArray(R"({"a":"true","b":"123","c":"null","d":"","e":"1.5","f":"~"})");
    QTest::newRow("YAML 1.1 booleans as values and keys")
        << QByteArray(R"({"v":["yes","no","on","off","y","n","Y","N"],"n":[1],"on":{"y":"x"}})");
    QTest::newRow("real scalars") << QByteArray(R"({"t":true,"f":false,"i":42,"x":1.25,"z":null})");
    QTest::newRow("multi-line and odd text") << QByteArray(R"({"m":"line one\nline two","s":" padded ","c":"a: b # c"})");
}

void TestYamlJson::jsonToYamlRoundTripsForKubectl()
{
    QFETCH(QByteArray, json);
    const auto value = nlohmann::json::parse(json.toStdString());
    const QByteArray yaml = jsonToYaml(value);
    std::vector<nlohmann::json> documents;
    QString error;
    QVERIFY2(parseYamlDocuments(yaml, QStringLiteral("out.yaml"), &documents, &error), qPrintable(error));
    QVERIFY2(documents.front() == value, yaml.constData());
    // No YAML 1.1 boolean word is left unquoted (kubectl reads YAML 1.1).
    for (const char *word : {"yes", "no", "on", "off", "y", "n", "Y", "N"}) {
        QVERIFY2(!yaml.contains(QByteArray(": ") + word + '\n') && !yaml.contains(QByteArray("- ") + word + '\n')
                     && !yaml.contains(QByteArray("\n") + word + ':'),
                 yaml.constData());
    }
}

QTEST_GUILESS_MAIN(TestYamlJson)
#include "tst_yamljson.moc"
