// Kubernetes timestamps and ages as users read them.

#include "api/kubetime.h"

#include <QDateTime>
#include <QTest>

using namespace fleetscope;

class TestKubeTime final : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void humanDurations_data();
    void humanDurations();
};

void TestKubeTime::parses_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("utc"); // ISO with milliseconds, as Qt prints it

    QTest::newRow("Z") << QByteArray("2026-05-01T10:00:00Z") << true << "2026-05-01T10:00:00.000Z";
    QTest::newRow("lower-case t and z") << QByteArray("2026-05-01t10:00:00z") << true << "2026-05-01T10:00:00.000Z";
    QTest::newRow("micro seconds") << QByteArray("2026-11-25T08:00:00.123456Z") << true << "2026-11-25T08:00:00.123Z";
    QTest::newRow("positive offset") << QByteArray("2026-11-25T07:59:00+01:00") << true << "2026-11-25T06:59:00.000Z";
    QTest::newRow("negative offset") << QByteArray("2026-11-25T23:30:00-05:30") << true << "2026-11-26T05:00:00.000Z";
    QTest::newRow("leap day") << QByteArray("2024-02-29T00:00:00Z") << true << "2024-02-29T00:00:00.000Z";
    QTest::newRow("epoch start") << QByteArray("1970-01-01T00:00:01Z") << true << "1970-01-01T00:00:01.000Z";
    QTest::newRow("no leap day in 2026") << QByteArray("2026-02-29T00:00:00Z") << false << "";
    QTest::newRow("month 13") << QByteArray("2026-13-01T00:00:00Z") << false << "";
    QTest::newRow("no zone") << QByteArray("2026-05-01T10:00:00") << false << "";
    QTest::newRow("date only") << QByteArray("2026-05-01") << false << "";
    QTest::newRow("trailing junk") << QByteArray("2026-05-01T10:00:00Zjunk") << false << "";
    QTest::newRow("empty fraction") << QByteArray("2026-05-01T10:00:00.Z") << false << "";
    QTest::newRow("space separator") << QByteArray("2026-05-01 10:00:00Z") << false << "";
    QTest::newRow("empty") << QByteArray("") << false << "";
}

void TestKubeTime::parses()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    KubeTime time = 42;
    QCOMPARE(parseKubeTime(std::string_view(text.constData(), size_t(text.size())), &time), valid);
    if (valid)
        QTEST(QDateTime::fromMSecsSinceEpoch(time, Qt::UTC).toString(Qt::ISODateWithMs), "utc");
    else
        QCOMPARE(time, 42); // untouched on failure
}

void TestKubeTime::humanDurations_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("expected");
    QTest::newRow("seconds") << qint64(45'000) << "45s";
    QTest::newRow("minutes and seconds") << qint64(5 * 60'000 + 7'000) << "5m7s";
    QTest::newRow("minutes") << qint64(42 * 60'000) << "42m";
    QTest::newRow("hours and minutes") << qint64(3 * 3'600'000 + 20 * 60'000) << "3h20m";
    QTest::newRow("hours") << qint64(20 * 3'600'000) << "20h";
    QTest::newRow("days and hours") << qint64(3 * 86'400'000 + 5 * 3'600'000) << "3d5h";
    QTest::newRow("days") << qint64(40 * qint64(86'400'000)) << "40d";
    QTest::newRow("years") << qint64(3 * 365 * qint64(86'400'000)) << "3y";
    QTest::newRow("clock skew") << qint64(-5'000) << "0s";
}

void TestKubeTime::humanDurations()
{
    QFETCH(qint64, ms);
    QTEST(humanDuration(ms), "expected");
}

QTEST_GUILESS_MAIN(TestKubeTime)
#include "tst_kubetime.moc"
