// The PlacementDecision decoder: the KEP's example decodes to the slices and
// decisions the placement view shows; malformed objects name the JSON path.

#include "api/placementdecoder.h"
#include "api/yamljson.h"
#include "testsupport.h"

#include <QTest>

using namespace fleetscope;
using fleetscope::testing::readFixture;

namespace {

bool decode(const QByteArray &json, PlacementDecision *out, QString *error)
{
    PlacementDecoder decoder;
    const bool ok = decoder.decode(PaddedJson(json).view(), out);
    *error = decoder.error();
    return ok;
}

QByteArray fixture(int indent)
{
    std::vector<nlohmann::json> documents;
    QString error;
    if (!parseYamlDocuments(readFixture(QStringLiteral("api/placementdecision.yaml")), QStringLiteral("placementdecision.yaml"),
                            &documents, &error)
        || documents.size() != 1)
        qFatal("%s", qPrintable(error));
    return QByteArray::fromStdString(documents.front().dump(indent));
}

const QByteArray head = R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"PlacementDecision",)"
                        R"("metadata":{"name":"p","namespace":"ns","labels":{"multicluster.x-k8s.io/placement-key":"k"}})";

} // namespace

class TestPlacementDecoder final : public QObject
{
    Q_OBJECT

private slots:
    void decodesTheKepExample_data();
    void decodesTheKepExample();
    void decodesDecisions_data();
    void decodesDecisions();
    void rejectsMalformedObjects_data();
    void rejectsMalformedObjects();
    void poolsNamespacesAndReasons();
};

void TestPlacementDecoder::decodesTheKepExample_data()
{
    QTest::addColumn<int>("indent");
    QTest::newRow("compact") << -1;
    QTest::newRow("indented") << 2;
}

void TestPlacementDecoder::decodesTheKepExample()
{
    QFETCH(int, indent);
    PlacementDecision decision;
    QString error;
    QVERIFY2(decode(fixture(indent), &decision, &error), qPrintable(error));
    QCOMPARE(decision.metadata.name, QStringLiteral("web-0"));
    QCOMPARE(decision.schedulerName, QStringLiteral("my-scheduler"));
    QCOMPARE(decision.placementKey(), QStringLiteral("web"));
    QCOMPARE(decision.decisionKey(), QStringLiteral("web"));
    QCOMPARE(decision.decisionIndex(), 0);
    QCOMPARE(decision.decisions.size(), 2);
    QCOMPARE(decision.decisions[0].reason.toString(), QStringLiteral("GPUs available"));
    QCOMPARE(decision.profileNamespace(decision.decisions[0]), QStringLiteral("fleet-system"));
    // An empty clusterProfileRef.namespace means the decision's own namespace.
    QCOMPARE(decision.profileNamespace(decision.decisions[1]), QStringLiteral("argocd"));
}

void TestPlacementDecoder::decodesDecisions_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("decisions"); // namespace/name reason

    QTest::newRow("decisions") << head + R"(,"schedulerName":"s","decisions":[{"clusterProfileRef":{"name":"a"},)"
                                          R"("reason":"r"},{"reason":"first","clusterProfileRef":{"namespace":"other","name":"b"}}]})"
                               << QStringList{"ns/a r", "other/b first"};
    QTest::newRow("decisions null") << head + R"(,"decisions":null})" << QStringList();
    QTest::newRow("no decisions") << head + "}" << QStringList();
    QTest::newRow("unknown members") << head + R"(,"x":[{}],"decisions":[{"clusterProfileRef":{"name":"a","y":1},"z":null}]})"
                                     << QStringList{"ns/a "};
}

void TestPlacementDecoder::decodesDecisions()
{
    QFETCH(QByteArray, json);
    PlacementDecision decision;
    QString error;
    QVERIFY2(decode(json, &decision, &error), qPrintable(error));
    QStringList decisions;
    for (const ClusterDecision &d : decision.decisions)
        decisions << decision.profileNamespace(d) + u'/' + d.clusterProfileName + u' ' + d.reason.toString();
    QTEST(decisions, "decisions");
    // Exactly sized: a fleet holds ~1 decision per cluster.
    QCOMPARE(decision.decisions.capacity(), decision.decisions.size());
}

void TestPlacementDecoder::rejectsMalformedObjects_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expectedError");

    QTest::newRow("wrong kind") << QByteArray(R"({"kind":"ClusterProfile","metadata":{"name":"p","namespace":"ns"}})")
                                << R"(kind: expected PlacementDecision, got "ClusterProfile")";
    QTest::newRow("reference missing") << head + R"(,"decisions":[{"reason":"r"}]})"
                                       << "decisions[0].clusterProfileRef: required value is missing";
    QTest::newRow("reference null") << head + R"(,"decisions":[{"clusterProfileRef":null}]})"
                                    << "decisions[0].clusterProfileRef: required value is missing";
    QTest::newRow("reference without name") << head + R"(,"decisions":[{"clusterProfileRef":{"namespace":"x"}}]})"
                                            << "decisions[0].clusterProfileRef.name: required value is missing";
    QTest::newRow("decision not an object") << head + R"(,"decisions":["a"]})"
                                            << "decisions[0]: expected object, got string";
    QTest::newRow("decisions an object") << head + R"(,"decisions":{}})" << "decisions: expected array, got object";
    QTest::newRow("schedulerName a number") << head + R"(,"schedulerName":1})"
                                            << "schedulerName: expected string, got number";
    QTest::newRow("reason a bool") << head + R"(,"decisions":[{"clusterProfileRef":{"name":"a"},"reason":true}]})"
                                   << "decisions[0].reason: expected string, got boolean";
    QTest::newRow("namespace missing") << QByteArray(R"({"metadata":{"name":"p"}})")
                                       << "metadata.namespace: required value is missing";
    QTest::newRow("not an object") << QByteArray("[]") << "(root): expected object, got array";
    // The fuzzer's findings, minimized (an object that ends inside a member's value),
    // and a member with no value before metadata.
    QTest::newRow("unclosed array in a member") << QByteArray(R"({"":[})") << "(root): invalid JSON (%TAPE%)";
    QTest::newRow("unclosed object in a member") << QByteArray(R"({"":{})") << "(root): invalid JSON (%TAPE%)";
    QTest::newRow("member without a value") << QByteArray(R"({"apiVersion":,"kind":"PlacementDecision","metadata":{"name":"p","namespace":"ns"}})")
                                            << "apiVersion: invalid JSON (%TAPE%)";
}

void TestPlacementDecoder::rejectsMalformedObjects()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expectedError);
    expectedError.replace(QStringLiteral("%TAPE%"), QString::fromUtf8(simdjson::error_message(simdjson::TAPE_ERROR)));
    PlacementDecision decision;
    decision.schedulerName = QStringLiteral("untouched");
    QString error;
    QVERIFY(!decode(json, &decision, &error));
    QCOMPARE(error, expectedError);
    QCOMPARE(decision.schedulerName, QStringLiteral("untouched"));
}

void TestPlacementDecoder::poolsNamespacesAndReasons()
{
    PlacementDecision a, b;
    QString error;
    QVERIFY2(decode(fixture(-1), &a, &error), qPrintable(error));
    QVERIFY2(decode(fixture(-1), &b, &error), qPrintable(error));
    QCOMPARE(a.decisions[0].reason.toString().constData(), b.decisions[0].reason.toString().constData());
    QCOMPARE(a.decisions[0].clusterProfileNamespace.toString().constData(),
             b.decisions[0].clusterProfileNamespace.toString().constData());
    QCOMPARE(a.schedulerName.toString().constData(), b.schedulerName.toString().constData());
}

QTEST_GUILESS_MAIN(TestPlacementDecoder)
#include "tst_placementdecoder.moc"
