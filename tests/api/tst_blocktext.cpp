// BlockText: a profile's per-cluster text (server URLs, display name, CA data,
// extension JSON) as UTF-8 in one shared block. What a user would notice if it
// broke: a garbled non-ASCII display name, a server URL that changes when another
// profile goes away, or a crash when two threads drop copies of one profile.

#include "api/blocktext.h"

#include <QProcess>
#include <QTest>

#include <thread>
#include <vector>

using namespace fleetscope;

class TestBlockText final : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsText_data();
    void roundTripsText();
    void comparesWithoutConverting();
    void emptyTextHoldsNoBlock();
    void bytesKeepEveryByte();
    void builderHandsOutOneBlock();
    void readingAPendingHandleStopsTheProgram();
    void copiesShareTheBlockAcrossThreads();
    void joinsStringBuilderExpressions();
};

void TestBlockText::roundTripsText_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("ascii") << QStringLiteral("https://10.0.0.5:6443");
    QTest::newRow("umlaut") << QStringLiteral("Z\u00fcrich");
    QTest::newRow("cjk") << QStringLiteral("\u6771\u4eac");
    QTest::newRow("astral") << QStringLiteral("\U0001F600 cluster");
}

void TestBlockText::roundTripsText()
{
    QFETCH(QString, text);
    const BlockString s = text;
    QCOMPARE(s.toString(), text);
    QCOMPARE(QString(s), text);
    QCOMPARE(s.byteSize(), text.toUtf8().size());
    QCOMPARE(QByteArray(s.utf8().data(), s.utf8().size()), text.toUtf8());
    QCOMPARE(BlockString::fromUtf8(text.toStdString()).toString(), text);
}

void TestBlockText::comparesWithoutConverting()
{
    const BlockString a = QStringLiteral("Z\u00fcrich");
    QVERIFY(a == QStringLiteral("Z\u00fcrich"));
    QVERIFY(QStringLiteral("Z\u00fcrich") == a);
    QVERIFY(a == QStringView(u"Z\u00fcrich"));
    QVERIFY(a != QStringLiteral("Zurich"));
    QVERIFY(a != QStringLiteral("Z\u00fcric"));
    QVERIFY(a == BlockString(QStringLiteral("Z\u00fcrich")));
    QVERIFY(a != BlockString());
    QVERIFY(BlockString() == QString());
}

void TestBlockText::emptyTextHoldsNoBlock()
{
    const BlockString empty = QString();
    QVERIFY(empty.isEmpty());
    QVERIFY(!empty.block());
    QVERIFY(empty.toString().isEmpty());
    BlockString text = QStringLiteral("x");
    QVERIFY(text.block());
    text.clear();
    QVERIFY(text.isEmpty());
    QVERIFY(!text.block());
}

void TestBlockText::bytesKeepEveryByte()
{
    const QByteArray pem("-----BEGIN\0CERT\xff-----\n", 22);
    const BlockBytes b = pem;
    QCOMPARE(b.size(), pem.size());
    QCOMPARE(b.toByteArray(), pem);
    QVERIFY(b == pem);
    QVERIFY(b != QByteArray("-----BEGIN"));
    const QByteArray converted = b;
    QCOMPARE(converted, pem);
}

void TestBlockText::builderHandsOutOneBlock()
{
    TextBlockBuilder builder;
    BlockString server = builder.add("https://a.example");
    BlockBytes json = builder.add(R"({"k":1})");
    BlockString none = builder.add("");
    // Pending until the block exists: sized, but no text to read yet.
    QCOMPARE(server.byteSize(), 17);
    QVERIFY(!server.block());
    QVERIFY(none.isEmpty());
    FinishedText text = builder.finish();
    QVERIFY(text.block());
    QCOMPARE(text.block()->size(), 17u + 7u);
    text.adopt(&server);
    QVERIFY(!server.isPending());
    QVERIFY(json.isPending());
    text.adopt(&json);
    text.adopt(&none);
    QCOMPARE(server.toString(), QStringLiteral("https://a.example"));
    QCOMPARE(json.toByteArray(), QByteArray(R"({"k":1})"));
    QCOMPARE(server.block(), json.block());
    QVERIFY(!none.block());
    // A builder with nothing added makes no block.
    QVERIFY(!builder.finish().block());
}

// What makes the adoption step impossible to forget: a pending handle tells its
// size (decoders check for empty values) but reading it stops the program, here
// in a child process running this test function.
void TestBlockText::readingAPendingHandleStopsTheProgram()
{
    if (qEnvironmentVariableIsSet("TST_BLOCKTEXT_READ_PENDING")) {
        TextBlockBuilder builder;
        const BlockString server = builder.add("https://a.example");
        QVERIFY(server.isPending());
        QVERIFY(!server.isEmpty());
        qInfo("read: %s", qPrintable(server.toString())); // must not return
        return;
    }
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TST_BLOCKTEXT_READ_PENDING"), QStringLiteral("1"));
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("readingAPendingHandleStopsTheProgram")});
    QVERIFY(child.waitForFinished(60000));
    const QByteArray output = child.readAll();
    QVERIFY2(child.exitStatus() == QProcess::CrashExit || child.exitCode() != 0, output.constData());
    QVERIFY2(output.contains("a decoder forgot a field"), output.constData());
    QVERIFY2(!output.contains("read: "), output.constData());
}

void TestBlockText::copiesShareTheBlockAcrossThreads()
{
    TextBlockBuilder builder;
    BlockString text = builder.add("https://shared.example:6443");
    FinishedText finished = builder.finish();
    finished.adopt(&text);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([text] {
            for (int i = 0; i < 10000; ++i) {
                BlockString copy = text;
                BlockString moved = std::move(copy);
                Q_UNUSED(moved);
            }
        });
    }
    for (std::thread &t : threads)
        t.join();
    const BlockString survivor = text;
    text.clear();
    QCOMPARE(survivor.toString(), QStringLiteral("https://shared.example:6443"));
}

void TestBlockText::joinsStringBuilderExpressions()
{
    const BlockString server = QStringLiteral("https://\u00fc.example");
    const QString joined = QStringLiteral("server ") + server + u'/';
    QCOMPARE(joined, QStringLiteral("server https://\u00fc.example/"));
}

QTEST_GUILESS_MAIN(TestBlockText)
#include "tst_blocktext.moc"
