// HubCache's object table: whatever the sequence of inserts, replacements and
// removals (and the key collisions they cause), each key finds its latest
// object, removed keys find nothing, and nothing is listed twice.

#include "kube/objecttable.h"

#include <QHash>
#include <QRandomGenerator>
#include <QTest>

using namespace fleetscope;

namespace {

struct TestObject
{
    ObjectMeta metadata;
};

const ObjectMeta &metadataOf(const void *object)
{
    return static_cast<const TestObject *>(object)->metadata;
}

std::shared_ptr<const TestObject> object(const QString &ns, const QString &name, const QByteArray &version)
{
    auto o = std::make_shared<TestObject>();
    o->metadata.namespaceName = ns;
    o->metadata.name = name;
    o->metadata.resourceVersion = version;
    return o;
}

} // namespace

class TestObjectTable : public QObject
{
    Q_OBJECT

private slots:
    void replacesByKey();
    void followsRandomEditsLikeAHash();
    void listsKeysByMetadata();
    void keepsListStampsThroughMovesAndReplacements();
};

void TestObjectTable::replacesByKey()
{
    ObjectTable table(metadataOf);
    QVERIFY(!table.find({QStringLiteral("ns"), QStringLiteral("c1")}));
    table.insert(object(QStringLiteral("ns"), QStringLiteral("c1"), "1"));
    table.insert(object(QStringLiteral("other"), QStringLiteral("c1"), "7"));
    table.insert(object(QStringLiteral("ns"), QStringLiteral("c1"), "2"));
    QCOMPARE(table.size(), 2);
    QCOMPARE(table.find({QStringLiteral("ns"), QStringLiteral("c1")})->resourceVersion, QByteArray("2"));
    QCOMPARE(table.find({QStringLiteral("other"), QStringLiteral("c1")})->resourceVersion, QByteArray("7"));
    QVERIFY(table.remove({QStringLiteral("ns"), QStringLiteral("c1")}));
    QVERIFY(!table.remove({QStringLiteral("ns"), QStringLiteral("c1")}));
    QVERIFY(!table.find({QStringLiteral("ns"), QStringLiteral("c1")}));
    QCOMPARE(table.size(), 1);
}

void TestObjectTable::followsRandomEditsLikeAHash()
{
    ObjectTable table(metadataOf);
    QHash<ObjectKey, QByteArray> expected;
    QRandomGenerator random(4322);
    auto keyOf = [](quint32 n) {
        return ObjectKey{QStringLiteral("ns%1").arg(n % 3), QStringLiteral("c%1").arg(n)};
    };
    for (int step = 0; step < 30000; ++step) {
        // Keys from a range a few times the live size: inserts, replacements and
        // removals of present and absent keys all happen often.
        const ObjectKey key = keyOf(random.bounded(6000u));
        if (random.bounded(100) < 55) {
            const QByteArray version = QByteArray::number(step);
            table.insert(object(key.namespaceName, key.name, version));
            expected.insert(key, version);
        } else {
            QCOMPARE(table.remove(key), expected.remove(key));
        }
        if (step % 1499 == 0 || step == 29999) {
            QCOMPARE(table.size(), expected.size());
            for (quint32 n = 0; n < 6000; ++n) {
                const ObjectMeta *meta = table.find(keyOf(n));
                const auto it = expected.constFind(keyOf(n));
                QCOMPARE(meta != nullptr, it != expected.cend());
                if (meta)
                    QCOMPARE(meta->resourceVersion, *it);
            }
        }
    }
}

void TestObjectTable::listsKeysByMetadata()
{
    ObjectTable table(metadataOf);
    for (int i = 0; i < 100; ++i)
        table.insert(object(i % 2 ? QStringLiteral("odd") : QStringLiteral("even"), QStringLiteral("c%1").arg(i), "1"));
    QList<ObjectKey> odd =
        table.keysWhere([](const ObjectMeta &meta, quint32) { return meta.namespaceName == u"odd"; });
    QCOMPARE(odd.size(), 50);
    QCOMPARE(QSet<ObjectKey>(odd.cbegin(), odd.cend()).size(), 50);
    for (const ObjectKey &key : std::as_const(odd))
        QVERIFY(key.namespaceName == u"odd" && key.name.mid(1).toInt() % 2 == 1);
}

// HubCache tells vanished objects by the stamp of the list that delivered them:
// stamps must follow their objects when removals shift slots and growth rehashes,
// and a replacement takes the stamp it is inserted with.
void TestObjectTable::keepsListStampsThroughMovesAndReplacements()
{
    ObjectTable table(metadataOf);
    QHash<ObjectKey, quint32> expected;
    auto keyOf = [](int n) { return ObjectKey{QStringLiteral("ns"), QStringLiteral("c%1").arg(n)}; };
    for (int n = 0; n < 3000; ++n) { // grows from 16 slots through 4096
        table.insert(object(QStringLiteral("ns"), keyOf(n).name, "1"), quint32(n % 3));
        expected.insert(keyOf(n), quint32(n % 3));
    }
    for (int n = 0; n < 3000; n += 7) { // backward shifts
        QVERIFY(table.remove(keyOf(n)));
        expected.remove(keyOf(n));
    }
    for (int n = 1; n < 3000; n += 5) {
        const ObjectMeta *meta = table.stamp(keyOf(n), 9);
        QCOMPARE(meta != nullptr, expected.contains(keyOf(n)));
        if (meta)
            expected[keyOf(n)] = 9;
    }
    QVERIFY(!table.stamp(keyOf(0), 9)); // removed: nothing to stamp
    table.insert(object(QStringLiteral("ns"), keyOf(2).name, "2")); // a watch event's replacement
    expected[keyOf(2)] = 0;
    for (quint32 stamp : {0u, 1u, 2u, 9u}) {
        const QList<ObjectKey> keys = table.keysWhere([&](const ObjectMeta &, quint32 s) { return s == stamp; });
        QSet<ObjectKey> want;
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            if (it.value() == stamp)
                want.insert(it.key());
        }
        QCOMPARE(QSet<ObjectKey>(keys.cbegin(), keys.cend()), want);
        QCOMPARE(keys.size(), want.size());
    }
}

QTEST_GUILESS_MAIN(TestObjectTable)
#include "tst_objecttable.moc"
