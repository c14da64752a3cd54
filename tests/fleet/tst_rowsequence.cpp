// The proxy's blocked row sequence: positions, inserts, erases, searches and
// shifts agree with a plain vector through random edits across block splits.

#include "fleet/rowsequence.h"

#include <QRandomGenerator>
#include <QTest>

#include <vector>

using namespace fleetscope;

class TestRowSequence final : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithAVector();
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

QTEST_GUILESS_MAIN(TestRowSequence)
#include "tst_rowsequence.moc"
