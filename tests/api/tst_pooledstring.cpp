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
    void joinsStringBuilderExpressions();
    void threadsInternCopyAndPurgeTogether();
};

void TestPooledString::pooledValuesShareOneSlot()
{
    StringPool &pool = StringPool::shared();
    const qsizetype sizeBefore = pool.size();
    const PooledString a = pool.pooled(u"ControlPlaneHealthy");
    const PooledString b = pool.pooledUtf8("ControlPlaneHealthy");
    const PooledString c(QStringLiteral("ControlPlaneHealthy"));
    QCOMPARE(b.toString().constData(), a.toString().constData());
    QCOMPARE(c.toString().constData(), a.toString().constData());
    QCOMPARE(a.toString(), QStringLiteral("ControlPlaneHealthy"));
    QCOMPARE(pool.size(), sizeBefore + 1);
    // intern() hands out the slot's own buffer, not a copy.
    QCOMPARE(pool.intern(u"ControlPlaneHealthy").constData(), a.toString().constData());
    // Empty text takes no slot: the empty handle is the empty string.
    QVERIFY(pool.pooled(u"").isEmpty());
    QCOMPARE(pool.size(), sizeBefore + 1);
}

void TestPooledString::equality_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");

    QTest::newRow("same text") << "eu-west-1" << "eu-west-1";
    QTest::newRow("other text") << "eu-west-1" << "eu-west-2";
    QTest::newRow("empty and empty") << "" << "";
    QTest::newRow("empty and text") << "" << "x";
    QTest::newRow("prefix") << "prod" << "prod-2";
}

void TestPooledString::equality()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    // Through both ways into the pool: a QString, and UTF-8 as the decoders read it.
    const PooledString a(left);
    const PooledString b = StringPool::shared().pooledUtf8(right.toStdString());
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
    StringPool &pool = StringPool::shared();
    pool.purgeUnused();
    const qsizetype sizeBefore = pool.size();
    PooledString kept = pool.pooled(u"kept");
    {
        const PooledString dropped = pool.pooled(u"dropped");
        const PooledString copy = dropped; // a second reference, released with the first
        Q_UNUSED(copy);
    }
    QCOMPARE(pool.size(), sizeBefore + 2);
    QCOMPARE(pool.purgeUnused(), 1);
    QCOMPARE(pool.size(), sizeBefore + 1);
    QCOMPARE(kept.toString(), QStringLiteral("kept"));
    // Pooling the purged text again gives a working handle, and the kept one is still shared.
    QCOMPARE(pool.pooled(u"dropped").toString(), QStringLiteral("dropped"));
    QCOMPARE(pool.intern(u"kept").constData(), kept.toString().constData());
    PooledString moved = std::move(kept);
    kept = std::move(moved); // moving a handle in and out keeps one reference
    QCOMPARE(pool.purgeUnused(), 1);
    kept = PooledString();
    QCOMPARE(pool.purgeUnused(), 1);
    QCOMPARE(pool.size(), sizeBefore);
}

void TestPooledString::joinsStringBuilderExpressions()
{
    const PooledString ns(QStringLiteral("fleet-prod"));
    const PooledString name(QStringLiteral("prod-euc1-003"));
    const QString key = ns + u'/' + name;
    QCOMPARE(key, QStringLiteral("fleet-prod/prod-euc1-003"));
    QCOMPARE(QStringLiteral("%1 in %2").arg(name, ns), QStringLiteral("prod-euc1-003 in fleet-prod"));
}

void TestPooledString::threadsInternCopyAndPurgeTogether()
{
    // Hubs decode on their own threads while the GUI thread purges: every handle
    // must keep reading its own text, and nothing may be freed twice (ASan run).
    StringPool &pool = StringPool::shared();
    pool.purgeUnused();
    const qsizetype sizeBefore = pool.size();
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
                PooledString s = (i + t) % 5 == 0 ? pool.pooledUtf8(text.toStdString()) : pool.pooled(text);
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
    QCOMPARE(pool.size(), sizeBefore);
}

QTEST_GUILESS_MAIN(TestPooledString)
#include "tst_pooledstring.moc"
