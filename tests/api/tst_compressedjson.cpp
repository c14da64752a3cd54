// Raw JSON deflated against the built-in dictionary: every document reads back
// as it went in, however many were deflated before it on the same thread (the
// deflate state is reused) and on other threads at the same time.

#include "api/compressedjson.h"
#include "api/jsontext.h"

#include <QRandomGenerator>
#include <QTest>
#include <QThread>

#include <memory>
#include <vector>

using namespace fleetscope;

namespace {

QByteArray profileJson(int i, QRandomGenerator &random)
{
    QByteArray json = R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile","metadata":{"name":"c-)"
        + QByteArray::number(i) + R"(","namespace":"fleet","resourceVersion":")" + QByteArray::number(random.generate())
        + R"("},"status":{"conditions":[{"type":"ControlPlaneHealthy","status":")"
        + (random.bounded(2) ? QByteArray("True") : QByteArray("False")) + R"("}],"properties":[)";
    for (int p = random.bounded(20); p > 0; --p)
        json += R"({"name":"p)" + QByteArray::number(p) + R"(","value":")" + QByteArray::number(random.generate64()) + R"("},)";
    json += R"({"name":"last","value":""}]}})";
    return json;
}

} // namespace

class TestCompressedJson final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data();
    void roundTrips();
    void manyInARowAndOnManyThreads();
    void minifiedAsMinifiedJson_data();
    void minifiedAsMinifiedJson();
    void corruptInputReadsEmpty_data();
    void corruptInputReadsEmpty();
};

void TestCompressedJson::roundTrips_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("one byte") << QByteArray("{");
    QTest::newRow("dictionary words") << QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile"})");
    QTest::newRow("not JSON") << QByteArray("\x00\x01\xff binary", 10);
    QByteArray large;
    for (int i = 0; i < 20000; ++i)
        large += QByteArray::number(i * 7919) + ',';
    QTest::newRow("larger than the window") << large;
}

void TestCompressedJson::roundTrips()
{
    QFETCH(QByteArray, json);
    // Twice: the second goes through a reused state.
    for (int round = 0; round < 2; ++round) {
        const CompressedJson packed(json);
        QCOMPARE(packed.isEmpty(), json.isEmpty());
        QCOMPARE(packed.unpacked(), json);
    }
}

void TestCompressedJson::manyInARowAndOnManyThreads()
{
    const auto run = [](quint32 seed, bool *ok) {
        QRandomGenerator random(seed);
        std::vector<QByteArray> in;
        std::vector<CompressedJson> out;
        for (int i = 0; i < 500; ++i) {
            in.push_back(profileJson(i, random));
            out.emplace_back(in.back());
        }
        *ok = true;
        for (size_t i = 0; i < in.size(); ++i)
            *ok = *ok && out[i].unpacked() == in[i] && out[i].packedSize() < in[i].size();
    };
    bool here = false;
    run(1, &here);
    QVERIFY(here);
    std::vector<char> results(4, 0); // not vector<bool>: each thread writes its own byte
    std::vector<std::unique_ptr<QThread>> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back(QThread::create([&results, &run, t] {
            bool ok = false;
            run(quint32(t + 2), &ok);
            results[size_t(t)] = ok ? 1 : 0;
        }));
        threads.back()->start();
    }
    for (auto &thread : threads)
        QVERIFY(thread->wait(60000));
    for (int t = 0; t < 4; ++t)
        QVERIFY2(results[size_t(t)], qPrintable(QStringLiteral("thread %1").arg(t)));
}

void TestCompressedJson::minifiedAsMinifiedJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("compact") << QByteArray(R"({"a":[1,2],"b":"x y"})") << QByteArray(R"({"a":[1,2],"b":"x y"})");
    QTest::newRow("pretty") << QByteArray("{\n  \"a\" : [ 1, 2 ],\n  \"b\": \"x y\"\n}\n")
                            << QByteArray(R"({"a":[1,2],"b":"x y"})");
    QTest::newRow("an unterminated string, kept as received") << QByteArray(R"({"a": "open)")
                                                              << QByteArray(R"({"a": "open)");
    QTest::newRow("empty") << QByteArray() << QByteArray();
}

void TestCompressedJson::minifiedAsMinifiedJson()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, expected);
    // Longest first, then shorter: the per-thread buffer must not leak an earlier tail.
    const CompressedJson longer = CompressedJson::minified(std::string_view(
        "{\"padding\": \"0123456789012345678901234567890123456789012345678901234567890123456789\"}"));
    QVERIFY(!longer.isEmpty());
    const CompressedJson packed = CompressedJson::minified(std::string_view(json.constData(), size_t(json.size())));
    QCOMPARE(packed.unpacked(), expected);
    QCOMPARE(packed.unpacked(), minifiedJson(std::string_view(json.constData(), size_t(json.size()))));
}

void TestCompressedJson::corruptInputReadsEmpty_data()
{
    QTest::addColumn<QByteArray>("packed");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not compressed") << QByteArray(R"({"kind":"ClusterProfile"})");
    // A zstd frame header (magic, then a one-byte content size of 32) without its block.
    QTest::newRow("header only") << QByteArray("\x28\xb5\x2f\xfd\x20\x20", 6);
    QTest::newRow("header and garbage") << QByteArray("\x28\xb5\x2f\xfd\x20\x20garbage garbage garbage", 29);
}

void TestCompressedJson::corruptInputReadsEmpty()
{
    QFETCH(QByteArray, packed);
    QCOMPARE(CompressedJson::uncompress(packed), QByteArray());
}

QTEST_GUILESS_MAIN(TestCompressedJson)
#include "tst_compressedjson.moc"
