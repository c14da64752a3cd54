// PooledString and StringPool: the 4-byte handles every profile's conditions,
// properties and labels are made of. What a user would notice if they broke:
// wrong text in a column, a filter that misses equal values, memory that grows
// for days, or a crash when hubs decode while the store purges.

#include "api/pooledstring.h"
#include "api/stringpool.h"

#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace fleetscope;

class TestPooledString final : public QObject
{
    Q_OBJECT

private slots:
    void pooledValuesShareOneSlot();
    void equality_data();
    void equality();
    void purgeFreesOnlyWhatNobodyNames();
    void uniqueStringsGoWithTheirLastHandle();
    void handlesOutliveTheirPool();
    void joinsStringBuilderExpressions();
    void threadsInternCopyAndPurgeTogether();
};

void TestPooledString::pooledValuesShareOneSlot()
{
    StringPool pool;
    const PooledString a = pool.pooled(u"ControlPlaneHealthy");
    const PooledString b = pool.pooledUtf8("ControlPlaneHealthy");
    QVERIFY(a.sharesSlotWith(b));
    QCOMPARE(a.toString(), QStringLiteral("ControlPlaneHealthy"));
    QCOMPARE(pool.size(), 1);
    // intern() hands out the slot's own buffer, not a copy.
    QCOMPARE(pool.intern(u"ControlPlaneHealthy").constData(), a.toString().constData());
    // Empty text takes no slot: the empty handle is the empty string.
    QVERIFY(pool.pooled(u"").isEmpty());
    QCOMPARE(pool.size(), 1);
    QVERIFY(!PooledString::unique(QString()).sharesSlotWith(PooledString()));
}

void TestPooledString::equality_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<int>("leftKind"); // 0 pooled in pool A, 1 pooled in pool B, 2 unique
    QTest::addColumn<int>("rightKind");

    QTest::newRow("same pool, same text") << "eu-west-1" << "eu-west-1" << 0 << 0;
    QTest::newRow("same pool, other text") << "eu-west-1" << "eu-west-2" << 0 << 0;
    QTest::newRow("two pools, same text") << "eu-west-1" << "eu-west-1" << 0 << 1;
    QTest::newRow("pooled and unique, same text") << "c1-id" << "c1-id" << 0 << 2;
    QTest::newRow("two uniques, same text") << "c1-id" << "c1-id" << 2 << 2;
    QTest::newRow("two uniques, other text") << "c1-id" << "c2-id" << 2 << 2;
    QTest::newRow("empty and empty") << "" << "" << 0 << 2;
    QTest::newRow("empty and text") << "" << "x" << 0 << 0;
    QTest::newRow("prefix") << "prod" << "prod-2" << 0 << 2;
}

void TestPooledString::equality()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(int, leftKind);
    QFETCH(int, rightKind);
    StringPool poolA;
    StringPool poolB;
    auto make = [&](const QString &text, int kind) {
        return kind == 0 ? poolA.pooled(text) : kind == 1 ? poolB.pooled(text) : PooledString::unique(text);
    };
    const PooledString a = make(left, leftKind);
    const PooledString b = make(right, rightKind);
    const bool equal = left == right;
    // A filter or a group-by compares handles from anywhere: equal text is equal.
    QCOMPARE(a == b, equal);
    QCOMPARE(a != b, !equal);
    QCOMPARE(a == right, equal);
    QCOMPARE(right == a, equal);
    QCOMPARE(a == QStringView(right), equal);
    QCOMPARE(a < b, left < right);
    QCOMPARE(qHash(a, 7) == qHash(b, 7), equal || qHash(left, 7) == qHash(right, 7));
}

void TestPooledString::purgeFreesOnlyWhatNobodyNames()
{
    StringPool pool;
    const qsizetype liveBefore = StringSlots::liveCount();
    PooledString kept = pool.pooled(u"kept");
    {
        const PooledString dropped = pool.pooled(u"dropped");
        const PooledString copy = dropped; // a second reference, released with the first
        Q_UNUSED(copy);
    }
    QCOMPARE(pool.size(), 2);
    QCOMPARE(pool.purgeUnused(), 1);
    QCOMPARE(pool.size(), 1);
    QCOMPARE(kept.toString(), QStringLiteral("kept"));
    QCOMPARE(StringSlots::liveCount(), liveBefore + 1);
    // Pooling the purged text again gives a working handle, and the kept one is still shared.
    QCOMPARE(pool.pooled(u"dropped").toString(), QStringLiteral("dropped"));
    QVERIFY(pool.pooled(u"kept").sharesSlotWith(kept));
    kept = PooledString();
    QCOMPARE(pool.purgeUnused(), 2);
    QCOMPARE(StringSlots::liveCount(), liveBefore);
}

void TestPooledString::uniqueStringsGoWithTheirLastHandle()
{
    const qsizetype liveBefore = StringSlots::liveCount();
    PooledString id = PooledString::unique(QStringLiteral("47243436-cdba-4cd3-8fc3-1b30698e8f8c"));
    PooledString copy = id;
    QCOMPARE(StringSlots::liveCount(), liveBefore + 1);
    id = PooledString();
    QCOMPARE(copy.toString(), QStringLiteral("47243436-cdba-4cd3-8fc3-1b30698e8f8c"));
    copy = std::move(id); // moving an empty handle in releases the last reference
    QVERIFY(copy.isEmpty());
    QCOMPARE(StringSlots::liveCount(), liveBefore);
}

void TestPooledString::handlesOutliveTheirPool()
{
    const qsizetype liveBefore = StringSlots::liveCount();
    PooledString survivor;
    {
        StringPool pool;
        survivor = pool.pooled(u"survivor");
        pool.pooled(u"unused");
    }
    // The unused string went with the pool; the named one stays readable ...
    QCOMPARE(StringSlots::liveCount(), liveBefore + 1);
    QCOMPARE(survivor.toString(), QStringLiteral("survivor"));
    // ... until its last handle goes.
    survivor.clear();
    QCOMPARE(StringSlots::liveCount(), liveBefore);
}

void TestPooledString::joinsStringBuilderExpressions()
{
    StringPool pool;
    const PooledString ns = pool.pooled(u"fleet-prod");
    const PooledString name = PooledString::unique(QStringLiteral("prod-euc1-003"));
    const QString key = ns + u'/' + name;
    QCOMPARE(key, QStringLiteral("fleet-prod/prod-euc1-003"));
    QCOMPARE(QStringLiteral("%1 in %2").arg(name, ns), QStringLiteral("prod-euc1-003 in fleet-prod"));
}

void TestPooledString::threadsInternCopyAndPurgeTogether()
{
    // Hubs decode on their own threads while the GUI thread purges: every handle
    // must keep reading its own text, and nothing may be freed twice (ASan run).
    StringPool pool;
    constexpr int threads = 4;
    constexpr int rounds = 20000;
    std::atomic<bool> stop{false};
    std::atomic<int> wrong{0};
    std::thread purger([&] {
        while (!stop.load())
            pool.purgeUnused();
    });
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            std::vector<PooledString> held;
            for (int i = 0; i < rounds; ++i) {
                const QString text = QStringLiteral("message %1").arg(i % 97);
                PooledString s = (i + t) % 5 == 0 ? PooledString::unique(text) : pool.pooled(text);
                if (s.toString() != text)
                    ++wrong;
                held.push_back(s);
                if (held.size() > 64)
                    held.erase(held.begin(), held.begin() + 32);
            }
            for (const PooledString &s : held) {
                if (!s.toString().startsWith(u"message "))
                    ++wrong;
            }
        });
    }
    for (std::thread &w : workers)
        w.join();
    stop = true;
    purger.join();
    QCOMPARE(wrong.load(), 0);
    pool.purgeUnused();
    QCOMPARE(pool.size(), 0);
}

QTEST_GUILESS_MAIN(TestPooledString)
#include "tst_pooledstring.moc"
