// PackedList (the exact-size shared arrays a profile's conditions, properties,
// access providers, extensions and labels live in) and LabelMap on top of it.
// What a user would notice if they broke: a condition or label that vanishes or
// appears twice, a profile edited in one view changing another's copy, or a
// crash when a hub thread and the GUI thread drop the same profile.

#include "api/clusterprofile.h"
#include "api/labelmap.h"
#include "api/packedlist.h"

#include <QTest>

#include <atomic>
#include <iterator>
#include <memory>
#include <thread>
#include <vector>

using namespace fleetscope;

namespace {

// Counts live instances, so that a leak or a double destruction shows.
struct Tracked
{
    static inline std::atomic<int> alive{0};
    QString text;

    Tracked(QString t = {})
        : text(std::move(t))
    {
        ++alive;
    }
    Tracked(const Tracked &other)
        : text(other.text)
    {
        ++alive;
    }
    Tracked(Tracked &&other) noexcept
        : text(std::move(other.text))
    {
        ++alive;
    }
    Tracked &operator=(const Tracked &) = default;
    Tracked &operator=(Tracked &&) = default;
    ~Tracked() { --alive; }
    friend bool operator==(const Tracked &a, const Tracked &b) { return a.text == b.text; }
};

QStringList texts(const PackedList<Tracked> &list)
{
    QStringList out;
    for (const Tracked &t : list)
        out << t.text;
    return out;
}

} // namespace

class TestPackedList final : public QObject
{
    Q_OBJECT

private slots:
    void emptyListHoldsNothing();
    void appendsInOrder_data();
    void appendsInOrder();
    void copiesShareUntilWritten();
    void destroysEveryItemOnce();
    void equalityComparesItems();
    void labelMapKeepsKeysSortedAndTheLastOfRepeats();
    void profilesCopiedAcrossThreadsKeepTheirConditions();
};

void TestPackedList::emptyListHoldsNothing()
{
    PackedList<Condition> list;
    QVERIFY(list.isEmpty());
    QCOMPARE(list.size(), 0);
    QCOMPARE(list.heapBytes(), size_t(0));
    QCOMPARE(list.begin(), list.end());
    // One pointer inline instead of QList's three words: the reason this type exists.
    QCOMPARE(sizeof(PackedList<Condition>), sizeof(void *));
}

void TestPackedList::appendsInOrder_data()
{
    QTest::addColumn<QStringList>("initial");
    QTest::addColumn<QStringList>("appended");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("into empty") << QStringList() << QStringList{"a", "b"} << QStringList{"a", "b"};
    QTest::newRow("after one") << QStringList{"a"} << QStringList{"b", "c"} << QStringList{"a", "b", "c"};
    QTest::newRow("after two") << QStringList{"a", "b"} << QStringList{"c"} << QStringList{"a", "b", "c"};
    QTest::newRow("nothing") << QStringList{"a"} << QStringList() << QStringList{"a"};
}

void TestPackedList::appendsInOrder()
{
    QFETCH(QStringList, initial);
    QFETCH(QStringList, appended);
    QFETCH(QStringList, expected);

    PackedList<Tracked> list(initial.cbegin(), initial.cend());
    QCOMPARE(texts(list), initial);
    list.append(appended.cbegin(), appended.cend());
    QCOMPARE(texts(list), expected);
    // Exactly as many items as held: no growth slack.
    QCOMPARE(list.heapBytes(), expected.isEmpty() ? size_t(0) : 8 + size_t(expected.size()) * sizeof(Tracked));

    // Moving in leaves the source's items moved-from, as std::move promises.
    std::vector<Tracked> source{Tracked(QStringLiteral("x")), Tracked(QStringLiteral("y"))};
    list.append(std::make_move_iterator(source.begin()), std::make_move_iterator(source.end()));
    QCOMPARE(texts(list), (expected + QStringList{"x", "y"}));
    QVERIFY(source[0].text.isEmpty());
}

void TestPackedList::copiesShareUntilWritten()
{
    PackedList<Tracked> a{Tracked(QStringLiteral("one")), Tracked(QStringLiteral("two"))};
    const PackedList<Tracked> b = a;
    QCOMPARE(std::as_const(a).constData(), b.constData()); // shared, not copied

    a[0].text = QStringLiteral("changed"); // detaches a
    QCOMPARE(texts(a), QStringList({"changed", "two"}));
    QCOMPARE(texts(b), QStringList({"one", "two"}));
    QVERIFY(std::as_const(a).constData() != b.constData());

    PackedList<Tracked> c = b;
    c.append(Tracked(QStringLiteral("three")));
    QCOMPARE(texts(b), QStringList({"one", "two"}));
    QCOMPARE(texts(c), QStringList({"one", "two", "three"}));

    c.clear();
    QVERIFY(c.isEmpty());
    QCOMPARE(b.size(), 2);

    // Appending the list's own items, with nobody else holding it: they must be
    // copied before the old block's items are moved over.
    PackedList<Tracked> own{Tracked(QStringLiteral("p")), Tracked(QStringLiteral("q"))};
    own.append(own.at(0));
    QCOMPARE(texts(own), QStringList({"p", "q", "p"}));
    own.append(std::as_const(own).begin(), std::as_const(own).end());
    QCOMPARE(texts(own), QStringList({"p", "q", "p", "p", "q", "p"}));
}

void TestPackedList::destroysEveryItemOnce()
{
    const int before = Tracked::alive;
    {
        PackedList<Tracked> a{Tracked(QStringLiteral("1")), Tracked(QStringLiteral("2"))};
        PackedList<Tracked> b = a;
        b.append(Tracked(QStringLiteral("3")));
        PackedList<Tracked> c = std::move(a);
        QVERIFY(a.isEmpty()); // NOLINT(bugprone-use-after-move): moved-from is empty, by contract
        a = c;
        b = a;
        QCOMPARE(Tracked::alive - before, 2); // b's three-item copy went when b was reassigned
    }
    QCOMPARE(Tracked::alive.load(), before);
}

void TestPackedList::equalityComparesItems()
{
    const PackedList<Tracked> a{Tracked(QStringLiteral("x")), Tracked(QStringLiteral("y"))};
    const PackedList<Tracked> b{Tracked(QStringLiteral("x")), Tracked(QStringLiteral("y"))};
    const PackedList<Tracked> c{Tracked(QStringLiteral("x"))};
    QVERIFY(a == b);
    QVERIFY(a != c);
    QVERIFY(PackedList<Tracked>() == PackedList<Tracked>());
    QVERIFY(a != PackedList<Tracked>());
    QCOMPARE(a.toList(), QList<Tracked>({Tracked(QStringLiteral("x")), Tracked(QStringLiteral("y"))}));
}

void TestPackedList::labelMapKeepsKeysSortedAndTheLastOfRepeats()
{
    std::vector<LabelMap::Entry> entries;
    entries.emplace_back(QStringLiteral("zone"), QStringLiteral("a"));
    entries.emplace_back(QStringLiteral("env"), QStringLiteral("dev"));
    entries.emplace_back(QStringLiteral("zone"), QStringLiteral("b"));
    LabelMap labels;
    labels.assign(&entries);
    QVERIFY(entries.empty()); // handed back as scratch
    QCOMPARE(labels.size(), 2);
    QCOMPARE(labels.entries().at(0).first.toString(), QStringLiteral("env"));
    QCOMPARE(labels.value(u"zone"), QStringLiteral("b"));

    labels.insert(QStringLiteral("app"), QStringLiteral("web"));
    labels.insert(QStringLiteral("env"), QStringLiteral("prod"));
    QCOMPARE(labels.size(), 3);
    QCOMPARE(labels.entries().at(0).first.toString(), QStringLiteral("app"));
    QCOMPARE(labels.value(u"env"), QStringLiteral("prod"));
    QVERIFY(!labels.contains(u"missing"));
}

void TestPackedList::profilesCopiedAcrossThreadsKeepTheirConditions()
{
    // A hub thread publishes a profile; the GUI thread and others copy and drop
    // it concurrently. The count must be atomic for this to end with no leak and
    // no double free (run under ASan in CI).
    auto profile = std::make_shared<ClusterProfile>();
    for (int i = 0; i < 4; ++i) {
        Condition c;
        c.type = QStringLiteral("Type%1").arg(i);
        c.status = ConditionStatus::True;
        profile->conditions.append(c);
    }
    const std::shared_ptr<const ClusterProfile> shared = profile;
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 20000; ++i) {
                PackedList<Condition> copy = shared->conditions;
                if (copy.size() != 4 || copy.at(3).type != u"Type3")
                    ++mismatches;
            }
        });
    }
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(mismatches.load(), 0);
    QCOMPARE(shared->conditions.size(), 4);
}

QTEST_APPLESS_MAIN(TestPackedList)
#include "tst_packedlist.moc"
