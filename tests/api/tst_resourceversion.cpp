// ResourceVersion: resource versions are opaque, so whatever a server sends
// must print back byte for byte (kubectl and watches send them back), and two
// versions are equal exactly when their texts are — a replay must not look like
// a change, and a change must never look like a replay.

#include "api/resourceversion.h"

#include <QTest>

using namespace fleetscope;

class TestResourceVersion final : public QObject
{
    Q_OBJECT

private slots:
    void printsBackWhatItRead_data();
    void printsBackWhatItRead();
    void equalExactlyWhenTheTextIs_data();
    void equalExactlyWhenTheTextIs();
};

void TestResourceVersion::printsBackWhatItRead_data()
{
    QTest::addColumn<QByteArray>("text");

    QTest::newRow("empty") << QByteArray();
    QTest::newRow("zero") << QByteArray("0");
    QTest::newRow("etcd revision") << QByteArray("1048576");
    QTest::newRow("19 digits") << QByteArray("9223372036854775807");
    QTest::newRow("largest 19 digits") << QByteArray("9999999999999999999");
    QTest::newRow("20 digits") << QByteArray("18446744073709551615");
    QTest::newRow("leading zero") << QByteArray("007");
    QTest::newRow("signed") << QByteArray("-1");
    QTest::newRow("opaque") << QByteArray("MTIzNDU2Nzg5MA==");
    QTest::newRow("digits then text") << QByteArray("12a");
    QTest::newRow("utf-8") << QByteArray("v\xc3\xa9rsion");
}

void TestResourceVersion::printsBackWhatItRead()
{
    QFETCH(QByteArray, text);
    const ResourceVersion version(text);
    QCOMPARE(version.toByteArray(), text);
    QCOMPARE(version.isEmpty(), text.isEmpty());
}

void TestResourceVersion::equalExactlyWhenTheTextIs_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");

    const QList<QByteArray> texts{"",  "0", "00", "7", "007", "70", "12a", "18446744073709551615",
                                  "18446744073709551614", "opaque"};
    for (const QByteArray &a : texts) {
        for (const QByteArray &b : texts)
            QTest::addRow("\"%s\" vs \"%s\"", a.constData(), b.constData()) << a << b;
    }
}

void TestResourceVersion::equalExactlyWhenTheTextIs()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QCOMPARE(ResourceVersion(a) == ResourceVersion(b), a == b);
    QCOMPARE(ResourceVersion(a) != ResourceVersion(b), a != b);
}

QTEST_APPLESS_MAIN(TestResourceVersion)
#include "tst_resourceversion.moc"
