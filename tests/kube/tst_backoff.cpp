// Reconnect delays: growing, jittered, capped, honouring Retry-After, reset by health.

#include "kube/backoff.h"

#include <QTest>

using namespace fleetscope;

class TestBackoff final : public QObject
{
    Q_OBJECT

private slots:
    void growsWithJitterToTheCap();
    void retryAfterIsALowerBound();
    void resetsAfterTwoHealthyMinutes();
    void keepsGrowingWhenHealthIsShort();
};

void TestBackoff::growsWithJitterToTheCap()
{
    Backoff backoff(Backoff::Settings{}, 7);
    const qint64 bases[] = {800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000};
    for (qint64 base : bases) {
        const qint64 delay = backoff.next(0);
        QVERIFY2(delay >= base && delay <= 2 * base, qPrintable(QStringLiteral("%1 not in [%2, %3]").arg(delay).arg(base).arg(2 * base)));
    }
}

void TestBackoff::retryAfterIsALowerBound()
{
    Backoff backoff(Backoff::Settings{}, 7);
    QCOMPARE(backoff.next(0, 5000), 5000); // first delay is < 1.6 s: the server's 5 s wins
    QVERIFY(backoff.next(0, 100) >= 1600); // a shorter Retry-After does not shorten our own delay
}

void TestBackoff::resetsAfterTwoHealthyMinutes()
{
    Backoff backoff(Backoff::Settings{}, 7);
    for (int i = 0; i < 6; ++i)
        backoff.next(0);
    backoff.succeeded(1000);
    const qint64 delay = backoff.next(1000 + 120'000);
    QVERIFY2(delay < 1600, qPrintable(QString::number(delay)));
}

void TestBackoff::keepsGrowingWhenHealthIsShort()
{
    Backoff backoff(Backoff::Settings{}, 7);
    for (int i = 0; i < 3; ++i)
        backoff.next(0);
    backoff.succeeded(1000);
    // Flapping (healthy for 5 s, then failing again) must not hammer the server.
    QVERIFY(backoff.next(6000) >= 6400);
}

QTEST_GUILESS_MAIN(TestBackoff)
#include "tst_backoff.moc"
