// A list page's gzip body inflated whole: what servers send (one member, several,
// any size), and what lying or broken ones send (a trailer that understates the
// size, a cut or corrupt stream, a bomb past the cap, no gzip at all): each either
// inflates to exactly the bytes compressed or is refused with a clear reason and
// the body left as it was.

#include "kube/gzipinflater.h"

#include <QRandomGenerator>
#include <QTest>

#include <libdeflate.h>

using namespace fleetscope;

namespace {

constexpr qsizetype kPadding = 64;
constexpr qint64 kCap = 8 * 1024 * 1024;

QByteArray gzip(const QByteArray &data, int level = 1)
{
    libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    QByteArray out(qsizetype(libdeflate_gzip_compress_bound(compressor, size_t(data.size()))), Qt::Uninitialized);
    const size_t size = libdeflate_gzip_compress(compressor, data.constData(), size_t(data.size()), out.data(),
                                                 size_t(out.size()));
    libdeflate_free_compressor(compressor);
    out.resize(qsizetype(size));
    return out;
}

// A list page's worth of JSON: repetitive like real ones, with some noise.
QByteArray listPage(int items)
{
    QByteArray page = R"({"kind":"ClusterProfileList","items":[)";
    QRandomGenerator random(42);
    for (int i = 0; i < items; ++i) {
        page += (i ? "," : "") + QByteArray(R"({"metadata":{"name":"cluster-)") + QByteArray::number(i)
            + R"(","uid":")" + QByteArray::number(random.generate64(), 16) + R"("}})";
    }
    return page + "]}";
}

} // namespace

class TestGzipInflater : public QObject
{
    Q_OBJECT

private slots:
    void inflatesWhatWasCompressed_data();
    void inflatesWhatWasCompressed();
    void refusesBrokenBodies_data();
    void refusesBrokenBodies();
    void buffersServeTheNextPage();
};

void TestGzipInflater::inflatesWhatWasCompressed_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray page = listPage(2000);
    QTest::newRow("a list page") << gzip(page) << page;
    QTest::newRow("best compression") << gzip(page, 12) << page;
    QTest::newRow("empty content") << gzip(QByteArray()) << QByteArray();
    // RFC 1952 allows several members back to back; gzip -c a b > c makes them.
    QTest::newRow("two members") << gzip(page.left(1000)) + gzip(page.mid(1000)) << page;
}

void TestGzipInflater::inflatesWhatWasCompressed()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, expected);
    GzipInflater inflater;
    QString error;
    QVERIFY2(inflater.inflate(&body, kCap, kPadding, &error), qPrintable(error));
    QCOMPARE(body, expected);
    // simdjson reads past the end: the padding is there without another allocation.
    QVERIFY(body.capacity() >= body.size() + kPadding);
}

void TestGzipInflater::refusesBrokenBodies_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<qint64>("cap");
    QTest::addColumn<QString>("expectedError");
    const QByteArray page = gzip(listPage(2000));
    const QString corrupt = QStringLiteral("the gzip body is corrupt or cut short");
    QTest::newRow("cut in half") << page.left(page.size() / 2) << kCap << corrupt;
    QTest::newRow("trailer missing") << page.left(page.size() - 8) << kCap << corrupt;
    QByteArray flipped = page;
    flipped[flipped.size() / 2] = char(flipped[flipped.size() / 2] ^ 0x5a);
    QTest::newRow("a byte flipped") << flipped << kCap << corrupt;
    QByteArray trailing = page + QByteArray(16, '\0');
    QTest::newRow("garbage after the member") << trailing << kCap << corrupt;
    // The trailer's size is where the output buffer starts, never trusted: a lie
    // in it is a corrupt member (its size is checked).
    QByteArray understated = page;
    understated.replace(understated.size() - 4, 4, QByteArray::fromHex("10000000"));
    QTest::newRow("trailer understates the size") << understated << kCap << corrupt;
    QTest::newRow("plain JSON") << listPage(3) << kCap << QStringLiteral("the body is said to be gzip but is not");
    QTest::newRow("empty") << QByteArray() << kCap << QStringLiteral("the body is said to be gzip but is not");
    // 64 MiB of zeros gzip to ~64 KB: refused at the cap, never allocated whole.
    QTest::newRow("bomb past the cap") << gzip(QByteArray(64 * 1024 * 1024, '\0'), 9) << kCap
                                       << QStringLiteral("the response inflates to larger than 8 MiB, refused");
}

void TestGzipInflater::refusesBrokenBodies()
{
    QFETCH(QByteArray, body);
    QFETCH(qint64, cap);
    QFETCH(QString, expectedError);
    GzipInflater inflater;
    const QByteArray before = body;
    QString error;
    QVERIFY(!inflater.inflate(&body, cap, kPadding, &error));
    QCOMPARE(error, expectedError);
    QCOMPARE(body, before);
}

void TestGzipInflater::buffersServeTheNextPage()
{
    // Page after page through one inflater, as an informer lists: every page exact,
    // and after release() the next page still inflates.
    GzipInflater inflater;
    for (int round = 0; round < 4; ++round) {
        const QByteArray page = listPage(500 + 700 * round);
        QByteArray body = gzip(page);
        QString error;
        QVERIFY2(inflater.inflate(&body, kCap, kPadding, &error), qPrintable(error));
        QCOMPARE(body, page);
        if (round == 1)
            inflater.release();
    }
}

QTEST_GUILESS_MAIN(TestGzipInflater)
#include "tst_gzipinflater.moc"
