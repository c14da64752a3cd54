// The simulator's paced loop: steps at a steady rate on a thread of its own; a
// step that throws is reported through the fault sink and the loop goes on, so
// that nothing a simulated change throws can take an embedding process down.

#include "pacedloop.h"

#include <QDeadlineTimer>
#include <QTest>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

using namespace fleetscope::hub;

class TestPacedLoop final : public QObject
{
    Q_OBJECT

private slots:
    void aThrowingStepIsReportedAndTheLoopGoesOn();
    void stopsWhenItsTimeIsUpAndCanStartAgain();
};

namespace {

template<typename Condition>
bool waitFor(Condition condition, int ms = 20000)
{
    QDeadlineTimer deadline(ms);
    while (!condition() && !deadline.hasExpired())
        QTest::qWait(5);
    return condition();
}

} // namespace

void TestPacedLoop::aThrowingStepIsReportedAndTheLoopGoesOn()
{
    std::atomic<int> steps{0};
    std::mutex mutex;
    std::vector<std::string> reported;
    PacedLoop loop(
        500, 0,
        [&steps] {
            const int step = ++steps;
            if (step % 3 == 0)
                throw std::runtime_error("step " + std::to_string(step) + " read a field that was not there");
            if (step % 7 == 0)
                throw 42; // not even a std::exception
        },
        [&](const std::string &message) {
            std::lock_guard<std::mutex> lock(mutex);
            reported.push_back(message);
        });
    loop.start();
    QVERIFY(loop.running());
    QVERIFY(waitFor([&steps] { return steps.load() >= 50; }));
    loop.stop();
    QVERIFY(!loop.running());
    const int done = steps.load();
    std::lock_guard<std::mutex> lock(mutex);
    QCOMPARE(int(loop.faults()), int(reported.size()));
    QVERIFY(reported.size() >= std::size_t(done / 3));
    QCOMPARE(QString::fromStdString(reported.front()), QStringLiteral("step 3 read a field that was not there"));
    bool sawForeign = false;
    for (const std::string &message : reported)
        sawForeign = sawForeign || message.find("not a std::exception") != std::string::npos;
    QVERIFY(sawForeign);
}

void TestPacedLoop::stopsWhenItsTimeIsUpAndCanStartAgain()
{
    std::atomic<int> steps{0};
    PacedLoop loop(200, 0.2, [&steps] { ++steps; }, {});
    loop.start();
    QVERIFY(waitFor([&loop] { return !loop.running(); }));
    const int first = steps.load();
    QVERIFY2(first > 0 && first <= 41, qPrintable(QString::number(first))); // at most 200/s for 0.2 s
    loop.stop();
    loop.start();
    QVERIFY(waitFor([&loop] { return !loop.running(); }));
    QVERIFY(steps.load() > first);
}

QTEST_GUILESS_MAIN(TestPacedLoop)
#include "tst_pacedloop.moc"
