// The proxy's blocked row sequence: positions, inserts, erases, searches and
// shifts agree with a plain vector through random edits across block splits.

#include "fleet/itemmodels/rowsequence.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace fleetscope;

class TestRowSequence final : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithAVector();
    void rangeEditsAgreeWithAVector_data();
    void rangeEditsAgreeWithAVector();
};

void TestRowSequence::agreesWithAVector()
{
    RowSequence sequence;
    std::vector<int> expected;
    QRandomGenerator random(512);
    QVERIFY(sequence.isEmpty());
    for (int step = 0; step < 30000; ++step) {
        const int size = int(expected.size());
        const int choice = random.bounded(100);
        if (choice < 60 || size == 0) {
            // Sorted inserts: the values stay ordered, so lowerBound has an answer.
            const int value = random.bounded(100000);
            const auto at = std::lower_bound(expected.begin(), expected.end(), value);
            const int position = sequence.lowerBound(value, std::less<int>());
            QCOMPARE(position, int(at - expected.begin()));
            sequence.insert(position, value);
            expected.insert(at, value);
        } else if (choice < 97) {
            const int position = random.bounded(size);
            sequence.erase(position);
            expected.erase(expected.begin() + position);
        } else if (choice < 99) {
            const int from = random.bounded(100000);
            const int delta = random.bounded(2) ? 7 : -1;
            // The values ascend: the ones to shift may also be named as a tail.
            const int tail = random.bounded(2) ? sequence.lowerBound(from, std::less<int>()) : 0;
            sequence.shiftRows(from, delta, tail);
            for (int &value : expected)
                value += value >= from ? delta : 0;
        } else {
            sequence.assign(expected);
        }
        QCOMPARE(sequence.size(), int(expected.size()));
        if (step % 1000 == 0 || size < 5) {
            QCOMPARE(sequence.toVector(), expected);
            for (int i = 0; i < sequence.size(); i += 37)
                QCOMPARE(sequence.at(i), expected[size_t(i)]);
        }
    }
    QVERIFY(expected.size() > 2000); // several blocks deep
    QCOMPARE(sequence.toVector(), expected);
}

void TestRowSequence::rangeEditsAgreeWithAVector_data()
{
    QTest::addColumn<int>("count");
    QTest::newRow("row by row") << 5;
    QTest::newRow("in one pass") << 400;
}

void TestRowSequence::rangeEditsAgreeWithAVector()
{
    QFETCH(int, count);
    // Rows 0..4999 in an order of their own (distinct scrambled keys), as the proxy keeps them.
    const auto less = [](int a, int b) { return (a * 7919) % 10007 < (b * 7919) % 10007; };
    std::vector<int> expected(5000);
    std::iota(expected.begin(), expected.end(), 0);
    std::sort(expected.begin(), expected.end(), less);
    RowSequence sequence;
    sequence.assign(expected);
    QCOMPARE(RowSequence::isBulk(count, sequence.size()), count > 64);

    // Rows 1000.. go wherever they are, then come back where they belong.
    sequence.eraseRows(1000, 1000 + count - 1, less);
    const auto inRange = [count](int row) { return row >= 1000 && row < 1000 + count; };
    std::vector<int> kept = expected;
    kept.erase(std::remove_if(kept.begin(), kept.end(), inRange), kept.end());
    QCOMPARE(sequence.toVector(), kept);
    std::vector<int> back(static_cast<size_t>(count));
    std::iota(back.begin(), back.end(), 1000);
    std::sort(back.begin(), back.end(), less);
    sequence.mergeRows(back, less);
    QCOMPARE(sequence.toVector(), expected);

    // A run of positions goes, then comes back.
    const std::vector<int> run(expected.begin() + 100, expected.begin() + 100 + count);
    sequence.eraseRange(100, 100 + count - 1);
    kept = expected;
    kept.erase(kept.begin() + 100, kept.begin() + 100 + count);
    QCOMPARE(sequence.toVector(), kept);
    sequence.insertRange(100, run.data(), count);
    QCOMPARE(sequence.toVector(), expected);
}

QTEST_GUILESS_MAIN(TestRowSequence)
#include "tst_rowsequence.moc"
