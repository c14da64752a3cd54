// The REST surface without sockets: auth, RBAC-narrow tokens, discovery, verbs, list options.
#include "apirouter.h"
#include "faults.h"
#include "hubtesthelpers.h"
#include "objectstore.h"
#include "watchstream.h"

#include <QtTest>

using namespace fleetscope::hub;
using namespace hubtest;

namespace {
const std::string kAll = "/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles";
const std::string kFleet = "/apis/multicluster.x-k8s.io/v1alpha1/namespaces/fleet/clusterprofiles";
} // namespace

class TestHubRouter : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void authentication_data();
    void authentication();
    void restrictedToken();
    void discovery();
    void listAndPages();
    void tableList();
    void listOptionErrors_data();
    void listOptionErrors();
    void verbs();

private:
    ApiResponse call(const std::string &method, const std::string &path,
                     std::multimap<std::string, std::string> query = {}, const std::string &body = {},
                     const std::string &token = "admin-token", const std::string &contentType = {});
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<FaultInjector> m_faults;
    std::unique_ptr<ApiRouter> m_router;
};

void TestHubRouter::init()
{
    m_store = std::make_unique<ObjectStore>(100);
    std::string error;
    for (const char *ns : {"fleet", "other"})
        QVERIFY(m_store->load(namespaceObject(ns), &error));
    for (const char *name : {"a", "b", "c"})
        QVERIFY(m_store->load(profile("fleet", name), &error));
    QVERIFY(m_store->load(profile("other", "z"), &error));
    m_faults = std::make_unique<FaultInjector>(FaultSettings{});
    AccessPolicy policy;
    policy.adminToken = "admin-token";
    policy.restrictions["narrow-token"] = {"fleet"};
    m_router = std::make_unique<ApiRouter>(*m_store, *m_faults, policy, WatchSettings{1800, 60, false},
                                           "127.0.0.1:6443");
}

ApiResponse TestHubRouter::call(const std::string &method, const std::string &path,
                                std::multimap<std::string, std::string> query, const std::string &body,
                                const std::string &token, const std::string &contentType)
{
    ApiRequest r;
    r.method = method;
    r.path = path;
    r.query = std::move(query);
    r.body = body;
    r.contentType = contentType;
    if (!token.empty())
        r.authorization = "Bearer " + token;
    return m_router->handle(r);
}

void TestHubRouter::authentication_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::newRow("admin") << QStringLiteral("admin-token") << QString::fromStdString(kAll) << 200;
    QTest::newRow("wrong token") << QStringLiteral("nope") << QString::fromStdString(kAll) << 401;
    QTest::newRow("no token") << QString() << QString::fromStdString(kAll) << 401;
    QTest::newRow("no token, discovery") << QString() << QStringLiteral("/apis") << 401;
    QTest::newRow("no token, version") << QString() << QStringLiteral("/version") << 200;
    QTest::newRow("no token, healthz") << QString() << QStringLiteral("/healthz") << 200;
}

void TestHubRouter::authentication()
{
    QFETCH(QString, token);
    QFETCH(QString, path);
    QFETCH(int, status);
    const ApiResponse r = call("GET", path.toStdString(), {}, {}, token.toStdString());
    QCOMPARE(r.status, status);
    if (status == 401) {
        const nlohmann::json s = nlohmann::json::parse(r.body);
        QCOMPARE(s["message"], "Unauthorized");
        QCOMPARE(s["reason"], "Unauthorized");
    }
}

void TestHubRouter::restrictedToken()
{
    ApiResponse r = call("GET", kAll, {}, {}, "narrow-token");
    QCOMPARE(r.status, 403);
    QCOMPARE(nlohmann::json::parse(r.body)["message"],
             R"(clusterprofiles.multicluster.x-k8s.io is forbidden: User "restricted-user-1" cannot list resource "clusterprofiles" in API group "multicluster.x-k8s.io" at the cluster scope)");
    r = call("GET", kAll, {{"watch", "true"}}, {}, "narrow-token");
    QCOMPARE(r.status, 403);
    QVERIFY(nlohmann::json::parse(r.body)["message"].get<std::string>().find("cannot watch") != std::string::npos);
    r = call("GET", "/apis/multicluster.x-k8s.io/v1alpha1/namespaces/other/clusterprofiles", {}, {}, "narrow-token");
    QCOMPARE(r.status, 403);
    QVERIFY(nlohmann::json::parse(r.body)["message"].get<std::string>().find(R"(in the namespace "other")")
            != std::string::npos);
    r = call("GET", kFleet, {}, {}, "narrow-token");
    QCOMPARE(r.status, 200);
    QCOMPARE(nlohmann::json::parse(r.body)["items"].size(), std::size_t(3));
    QCOMPARE(call("GET", "/api/v1/namespaces", {}, {}, "narrow-token").status, 403);
    QCOMPARE(call("GET", "/api/v1/namespaces/fleet", {}, {}, "narrow-token").status, 200);
}

void TestHubRouter::discovery()
{
    nlohmann::json doc = nlohmann::json::parse(call("GET", "/apis").body);
    QCOMPARE(doc["kind"], "APIGroupList");
    QCOMPARE(doc["groups"][0]["name"], "multicluster.x-k8s.io");
    QCOMPARE(doc["groups"][0]["preferredVersion"]["version"], "v1alpha2");
    doc = nlohmann::json::parse(call("GET", "/apis/multicluster.x-k8s.io/v1alpha1").body);
    QCOMPARE(doc["kind"], "APIResourceList");
    QStringList names;
    for (const nlohmann::json &r : doc["resources"])
        names << QString::fromStdString(r["name"].get<std::string>());
    QCOMPARE(names, QStringList({QStringLiteral("clusterprofiles"), QStringLiteral("clusterprofiles/status"),
                                 QStringLiteral("placementdecisions")}));
    doc = nlohmann::json::parse(call("GET", "/api").body);
    QCOMPARE(doc["versions"][0], "v1");
    QCOMPARE(call("GET", "/api/v1").status, 200);
    QCOMPARE(call("GET", "/apis/multicluster.x-k8s.io/v9").status, 404);
    QCOMPARE(call("GET", "/openapi/v2").status, 404);
    QCOMPARE(call("GET", "/openapi/v3").status, 200);
    QCOMPARE(call("GET", "/apis/example.com/v1/widgets").status, 404);
}

void TestHubRouter::listAndPages()
{
    ApiResponse r = call("GET", kAll, {{"limit", "2"}});
    QCOMPARE(r.status, 200);
    nlohmann::json list = nlohmann::json::parse(r.body);
    QCOMPARE(list["kind"], "ClusterProfileList");
    QCOMPARE(list["apiVersion"], "multicluster.x-k8s.io/v1alpha1");
    QCOMPARE(list["items"].size(), std::size_t(2));
    QCOMPARE(list["metadata"]["remainingItemCount"], 2);
    QVERIFY(!list["metadata"]["resourceVersion"].get<std::string>().empty());
    const std::string token = list["metadata"]["continue"].get<std::string>();
    r = call("GET", kAll, {{"limit", "2"}, {"continue", token}});
    list = nlohmann::json::parse(r.body);
    QCOMPARE(list["items"].size(), std::size_t(2));
    QCOMPARE(list["items"][1]["metadata"]["name"], "z");
    QVERIFY(!list["metadata"].contains("continue"));
    // v1alpha2 objects carry the version asked for.
    list = nlohmann::json::parse(call("GET", "/apis/multicluster.x-k8s.io/v1alpha2/clusterprofiles").body);
    QCOMPARE(list["items"][0]["apiVersion"], "multicluster.x-k8s.io/v1alpha2");
    // Empty lists are [] and selectors filter.
    list = nlohmann::json::parse(call("GET", kAll, {{"labelSelector", "x-k8s.io/cluster-manager=none"}}).body);
    QVERIFY(list["items"].is_array() && list["items"].empty());
    list = nlohmann::json::parse(call("GET", kAll, {{"fieldSelector", "metadata.name=b"}}).body);
    QCOMPARE(list["items"].size(), std::size_t(1));
}

void TestHubRouter::tableList()
{
    ApiRequest r;
    r.method = "GET";
    r.path = kAll;
    r.authorization = "Bearer admin-token";
    r.accept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,"
               "application/json";
    const nlohmann::json table = nlohmann::json::parse(m_router->handle(r).body);
    QCOMPARE(table["kind"], "Table");
    QStringList columns;
    for (const nlohmann::json &c : table["columnDefinitions"])
        columns << QString::fromStdString(c["name"].get<std::string>());
    QCOMPARE(columns, QStringList({QStringLiteral("Name"), QStringLiteral("Display Name"), QStringLiteral("Manager"),
                                   QStringLiteral("Version"), QStringLiteral("Healthy"), QStringLiteral("Age")}));
    QCOMPARE(table["rows"].size(), std::size_t(4));
    const nlohmann::json &row = table["rows"][0];
    QCOMPARE(row["cells"][0], "a");
    QCOMPARE(row["cells"][2], "ocm");
    QCOMPARE(row["cells"][3], "v1.33.0");
    QVERIFY(row["cells"][4].is_null()); // no ControlPlaneHealthy condition
    QCOMPARE(row["object"]["metadata"]["namespace"], "fleet");
}

void TestHubRouter::listOptionErrors_data()
{
    QTest::addColumn<QString>("query"); // k=v&k=v
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("bad label selector") << QStringLiteral("labelSelector=a in (b") << 400 << QStringLiteral("unable to parse");
    QTest::newRow("unsupported field") << QStringLiteral("fieldSelector=spec.x=1") << 400
                                       << QStringLiteral("is not a known field selector");
    QTest::newRow("match without rv") << QStringLiteral("resourceVersionMatch=Exact") << 422
                                      << QStringLiteral("resourceVersionMatch is forbidden unless resourceVersion is provided");
    QTest::newRow("sendInitialEvents on list") << QStringLiteral("sendInitialEvents=true") << 422
                                               << QStringLiteral("sendInitialEvents is forbidden for list");
    QTest::newRow("watch sendInitialEvents without match") << QStringLiteral("watch=1&sendInitialEvents=true") << 422
                                                           << QStringLiteral("sendInitialEvents requires setting resourceVersionMatch to NotOlderThan");
    QTest::newRow("watch list gate off") << QStringLiteral("watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan")
                                         << 422 << QStringLiteral("unless the WatchList feature gate is enabled");
    QTest::newRow("bad rv") << QStringLiteral("resourceVersion=abc") << 422 << QStringLiteral("invalid resource version");
}

void TestHubRouter::listOptionErrors()
{
    QFETCH(QString, query);
    QFETCH(int, status);
    QFETCH(QString, messagePart);
    std::multimap<std::string, std::string> q;
    for (const QString &pair : query.split(QLatin1Char('&'))) {
        const int eq = pair.indexOf(QLatin1Char('='));
        q.emplace(pair.left(eq).toStdString(), pair.mid(eq + 1).toStdString());
    }
    const ApiResponse r = call("GET", kAll, q);
    QCOMPARE(r.status, status);
    const std::string message = nlohmann::json::parse(r.body)["message"].get<std::string>();
    QVERIFY2(QString::fromStdString(message).contains(messagePart), message.c_str());
}

void TestHubRouter::verbs()
{
    nlohmann::json body = profile("fleet", "new");
    ApiResponse r = call("POST", kFleet, {}, body.dump());
    QCOMPARE(r.status, 201);
    QCOMPARE(call("POST", kFleet, {}, body.dump()).status, 409);
    r = call("PATCH", kFleet + "/new/status", {}, R"({"status":{"version":{"kubernetes":"v1.35.0"}}})", "admin-token",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(nlohmann::json::parse(r.body)["status"]["version"]["kubernetes"], "v1.35.0");
    r = call("PATCH", kFleet + "/new", {}, R"([{"op":"replace","path":"/spec/displayName","value":"N"}])",
             "admin-token", "application/json-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(nlohmann::json::parse(r.body)["metadata"]["generation"], 2);
    QCOMPARE(call("PATCH", kFleet + "/new", {}, "{}", "admin-token", "application/strategic-merge-patch+json").status,
             415);
    nlohmann::json current = nlohmann::json::parse(call("GET", kFleet + "/new").body);
    current["spec"]["displayName"] = "Put";
    QCOMPARE(call("PUT", kFleet + "/new", {}, current.dump()).status, 200);
    QCOMPARE(call("PUT", kFleet + "/new", {}, current.dump()).status, 409); // stale now
    QCOMPARE(call("DELETE", kFleet + "/new").status, 200);
    QCOMPARE(call("DELETE", kFleet + "/new").status, 404);
    QCOMPARE(call("GET", kFleet + "/new").status, 404);
}

QTEST_GUILESS_MAIN(TestHubRouter)
#include "tst_hubrouter.moc"
