// The Namespace decoder: labels (clusterset membership) and metadata errors.

#include "api/clusterfacts.h"
#include "api/namespacedecoder.h"

#include <QTest>

using namespace fleetscope;

class TestNamespaceDecoder final : public QObject
{
    Q_OBJECT

private slots:
    void decodes_data();
    void decodes();
};

void TestNamespaceDecoder::decodes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("clusterSet"); // the label's value when decoded
    QTest::addColumn<QString>("expectedError");

    QTest::newRow("labels")
        << QByteArray(R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"fleet-prod",)"
                      R"("labels":{"clusterset.multicluster.x-k8s.io":"prod"}},"spec":{"finalizers":["kubernetes"]}})")
        << "prod" << "";
    QTest::newRow("no labels, no namespace needed") << QByteArray(R"({"metadata":{"name":"a"}})") << "" << "";
    QTest::newRow("wrong kind") << QByteArray(R"({"kind":"Pod","metadata":{"name":"a"}})") << ""
                                << R"(kind: expected Namespace, got "Pod")";
    QTest::newRow("foreign apiVersion") << QByteArray(R"({"apiVersion":"apps/v1","metadata":{"name":"a"}})") << ""
                                        << R"(apiVersion: unsupported API version "apps/v1")";
    QTest::newRow("name missing") << QByteArray(R"({"metadata":{"labels":{}}})") << ""
                                  << "metadata.name: required value is missing";
    QTest::newRow("label a number") << QByteArray(R"({"metadata":{"name":"a","labels":{"x":1}}})") << ""
                                    << R"(metadata.labels: label "x": expected string, got number)";
    QTest::newRow("unclosed array in a member") << QByteArray(R"({"":[})") << "" << "(root): invalid JSON (%TAPE%)";
    QTest::newRow("member without a value") << QByteArray(R"({"kind":,"metadata":{"name":"a"}})") << ""
                                            << "kind: invalid JSON (%TAPE%)";
    QTest::newRow("label without a value") << QByteArray(R"({"metadata":{"labels":{"x":},"name":"a"}})") << ""
                                           << "metadata.labels: invalid JSON (%TAPE%)";
}

void TestNamespaceDecoder::decodes()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expectedError);
    expectedError.replace(QStringLiteral("%TAPE%"), QString::fromUtf8(simdjson::error_message(simdjson::TAPE_ERROR)));
    NamespaceDecoder decoder;
    KubeNamespace ns;
    QCOMPARE(decoder.decode(PaddedJson(json).view(), &ns), expectedError.isEmpty());
    QCOMPARE(decoder.error(), expectedError);
    if (expectedError.isEmpty())
        QTEST(ns.metadata.labels.value(well_known::clusterSetNamespaceLabelKep), "clusterSet");
}

QTEST_GUILESS_MAIN(TestNamespaceDecoder)
#include "tst_namespacedecoder.moc"
