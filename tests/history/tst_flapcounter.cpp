// Flap counts over a sliding window, kept in buckets so that the Flaps column
// costs the same after a week of churn as after a minute.

#include "historytestutil.h"

#include "history/flapcounter.h"

#include <QRandomGenerator>
#include <QTest>

using namespace fleetscope;
using fleetscope::historytest::transition;

namespace {

ClusterId cluster(const QString &name)
{
    return {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
}

} // namespace

class TstFlapCounter : public QObject
{
    Q_OBJECT

private slots:
    void whatCountsAsAFlap_data()
    {
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addColumn<bool>("seeded");
        QTest::addColumn<bool>("flap");
        using S = ConditionStatus;
        QTest::newRow("True to False") << int(S::True) << int(S::False) << false << true;
        QTest::newRow("False to Unknown") << int(S::False) << int(S::Unknown) << false << true;
        QTest::newRow("first sight (seed)") << int(S::Absent) << int(S::True) << true << false;
        QTest::newRow("appears on a known cluster") << int(S::Absent) << int(S::False) << false << false;
        QTest::newRow("stops being reported") << int(S::True) << int(S::Absent) << false << false;
        QTest::newRow("no change") << int(S::True) << int(S::True) << false << false;
    }
    void whatCountsAsAFlap()
    {
        QFETCH(int, from);
        QFETCH(int, to);
        QFETCH(bool, seeded);
        QFETCH(bool, flap);
        ConditionTransition t = transition(QStringLiteral("c"), 1000, ConditionStatus(from), ConditionStatus(to));
        t.seeded = seeded;
        QCOMPARE(FlapCounter::isFlap(t), flap);
        FlapCounter counter(3600 * 1000);
        counter.addTransitions({t});
        QCOMPARE(counter.counts(2000).value(cluster(QStringLiteral("c"))), flap ? 1 : 0);
    }

    // Window 100 s in 10 buckets of 10 s: a count covers whole buckets.
    void slidingWindow_data()
    {
        QTest::addColumn<QList<qint64>>("flapsAt");
        QTest::addColumn<qint64>("now");
        QTest::addColumn<int>("expected");
        QTest::newRow("all inside") << QList<qint64>{10'000, 50'000, 99'000} << qint64(100'000) << 3;
        QTest::newRow("one left the window") << QList<qint64>{5'000, 50'000, 99'000} << qint64(120'000) << 2;
        QTest::newRow("oldest bucket counts while partly inside")
            << QList<qint64>{21'000, 50'000} << qint64(125'000) << 2;
        QTest::newRow("all gone") << QList<qint64>{1'000, 2'000} << qint64(500'000) << 0;
        QTest::newRow("out of order arrivals") << QList<qint64>{90'000, 30'000, 60'000, 30'500} << qint64(100'000) << 4;
    }
    void slidingWindow()
    {
        QFETCH(QList<qint64>, flapsAt);
        QFETCH(qint64, now);
        QFETCH(int, expected);
        FlapCounter counter(100'000, 10);
        QCOMPARE(counter.bucketMs(), 10'000);
        for (const qint64 at : flapsAt)
            counter.add(cluster(QStringLiteral("c")), at);
        const QHash<ClusterId, int> counts = counter.counts(now);
        QCOMPARE(counts.value(cluster(QStringLiteral("c"))), expected);
        // A cluster whose flaps all left the window is forgotten, not kept as zero.
        QCOMPARE(counts.contains(cluster(QStringLiteral("c"))), expected > 0);
        QCOMPARE(counter.clusterCount(), expected > 0 ? 1 : 0);
    }

    // changes() reports what moved since the last counts() or changes(): new
    // and raised counts, 0 for a cluster forgotten or whose flaps left the
    // window; nothing when nothing moved. Applied on top of the last counts(),
    // they always give counts() again.
    void changesReportOnlyWhatMoved()
    {
        FlapCounter counter(100'000, 10);
        const ClusterId a = cluster(QStringLiteral("a"));
        const ClusterId b = cluster(QStringLiteral("b"));
        const ClusterId c = cluster(QStringLiteral("c"));
        counter.add(a, 1'000);
        counter.add(b, 2'000);
        QHash<ClusterId, int> shown = counter.counts(5'000);
        QCOMPARE(shown.size(), 2);
        QVERIFY(counter.changes(6'000).isEmpty());

        counter.add(a, 7'000);
        counter.add(c, 8'000, 3);
        QHash<ClusterId, int> changes = counter.changes(9'000);
        QCOMPARE(changes, (QHash<ClusterId, int>{{a, 2}, {c, 3}}));
        QVERIFY(counter.changes(9'500).isEmpty());

        counter.forget(b);
        counter.forget(cluster(QStringLiteral("never-flapped")));
        QCOMPARE(counter.changes(10'000), (QHash<ClusterId, int>{{b, 0}}));

        // At 111 s the bucket of 0–10 s leaves the window: all of a's flaps lay
        // in it, c keeps the one of 50 s.
        counter.add(c, 50'000);
        counter.changes(50'000);
        changes = counter.changes(111'000);
        QCOMPARE(changes, (QHash<ClusterId, int>{{a, 0}, {c, 1}}));

        // Replaying random flaps and forgets: the changes keep a copy equal to counts().
        QRandomGenerator random(7);
        shown = counter.counts(111'000);
        qint64 now = 111'000;
        for (int step = 0; step < 2000; ++step) {
            now += random.bounded(2'000);
            const ClusterId who = cluster(QStringLiteral("r%1").arg(random.bounded(20)));
            if (random.bounded(10) == 0)
                counter.forget(who);
            else
                counter.add(who, now - random.bounded(5'000));
            if (random.bounded(5) == 0) {
                const QHash<ClusterId, int> moved = counter.changes(now);
                for (auto it = moved.cbegin(); it != moved.cend(); ++it) {
                    if (it.value() == 0)
                        shown.remove(it.key());
                    else
                        shown.insert(it.key(), it.value());
                }
                FlapCounter copy = counter;
                QCOMPARE(shown, copy.counts(now));
            }
        }
    }

    // What stays in memory is bounded by clusters × buckets, however many flaps.
    void memoryIsBoundedByBuckets()
    {
        FlapCounter counter(100'000, 10);
        for (qint64 at = 0; at < 1'000'000; at += 7)
            counter.add(cluster(QStringLiteral("c%1").arg(at % 3)), at);
        const QHash<ClusterId, int> counts = counter.counts(1'000'000);
        QCOMPARE(counts.size(), 3);
        // The last 10 buckets of 10 s, one flap per 7 ms spread over 3 clusters.
        for (const int count : counts)
            QVERIFY2(count > 100'000 / 7 / 3 - 2 && count < 100'000 / 7 / 3 + 2, qPrintable(QString::number(count)));
    }
};

QTEST_GUILESS_MAIN(TstFlapCounter)
#include "tst_flapcounter.moc"
