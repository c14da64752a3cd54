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
const std::string kFleet2 = "/apis/multicluster.x-k8s.io/v1alpha2/namespaces/fleet/clusterprofiles";

// An OCM profile written through v1alpha1 that still carries the deprecated list and a CA file.
nlohmann::json legacyOcmProfile()
{
    nlohmann::json p = profile("fleet", "ocm-1", "open-cluster-management");
    p["status"]["accessProviders"] = nlohmann::json::array(
        {{{"name", "open-cluster-management"},
          {"cluster", {{"server", "https://cluster-proxy-addon-user.fleet:9092/ocm-1"}, {"certificate-authority", "/ca.crt"}}}}});
    p["status"]["credentialProviders"] = nlohmann::json::array(
        {{{"name", "legacy"}, {"cluster", {{"server", "https://legacy.example.com"}}}}});
    return p;
}

nlohmann::json provider(const std::string &name, nlohmann::json cluster)
{
    return {{"name", name}, {"cluster", std::move(cluster)}};
}
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
    void servesEachVersionItsSchema();
    void validatesWritesThroughV1alpha2_data();
    void validatesWritesThroughV1alpha2();
    void validatesTheManagerNameThroughV1alpha2();
    void validatesPlacementDecisions_data();
    void validatesPlacementDecisions();

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
    // A member's groups too: apps (Deployments) and cert-manager.io (a CRD).
    QStringList groups;
    for (const nlohmann::json &g : doc["groups"])
        groups << QString::fromStdString(g["name"].get<std::string>());
    QCOMPARE(groups, QStringList({QStringLiteral("apps"), QStringLiteral("multicluster.x-k8s.io"), QStringLiteral("cert-manager.io")}));
    QCOMPARE(doc["groups"][1]["preferredVersion"]["version"], "v1alpha2");
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

void TestHubRouter::servesEachVersionItsSchema()
{
    std::string error;
    QVERIFY(m_store->load(legacyOcmProfile(), &error));
    // v1alpha1 (storage) serves the object as written.
    nlohmann::json v1 = nlohmann::json::parse(call("GET", kFleet + "/ocm-1").body);
    QCOMPARE(v1["apiVersion"], "multicluster.x-k8s.io/v1alpha1");
    QCOMPARE(v1["status"]["credentialProviders"].size(), std::size_t(1));
    QCOMPARE(v1["status"]["accessProviders"][0]["cluster"]["certificate-authority"], "/ca.crt");
    // v1alpha2 prunes what its schema lacks, in GET, LIST and WATCH alike.
    const auto checkPruned = [](const nlohmann::json &object) {
        QCOMPARE(object["apiVersion"], "multicluster.x-k8s.io/v1alpha2");
        QVERIFY(!object["status"].contains("credentialProviders"));
        QVERIFY(!object["status"]["accessProviders"][0]["cluster"].contains("certificate-authority"));
        QCOMPARE(object["status"]["accessProviders"][0]["cluster"]["server"], "https://cluster-proxy-addon-user.fleet:9092/ocm-1");
    };
    checkPruned(nlohmann::json::parse(call("GET", kFleet2 + "/ocm-1").body));
    if (QTest::currentTestFailed())
        return;
    const nlohmann::json list = nlohmann::json::parse(call("GET", kFleet2, {{"fieldSelector", "metadata.name=ocm-1"}}).body);
    QCOMPARE(list["items"].size(), std::size_t(1));
    checkPruned(list["items"][0]);
    if (QTest::currentTestFailed())
        return;
    // A write through v1alpha2 stores what v1alpha2 sees: the deprecated list is gone after it.
    ApiResponse r = call("PATCH", kFleet2 + "/ocm-1/status", {}, R"({"status":{"version":{"kubernetes":"v1.35.0"}}})",
                         "admin-token", "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    v1 = nlohmann::json::parse(call("GET", kFleet + "/ocm-1").body);
    QVERIFY(!v1["status"].contains("credentialProviders"));
    QCOMPARE(v1["status"]["version"]["kubernetes"], "v1.35.0");
}

void TestHubRouter::validatesWritesThroughV1alpha2_data()
{
    QTest::addColumn<QString>("status"); // the status written through /status
    QTest::addColumn<QString>("field");  // "" = accepted through both versions
    QTest::addColumn<QString>("message");

    const auto row = [](const char *name, const nlohmann::json &providers, const char *field, const char *message) {
        QTest::newRow(name) << QString::fromStdString(nlohmann::json{{"accessProviders", providers}}.dump())
                            << QString::fromLatin1(field) << QString::fromLatin1(message);
    };
    nlohmann::json many = nlohmann::json::array();
    for (int i = 0; i < 65; ++i)
        many.push_back(provider("p" + std::to_string(i), {{"server", "https://s.example.com"}}));
    row("OCM shape", nlohmann::json::array({provider("open-cluster-management",
                                                     {{"server", "https://cluster-proxy-addon-user.fleet:9092/c"},
                                                      {"extensions", {{{"name", "client.authentication.k8s.io/exec"},
                                                                       {"extension", {{"clusterName", "c"}}}}}}})}),
        "", "");
    row("KubeFleet shape, proxy and no compression",
        nlohmann::json::array({provider("KubeFleet", {{"server", "https://m.example.com:6443"},
                                                     {"proxy-url", "socks5://proxy:1080"},
                                                     {"disable-compression", true}})}),
        "", "");
    row("65 providers", many, "status.accessProviders", "Too many: 65: must have at most 64 items");
    row("no cluster", nlohmann::json::array({{{"name", "p"}}}), "status.accessProviders[0].cluster", "Required value");
    row("no server", nlohmann::json::array({provider("p", {{"tls-server-name", "x"}})}),
        "status.accessProviders[0].cluster.server", "Required value");
    row("relative server", nlohmann::json::array({provider("p", {{"server", "/api"}})}),
        "status.accessProviders[0].cluster.server",
        "Invalid value: \"/api\": server must be an absolute URL with a host");
    row("ftp proxy", nlohmann::json::array({provider("p", {{"server", "https://s"}, {"proxy-url", "ftp://p:21"}})}),
        "status.accessProviders[0].cluster.proxy-url",
        "Invalid value: \"ftp://p:21\": proxy-url must be an http, https or socks5 URL with a host");
    row("long TLS name",
        nlohmann::json::array({provider("p", {{"server", "https://s"}, {"tls-server-name", std::string(254, 'a')}})}),
        "status.accessProviders[0].cluster.tls-server-name", "Too long: may not be more than 253 bytes");
}

void TestHubRouter::validatesWritesThroughV1alpha2()
{
    QFETCH(QString, status);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const std::string patch = R"({"status":)" + status.toStdString() + "}";
    ApiResponse r = call("PATCH", kFleet2 + "/a/status", {}, patch, "admin-token", "application/merge-patch+json");
    if (field.isEmpty()) {
        QCOMPARE(r.status, 200);
        return;
    }
    QCOMPARE(r.status, 422);
    const nlohmann::json s = nlohmann::json::parse(r.body);
    QCOMPARE(s["reason"], "Invalid");
    QCOMPARE(s["details"]["causes"][0]["field"], field.toStdString());
    QCOMPARE(s["details"]["causes"][0]["message"], message.toStdString());
    QVERIFY2(s["message"].get<std::string>().find(R"(ClusterProfile.multicluster.x-k8s.io "a" is invalid: )"
                                                  + field.toStdString())
                 == 0,
             s["message"].get<std::string>().c_str());
    // v1alpha1 has none of these rules: the same write goes through.
    QCOMPARE(call("PATCH", kFleet + "/a/status", {}, patch, "admin-token", "application/merge-patch+json").status, 200);
}

void TestHubRouter::validatesPlacementDecisions_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("decisions"); // JSON of the decisions field, "" for none
    QTest::addColumn<QStringList>("causes"); // "field|reason|message"; empty: created

    nlohmann::json many = nlohmann::json::array();
    for (int i = 0; i < 101; ++i)
        many.push_back({{"clusterProfileRef", {{"name", "c" + std::to_string(i)}}}});
    for (const QString &version : {QStringLiteral("v1alpha1"), QStringLiteral("v1alpha2")}) {
        const auto row = [&version](const char *name, const nlohmann::json &decisions, const QStringList &causes) {
            QTest::addRow("%s %s", qPrintable(version), name)
                << version << (decisions.is_null() ? QString() : QString::fromStdString(decisions.dump())) << causes;
        };
        row("OCM shape", nlohmann::json::array({{{"clusterProfileRef", {{"name", "a"}}}}}), {});
        row("none chosen", nlohmann::json::array(), {});
        row("named in another namespace, with a reason",
            nlohmann::json::array({{{"clusterProfileRef", {{"name", "b"}, {"namespace", "other"}}}, {"reason", "GPUs"}}}), {});
        row("no decisions", nullptr, {QStringLiteral("decisions|FieldValueRequired|Required value")});
        row("101 decisions", many, {QStringLiteral("decisions|FieldValueTooMany|Too many: 101: must have at most 100 items")});
        row("decisions an object", nlohmann::json::object(),
            {QStringLiteral("decisions|FieldValueTypeInvalid|Invalid value: \"object\": decisions in body must be of type array: \"object\"")});
        row("no clusterProfileRef", nlohmann::json::array({{{"reason", "x"}}}),
            {QStringLiteral("decisions[0].clusterProfileRef|FieldValueRequired|Required value")});
        row("no name, reason a boolean",
            nlohmann::json::array({{{"clusterProfileRef", {{"name", "a"}}}},
                                   {{"clusterProfileRef", {{"namespace", "fleet"}}}, {"reason", true}}}),
            {QStringLiteral("decisions[1].reason|FieldValueTypeInvalid|Invalid value: \"boolean\": decisions[1].reason in body must be of type string: \"boolean\""),
             QStringLiteral("decisions[1].clusterProfileRef.name|FieldValueRequired|Required value")});
        row("name a number", nlohmann::json::array({{{"clusterProfileRef", {{"name", 7}}}}}),
            {QStringLiteral("decisions[0].clusterProfileRef.name|FieldValueTypeInvalid|Invalid value: \"integer\": decisions[0].clusterProfileRef.name in body must be of type string: \"integer\"")});
    }
}

void TestHubRouter::validatesPlacementDecisions()
{
    QFETCH(QString, version);
    QFETCH(QString, decisions);
    QFETCH(QStringList, causes);
    nlohmann::json body = {{"apiVersion", "multicluster.x-k8s.io/" + version.toStdString()},
                           {"kind", "PlacementDecision"},
                           {"metadata", {{"name", "pd"}, {"namespace", "fleet"}}}};
    if (!decisions.isEmpty())
        body["decisions"] = nlohmann::json::parse(decisions.toStdString());
    const std::string path = "/apis/multicluster.x-k8s.io/" + version.toStdString() + "/namespaces/fleet/placementdecisions";
    const ApiResponse r = call("POST", path, {}, body.dump());
    if (causes.isEmpty()) {
        QCOMPARE(r.status, 201);
        QCOMPARE(call("GET", path + "/pd").status, 200);
        return;
    }
    QCOMPARE(r.status, 422);
    const nlohmann::json s = nlohmann::json::parse(r.body);
    QCOMPARE(s["kind"], "Status");
    QCOMPARE(s["reason"], "Invalid");
    QCOMPARE(s["code"], 422);
    QCOMPARE(s["details"]["kind"], "PlacementDecision");
    QCOMPARE(s["details"]["name"], "pd");
    QStringList got;
    for (const nlohmann::json &cause : s["details"]["causes"])
        got << QString::fromStdString(cause["field"].get<std::string>() + '|' + cause["reason"].get<std::string>() + '|'
                                      + cause["message"].get<std::string>());
    QCOMPARE(got, causes);
    const std::string message = s["message"];
    QVERIFY2(message.rfind(R"(PlacementDecision.multicluster.x-k8s.io "pd" is invalid: )", 0) == 0, message.c_str());
    QCOMPARE(call("GET", path + "/pd").status, 404);
}

void TestHubRouter::validatesTheManagerNameThroughV1alpha2()
{
    // v1alpha2 bounds spec.clusterManager.name to a label value of 1-63 characters; v1alpha1 takes any string.
    nlohmann::json body = profile("fleet", "spaced", "KubeFleet Hub");
    ApiResponse r = call("POST", kFleet2, {}, body.dump());
    QCOMPARE(r.status, 422);
    const nlohmann::json s = nlohmann::json::parse(r.body);
    QCOMPARE(s["details"]["causes"][0]["field"].get<std::string>(), std::string("spec.clusterManager.name"));
    body["metadata"]["labels"]["x-k8s.io/cluster-manager"] = std::string(64, 'm');
    body["spec"]["clusterManager"]["name"] = std::string(64, 'm');
    r = call("POST", kFleet2, {}, body.dump());
    QCOMPARE(r.status, 422);
    QCOMPARE(nlohmann::json::parse(r.body)["details"]["causes"][0]["message"].get<std::string>(),
             std::string("Too long: may not be more than 63 bytes"));
    QCOMPARE(call("POST", kFleet, {}, body.dump()).status, 201);
    // An empty name: v1alpha2's minLength refuses it, v1alpha1's `required` only asks for the field.
    body["metadata"]["name"] = "unnamed-manager";
    body["metadata"]["labels"].erase("x-k8s.io/cluster-manager");
    body["spec"]["clusterManager"]["name"] = "";
    r = call("POST", kFleet2, {}, body.dump());
    QCOMPARE(r.status, 422);
    QCOMPARE(nlohmann::json::parse(r.body)["details"]["causes"][0]["field"].get<std::string>(),
             std::string("spec.clusterManager.name"));
    QCOMPARE(call("POST", kFleet, {}, body.dump()).status, 201);
}

QTEST_GUILESS_MAIN(TestHubRouter)
#include "tst_hubrouter.moc"
