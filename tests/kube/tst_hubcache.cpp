// A hub's cache turns lists and watch events into minimal deltas: replays are not
// changes, relists remove what vanished, broken objects are reported, not lost.

#include "kube/hubcache.h"

#include <QTest>

#include <algorithm>

using namespace fleetscope;

namespace {

nlohmann::json profile(const char *ns, const char *name, const char *rv, const char *version = "v1.30.0")
{
    return nlohmann::json{{"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
                          {"kind", "ClusterProfile"},
                          {"metadata", {{"name", name}, {"namespace", ns}, {"resourceVersion", rv}}},
                          {"spec", {{"clusterManager", {{"name", "ocm"}}}}},
                          {"status", {{"version", {{"kubernetes", version}}}}}};
}

const ResourceSpec allProfiles{ResourceKind::ClusterProfiles, QStringLiteral("multicluster.x-k8s.io/v1alpha1"), {}};

void list(HubCache &cache, const ResourceSpec &spec, nlohmann::json items)
{
    cache.listStarted(spec);
    // Two pages, as a paged LIST delivers them.
    nlohmann::json first = nlohmann::json::array();
    nlohmann::json second = nlohmann::json::array();
    for (size_t i = 0; i < items.size(); ++i)
        (i % 2 ? second : first).push_back(items[i]);
    cache.listPage(spec, first);
    cache.listPage(spec, second);
    cache.listFinished(spec);
}

QStringList names(const HubDelta &delta)
{
    QStringList out;
    for (const ProfilePtr &p : delta.upsertedProfiles)
        out << QStringLiteral("+") + p->profile.metadata.namespaceName + u'/' + p->profile.metadata.name;
    for (const ObjectKey &k : delta.removedProfiles)
        out << QStringLiteral("-") + k.toString();
    out.sort();
    return out;
}

} // namespace

class TestHubCache final : public QObject
{
    Q_OBJECT

private slots:
    void firstListAddsEverything();
    void relistWithSameVersionsIsSilent();
    void relistDiffsChangesAndRemovals();
    void watchEventsCoalescePerKey();
    void namespacedRelistOnlyTouchesItsNamespace();
    void concurrentNamespacedListsKeepEachOthersObjects();
    void brokenObjectsAreReportedAndNotKeptStale();
    void keepsRawJsonOnlyWhenAsked();
    void textPagesMatchTheDomPath();
};

void TestHubCache::firstListAddsEverything()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1"), profile("a", "c2", "2"), profile("b", "c3", "3")});
    QVERIFY(cache.hasPendingChanges());
    const HubDelta delta = cache.takeDelta();
    QCOMPARE(names(delta), (QStringList{"+a/c1", "+a/c2", "+b/c3"}));
    QVERIFY(!cache.hasPendingChanges());
    QCOMPARE(cache.objectCount(ResourceKind::ClusterProfiles), 3);
}

void TestHubCache::relistWithSameVersionsIsSilent()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1"), profile("a", "c2", "2")});
    cache.takeDelta();
    // After a 410 the informer relists: nothing changed, nothing must be reported.
    list(cache, allProfiles, {profile("a", "c2", "2"), profile("a", "c1", "1")});
    QVERIFY(!cache.hasPendingChanges());
    QVERIFY(cache.takeDelta().isEmpty());
}

void TestHubCache::relistDiffsChangesAndRemovals()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1"), profile("a", "c2", "2"), profile("a", "c3", "3")});
    cache.takeDelta();
    list(cache, allProfiles, {profile("a", "c1", "1"), profile("a", "c2", "9", "v1.31.0"), profile("a", "c4", "10")});
    const HubDelta delta = cache.takeDelta();
    QCOMPARE(names(delta), (QStringList{"+a/c2", "+a/c4", "-a/c3"}));
    for (const ProfilePtr &p : delta.upsertedProfiles) {
        if (p->profile.metadata.name == u"c2")
            QCOMPARE(p->profile.kubernetesVersion, QStringLiteral("v1.31.0"));
    }
}

void TestHubCache::watchEventsCoalescePerKey()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1")});
    cache.takeDelta();
    auto m1 = profile("a", "c1", "5", "v1.31.0");
    auto m2 = profile("a", "c1", "6", "v1.32.0");
    auto added = profile("a", "c9", "7");
    auto deleted = profile("a", "c9", "8");
    cache.watchEvent(allProfiles, WatchEventType::Modified, m1);
    cache.watchEvent(allProfiles, WatchEventType::Modified, m2);
    cache.watchEvent(allProfiles, WatchEventType::Added, added);
    cache.watchEvent(allProfiles, WatchEventType::Deleted, deleted);
    const HubDelta delta = cache.takeDelta();
    // c1 once, with its latest state; c9 came and went: one removal, never an add.
    QCOMPARE(delta.upsertedProfiles.size(), 1);
    QCOMPARE(delta.upsertedProfiles.first()->profile.kubernetesVersion, QStringLiteral("v1.32.0"));
    QCOMPARE(names(delta), (QStringList{"+a/c1", "-a/c9"}));
    // A replayed event (same RV) after a re-watch is not a change.
    auto replay = profile("a", "c1", "6", "v1.32.0");
    cache.watchEvent(allProfiles, WatchEventType::Modified, replay);
    QVERIFY(!cache.hasPendingChanges());
}

void TestHubCache::namespacedRelistOnlyTouchesItsNamespace()
{
    HubCache cache;
    const ResourceSpec nsA{ResourceKind::ClusterProfiles, allProfiles.groupVersion, QStringLiteral("a")};
    const ResourceSpec nsB{ResourceKind::ClusterProfiles, allProfiles.groupVersion, QStringLiteral("b")};
    list(cache, nsA, {profile("a", "c1", "1")});
    list(cache, nsB, {profile("b", "c2", "2")});
    cache.takeDelta();
    list(cache, nsA, {});
    QCOMPARE(names(cache.takeDelta()), QStringList{"-a/c1"});
    QCOMPARE(cache.objectCount(ResourceKind::ClusterProfiles), 1);
    cache.dropScope(nsB);
    QCOMPARE(names(cache.takeDelta()), QStringList{"-b/c2"});
}

void TestHubCache::concurrentNamespacedListsKeepEachOthersObjects()
{
    // Informers per namespace (a user allowed only some namespaces) list at the
    // same time, their pages interleaved on the hub's thread: the list that ends
    // first must not make the other's objects look vanished.
    HubCache cache;
    const ResourceSpec nsA{ResourceKind::ClusterProfiles, allProfiles.groupVersion, QStringLiteral("a")};
    const ResourceSpec nsB{ResourceKind::ClusterProfiles, allProfiles.groupVersion, QStringLiteral("b")};
    for (int round = 0; round < 2; ++round) {
        cache.listStarted(nsA);
        cache.listStarted(nsB);
        nlohmann::json pageA = {profile("a", "c1", "1")};
        nlohmann::json pageB = {profile("b", "c2", "2")};
        cache.listPage(nsA, pageA);
        cache.listPage(nsB, pageB);
        cache.listFinished(nsA);
        const std::string_view textB = R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)"
                                       R"("metadata":{"name":"c3","namespace":"b","resourceVersion":"3"}})";
        QVERIFY(cache.listPageText(nsB, {textB}));
        cache.listFinished(nsB);
        // First round: everything is new; second: a replay, so nothing changes.
        QCOMPARE(names(cache.takeDelta()), round == 0 ? (QStringList{"+a/c1", "+b/c2", "+b/c3"}) : QStringList());
        QCOMPARE(cache.objectCount(ResourceKind::ClusterProfiles), 3);
    }
}

void TestHubCache::brokenObjectsAreReportedAndNotKeptStale()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1"), profile("a", "c2", "2")});
    cache.takeDelta();
    auto broken = profile("a", "c1", "3");
    broken["status"]["conditions"] = nlohmann::json::array({{{"type", "Joined"}, {"status", 1}}});
    cache.watchEvent(allProfiles, WatchEventType::Modified, broken);
    auto nameless = nlohmann::json{{"metadata", {{"namespace", "a"}}}};
    cache.watchEvent(allProfiles, WatchEventType::Added, nameless);
    const HubDelta delta = cache.takeDelta();
    QCOMPARE(names(delta), QStringList{"-a/c1"});
    QCOMPARE(delta.decodeErrors.size(), 2);
    QCOMPARE(delta.decodeErrors[0],
             QStringLiteral("clusterprofiles a/c1: status.conditions[0].status: expected string, got number"));
    QVERIFY(delta.decodeErrors[1].contains(u"without metadata.name"));
}

void TestHubCache::keepsRawJsonOnlyWhenAsked()
{
    HubCache lean;
    HubCache raw(true);
    list(lean, allProfiles, {profile("a", "c1", "1")});
    list(raw, allProfiles, {profile("a", "c1", "1")});
    QVERIFY(lean.takeDelta().upsertedProfiles.first()->rawJson.isEmpty());
    const ProfilePtr record = raw.takeDelta().upsertedProfiles.first();
    const QByteArray json = record->rawJson;
    QVERIFY(nlohmann::json::parse(json.toStdString()) == profile("a", "c1", "1"));
    QVERIFY(record->rawJson.packedSize() < json.size()); // kept compressed
}

void TestHubCache::textPagesMatchTheDomPath()
{
    // The fast path (ListPage items as text) must give the same delta as the DOM
    // path, for decodable, undecodable and unusual objects alike.
    auto broken = profile("a", "c3", "3");
    broken["status"]["conditions"] = nlohmann::json::array({{{"type", "Joined"}, {"status", 1}}});
    auto unusual = profile("a", "c4", "4"); // a float in an extension: the fast decoder hands it to the DOM
    unusual["status"]["accessProviders"] = nlohmann::json::array(
        {{{"name", "p"}, {"cluster", {{"server", "https://x"}, {"extensions", {{{"name", "e"}, {"extension", {{"f", 1.5}}}}}}}}}});
    const nlohmann::json items = nlohmann::json::array(
        {profile("a", "c1", "1"), profile("b", "c2", "2"), broken, unusual, nlohmann::json{{"metadata", {{"namespace", "a"}}}}});
    for (const bool raw : {false, true}) {
        HubCache dom(raw);
        HubCache text(raw);
        list(dom, allProfiles, items);
        text.listStarted(allProfiles);
        std::vector<std::string> dumps;
        for (const nlohmann::json &item : items)
            dumps.push_back(item.dump(2)); // whitespace too: the item views keep it
        std::vector<std::string_view> views(dumps.begin(), dumps.end());
        QVERIFY(text.listPageText(allProfiles, views));
        text.listFinished(allProfiles);
        const HubDelta a = dom.takeDelta();
        const HubDelta b = text.takeDelta();
        QCOMPARE(names(b), names(a));
        QCOMPARE(b.decodeErrors, a.decodeErrors);
        QCOMPARE(b.upsertedProfiles.size(), 3);
        for (const ProfilePtr &p : b.upsertedProfiles) {
            const auto match = std::find_if(a.upsertedProfiles.cbegin(), a.upsertedProfiles.cend(), [&](const ProfilePtr &q) {
                return q->profile.metadata.name == p->profile.metadata.name;
            });
            QVERIFY(match != a.upsertedProfiles.cend());
            QCOMPARE(QByteArray(p->rawJson), QByteArray((*match)->rawJson));
            QCOMPARE(p->profile.metadata.resourceVersion, (*match)->profile.metadata.resourceVersion);
            QCOMPARE(p->profile.kubernetesVersion, (*match)->profile.kubernetesVersion);
            QCOMPARE(p->profile.clusterManagerName, (*match)->profile.clusterManagerName);
            QVERIFY(p->profile.accessProviders == (*match)->profile.accessProviders);
        }
        // A relist of the same text is a replay: nothing changes.
        text.listStarted(allProfiles);
        QVERIFY(text.listPageText(allProfiles, views));
        text.listFinished(allProfiles);
        const HubDelta replay = text.takeDelta();
        QCOMPARE(names(replay), QStringList());
    }

    // A page with an item that is not JSON is refused whole, before anything is applied.
    HubCache cache;
    cache.listStarted(allProfiles);
    const std::string good = profile("a", "c9", "9").dump();
    const std::vector<std::string_view> page{good, std::string_view(R"({"metadata":{"name":})")};
    QVERIFY(!cache.listPageText(allProfiles, page));
    QVERIFY(!cache.hasPendingChanges());
    QCOMPARE(cache.objectCount(ResourceKind::ClusterProfiles), 0);
}

QTEST_GUILESS_MAIN(TestHubCache)
#include "tst_hubcache.moc"
