// The fleet log's frames: every kind of event survives a round trip, times
// never go back, and damaged or foreign bytes are refused with a message that
// says where, never a crash.

#include "history/fleetframecodec.h"
#include "testsupport.h"

#include <QTest>

#include <zstd.h>

using namespace fleetscope;
using fleetscope::testing::readFixture;

namespace {

using Kind = FleetEvent::Kind;

RecordedCluster cluster(const QString &name)
{
    RecordedCluster c;
    c.namespaceName = QStringLiteral("fleet");
    c.name = name;
    c.apiVersion = 1;
    c.creationTimestamp = 1'700'000'000'000;
    c.displayName = QStringLiteral("Prod Europe #1 ✓");
    c.clusterManager = QStringLiteral("ocm");
    c.kubernetesVersion = QStringLiteral("v1.33.1");
    c.labels = {{QStringLiteral("env"), QStringLiteral("prod")}, {QStringLiteral("x-k8s.io/cluster-manager"), QStringLiteral("ocm")}};
    c.properties = {{QStringLiteral("count.node.k8s.io"), QStringLiteral("42")},
                    {QStringLiteral("location.topology.k8s.io"), QStringLiteral("eu-west-1")}};
    c.conditions = {{QStringLiteral("ControlPlaneHealthy"), ConditionStatus::True, QStringLiteral("Up"),
                     QStringLiteral("Cluster is available."), 1'700'000'100'000},
                    {QStringLiteral("Joined"), ConditionStatus::Unknown, QString(), QString(), 0}};
    return c;
}

FleetEvent makeEvent(Kind kind, qint64 at, quint32 slot = 0)
{
    FleetEvent e;
    e.kind = kind;
    e.at = at;
    e.slot = slot;
    return e;
}

bool sameEvent(const FleetEvent &a, const FleetEvent &b)
{
    if (a.kind != b.kind || a.at != b.at)
        return false;
    switch (a.kind) {
    case Kind::Appear:
        return a.slot == b.slot && *a.cluster == *b.cluster;
    case Kind::Field:
        return a.slot == b.slot && a.field == b.field && a.value == b.value && a.number == b.number;
    case Kind::Label:
    case Kind::Property:
        return a.slot == b.slot && a.key == b.key && a.value == b.value;
    case Kind::LabelGone:
    case Kind::PropertyGone:
    case Kind::ConditionGone:
        return a.slot == b.slot && a.key == b.key;
    case Kind::Condition:
        return a.slot == b.slot && a.condition == b.condition;
    case Kind::Remove:
        return a.slot == b.slot;
    case Kind::Namespace:
        return *a.ns == *b.ns;
    case Kind::NamespaceGone:
        return a.key == b.key;
    case Kind::Placement:
        return *a.placement == *b.placement;
    case Kind::PlacementGone:
        return a.key == b.key && a.value == b.value;
    }
    return false;
}

QByteArray compress(const QByteArray &payload)
{
    QByteArray packed(qsizetype(ZSTD_compressBound(size_t(payload.size()))), Qt::Uninitialized);
    const size_t size = ZSTD_compress(packed.data(), size_t(packed.size()), payload.constData(), size_t(payload.size()), 1);
    packed.truncate(qsizetype(size));
    return packed;
}

QByteArray decompress(const QByteArray &packed)
{
    QByteArray payload(qsizetype(ZSTD_getFrameContentSize(packed.constData(), size_t(packed.size()))), Qt::Uninitialized);
    ZSTD_decompress(payload.data(), size_t(payload.size()), packed.constData(), size_t(packed.size()));
    return payload;
}

// One event of every kind, as the roundTrip test's "every kind, in order" row
// and tests/fixtures/history/frame-v1-every-kind.zst (format 1) hold them.
QList<FleetEvent> everyKind()
{
    const qint64 t = 1'750'000'000'000;
    FleetEvent appear = makeEvent(Kind::Appear, t, 3);
    appear.cluster = std::make_shared<RecordedCluster>(cluster(QStringLiteral("c1")));
    FleetEvent field = makeEvent(Kind::Field, t + 10, 3);
    field.field = RecordedField::KubernetesVersion;
    field.value = QStringLiteral("v1.34.0");
    FleetEvent created = makeEvent(Kind::Field, t + 10, 3);
    created.field = RecordedField::CreationTimestamp;
    created.number = t - 86'400'000;
    FleetEvent api = makeEvent(Kind::Field, t + 10, 3);
    api.field = RecordedField::ApiVersion;
    api.number = 1;
    FleetEvent label = makeEvent(Kind::Label, t + 20, 3);
    label.key = QStringLiteral("tier");
    label.value = QStringLiteral("gold");
    FleetEvent labelGone = makeEvent(Kind::LabelGone, t + 20, 3);
    labelGone.key = QStringLiteral("env");
    FleetEvent property = makeEvent(Kind::Property, t + 30, 3);
    property.key = QStringLiteral("count.node.k8s.io");
    property.value = QStringLiteral("43");
    FleetEvent propertyGone = makeEvent(Kind::PropertyGone, t + 30, 3);
    propertyGone.key = QStringLiteral("location.topology.k8s.io");
    FleetEvent condition = makeEvent(Kind::Condition, t + 40, 70000);
    condition.condition = {QStringLiteral("ControlPlaneHealthy"), ConditionStatus::False, QStringLiteral("Down"),
                           QStringLiteral("Agent heartbeat lost for 5m."), t + 39'000};
    FleetEvent future = makeEvent(Kind::Condition, t + 40, 1);
    future.condition = {QStringLiteral("Joined"), ConditionStatus::True, QString(), QString(), t + 3'600'000};
    FleetEvent conditionGone = makeEvent(Kind::ConditionGone, t + 40, 3);
    conditionGone.key = QStringLiteral("Joined");
    FleetEvent ns = makeEvent(Kind::Namespace, t + 50);
    ns.ns = std::make_shared<RecordedNamespace>(
        RecordedNamespace{QStringLiteral("fleet"), {{QStringLiteral("multicluster.x-k8s.io/clusterset"), QStringLiteral("prod")}}});
    FleetEvent nsGone = makeEvent(Kind::NamespaceGone, t + 50);
    nsGone.key = QStringLiteral("old");
    FleetEvent placement = makeEvent(Kind::Placement, t + 60);
    placement.placement = std::make_shared<RecordedPlacement>();
    placement.placement->namespaceName = QStringLiteral("fleet");
    placement.placement->name = QStringLiteral("web-0");
    placement.placement->scheduler = QStringLiteral("s");
    placement.placement->labels = {{QStringLiteral("multicluster.x-k8s.io/placement-key"), QStringLiteral("web")}};
    placement.placement->decisions = {{QStringLiteral("c1"), QString(), QStringLiteral("fits")},
                                      {QStringLiteral("c2"), QStringLiteral("other"), QString()}};
    FleetEvent placementGone = makeEvent(Kind::PlacementGone, t + 60);
    placementGone.key = QStringLiteral("fleet");
    placementGone.value = QStringLiteral("batch-0");
    FleetEvent remove = makeEvent(Kind::Remove, t + 70, 3);

    return {appear, field, created, api, label, labelGone, property, propertyGone, condition,
            future, conditionGone, ns, nsGone, placement, placementGone, remove};
}

} // namespace

class TstFleetFrameCodec : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QList<FleetEvent>>("events");
        const QList<FleetEvent> every = everyKind();
        QTest::newRow("a cluster appears") << QList<FleetEvent>{every[0]};
        QTest::newRow("every kind, in order") << every;
        QTest::newRow("one change, a large slot") << QList<FleetEvent>{every[8]};
        // Times as producers write them (whole seconds), in milliseconds, before
        // 1970 and far from the event's: each comes back exactly.
        const qint64 t = every[0].at;
        QList<FleetEvent> times;
        for (const qint64 time : {t - 1000, t, t + 999, t - 86'400'000 + 1, qint64(-86'400'000), qint64(-1500),
                                  qint64(1000), qint64(253'402'300'799'000)}) {
            FleetEvent e = makeEvent(Kind::Condition, t, 7);
            e.condition = {QStringLiteral("Joined"), ConditionStatus::True, QString(), QString(), time};
            times << e;
            FleetEvent created = makeEvent(Kind::Field, t, 7);
            created.field = RecordedField::CreationTimestamp;
            created.number = time;
            times << created;
        }
        QTest::newRow("times in seconds and milliseconds") << times;
    }

    void roundTrip()
    {
        QFETCH(QList<FleetEvent>, events);
        FleetFrameEncoder encoder;
        for (const FleetEvent &e : events)
            encoder.add(e);
        QCOMPARE(encoder.eventCount(), events.size());
        QCOMPARE(encoder.firstAt(), events.first().at);
        QCOMPARE(encoder.lastAt(), events.last().at);
        const QByteArray packed = encoder.finish(events.size() == 1);
        QVERIFY(!packed.isEmpty());
        QVERIFY(encoder.isEmpty());
        std::vector<FleetEvent> decoded;
        bool keyframe = false;
        QString error;
        QVERIFY2(decodeFleetFrame(packed, events.first().at, &decoded, &keyframe, &error), qPrintable(error));
        QCOMPARE(keyframe, events.size() == 1);
        QCOMPARE(qsizetype(decoded.size()), events.size());
        for (qsizetype i = 0; i < events.size(); ++i)
            QVERIFY2(sameEvent(decoded[size_t(i)], events[i]), qPrintable(QStringLiteral("event %1").arg(i)));
    }

    void readsFramesOfTheFirstFormat()
    {
        // Written by the first format's encoder, which interleaved the values:
        // history files recorded by earlier Fleetscopes stay readable.
        const QByteArray packed = readFixture(QStringLiteral("history/frame-v1-every-kind.zst"));
        const QList<FleetEvent> events = everyKind();
        std::vector<FleetEvent> decoded;
        bool keyframe = true;
        QString error;
        QVERIFY2(decodeFleetFrame(packed, events.first().at, &decoded, &keyframe, &error), qPrintable(error));
        QVERIFY(!keyframe);
        QCOMPARE(qsizetype(decoded.size()), events.size());
        for (qsizetype i = 0; i < events.size(); ++i)
            QVERIFY2(sameEvent(decoded[size_t(i)], events[i]), qPrintable(QStringLiteral("event %1").arg(i)));
    }

    void timesNeverGoBack()
    {
        // A wall clock set back between two changes: the later change keeps the earlier time.
        FleetFrameEncoder encoder;
        for (const qint64 at : {5000, 7000, 6000, 9000}) {
            FleetEvent e = makeEvent(Kind::Remove, at, 1);
            encoder.add(e);
        }
        QCOMPARE(encoder.lastAt(), 9000);
        std::vector<FleetEvent> decoded;
        bool keyframe = false;
        QString error;
        QVERIFY2(decodeFleetFrame(encoder.finish(false), 5000, &decoded, &keyframe, &error), qPrintable(error));
        QList<qint64> times;
        for (const FleetEvent &e : decoded)
            times << e.at;
        QCOMPARE(times, (QList<qint64>{5000, 7000, 7000, 9000}));
    }

    void damagedFramesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("packed");
        QTest::addColumn<QString>("message");
        FleetFrameEncoder encoder;
        FleetEvent appear = makeEvent(Kind::Appear, 1000, 2);
        appear.cluster = std::make_shared<RecordedCluster>(cluster(QStringLiteral("c1")));
        encoder.add(appear);
        const QByteArray good = encoder.finish(false);
        const QByteArray payload = decompress(good);

        QTest::newRow("empty") << QByteArray() << QStringLiteral("not a compressed frame");
        QTest::newRow("not zstd") << QByteArray("{\"items\":[]}") << QStringLiteral("not a compressed frame");
        QTest::newRow("zstd cut short") << good.left(good.size() - 3) << QStringLiteral("decompress");
        QTest::newRow("payload cut short") << compress(payload.left(payload.size() / 2)) << QStringLiteral("byte ");
        QByteArray version = payload;
        version[0] = char(9);
        QTest::newRow("a newer format") << compress(version) << QStringLiteral("format 9");
        QByteArray trailing = payload + QByteArray("xyz");
        QTest::newRow("bytes after the columns") << compress(trailing) << QStringLiteral("3 bytes after the last column");
        // Format 1, one Remove of slot 1, then a stray byte.
        QTest::newRow("bytes after the events (format 1)")
            << compress(QByteArray("\x01\x00\x00\x01\x09\x00\x01\x05", 8)) << QStringLiteral("1 bytes after the last event");
        // Format 2: no strings, one event, then the columns kinds, steps, slots,
        // texts, codes, times, counts (each its length, then its bytes).
        const auto columns = [](quint8 events, const QList<QByteArray> &columns) {
            QByteArray payload("\x02\x00\x00", 3);
            payload.append(char(events));
            for (const QByteArray &column : columns)
                payload.append(char(column.size())).append(column);
            return compress(payload);
        };
        const QByteArray remove("\x09", 1), zero("\x00", 1), none;
        QTest::newRow("a column with a stray byte")
            << columns(1, {remove, zero, QByteArray("\x01\x05", 2), none, none, none, none})
            << QStringLiteral("slots, byte 1: 1 bytes after the last event");
        QTest::newRow("a column longer than the data")
            << compress(QByteArray("\x02\x00\x00\x01\x40\x09", 6)) << QStringLiteral("text longer than the data");
        QTest::newRow("more events than kinds")
            << columns(5, {remove, zero, QByteArray("\x01", 1), none, none, none, none})
            << QStringLiteral("count 5 larger than the data");
        // A Condition (texts: type, reason, message) whose time unit is 7.
        QTest::newRow("unknown time unit")
            << compress(QByteArray("\x02\x00\x01\x01t\x01", 6) + QByteArray("\x01\x07\x01\x00\x01\x01\x03\x00\x00\x00\x02\x01\x07\x00\x00", 15))
            << QStringLiteral("codes, byte 2: time unit 7");
        // Version 1, no flags, no strings, one event of kind 99.
        QTest::newRow("unknown kind") << compress(QByteArray("\x01\x00\x00\x01\x63\x00", 6)) << QStringLiteral("unknown event kind 99");
        // A Remove of slot 2^40.
        QTest::newRow("slot out of range")
            << compress(QByteArray("\x01\x00\x00\x01\x09\x00\x80\x80\x80\x80\x80\x20", 12)) << QStringLiteral("slot");
        // A NamespaceGone naming text 5 of none.
        QTest::newRow("text out of range") << compress(QByteArray("\x01\x00\x00\x01\x0b\x00\x05", 7)) << QStringLiteral("text 5 of 0");
        // A table of 2^60 strings.
        QTest::newRow("count larger than the data")
            << compress(QByteArray("\x01\x00\x80\x80\x80\x80\x80\x80\x80\x80\x10", 11)) << QStringLiteral("larger than the data");
        // A varint that never ends.
        QTest::newRow("endless number")
            << compress(QByteArray(1, '\x01') + QByteArray(1, '\x00') + QByteArray(12, '\xff')) << QStringLiteral("number too long");
        // A condition status of 7.
        QTest::newRow("bad status")
            << compress(QByteArray("\x01\x00\x01\x01t\x01\x07\x00\x00\x00\x07\x00\x00\x00", 14)) << QStringLiteral("status 7");
        // A condition whose time lies further from the event's than a 64-bit time reaches
        // (the fuzzer's find: it was a signed overflow).
        QTest::newRow("time out of range")
            << compress(QByteArray("\x01\x00\x01\x01t\x01\x07\x00\x00\x00\x01\x00\x00", 13)
                        + QByteArray("\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10))
            << QStringLiteral("time out of range");
    }

    void damagedFramesAreRefused()
    {
        QFETCH(QByteArray, packed);
        QFETCH(QString, message);
        std::vector<FleetEvent> decoded;
        bool keyframe = false;
        QString error;
        QVERIFY(!decodeFleetFrame(packed, 1000, &decoded, &keyframe, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(decoded.empty());
    }
};

QTEST_GUILESS_MAIN(TstFleetFrameCodec)
#include "tst_fleetframecodec.moc"
