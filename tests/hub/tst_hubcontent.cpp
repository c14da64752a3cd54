// What a hub serves: fleet files, the generated fleet, churn, the C++ mutation API, flags.
#include "churn.h"
#include "fleetgenerator.h"
#include "fleetloader.h"
#include "hubserver.h"
#include "hubtesthelpers.h"
#include "objectstore.h"
#include "producershapes.h"
#include "testsupport.h"

#include <QtTest>

#include <set>

using namespace fleetscope::hub;
using namespace hubtest;

class TestHubContent : public QObject
{
    Q_OBJECT

private slots:
    void fleetFiles();
    void generatedFleetIsRealisticAndDeterministic();
    void churnChangesThroughTheStore();
    void churnRunsAtItsRateAndStops();
    void mutationApi();
    void producerShapesLoadAsTheyAreWritten();
    void flags_data();
    void flags();
};

void TestHubContent::fleetFiles()
{
    ObjectStore store;
    std::string error;
    for (const char *file : {"hub/small-fleet.yaml", "hub/more-labels.yaml"}) {
        std::vector<nlohmann::json> objects;
        const std::string path = fleetscope::testing::fixturePath(QString::fromUtf8(file)).toStdString();
        QVERIFY2(readFleetFile(path, &objects, &error), error.c_str());
        QVERIFY2(loadObjects(store, objects, path, &error), error.c_str());
    }
    QCOMPARE(store.count(profiles()), std::size_t(2));
    QCOMPARE(store.count(decisions()), std::size_t(1));
    const ObjectPtr ns = store.get(namespaces(), "", "fleet-system").object;
    QVERIFY(ns);
    QCOMPARE((*ns)["metadata"]["labels"]["multicluster.x-k8s.io/clusterset"], "prod");
    QCOMPARE((*ns)["metadata"]["labels"]["team"], "platform");
    QVERIFY(store.get(namespaces(), "", "fleet").object); // created for spoke-1
    const ObjectPtr p = store.get(profiles(), "fleet-system", "prod-eu-1").object;
    QCOMPARE((*p)["futureField"]["kept"], "verbatim"); // unknown fields survive
    QCOMPARE((*p)["status"]["accessProviders"][0]["cluster"]["extensions"][1]["extension"]["TENANT_ID"], "t-123");
    QCOMPARE((*p)["metadata"]["generation"], 1);
    std::vector<nlohmann::json> objects;
    QVERIFY(!readFleetFile("/nonexistent/fleet.yaml", &objects, &error));
    QVERIFY2(error.find("/nonexistent/fleet.yaml") != std::string::npos, error.c_str());
}

void TestHubContent::generatedFleetIsRealisticAndDeterministic()
{
    const std::vector<nlohmann::json> a = generateFleet(250, 11);
    QCOMPARE(a, generateFleet(250, 11));
    QVERIFY(a != generateFleet(250, 12));
    std::set<std::string> managers, versions, namespacesSeen, names, healths, properties;
    int profileCount = 0, decisionCount = 0, namespaceCount = 0;
    for (const nlohmann::json &o : a) {
        const std::string kind = o["kind"];
        if (kind == "Namespace") {
            ++namespaceCount;
            QVERIFY(o["metadata"]["labels"].contains("multicluster.x-k8s.io/clusterset"));
        } else if (kind == "ClusterProfile") {
            ++profileCount;
            names.insert(o["metadata"]["name"].get<std::string>());
            namespacesSeen.insert(o["metadata"]["namespace"].get<std::string>());
            managers.insert(o["spec"]["clusterManager"]["name"].get<std::string>());
            QCOMPARE(o["metadata"]["labels"]["x-k8s.io/cluster-manager"], o["spec"]["clusterManager"]["name"]);
            versions.insert(o["status"]["version"]["kubernetes"].get<std::string>());
            healths.insert(o["status"]["conditions"][0]["status"].get<std::string>());
            // GKE Fleet writes only Joined; the others ControlPlaneHealthy, then Joined.
            const nlohmann::json &conditions = o["status"]["conditions"];
            if (o["spec"]["clusterManager"]["name"] == "gke-fleet") {
                QCOMPARE(conditions.size(), size_t(1));
                QCOMPARE(conditions[0]["type"], "Joined");
            } else {
                QCOMPARE(conditions[0]["type"], "ControlPlaneHealthy");
                QCOMPARE(conditions[1]["type"], "Joined");
            }
            for (const nlohmann::json &p : o["status"]["properties"])
                properties.insert(p["name"].get<std::string>());
            QVERIFY(o["status"]["accessProviders"][0]["cluster"]["server"].get<std::string>().rfind("https://", 0) == 0);
            QVERIFY(o["metadata"]["labels"].contains("multicluster.x-k8s.io/inventory-member-id"));
        } else if (kind == "PlacementDecision") {
            ++decisionCount;
            QVERIFY(o["decisions"].size() <= 100);
            for (const char *label : {"multicluster.x-k8s.io/placement-key", "multicluster.x-k8s.io/decision-key",
                                      "multicluster.x-k8s.io/decision-index"})
                QVERIFY(o["metadata"]["labels"].contains(label));
        }
    }
    QCOMPARE(profileCount, 250);
    QCOMPARE(int(names.size()), 250);
    QCOMPARE(namespaceCount, 5);
    QCOMPARE(int(namespacesSeen.size()), 5);
    QVERIFY(decisionCount >= 10);
    QCOMPARE(int(managers.size()), 3);
    QVERIFY(versions.size() >= 4);
    QVERIFY(healths.count("True") && healths.count("False"));
    QCOMPARE(properties, (std::set<std::string>{"clusterset.k8s.io", "location.topology.k8s.io", "count.node.k8s.io",
                                                "type.node.k8s.io", "cluster-endpoints.k8s.io"}));
    // It loads as it is.
    ObjectStore store;
    std::string error;
    QVERIFY2(loadObjects(store, a, "--generate", &error), error.c_str());
    QCOMPARE(store.count(profiles()), std::size_t(250));
}

void TestHubContent::churnChangesThroughTheStore()
{
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(20, 1), "gen", &error));
    const std::uint64_t before = store.currentRv();
    ChurnGenerator churn(store, 0, 0, 1);
    int made = 0;
    for (int i = 0; i < 200; ++i)
        made += churn.changeOnce() ? 1 : 0;
    QVERIFY(made > 150);
    std::vector<EventPtr> events;
    std::uint64_t scanned = 0;
    QCOMPARE(store.waitForEvents(before, std::chrono::steady_clock::now(), &events, &scanned),
             ObjectStore::Poll::Events);
    int added = 0, modified = 0, deleted = 0;
    for (const EventPtr &e : events) {
        added += e->type == EventType::Added;
        modified += e->type == EventType::Modified;
        deleted += e->type == EventType::Deleted;
        if (e->type == EventType::Modified) // churn writes status only
            QCOMPARE((*e->object)["spec"], (*e->oldObject)["spec"]);
    }
    QVERIFY(modified > 100);
    QVERIFY(added > 0);
    QVERIFY(deleted > 0);
}

void TestHubContent::churnRunsAtItsRateAndStops()
{
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(10, 1), "gen", &error));
    ChurnGenerator churn(store, 200, 0.3, 5);
    churn.start();
    // Runs for 0.3 s at 200/s, then stops by itself; wait on the store, not on a clock.
    QTRY_VERIFY_WITH_TIMEOUT(churn.changesMade() >= 40, 10000);
    churn.stop();
    const std::uint64_t made = churn.changesMade();
    QVERIFY2(made <= 62, std::to_string(made).c_str());
}

void TestHubContent::mutationApi()
{
    HubOptions options;
    options.tls = false;
    HubServer hub(options);
    const std::string v1 = "multicluster.x-k8s.io/v1alpha1";
    // apply creates namespaces on demand and keeps status; a second apply replaces.
    nlohmann::json p = profile("team-a", "c1");
    StoreResult r = hub.apply(p);
    QVERIFY2(r.error.ok(), r.error.message.c_str());
    QCOMPARE((*r.object)["status"]["version"]["kubernetes"], "v1.33.0");
    p["status"]["version"]["kubernetes"] = "v1.34.0";
    p["spec"]["displayName"] = "C One";
    r = hub.apply(p);
    QVERIFY2(r.error.ok(), r.error.message.c_str());
    QCOMPARE((*r.object)["status"]["version"]["kubernetes"], "v1.34.0");
    QCOMPARE((*r.object)["spec"]["displayName"], "C One");
    QCOMPARE(hub.create(p).error.code, 409);
    r = hub.patch(v1, "ClusterProfile", "team-a", "c1", PatchKind::Merge, {{"metadata", {{"labels", {{"x", "y"}}}}}});
    QVERIFY(r.error.ok());
    nlohmann::json current = *hub.get(v1, "ClusterProfile", "team-a", "c1").object;
    current["status"]["version"]["kubernetes"] = "v1.35.0";
    QVERIFY(hub.updateStatus(current).error.ok());
    QCOMPARE(hub.update(current).error.code, 409); // stale after the status write
    QVERIFY(hub.remove(v1, "ClusterProfile", "team-a", "c1").error.ok());
    QCOMPARE(hub.get(v1, "ClusterProfile", "team-a", "c1").error.code, 404);
    QCOMPARE(hub.apply({{"apiVersion", "v1"}, {"kind", "ConfigMap"}}).error.code, 400);
}

void TestHubContent::producerShapesLoadAsTheyAreWritten()
{
    // Every object passes the hub's own validation, in both versions, with each producer's manager.
    ObjectStore store(100);
    std::string error;
    QVERIFY2(loadObjects(store, producerShapes(std::chrono::system_clock::now()), "--producer-shapes", &error),
             error.c_str());
    std::uint64_t rv = 0;
    std::set<std::string> managers, versions, gkeConditions, emptyServers, created;
    int gke = 0;
    for (const ObjectPtr &o : store.snapshot(profiles(), &rv)) {
        const std::string manager = (*o)["spec"]["clusterManager"]["name"].get<std::string>();
        managers.insert(manager);
        versions.insert((*o)["apiVersion"].get<std::string>());
        const std::string name = (*o)["metadata"]["name"].get<std::string>();
        const nlohmann::json status = o->value("status", nlohmann::json::object());
        if (manager == "gke-fleet") {
            // GKE Fleet's sync: only Joined, no properties, provider google, no CA.
            ++gke;
            QVERIFY(!status.contains("properties"));
            for (const auto &c : status["conditions"])
                gkeConditions.insert(c["type"].get<std::string>() + "/" + c["reason"].get<std::string>());
            QCOMPARE(status["accessProviders"].size(), std::size_t(1));
            QCOMPARE(status["accessProviders"][0]["name"].get<std::string>(), std::string("google"));
            QVERIFY(!status["accessProviders"][0]["cluster"].contains("certificate-authority-data"));
            QCOMPARE((*o)["metadata"]["labels"]["x-k8s.io/cluster-manager"].get<std::string>(), std::string("gke-fleet"));
            QVERIFY((*o)["metadata"]["annotations"].contains("fleet.gke.io/membershipName"));
        }
        if (manager == "fleet-memberships-to-clusterprofile-script")
            QVERIFY(!o->contains("status"));
        for (const auto &provider : status.value("accessProviders", nlohmann::json::array())) {
            if (provider["cluster"]["server"].get<std::string>().empty())
                emptyServers.insert(name);
        }
        if (name == "ocm-new-1")
            created.insert((*o)["metadata"]["creationTimestamp"].get<std::string>());
    }
    QCOMPARE(managers, (std::set<std::string>{"", "KubeFleet", "fleet-memberships-to-clusterprofile-script", "gke-fleet",
                                              "legacy-manager", "open-cluster-management"}));
    QCOMPARE(gke, 3);
    QCOMPARE(gkeConditions, (std::set<std::string>{"Joined/Joined"}));
    QCOMPARE(emptyServers, (std::set<std::string>{"member-1", "member-2"}));
    QCOMPARE(created.size(), std::size_t(1)); // the seconds-old profile keeps its creation time
    QCOMPARE(store.count(profiles()), std::size_t(20));
    QCOMPARE(store.count(decisions()), std::size_t(1));
    // Stored in the storage version, whichever version they were written in.
    QCOMPARE(versions, (std::set<std::string>{"multicluster.x-k8s.io/v1alpha1"}));
}

void TestHubContent::flags_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("ok");
    QTest::newRow("defaults") << QStringList() << true;
    QTest::newRow("everything") << QStringList({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:6443"),
                                                QStringLiteral("--plain-http"), QStringLiteral("--token=t"),
                                                QStringLiteral("--restrict"), QStringLiteral("n=a,b"),
                                                QStringLiteral("--history"), QStringLiteral("50"),
                                                QStringLiteral("--generate"), QStringLiteral("10"),
                                                QStringLiteral("--producer-shapes"),
                                                QStringLiteral("--seed"), QStringLiteral("4"),
                                                QStringLiteral("--churn"), QStringLiteral("2.5"),
                                                QStringLiteral("--churn-for"), QStringLiteral("20"),
                                                QStringLiteral("--fleet"), QStringLiteral("a.yaml"),
                                                QStringLiteral("--watch-timeout"), QStringLiteral("60"),
                                                QStringLiteral("--bookmark-interval"), QStringLiteral("5"),
                                                QStringLiteral("--continue-ttl"), QStringLiteral("10"),
                                                QStringLiteral("--kubeconfig-out"), QStringLiteral("k"),
                                                QStringLiteral("--context"), QStringLiteral("c"),
                                                QStringLiteral("--no-watch-list"), QStringLiteral("--client-cert-auth")})
                                << true;
    QTest::newRow("unknown") << QStringList({QStringLiteral("--frobnicate")}) << false;
    QTest::newRow("missing value") << QStringList({QStringLiteral("--generate")}) << false;
    QTest::newRow("bad number") << QStringList({QStringLiteral("--generate"), QStringLiteral("many")}) << false;
    QTest::newRow("bad listen") << QStringList({QStringLiteral("--listen"), QStringLiteral("6443")}) << false;
    QTest::newRow("cert without key") << QStringList({QStringLiteral("--tls-cert"), QStringLiteral("c.pem")}) << false;
    QTest::newRow("bad restrict") << QStringList({QStringLiteral("--restrict"), QStringLiteral("=ns")}) << false;
}

void TestHubContent::flags()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, ok);
    std::vector<std::string> args;
    for (const QString &a : arguments)
        args.push_back(a.toStdString());
    HubOptions options;
    bool help = false;
    std::string error;
    QCOMPARE(parseHubArguments(args, &options, &help, &error), ok);
    QCOMPARE(error.empty(), ok);
    if (QByteArray(QTest::currentDataTag()) == "everything") {
        QVERIFY(!options.tls);
        QCOMPARE(options.token, std::string("t"));
        QCOMPARE(options.restrictions["n"], (std::vector<std::string>{"a", "b"}));
        QCOMPARE(options.history, std::size_t(50));
        QCOMPARE(options.churnRate, 2.5);
        QCOMPARE(options.fleetFiles.size(), std::size_t(1));
        QVERIFY(!options.watchList);
        // --help names every flag this parser knows.
        for (const char *flag : {"--listen", "--plain-http", "--tls-cert", "--tls-key", "--token", "--client-cert-auth",
                                 "--anonymous", "--no-anonymous", "--restrict", "--kubeconfig-out", "--context",
                                 "--history", "--continue-ttl", "--watch-timeout", "--bookmark-interval",
                                 "--no-watch-list", "--threads", "--fleet", "--generate", "--seed", "--churn",
                                 "--churn-for", "--log-requests", "--help"})
            QVERIFY2(hubUsage().find(flag) != std::string::npos, flag);
    }
}

QTEST_GUILESS_MAIN(TestHubContent)
#include "tst_hubcontent.moc"
