// A hub's cache turns lists and watch events into minimal deltas: replays are not
// changes, relists remove what vanished, broken objects are reported, not lost.

#include "api/paddedjson.h"
#include "api/stringpool.h"
#include "kube/hubcache.h"
#include "api/responseobjects.h"
#include "kube/responsereader.h"

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

// Hands `texts` to the cache as the informer does: as the items of one list page,
// or each as a watch event's object.
void deliver(HubCache &cache, const ResourceSpec &spec, ObjectChange change, const std::vector<std::string> &texts)
{
    ResponseReader reader;
    QString error;
    const auto objects = [&](ResponseObjects &o) { cache.objects(spec, change, o); };
    if (change == ObjectChange::Listed) {
        std::string page = R"({"metadata":{},"items":[)";
        for (size_t i = 0; i < texts.size(); ++i)
            page += (i ? "," : "") + texts[i];
        page += "]}";
        ResponseReader::ListPage listed;
        QVERIFY2(reader.readList(PaddedJson(page).view(), &listed, &error, objects), qPrintable(error));
        QCOMPARE(listed.itemCount, qint64(texts.size()));
        return;
    }
    for (const std::string &text : texts)
        QVERIFY2(reader.readObject(PaddedJson(text).view(), &error, objects), qPrintable(error));
}

void deliver(HubCache &cache, const ResourceSpec &spec, ObjectChange change, const nlohmann::json &object)
{
    deliver(cache, spec, change, std::vector<std::string>{object.dump()});
}

void list(HubCache &cache, const ResourceSpec &spec, nlohmann::json items)
{
    cache.listStarted(spec);
    // Two pages, as a paged LIST delivers them.
    std::vector<std::string> first, second;
    for (size_t i = 0; i < items.size(); ++i)
        (i % 2 ? second : first).push_back(items[i].dump());
    deliver(cache, spec, ObjectChange::Listed, first);
    deliver(cache, spec, ObjectChange::Listed, second);
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
    void relistLetsThePoolFreeWatchedValues();
    void newObjectsKeepArrivalOrderAndTheirLastState();
    void namespacedRelistOnlyTouchesItsNamespace();
    void concurrentNamespacedListsKeepEachOthersObjects();
    void brokenObjectsAreReportedAndNotKeptStale();
    void keepsRawJsonOnlyWhenAsked();
    void oneBadObjectDoesNotLoseTheOthers();
    void brokenJsonInAnObjectEndsItsPage_data();
    void brokenJsonInAnObjectEndsItsPage();
    void brokenJsonInADeletedObjectIsNoRemoval();
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
    QCOMPARE(cache.takeDelta().changeCount(), 0);
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
    const HubDelta listed = cache.takeDelta();
    QCOMPARE(listed.upsertedProfiles.size(), 1);
    auto m1 = profile("a", "c1", "5", "v1.31.0");
    auto m2 = profile("a", "c1", "6", "v1.32.0");
    auto added = profile("a", "c9", "7");
    auto deleted = profile("a", "c9", "8");
    deliver(cache, allProfiles, ObjectChange::Modified, m1);
    deliver(cache, allProfiles, ObjectChange::Modified, m2);
    deliver(cache, allProfiles, ObjectChange::Added, added);
    deliver(cache, allProfiles, ObjectChange::Deleted, deleted);
    const HubDelta delta = cache.takeDelta();
    // c1 once, with its latest state; c9 came and went: one removal, never an add.
    QCOMPARE(delta.upsertedProfiles.size(), 1);
    QCOMPARE(delta.upsertedProfiles.first()->profile.kubernetesVersion, QStringLiteral("v1.32.0"));
    QCOMPARE(names(delta), (QStringList{"+a/c1", "-a/c9"}));
    // The changed object shares the name held since the list: whoever keeps a
    // cluster's key for a while holds one copy of it, not one per event.
    QCOMPARE(delta.upsertedProfiles.first()->profile.metadata.name.constData(),
             listed.upsertedProfiles.first()->profile.metadata.name.constData());
    // A replayed event (same RV) after a re-watch is not a change.
    auto replay = profile("a", "c1", "6", "v1.32.0");
    deliver(cache, allProfiles, ObjectChange::Modified, replay);
    QVERIFY(!cache.hasPendingChanges());
}

void TestHubCache::relistLetsThePoolFreeWatchedValues()
{
    // Watch events keep the decoder's intern cache warm from one event to the
    // next; once a relist has replaced what they carried, nothing may keep
    // their strings out of the pool's purge, or a week of churning values
    // would pin them.
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1")});
    cache.takeDelta();
    StringPool::shared().purgeUnused();
    const qsizetype before = StringPool::shared().size();
    for (int i = 0; i < 200; ++i) {
        const std::string version = "v1.31.0-churn." + std::to_string(i);
        deliver(cache, allProfiles, ObjectChange::Modified,
                profile("a", "c1", std::to_string(10 + i).c_str(), version.c_str()));
    }
    QCOMPARE(cache.takeDelta().upsertedProfiles.first()->profile.kubernetesVersion,
             QStringLiteral("v1.31.0-churn.199"));
    QVERIFY(StringPool::shared().size() > before + 100); // each event's version went into the pool
    list(cache, allProfiles, {profile("a", "c1", "500", "v1.32.0")});
    QCOMPARE(cache.takeDelta().upsertedProfiles.first()->profile.kubernetesVersion, QStringLiteral("v1.32.0"));
    StringPool::shared().purgeUnused();
    const qsizetype kept = StringPool::shared().size() - before;
    QVERIFY2(kept <= 2, qPrintable(QStringLiteral("%1 strings of replaced values kept after the relist").arg(kept)));
}

void TestHubCache::newObjectsKeepArrivalOrderAndTheirLastState()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1"), profile("a", "c2", "2")});
    cache.takeDelta();
    // In one delta: new objects in the order they came (a list's order is the
    // server's, which spares the printer its sort), and whatever happened to a key
    // afterwards as its only entry.
    cache.listStarted(allProfiles);
    deliver(cache, allProfiles, ObjectChange::Listed,
            std::vector<std::string>{profile("b", "n3", "3").dump(), profile("a", "c1", "1").dump(),
                                     profile("b", "n1", "4").dump(), profile("a", "c2", "2").dump(),
                                     profile("b", "n2", "5").dump(), profile("a", "z9", "6").dump()});
    cache.listFinished(allProfiles);
    deliver(cache, allProfiles, ObjectChange::Modified, profile("b", "n1", "7", "v1.31.0")); // new, then changed
    deliver(cache, allProfiles, ObjectChange::Deleted, profile("b", "n2", "8"));             // new, then gone
    deliver(cache, allProfiles, ObjectChange::Deleted, profile("a", "c2", "9"));             // known, gone
    deliver(cache, allProfiles, ObjectChange::Added, profile("a", "c2", "10", "v1.32.0"));   // and back
    HubDelta delta = cache.takeDelta();
    QCOMPARE(names(delta), (QStringList{"+a/c2", "+a/z9", "+b/n1", "+b/n3", "-b/n2"}));
    QStringList order;
    for (const ProfilePtr &p : delta.upsertedProfiles)
        order << p->profile.metadata.name + u'@' + p->profile.kubernetesVersion;
    QCOMPARE(order, (QStringList{"n3@v1.30.0", "z9@v1.30.0", "c2@v1.32.0", "n1@v1.31.0"}));
    QCOMPARE(cache.objectCount(ResourceKind::ClusterProfiles), 5);
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
        deliver(cache, nsA, ObjectChange::Listed, profile("a", "c1", "1"));
        deliver(cache, nsB, ObjectChange::Listed, profile("b", "c2", "2"));
        cache.listFinished(nsA);
        deliver(cache, nsB, ObjectChange::Listed, profile("b", "c3", "3"));
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
    deliver(cache, allProfiles, ObjectChange::Modified, broken);
    auto nameless = nlohmann::json{{"metadata", {{"namespace", "a"}}}};
    deliver(cache, allProfiles, ObjectChange::Added, nameless);
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
    const QByteArray json = record->rawJson.unpacked();
    QVERIFY(nlohmann::json::parse(json.toStdString()) == profile("a", "c1", "1"));
    QVERIFY(record->rawJson.packedSize() < json.size()); // kept compressed
}

void TestHubCache::oneBadObjectDoesNotLoseTheOthers()
{
    // A page's objects are decoded one by one: the good ones are applied, each bad
    // one becomes a decode error that names it (or says it has no name), also when
    // the problem comes before its metadata.
    auto broken = profile("a", "c3", "3");
    broken["status"]["conditions"] = nlohmann::json::array({{{"type", "Joined"}, {"status", 1}}});
    const std::vector<std::string> page{profile("a", "c1", "1").dump(2), // whitespace too: the raw copy drops it
                                        broken.dump(),
                                        R"({"spec":{"displayName":[{"x":1}]},"metadata":{"name":"c4","namespace":"a"}})",
                                        R"({"metadata":{"name":7}})",
                                        profile("b", "c2", "2").dump()};
    HubCache cache(true);
    cache.listStarted(allProfiles);
    deliver(cache, allProfiles, ObjectChange::Listed, page);
    cache.listFinished(allProfiles);
    const HubDelta delta = cache.takeDelta();
    QCOMPARE(names(delta), (QStringList{"+a/c1", "+b/c2"}));
    QCOMPARE(delta.decodeErrors.size(), 3);
    QCOMPARE(delta.decodeErrors[0],
             QStringLiteral("clusterprofiles a/c3: status.conditions[0].status: expected string, got number"));
    QCOMPARE(delta.decodeErrors[1], QStringLiteral("clusterprofiles a/c4: spec.displayName: expected string, got array"));
    QVERIFY2(delta.decodeErrors[2].contains(u"without metadata.name"), qPrintable(delta.decodeErrors[2]));
    for (const ProfilePtr &p : delta.upsertedProfiles)
        QVERIFY(nlohmann::json::parse(p->rawJson.unpacked().toStdString())
                == profile(p->profile.metadata.namespaceName.toString().toUtf8().constData(),
                           p->profile.metadata.name.toUtf8().constData(), p->profile.metadata.name == u"c1" ? "1" : "2"));

    // A relist of the same text is a replay: nothing changes, and the bad objects
    // are reported again.
    cache.listStarted(allProfiles);
    deliver(cache, allProfiles, ObjectChange::Listed, page);
    cache.listFinished(allProfiles);
    const HubDelta replay = cache.takeDelta();
    QCOMPARE(names(replay), QStringList());
    QCOMPARE(replay.decodeErrors.size(), 3);
}

void TestHubCache::brokenJsonInAnObjectEndsItsPage_data()
{
    QTest::addColumn<std::string>("broken");
    QTest::addColumn<QString>("decodeError");

    QTest::newRow("before its name") << std::string(R"({"apiVersion":,"metadata":{"name":"c2","namespace":"a"}})")
                                     << "clusterprofiles (all namespaces): an object that is not valid JSON was skipped (apiVersion: invalid JSON (%TAPE%))";
    QTest::newRow("after its name") << std::string(R"({"metadata":{"name":"c2","namespace":"a"},"spec":{"displayName":}})")
                                    << "clusterprofiles a/c2: spec.displayName: invalid JSON (%TAPE%)";
}

void TestHubCache::brokenJsonInAnObjectEndsItsPage()
{
    // An error of structure in one object may have ended On-Demand's reading of the
    // whole page: nothing after it is read (not even to skip to the next item), the
    // page fails naming the item, and what came before it stands.
    QFETCH(std::string, broken);
    QFETCH(QString, decodeError);
    const QString tape = QString::fromUtf8(simdjson::error_message(simdjson::TAPE_ERROR));
    HubCache cache;
    cache.listStarted(allProfiles);
    const std::string page = R"({"metadata":{},"items":[)" + profile("a", "c1", "1").dump() + "," + broken + ","
        + profile("a", "c3", "3").dump() + "]}";
    ResponseReader reader;
    ResponseReader::ListPage listed;
    QString error;
    QVERIFY(!reader.readList(PaddedJson(page).view(), &listed, &error,
                             [&](ResponseObjects &o) { cache.objects(allProfiles, ObjectChange::Listed, o); }));
    QCOMPARE(error, QStringLiteral("the list is not valid JSON (item 2: parse error: %1)").arg(tape));
    const HubDelta delta = cache.takeDelta();
    QCOMPARE(names(delta), QStringList{"+a/c1"});
    QCOMPARE(delta.decodeErrors, QStringList{decodeError.replace(QStringLiteral("%TAPE%"), tape)});
}

void TestHubCache::brokenJsonInADeletedObjectIsNoRemoval()
{
    HubCache cache;
    list(cache, allProfiles, {profile("a", "c1", "1")});
    cache.takeDelta();
    ResponseReader reader;
    QString error;
    const PaddedJson text(std::string(R"({"metadata":{"namespace":"a","name":}})"));
    QVERIFY(reader.readObject(text.view(), &error,
                              [&](ResponseObjects &o) { cache.objects(allProfiles, ObjectChange::Deleted, o); }));
    QCOMPARE(names(cache.takeDelta()), QStringList());
}

QTEST_GUILESS_MAIN(TestHubCache)
#include "tst_hubcache.moc"
