// The engine against a real kube-apiserver (tests/controlplane): what a person
// watching a hub sees is what the server lists, whichever version the
// producers wrote in, over HTTP/2 or HTTP/1.1, with every change while watching.

#include "realhubsupport.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestRealHubSync final : public QObject
{
    Q_OBJECT

private slots:
    void bothVersionsServed();
    void protocolAndCompression_data();
    void protocolAndCompression();
    void changesWhileWatching();
    void placementDecisions();
};

void TestRealHubSync::bothVersionsServed()
{
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    // Producers write in either version; the server stores v1alpha1 and serves both.
    for (int i = 0; i < 3; ++i) {
        const QString name = QStringLiteral("v2-cluster-%1").arg(i);
        const auto reply = cp.create(namespacedPath(QStringLiteral("v1alpha2"), QStringLiteral("team-a"), QStringLiteral("clusterprofiles")),
                                     profileJson(QStringLiteral("v1alpha2"), name, QStringLiteral("Written in v1alpha2 %1").arg(i)));
        QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    }
    for (int i = 0; i < 3; ++i) {
        const QString name = QStringLiteral("v1-cluster-%1").arg(i);
        const auto reply = cp.create(namespacedPath(QStringLiteral("v1alpha1"), QStringLiteral("team-b"), QStringLiteral("clusterprofiles")),
                                     profileJson(QStringLiteral("v1alpha1"), name, QStringLiteral("Written in v1alpha1 %1").arg(i)));
        QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    }

    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));
    // The engine reads the newest version the hub serves.
    QCOMPARE(store.hubStatus(hub).apiVersion, QStringLiteral("multicluster.x-k8s.io/v1alpha2"));

    const auto v2 = cp.list(profilesV1alpha2, &error);
    QVERIFY2(!v2.empty(), qPrintable(error));
    const auto v1 = cp.list(profilesV1alpha1, &error);
    QCOMPARE(v1, v2); // one set of objects, whichever version is asked
    QCOMPARE(int(v2.size()), 6);
    const FleetDifference d = waitForFleet(store, hub, v2, 10000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    // What the producers wrote reaches the rows, from either version.
    const FleetProfile *fromV1 = findProfile(store, hub, QStringLiteral("team-b"), QStringLiteral("v1-cluster-2"));
    QVERIFY(fromV1);
    QCOMPARE(fromV1->profile().displayName.toString(), QStringLiteral("Written in v1alpha1 2"));
    QCOMPARE(QString(fromV1->profile().clusterManagerName), QStringLiteral("fleet-manager"));
    const FleetProfile *fromV2 = findProfile(store, hub, QStringLiteral("team-a"), QStringLiteral("v2-cluster-0"));
    QVERIFY(fromV2);
    QCOMPARE(fromV2->profile().displayName.toString(), QStringLiteral("Written in v1alpha2 0"));

    // A write in v1alpha1 while the engine watches in v1alpha2 arrives too.
    const auto reply = cp.create(namespacedPath(QStringLiteral("v1alpha1"), QStringLiteral("other"), QStringLiteral("clusterprofiles")),
                                 profileJson(QStringLiteral("v1alpha1"), QStringLiteral("late"), QStringLiteral("Late")));
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    const FleetDifference after = waitForFleet(store, hub, cp.list(profilesV1alpha1, &error), 20000);
    QVERIFY2(after.none(), qPrintable(after.describe()));
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Live);
    QCOMPARE(store.hubStatus(hub).skippedObjects, 0);
}

void TestRealHubSync::protocolAndCompression_data()
{
    QTest::addColumn<QStringList>("apiserverArguments");
    QTest::addColumn<QString>("protocol");
    // kube-apiserver offers h2 by ALPN; Qt takes it (HubTransport allows HTTP/2).
    QTest::newRow("default") << QStringList() << QStringLiteral("HTTP/2");
    QTest::newRow("--disable-http2-serving") << QStringList{QStringLiteral("--disable-http2-serving")}
                                             << QStringLiteral("HTTP/1.1");
}

void TestRealHubSync::protocolAndCompression()
{
    QFETCH(QStringList, apiserverArguments);
    QFETCH(QString, protocol);
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp(apiserverArguments);
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    // kube-apiserver gzips bodies over 128 KiB when asked: 400 profiles list to ~250 KiB.
    constexpr int count = 400;
    const QString padding(60, u'x');
    for (int i = 0; i < count; ++i) {
        const auto reply = cp.create(namespacedPath(QStringLiteral("v1alpha2"), i % 2 ? QStringLiteral("team-a") : QStringLiteral("team-b"),
                                                    QStringLiteral("clusterprofiles")),
                                     profileJson(QStringLiteral("v1alpha2"), QStringLiteral("cluster-%1").arg(i, 4, 10, QChar(u'0')),
                                                 QStringLiteral("Cluster %1 %2").arg(i).arg(padding)));
        QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    }
    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));
    const auto server = cp.list(profilesV1alpha2, &error);
    QCOMPARE(int(server.size()), count);
    FleetDifference d = waitForFleet(store, hub, server, 10000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    // A change after the list arrives by the watch: the watch is open.
    const QString changed = namespacedPath(QStringLiteral("v1alpha2"), QStringLiteral("team-a"), QStringLiteral("clusterprofiles"),
                                           QStringLiteral("cluster-0001"));
    const auto patched = cp.mergePatch(changed, R"({"spec":{"displayName":"renamed"}})");
    QVERIFY2(patched.ok(), qPrintable(patched.describe()));
    d = waitForFleet(store, hub, cp.list(profilesV1alpha2, &error), 20000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    // Hub details (and -v 6) say how each request went: the negotiated protocol,
    // and gzip on the big list.
    const QStringList requests = journalLines(store, hub, HubJournal::Kind::Request);
    const QString all = requests.join(u'\n');
    const auto line = [&](const QString &pattern) {
        const QRegularExpression re(pattern);
        for (const QString &request : requests) {
            if (re.match(request).hasMatch())
                return request;
        }
        return QString();
    };
    const QString list = line(QStringLiteral("^GET /apis/multicluster.x-k8s.io/v1alpha2/clusterprofiles\\?limit=\\d+ 200 "));
    QVERIFY2(!list.isEmpty(), qPrintable(all));
    QVERIFY2(list.endsWith(protocol + QStringLiteral(", gzip")), qPrintable(list));
    const QString watch = line(QStringLiteral("^GET /apis/multicluster.x-k8s.io/v1alpha2/clusterprofiles\\?watch=true.* 200 "));
    QVERIFY2(!watch.isEmpty(), qPrintable(all));
    // Watches are never compressed by kube-apiserver 1.35.
    QVERIFY2(watch.endsWith(QStringLiteral(", ") + protocol), qPrintable(watch));
    for (const QString &request : requests)
        QVERIFY2(request.contains(protocol), qPrintable(request));
    qInfo("%s", qPrintable(list));
    qInfo("%s", qPrintable(watch));
}

void TestRealHubSync::changesWhileWatching()
{
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));
    QCOMPARE(store.profileCount(), 0);

    const QString collection = namespacedPath(QStringLiteral("v1alpha2"), QStringLiteral("team-a"), QStringLiteral("clusterprofiles"));
    const QString object = collection + QStringLiteral("/prod-eu-1");
    const auto rowFor = [&] { return findProfile(store, hub, QStringLiteral("team-a"), QStringLiteral("prod-eu-1")); };
    const auto rvOf = [&](const FleetProfile *row) {
        return row ? QString::fromLatin1(row->profile().metadata.resourceVersion.toByteArray()) : QString();
    };

    // Created: a new row, at the server's resourceVersion.
    auto reply = cp.create(collection, profileJson(QStringLiteral("v1alpha2"), QStringLiteral("prod-eu-1"), QStringLiteral("Prod EU 1")));
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    QString rv = serverVersionOf(cp, object);
    QVERIFY(!rv.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(rvOf(rowFor()), rv, 20000);
    QCOMPARE(rowFor()->profile().displayName.toString(), QStringLiteral("Prod EU 1"));

    // Spec and labels updated.
    reply = cp.mergePatch(object, R"({"metadata":{"labels":{"env":"prod"}},"spec":{"displayName":"Prod Europe 1"}})");
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    rv = serverVersionOf(cp, object);
    QVERIFY(!rv.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(rvOf(rowFor()), rv, 20000);
    QCOMPARE(rowFor()->profile().displayName.toString(), QStringLiteral("Prod Europe 1"));
    QCOMPARE(rowFor()->profile().metadata.labels.value(u"env"), QStringLiteral("prod"));

    // Status, through its subresource (what cluster managers write).
    reply = cp.mergePatch(object + QStringLiteral("/status"),
                          R"({"status":{"version":{"kubernetes":"1.35.4"},"conditions":[{"type":"ControlPlaneHealthy","status":"True","reason":"Healthy","message":"ok","lastTransitionTime":"2026-01-01T00:00:00Z"}]}})");
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    rv = serverVersionOf(cp, object);
    QVERIFY(!rv.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(rvOf(rowFor()), rv, 20000);
    QCOMPARE(QString(rowFor()->profile().kubernetesVersion), QStringLiteral("1.35.4"));
    QCOMPARE(rowFor()->profile().conditionStatus(u"ControlPlaneHealthy"), ConditionStatus::True);

    // Deleted: the row goes, announced with its last state first.
    QList<FleetProfile> last;
    int deletions = 0;
    connect(&store, &FleetStore::profilesDeleting, this, [&](const QList<FleetProfile> &profiles) {
        ++deletions;
        last = profiles;
    });
    reply = cp.remove(object);
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    QTRY_VERIFY_WITH_TIMEOUT(!rowFor(), 20000);
    QCOMPARE(deletions, 1);
    QCOMPARE(last.size(), 1);
    QCOMPARE(last.first().profile().displayName.toString(), QStringLiteral("Prod Europe 1"));

    // All of it by one watch: no relist, no reconnect.
    const QList<HubJournal::Resource> resources = store.hubJournal(hub)->resources();
    const HubJournal::Resource *profiles = journalResource(resources, QStringLiteral("clusterprofiles"));
    QVERIFY(profiles);
    QCOMPARE(profiles->phase, QStringLiteral("Watching"));
    QCOMPARE(profiles->relists, 0);
    QVERIFY2(journalLines(store, hub, HubJournal::Kind::Backoff).isEmpty(),
             qPrintable(journalLines(store, hub, HubJournal::Kind::Backoff).join(u'\n')));
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Live);
}

void TestRealHubSync::placementDecisions()
{
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    const QString collection = namespacedPath(QStringLiteral("v1alpha1"), QStringLiteral("team-a"), QStringLiteral("placementdecisions"));
    const auto decision = [](const QString &name, const QStringList &clusters) {
        QStringList entries;
        for (const QString &cluster : clusters)
            entries << QStringLiteral(R"({"clusterProfileRef":{"name":"%1"},"reason":"fits"})").arg(cluster);
        return QStringLiteral(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"PlacementDecision",)"
                              R"("metadata":{"name":"%1","labels":{"multicluster.x-k8s.io/placement-key":"web"}},)"
                              R"("schedulerName":"test-scheduler","decisions":[%2]})")
            .arg(name, entries.join(u','))
            .toUtf8();
    };
    auto reply = cp.create(collection, decision(QStringLiteral("web-1"), {QStringLiteral("a"), QStringLiteral("b")}));
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));

    FleetStore store;
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));
    const auto decisionsOf = [&](const QString &name) {
        QStringList clusters;
        for (const PlacementPtr &p : store.placements(hub)) {
            if (p->metadata.name == name) {
                for (const ClusterDecision &d : p->decisions)
                    clusters << d.clusterProfileName.toString();
            }
        }
        return clusters;
    };
    // Listed with the first sync.
    QCOMPARE(decisionsOf(QStringLiteral("web-1")), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(QString(store.placements(hub).first()->schedulerName), QStringLiteral("test-scheduler"));

    // Watched: a new slice, a changed one, a deleted one.
    reply = cp.create(collection, decision(QStringLiteral("web-2"), {QStringLiteral("c")}));
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(decisionsOf(QStringLiteral("web-2")), QStringList{QStringLiteral("c")}, 20000);
    reply = cp.mergePatch(collection + QStringLiteral("/web-1"), R"({"decisions":[{"clusterProfileRef":{"name":"d"}}]})");
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(decisionsOf(QStringLiteral("web-1")), QStringList{QStringLiteral("d")}, 20000);
    reply = cp.remove(collection + QStringLiteral("/web-2"));
    QVERIFY2(reply.ok(), qPrintable(reply.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(store.placements(hub).size(), 1, 20000);
    QCOMPARE(store.placements(hub).first()->metadata.name, QStringLiteral("web-1"));
}

QTEST_GUILESS_MAIN(TestRealHubSync)
#include "tst_realhubsync.moc"
