// The one open-addressing table under ObjectTable, RowIndex and VerdictMemo:
// with hashes chosen to collide and to wrap around the array's end, any sequence
// of inserts and removals leaves each live key findable, removed keys gone, and
// the size right — what a QHash says, checked after every step.

#include "kube/probingtable.h"

#include <QHash>
#include <QRandomGenerator>
#include <QTest>

using namespace fleetscope;

namespace {

struct Slot
{
    int key = -1; // -1: empty
    quint32 hash = 0;
    int value = 0;
    bool occupied() const { return key >= 0; }
};

using Table = ProbingTable<Slot>;

Slot *findKey(Table &table, int key, quint32 hash)
{
    return table.find(hash, [key](const Slot &slot) { return slot.key == key; });
}

void put(Table &table, int key, quint32 hash, int value)
{
    Slot *slot = findKey(table, key, hash);
    if (!slot) {
        slot = &table.emplace(hash);
        slot->key = key;
    }
    slot->value = value;
}

} // namespace

class TestProbingTable : public QObject
{
    Q_OBJECT

private slots:
    void emptyTableFindsNothing();
    void followsRandomEditsLikeAHash_data();
    void followsRandomEditsLikeAHash();
    void removalKeepsProbeRunsThatWrapAround();
    void growsAtFourFifthsFull();
};

void TestProbingTable::emptyTableFindsNothing()
{
    Table table;
    QVERIFY(!findKey(table, 1, 1));
    QCOMPARE(table.size(), 0);
    QCOMPARE(table.capacity(), size_t(0));
}

void TestProbingTable::followsRandomEditsLikeAHash_data()
{
    QTest::addColumn<quint32>("hashBits"); // how many distinct hashes: fewer, longer probe runs
    QTest::newRow("distinct hashes") << 32u;
    QTest::newRow("16 hashes") << 4u;
    QTest::newRow("one hash for all") << 0u;
}

void TestProbingTable::followsRandomEditsLikeAHash()
{
    QFETCH(quint32, hashBits);
    const auto hashOf = [hashBits](int key) {
        // High bits set as well, so that the slot index comes from masking.
        const quint32 h = quint32(key) * 2654435761u;
        return hashBits >= 32 ? h : (h & ((1u << hashBits) - 1)) | 0xF000'0000u;
    };
    Table table;
    QHash<int, int> expected;
    QRandomGenerator random(5339);
    const int keys = hashBits ? 700 : 120;
    for (int step = 0; step < 6000; ++step) {
        const int key = int(random.bounded(quint32(keys)));
        if (random.bounded(100) < 55) {
            put(table, key, hashOf(key), step);
            expected.insert(key, step);
        } else if (Slot *slot = findKey(table, key, hashOf(key))) {
            table.erase(slot);
            QVERIFY(expected.remove(key));
        } else {
            QVERIFY(!expected.contains(key));
        }
        QCOMPARE(table.size(), expected.size());
        if (step % 97 == 0 || step == 5999) {
            for (int k = 0; k < keys; ++k) {
                const Slot *slot = findKey(table, k, hashOf(k));
                QCOMPARE(slot != nullptr, expected.contains(k));
                if (slot)
                    QCOMPARE(slot->value, expected.value(k));
            }
        }
    }
}

void TestProbingTable::removalKeepsProbeRunsThatWrapAround()
{
    Table table;
    // 16 slots: keys homed at slot 14 and 15 fill 14, 15, 0, 1, 2.
    const QList<QPair<int, quint32>> entries{{1, 14}, {2, 15}, {3, 14}, {4, 15}, {5, 0}};
    for (const auto &[key, hash] : entries)
        put(table, key, hash, key * 10);
    QCOMPARE(table.capacity(), size_t(16));
    table.erase(findKey(table, 1, 14)); // the run's first entry: each later one may move back
    for (const auto &[key, hash] : entries) {
        const Slot *slot = findKey(table, key, hash);
        QCOMPARE(slot != nullptr, key != 1);
        if (slot)
            QCOMPARE(slot->value, key * 10);
    }
    table.erase(findKey(table, 5, 0)); // homed past the wrap
    QVERIFY(!findKey(table, 5, 0));
    QCOMPARE(findKey(table, 4, 15)->value, 40);
    QCOMPARE(table.size(), 3);
}

void TestProbingTable::growsAtFourFifthsFull()
{
    Table table;
    for (int key = 0; key < 12; ++key)
        put(table, key, quint32(key), key);
    QCOMPARE(table.capacity(), size_t(16)); // 12 of 16: 75 %
    put(table, 12, 12, 12);
    QCOMPARE(table.capacity(), size_t(32)); // 13 of 16 would pass 80 %
    for (int key = 0; key < 13; ++key)
        QCOMPARE(findKey(table, key, quint32(key))->value, key);
    table.reset();
    QCOMPARE(table.size(), 0);
    QVERIFY(!findKey(table, 3, 3));
}

QTEST_GUILESS_MAIN(TestProbingTable)
#include "tst_probingtable.moc"
