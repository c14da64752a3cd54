// Watch streams arrive in arbitrary chunks: events must come out whole, in order,
// however the bytes were split.

#include "kube/watchframer.h"

#include <QRandomGenerator>
#include <QTest>

using namespace fleetscope;

class TestWatchFramer final : public QObject
{
    Q_OBJECT

private slots:
    void splitsLines_data();
    void splitsLines();
    void survivesEveryChunking();
    void capsEndlessLines();
    void reportsUnfinishedEvent();
};

void TestWatchFramer::splitsLines_data()
{
    QTest::addColumn<QList<QByteArray>>("chunks");
    QTest::addColumn<QList<QByteArray>>("expected");
    using L = QList<QByteArray>;
    QTest::newRow("one event per chunk") << L{"{\"a\":1}\n", "{\"b\":2}\n"} << L{"{\"a\":1}", "{\"b\":2}"};
    QTest::newRow("two events in one chunk") << L{"{\"a\":1}\n{\"b\":2}\n"} << L{"{\"a\":1}", "{\"b\":2}"};
    QTest::newRow("event across three chunks") << L{"{\"a\"", ":", "1}\n"} << L{"{\"a\":1}"};
    QTest::newRow("newline alone in a chunk") << L{"{\"a\":1}", "\n"} << L{"{\"a\":1}"};
    QTest::newRow("CRLF tolerated") << L{"{\"a\":1}\r\n"} << L{"{\"a\":1}"};
    QTest::newRow("blank lines dropped") << L{"\n\n{\"a\":1}\n\n"} << L{"{\"a\":1}"};
    QTest::newRow("tail kept for later") << L{"{\"a\":1}\n{\"b\""} << L{"{\"a\":1}"};
}

void TestWatchFramer::splitsLines()
{
    QFETCH(QList<QByteArray>, chunks);
    WatchFramer framer;
    QList<QByteArray> lines;
    for (const QByteArray &chunk : chunks)
        QVERIFY(framer.feed(chunk, &lines));
    QTEST(lines, "expected");
}

void TestWatchFramer::survivesEveryChunking()
{
    QList<QByteArray> events;
    QByteArray stream;
    for (int i = 0; i < 200; ++i) {
        const QByteArray event = "{\"type\":\"MODIFIED\",\"object\":{\"n\":" + QByteArray::number(i) + ",\"pad\":\""
            + QByteArray(i % 37, 'x') + "\"}}";
        events.append(event);
        stream += event + '\n';
    }
    QRandomGenerator random(42);
    for (int round = 0; round < 50; ++round) {
        WatchFramer framer;
        QList<QByteArray> lines;
        qsizetype pos = 0;
        while (pos < stream.size()) {
            const qsizetype n = std::min<qsizetype>(stream.size() - pos, 1 + random.bounded(300));
            QVERIFY(framer.feed(stream.constData() + pos, n, &lines));
            pos += n;
        }
        QCOMPARE(lines, events);
        QCOMPARE(framer.pendingBytes(), 0);
    }
}

void TestWatchFramer::capsEndlessLines()
{
    WatchFramer framer(1024);
    QList<QByteArray> lines;
    QVERIFY(framer.feed(QByteArray(1000, 'a'), &lines));
    QVERIFY(!framer.feed(QByteArray(100, 'a'), &lines));
    QCOMPARE(framer.pendingBytes(), 0); // the memory is released
    QVERIFY(!framer.feed(QByteArray("\n{}\n"), &lines));
    QVERIFY(lines.isEmpty());
    framer.reset();
    QVERIFY(framer.feed(QByteArray("{}\n"), &lines));
    QCOMPARE(lines, QList<QByteArray>{"{}"});
}

void TestWatchFramer::reportsUnfinishedEvent()
{
    WatchFramer framer;
    QList<QByteArray> lines;
    QVERIFY(framer.feed(QByteArray("{\"type\":\"ADD"), &lines));
    QCOMPARE(framer.pendingBytes(), 12);
}

QTEST_GUILESS_MAIN(TestWatchFramer)
#include "tst_watchframer.moc"
