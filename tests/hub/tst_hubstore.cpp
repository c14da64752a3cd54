// The hub's object store: apiserver write semantics, one RV counter, the bounded history
// and consistent, expiring continue tokens.
#include "hubtesthelpers.h"
#include "objectstore.h"

#include <QtTest>

using namespace fleetscope::hub;
using namespace hubtest;

class TestHubStore : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void createSetsServerFields();
    void oneCounterAcrossKinds();
    void errors_data();
    void errors();
    void statusSubresourceRules();
    void staleUpdateConflicts();
    void noopUpdateKeepsRv();
    void historyWindow();
    void continueIsConsistentAndExpires();
    void continueExpiresByAge();
    void exactListFromHistory();
    void namespaceDeleteCascades();

private:
    std::unique_ptr<ObjectStore> m_store;
};

void TestHubStore::init()
{
    m_store = std::make_unique<ObjectStore>(100);
    std::string error;
    QVERIFY(m_store->load(namespaceObject("fleet"), &error));
}

void TestHubStore::createSetsServerFields()
{
    nlohmann::json body = profile("", "c1");
    body["unknownTopLevel"] = {{"kept", true}};
    const StoreResult r = m_store->create(profiles(), "fleet", body);
    QVERIFY(r.error.ok());
    QVERIFY(r.created);
    const nlohmann::json &o = *r.object;
    QCOMPARE(o["metadata"]["namespace"], "fleet");
    QCOMPARE(o["metadata"]["generation"], 1);
    QCOMPARE(o["metadata"]["uid"].get<std::string>().size(), std::size_t(36));
    QVERIFY(o["metadata"]["creationTimestamp"].get<std::string>().back() == 'Z');
    QVERIFY(!o.contains("status")); // the status subresource makes create drop status
    QCOMPARE(o["unknownTopLevel"]["kept"], true);
}

void TestHubStore::oneCounterAcrossKinds()
{
    const auto a = m_store->create(namespaces(), "", namespaceObject("other"));
    const auto b = m_store->create(profiles(), "fleet", profile("fleet", "c1"));
    nlohmann::json pd = {{"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
                         {"kind", "PlacementDecision"},
                         {"metadata", {{"name", "p"}}},
                         {"decisions", nlohmann::json::array()}};
    const auto c = m_store->create(decisions(), "fleet", pd);
    QVERIFY(a.error.ok() && b.error.ok() && c.error.ok());
    QVERIFY(std::stoull(rvOf(a.object)) < std::stoull(rvOf(b.object)));
    QVERIFY(std::stoull(rvOf(b.object)) < std::stoull(rvOf(c.object)));
    QCOMPARE(std::to_string(m_store->currentRv()), rvOf(c.object));
}

void TestHubStore::errors_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("message");
    QTest::newRow("already exists") << 409 << QString::fromUtf8("AlreadyExists")
                                    << QString::fromUtf8(R"(clusterprofiles.multicluster.x-k8s.io "c1" already exists)");
    QTest::newRow("not found") << 404 << QString::fromUtf8("NotFound") << QString::fromUtf8(R"(clusterprofiles.multicluster.x-k8s.io "nope" not found)");
    QTest::newRow("namespace not found") << 404 << QString::fromUtf8("NotFound") << QString::fromUtf8(R"(namespaces "ghost" not found)");
    QTest::newRow("manager required")
        << 422 << QString::fromUtf8("Invalid")
        << QString::fromUtf8(R"(ClusterProfile.multicluster.x-k8s.io "bad" is invalid: spec.clusterManager.name: Required value)");
    QTest::newRow("too many decisions")
        << 422 << QString::fromUtf8("Invalid")
        << QString::fromUtf8(R"(PlacementDecision.multicluster.x-k8s.io "big" is invalid: decisions: Too many: 101: must have at most 100 items)");
    QTest::newRow("manager immutable")
        << 422 << QString::fromUtf8("Invalid")
        << QString::fromUtf8(R"(ClusterProfile.multicluster.x-k8s.io "c1" is invalid: spec.clusterManager: Invalid value: "object": ClusterManager is immutable)");
    QTest::newRow("namespace mismatch")
        << 400 << QString::fromUtf8("BadRequest") << QString::fromUtf8("the namespace of the provided object does not match the namespace sent on the request");
}

void TestHubStore::errors()
{
    QFETCH(int, code);
    QFETCH(QString, reason);
    QFETCH(QString, message);
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "c1")).error.ok());
    ApiError e;
    const QByteArray tag = QTest::currentDataTag();
    if (tag == "already exists") {
        e = m_store->create(profiles(), "fleet", profile("fleet", "c1")).error;
    } else if (tag == "not found") {
        e = m_store->get(profiles(), "fleet", "nope").error;
    } else if (tag == "namespace not found") {
        e = m_store->create(profiles(), "ghost", profile("", "c2")).error;
    } else if (tag == "manager required") {
        nlohmann::json p = profile("fleet", "bad");
        p["spec"]["clusterManager"].erase("name");
        e = m_store->create(profiles(), "fleet", p).error;
    } else if (tag == "too many decisions") {
        nlohmann::json pd = {{"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
                             {"kind", "PlacementDecision"},
                             {"metadata", {{"name", "big"}}},
                             {"decisions", nlohmann::json::array()}};
        for (int i = 0; i < 101; ++i)
            pd["decisions"].push_back({{"clusterProfileRef", {{"name", "c" + std::to_string(i)}}}});
        e = m_store->create(decisions(), "fleet", pd).error;
    } else if (tag == "manager immutable") {
        e = m_store->patch(profiles(), "fleet", "c1", PatchKind::Merge,
                           {{"spec", {{"clusterManager", {{"name", "other"}}}}}}, Subresource::None)
                .error;
    } else if (tag == "namespace mismatch") {
        e = m_store->create(profiles(), "fleet", profile("elsewhere", "c3")).error;
    }
    QCOMPARE(e.code, code);
    QCOMPARE(QString::fromStdString(e.reason), reason);
    QCOMPARE(QString::fromStdString(e.message), message);
    const nlohmann::json status = e.toStatus();
    QCOMPARE(status["kind"], "Status");
    QCOMPARE(status["status"], "Failure");
    QCOMPARE(status["code"], code);
}

void TestHubStore::statusSubresourceRules()
{
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "c1")).error.ok());
    // Status only through /status; spec changes there are ignored and do not bump generation.
    nlohmann::json viaStatus = *m_store->get(profiles(), "fleet", "c1").object;
    viaStatus["status"] = {{"version", {{"kubernetes", "v1.34.0"}}}};
    viaStatus["spec"]["displayName"] = "ignored";
    StoreResult r = m_store->update(profiles(), "fleet", "c1", viaStatus, Subresource::Status);
    QVERIFY(r.error.ok());
    QCOMPARE((*r.object)["status"]["version"]["kubernetes"], "v1.34.0");
    QCOMPARE((*r.object)["spec"]["displayName"], "c1");
    QCOMPARE((*r.object)["metadata"]["generation"], 1);

    // The main resource ignores status and bumps generation on spec changes.
    nlohmann::json viaMain = *r.object;
    viaMain["status"] = {{"version", {{"kubernetes", "v0.0.0"}}}};
    viaMain["spec"]["displayName"] = "Renamed";
    r = m_store->update(profiles(), "fleet", "c1", viaMain, Subresource::None);
    QVERIFY(r.error.ok());
    QCOMPARE((*r.object)["status"]["version"]["kubernetes"], "v1.34.0");
    QCOMPARE((*r.object)["spec"]["displayName"], "Renamed");
    QCOMPARE((*r.object)["metadata"]["generation"], 2);

    // Label changes are metadata: no generation bump.
    r = m_store->patch(profiles(), "fleet", "c1", PatchKind::Merge, {{"metadata", {{"labels", {{"a", "b"}}}}}},
                       Subresource::None);
    QVERIFY(r.error.ok());
    QCOMPARE((*r.object)["metadata"]["generation"], 2);
    QCOMPARE((*r.object)["metadata"]["labels"]["a"], "b");
}

void TestHubStore::staleUpdateConflicts()
{
    const StoreResult created = m_store->create(profiles(), "fleet", profile("fleet", "c1"));
    nlohmann::json first = *created.object;
    first["spec"]["displayName"] = "one";
    QVERIFY(m_store->update(profiles(), "fleet", "c1", first, Subresource::None).error.ok());
    nlohmann::json stale = *created.object;
    stale["spec"]["displayName"] = "two";
    const ApiError e = m_store->update(profiles(), "fleet", "c1", stale, Subresource::None).error;
    QCOMPARE(e.code, 409);
    QCOMPARE(QString::fromStdString(e.reason), QStringLiteral("Conflict"));
    QCOMPARE(QString::fromStdString(e.message),
             QStringLiteral("Operation cannot be fulfilled on clusterprofiles.multicluster.x-k8s.io \"c1\": the object "
                            "has been modified; please apply your changes to the latest version and try again"));
    // Custom resources need a resourceVersion on PUT.
    nlohmann::json unconditional = stale;
    unconditional["metadata"].erase("resourceVersion");
    QCOMPARE(m_store->update(profiles(), "fleet", "c1", unconditional, Subresource::None).error.code, 422);
    // A merge patch carrying an old RV is a failed precondition too.
    QCOMPARE(m_store
                 ->patch(profiles(), "fleet", "c1", PatchKind::Merge,
                         {{"metadata", {{"resourceVersion", rvOf(created.object)}}}}, Subresource::None)
                 .error.code,
             409);
}

void TestHubStore::noopUpdateKeepsRv()
{
    const StoreResult created = m_store->create(profiles(), "fleet", profile("fleet", "c1"));
    const std::uint64_t before = m_store->currentRv();
    const StoreResult r = m_store->update(profiles(), "fleet", "c1", *created.object, Subresource::None);
    QVERIFY(r.error.ok());
    QCOMPARE(rvOf(r.object), rvOf(created.object));
    QCOMPARE(m_store->currentRv(), before);
}

void TestHubStore::historyWindow()
{
    ObjectStore store(3);
    std::string error;
    QVERIFY(store.load(namespaceObject("fleet"), &error));
    const std::uint64_t start = store.currentRv();
    QCOMPARE(store.historyStartRv(), start);
    for (int i = 0; i < 5; ++i)
        QVERIFY(store.create(profiles(), "fleet", profile("fleet", "c" + std::to_string(i))).error.ok());
    // Five events, three kept: only RVs from start+2 on can be resumed.
    QCOMPARE(store.historyStartRv(), start + 2);
    std::vector<EventPtr> events;
    std::uint64_t scanned = 0;
    const auto now = std::chrono::steady_clock::now();
    QCOMPARE(store.waitForEvents(start + 1, now, &events, &scanned), ObjectStore::Poll::TooOld);
    QCOMPARE(store.waitForEvents(start + 2, now, &events, &scanned), ObjectStore::Poll::Events);
    QCOMPARE(events.size(), std::size_t(3));
    QCOMPARE(events.front()->rv, start + 3);
    QCOMPARE(scanned, start + 5);
    events.clear();
    QCOMPARE(store.waitForEvents(start + 5, now + std::chrono::milliseconds(10), &events, &scanned),
             ObjectStore::Poll::Idle);
    QVERIFY(events.empty());
}

void TestHubStore::continueIsConsistentAndExpires()
{
    ObjectStore store(10);
    std::string error;
    QVERIFY(store.load(namespaceObject("fleet"), &error));
    for (const char *name : {"a", "b", "c", "d", "e"})
        QVERIFY(store.create(profiles(), "fleet", profile("fleet", name)).error.ok());
    ListRequest request;
    request.type = &profiles();
    request.limit = 2;
    ListResult page = store.list(request);
    QVERIFY(page.error.ok());
    QCOMPARE(page.items.size(), std::size_t(2));
    QCOMPARE(page.remainingItemCount.value_or(-1), 3);
    const std::uint64_t listRv = page.rv;
    QVERIFY(!page.continueToken.empty());

    // Changes after the first page are invisible to the continuation (a snapshot at listRv).
    QVERIFY(store.remove(profiles(), "fleet", "d").error.ok());
    QVERIFY(store.create(profiles(), "fleet", profile("fleet", "bb")).error.ok());
    request.continueToken = page.continueToken;
    request.limit = 10;
    page = store.list(request);
    QVERIFY(page.error.ok());
    QCOMPARE(page.rv, listRv);
    QStringList names;
    for (const ObjectPtr &o : page.items)
        names << QString::fromStdString((*o)["metadata"]["name"].get<std::string>());
    QCOMPARE(names, QStringList({QStringLiteral("c"), QStringLiteral("d"), QStringLiteral("e")}));
    QVERIFY(page.continueToken.empty());
    QVERIFY(!page.remainingItemCount);

    // Once the history moved past the snapshot, the token is 410 Expired.
    for (int i = 0; i < 12; ++i)
        QVERIFY(store.patch(profiles(), "fleet", "a", PatchKind::Merge,
                            {{"metadata", {{"labels", {{"n", std::to_string(i)}}}}}}, Subresource::None)
                    .error.ok());
    page = store.list(request);
    QCOMPARE(page.error.code, 410);
    QCOMPARE(QString::fromStdString(page.error.reason), QStringLiteral("Expired"));
    QVERIFY(QString::fromStdString(page.error.message)
                .startsWith(QStringLiteral("The provided continue parameter is too old to display a consistent "
                                           "list result.")));
    // Garbage is a 400, not an expiry.
    request.continueToken = "%%%";
    QCOMPARE(store.list(request).error.code, 400);
}

void TestHubStore::continueExpiresByAge()
{
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "a")).error.ok());
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "b")).error.ok());
    ListRequest request;
    request.type = &profiles();
    request.limit = 1;
    const ListResult page = m_store->list(request);
    request.continueToken = page.continueToken;
    QVERIFY(m_store->list(request).error.ok());
    request.forceExpireContinue = true;
    QCOMPARE(m_store->list(request).error.code, 410);
    request.forceExpireContinue = false;
    m_store->setContinueTtl(std::chrono::milliseconds(-1));
    QCOMPARE(m_store->list(request).error.code, 410);
}

void TestHubStore::exactListFromHistory()
{
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "a")).error.ok());
    const std::uint64_t rv = m_store->currentRv();
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "b")).error.ok());
    QVERIFY(m_store->remove(profiles(), "fleet", "a").error.ok());
    ListRequest request;
    request.type = &profiles();
    request.exactRv = rv;
    ListResult result = m_store->list(request);
    QVERIFY(result.error.ok());
    QCOMPARE(result.items.size(), std::size_t(1));
    QCOMPARE((*result.items[0])["metadata"]["name"], "a");
    request.exactRv = m_store->currentRv() + 10;
    result = m_store->list(request);
    QCOMPARE(result.error.code, 504);
    QCOMPARE(QString::fromStdString(result.error.reason), QStringLiteral("Timeout"));
}

void TestHubStore::namespaceDeleteCascades()
{
    QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "a")).error.ok());
    const std::uint64_t before = m_store->currentRv();
    QVERIFY(m_store->remove(namespaces(), "", "fleet").error.ok());
    QCOMPARE(m_store->count(profiles()), std::size_t(0));
    std::vector<EventPtr> events;
    std::uint64_t scanned = 0;
    QCOMPARE(m_store->waitForEvents(before, std::chrono::steady_clock::now(), &events, &scanned),
             ObjectStore::Poll::Events);
    QCOMPARE(events.size(), std::size_t(2));
    QCOMPARE(events[0]->type, EventType::Deleted);
    QCOMPARE(events[0]->resource, &profiles());
    QCOMPARE(events[1]->resource, &namespaces());
}

QTEST_GUILESS_MAIN(TestHubStore)
#include "tst_hubstore.moc"
