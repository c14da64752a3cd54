#include "connect/accessresult.h"
#include "connect/jobqueue.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace fleetscope;

class TestAccessResult final : public QObject
{
    Q_OBJECT

private slots:
    void versionsDiffer_data();
    void versionsDiffer();
    void jobQueueKeepsAtMostParallelRunning();
    void jobQueueStopsStarting();
};

void TestAccessResult::versionsDiffer_data()
{
    QTest::addColumn<QString>("served");
    QTest::addColumn<QString>("reported");
    QTest::addColumn<bool>("differ");
    QTest::newRow("same") << "v1.31.2" << "v1.31.2" << false;
    QTest::newRow("vendor suffix") << "v1.30.4-eks-a737599" << "1.30.4" << false;
    QTest::newRow("build metadata") << "v1.29.8+k3s1" << "v1.29.8" << false;
    QTest::newRow("minor only reported") << "v1.30.4" << "v1.30" << false;
    QTest::newRow("patch differs") << "v1.31.2" << "v1.31.0" << true;
    QTest::newRow("minor differs") << "v1.29.8" << "v1.30.4" << true;
    QTest::newRow("nothing reported") << "v1.31.2" << "" << false;
    QTest::newRow("not versions, same") << "custom" << "custom" << false;
    QTest::newRow("not versions, different") << "custom" << "other" << true;
}

void TestAccessResult::versionsDiffer()
{
    QFETCH(QString, served);
    QFETCH(QString, reported);
    QFETCH(bool, differ);
    QCOMPARE(AccessResult::versionsDiffer(served, reported), differ);
}

void TestAccessResult::jobQueueKeepsAtMostParallelRunning()
{
    JobQueue queue;
    queue.setParallel(3);
    int peak = 0;
    QList<int> order;
    queue.run(10, [&](int index) {
        order << index;
        peak = std::max(peak, queue.running());
        // Every job ends later, from the event loop; one ends inside start() itself.
        if (index == 4)
            queue.done(index);
        else
            QTimer::singleShot(index % 3, &queue, [&queue, index] { queue.done(index); });
    });
    QSignalSpy done(&queue, &JobQueue::allDone);
    QVERIFY(done.wait(5000));
    QCOMPARE(peak, 3);
    QCOMPARE(order, (QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    QCOMPARE(queue.finished(), 10);
    QVERIFY(!done.wait(50)); // exactly once

    // An empty run is done too.
    queue.run(0, [](int) { QFAIL("nothing to start"); });
    QVERIFY(done.wait(5000));
}

void TestAccessResult::jobQueueStopsStarting()
{
    JobQueue queue;
    queue.setParallel(2);
    QList<int> started;
    queue.run(10, [&](int index) { started << index; });
    QSignalSpy done(&queue, &JobQueue::allDone);
    QTRY_COMPARE(started.size(), 2);
    queue.stopStarting();
    queue.done(0);
    queue.done(1);
    QVERIFY(done.wait(5000));
    QCOMPARE(started, (QList<int>{0, 1}));
}

QTEST_GUILESS_MAIN(TestAccessResult)
#include "tst_accessresult.moc"
