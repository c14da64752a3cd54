// Churn's health model: a churning fleet keeps its mix, and the demo's story (never-
// healthy members, incidents that start and resolve) happens as told. Driven through
// ChurnGenerator::changeOnce on a real store, in simulated time: change k is second
// k / rate, so 30 minutes at the demo's rate are 2 700 calls, not 30 minutes.
#include "churn.h"
#include "fleetgenerator.h"
#include "fleetloader.h"
#include "healthchurn.h"
#include "hubtesthelpers.h"
#include "objectstore.h"

#include <QtTest>

#include <set>

using namespace fleetscope::hub;
using namespace hubtest;

namespace {

// As demofleet.cpp starts its hubs: the larger one's size, its rate.
constexpr int kDemoClusters = 280;
constexpr double kDemoRate = 1.5;
constexpr int kChangesPerMinute = int(kDemoRate * 60);

struct HealthCount
{
    int healthy = 0;
    int total = 0;
    double percent() const { return total == 0 ? 0 : 100.0 * healthy / total; }
};

// Healthy as the dashboard's default rules judge it: the manager's health condition is True.
HealthCount countHealth(const ObjectStore &store)
{
    HealthCount count;
    std::uint64_t rv = 0;
    for (const ObjectPtr &object : store.snapshot(profiles(), &rv)) {
        ++count.total;
        const std::string type = healthConditionType((*object)["spec"]["clusterManager"].value("name", std::string()));
        for (const nlohmann::json &c : (*object)["status"]["conditions"]) {
            if (c.value("type", std::string()) == type && c.value("status", std::string()) == "True")
                ++count.healthy;
        }
    }
    return count;
}

const nlohmann::json *findCondition(const nlohmann::json &object)
{
    const std::string type = healthConditionType(object["spec"]["clusterManager"].value("name", std::string()));
    for (const nlohmann::json &c : object["status"]["conditions"]) {
        if (c.value("type", std::string()) == type)
            return &c;
    }
    return nullptr;
}

ObjectPtr profileAt(const ObjectStore &store, const std::string &key)
{
    const std::size_t slash = key.find('/');
    return store.get(profiles(), key.substr(0, slash), key.substr(slash + 1)).object;
}

HealthChurnOptions demoStory()
{
    HealthChurnOptions options;
    options.story = true;
    options.neverHealthy = 2;
    return options;
}

std::vector<ClusterHealthState> syntheticFleet(int count, int unhealthy)
{
    std::vector<ClusterHealthState> fleet;
    for (int i = 0; i < count; ++i) {
        ClusterHealthState c;
        c.key = "fleet-prod/c" + std::to_string(1000 + i);
        c.clusterSet = "prod";
        c.manager = "kubefleet";
        c.reportsHealth = true;
        c.healthy = i >= unhealthy;
        c.status = c.healthy ? "True" : "False";
        fleet.push_back(c);
    }
    return fleet;
}

} // namespace

class TestHealthChurn : public QObject
{
    Q_OBJECT

private slots:
    void staysNearItsStartingShare_data();
    void staysNearItsStartingShare();
    void incidentStartsAndResolves_data();
    void incidentStartsAndResolves();
    void neverHealthyMembersStayUnhealthy();
    void leavesAloneWhatItIsTold();
    void pullsBackTowardTheTarget();
    void sameSeedSameChanges();
    void storyKeepsMostClustersSteady();
    void churnsProfilesThatHaveNoStatus();
};

void TestHealthChurn::staysNearItsStartingShare_data()
{
    QTest::addColumn<bool>("story");
    QTest::addColumn<quint64>("seed");
    for (const quint64 seed : {7ULL, 11ULL, 1ULL, 2ULL, 3ULL, 42ULL}) {
        QTest::addRow("demo story, seed %llu", seed) << true << seed;
        QTest::addRow("plain hub, seed %llu", seed) << false << seed;
    }
}

// The measure: a 30-minute demo run stays within ±10 points of its starting
// healthy share, at every minute, adds and deletes included.
void TestHealthChurn::staysNearItsStartingShare()
{
    QFETCH(bool, story);
    QFETCH(quint64, seed);
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(kDemoClusters, seed), "gen", &error));
    const HealthCount start = countHealth(store);
    QVERIFY2(start.percent() > 80, QByteArray::number(start.percent()));
    ChurnGenerator churn(store, kDemoRate, 0, seed, story ? demoStory() : HealthChurnOptions());
    double worst = 0;
    for (int minute = 1; minute <= 30; ++minute) {
        for (int i = 0; i < kChangesPerMinute; ++i)
            churn.changeOnce();
        const HealthCount now = countHealth(store);
        const double drift = now.percent() - start.percent();
        worst = std::max(worst, std::abs(drift));
        QVERIFY2(std::abs(drift) <= 10,
                 qPrintable(QStringLiteral("minute %1: %2 % healthy (%3 of %4), started at %5 %")
                                .arg(minute)
                                .arg(now.percent(), 0, 'f', 1)
                                .arg(now.healthy)
                                .arg(now.total)
                                .arg(start.percent(), 0, 'f', 1)));
    }
    qInfo("started at %.1f %% healthy, at most %.1f points away in 30 minutes", start.percent(), worst);
}

void TestHealthChurn::incidentStartsAndResolves_data()
{
    QTest::addColumn<quint64>("seed");
    for (const quint64 seed : {7ULL, 11ULL, 1ULL, 2ULL, 3ULL, 42ULL})
        QTest::addRow("seed %llu", seed) << seed;
}

// The first incident starts within 10 minutes and lasts at most 6 (plus 90 s for the
// last cluster to come back): every seed has one that starts and resolves in 30.
void TestHealthChurn::incidentStartsAndResolves()
{
    QFETCH(quint64, seed);
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(kDemoClusters, seed), "gen", &error));
    ChurnGenerator churn(store, kDemoRate, 0, seed, demoStory());
    bool started = false, resolved = false;
    int mostDown = 0;
    std::string set;
    for (int change = 0; change < 30 * kChangesPerMinute && !resolved; ++change) {
        churn.changeOnce();
        if (churn.health().incidentActive()) {
            started = true;
            set = churn.health().incidentClusterSet();
        } else if (started) {
            resolved = true;
        }
        if (!started || change % 15 != 0)
            continue;
        // Down with a reason naming the shared cause, within one clusterset.
        int down = 0;
        std::uint64_t rv = 0;
        for (const ObjectPtr &object : store.snapshot(profiles(), &rv)) {
            const nlohmann::json *c = findCondition(*object);
            if (!c || c->value("status", std::string()) != "False")
                continue;
            const std::string reason = c->value("reason", std::string());
            if (reason != "APIServerUnreachable" && reason != "UpgradeStalled" && reason != "AgentDisconnected")
                continue;
            QCOMPARE((*object)["metadata"]["labels"].value("multicluster.x-k8s.io/clusterset", std::string()), set);
            QVERIFY2(c->value("message", std::string()).find(set) != std::string::npos,
                     c->value("message", std::string()).c_str());
            ++down;
        }
        mostDown = std::max(mostDown, down);
        // A dip, not a new fleet: at most 5 % of it.
        QVERIFY2(down <= int(0.05 * countHealth(store).total) + 1, QByteArray::number(down));
        if (resolved)
            QCOMPARE(down, 0);
    }
    QVERIFY2(started, "no incident in 30 minutes");
    QVERIFY2(resolved, "the incident did not resolve within 30 minutes");
    QVERIFY2(mostDown >= 3, QByteArray::number(mostDown));
}

void TestHealthChurn::neverHealthyMembersStayUnhealthy()
{
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(kDemoClusters, 7), "gen", &error));
    ChurnGenerator churn(store, kDemoRate, 0, 7, demoStory());
    churn.changeOnce();
    const std::vector<std::string> never = churn.health().neverHealthyKeys();
    QCOMPARE(never.size(), std::size_t(2));
    std::set<std::string> managers;
    for (int minute = 0; minute < 60; ++minute) {
        for (const std::string &key : never) {
            const ObjectPtr object = profileAt(store, key);
            if (!object)
                continue; // churn deletes now and then, never-healthy members too
            const nlohmann::json *c = findCondition(*object);
            QVERIFY(c);
            QCOMPARE(c->value("status", std::string()), std::string("False"));
            QVERIFY2(HealthChurn::isNeverHealthyReason(c->value("reason", std::string())),
                     c->value("reason", std::string()).c_str());
            QVERIFY(c->value("message", std::string()).size() > 40); // a sentence the details pane shows
            // Unhealthy since it joined.
            QCOMPARE(c->value("lastTransitionTime", std::string()),
                     (*object)["metadata"].value("creationTimestamp", std::string()));
            managers.insert((*object)["spec"]["clusterManager"].value("name", std::string()));
        }
        for (int i = 0; i < kChangesPerMinute; ++i)
            churn.changeOnce();
    }
    QCOMPARE(managers.size(), std::size_t(2)); // each says why in its own manager's words
}

void TestHealthChurn::leavesAloneWhatItIsTold()
{
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(30, 3), "gen", &error));
    std::uint64_t rv = 0;
    const std::vector<ObjectPtr> all = store.snapshot(profiles(), &rv);
    HealthChurnOptions options = demoStory();
    std::vector<ObjectPtr> kept;
    for (std::size_t i = 0; i < 3; ++i) {
        options.leaveAlone.push_back((*all[i])["metadata"].value("namespace", std::string()) + '/'
                                     + (*all[i])["metadata"].value("name", std::string()));
        kept.push_back(all[i]);
    }
    ChurnGenerator churn(store, kDemoRate, 0, 3, options);
    for (int i = 0; i < 60 * kChangesPerMinute; ++i)
        churn.changeOnce();
    for (std::size_t i = 0; i < kept.size(); ++i) {
        const ObjectPtr now = profileAt(store, options.leaveAlone[i]);
        if (!now)
            continue; // deleted by the adds-and-deletes part of churn, which is not about health
        QCOMPARE((*now)["status"]["conditions"], (*kept[i])["status"]["conditions"]);
    }
}

void TestHealthChurn::pullsBackTowardTheTarget()
{
    HealthChurn model;
    model.setFleet(syntheticFleet(100, 10));
    QCOMPARE(model.targetUnhealthyShare(), 0.1);
    std::mt19937_64 random(5);
    // Far below the target's unhealthy count: failures win.
    for (ClusterHealthState c : syntheticFleet(100, 0))
        model.update(c);
    int recoveries = 0;
    for (int i = 0; i < 200; ++i)
        recoveries += model.nextFlip(random)->status == "True" ? 1 : 0;
    QCOMPARE(recoveries, 0); // no one to recover
    // Half unhealthy, five times the target: recoveries win by U / (U + tN) = 50 / 60.
    for (ClusterHealthState c : syntheticFleet(100, 50))
        model.update(c);
    recoveries = 0;
    for (int i = 0; i < 1000; ++i)
        recoveries += model.nextFlip(random)->status == "True" ? 1 : 0;
    QVERIFY2(recoveries > 780 && recoveries < 880, QByteArray::number(recoveries));
    // At the target, as many of each.
    for (ClusterHealthState c : syntheticFleet(100, 10))
        model.update(c);
    recoveries = 0;
    for (int i = 0; i < 1000; ++i)
        recoveries += model.nextFlip(random)->status == "True" ? 1 : 0;
    QVERIFY2(recoveries > 440 && recoveries < 560, QByteArray::number(recoveries));
}

void TestHealthChurn::sameSeedSameChanges()
{
    auto run = [] {
        HealthChurnOptions options = demoStory();
        HealthChurn model(options);
        model.setFleet(syntheticFleet(200, 25));
        std::mt19937_64 random(9);
        std::vector<std::string> seen;
        for (int step = 0; step < 3000; ++step) {
            for (const HealthChange &c : model.advance(step, random))
                seen.push_back(c.key + ' ' + c.status + ' ' + c.reason);
            if (const std::optional<HealthChange> c = model.nextChange(random)) {
                seen.push_back(c->key + ' ' + c->status + ' ' + c->message);
                ClusterHealthState s;
                s.key = c->key;
                s.clusterSet = "prod";
                s.manager = c->manager;
                s.reportsHealth = true;
                s.status = c->status;
                s.healthy = c->status == "True";
                s.reason = c->reason;
                model.update(s);
            }
        }
        return seen;
    };
    const std::vector<std::string> first = run();
    QVERIFY(first.size() > 3000);
    QVERIFY(first == run());
}

// Most of a demo fleet is steady: flips stay in the flaky pool, about twice the
// clusters that were unhealthy at the start, and what comes and goes are clusters
// churn added, never the fleet's own.
void TestHealthChurn::storyKeepsMostClustersSteady()
{
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, generateFleet(kDemoClusters, 11), "gen", &error));
    const std::uint64_t before = store.currentRv();
    std::uint64_t rv = 0;
    std::set<std::string> own;
    for (const ObjectPtr &object : store.snapshot(profiles(), &rv))
        own.insert((*object)["metadata"].value("name", std::string()));
    ChurnGenerator churn(store, kDemoRate, 0, 11, demoStory());
    for (int i = 0; i < 30 * kChangesPerMinute; ++i)
        churn.changeOnce();
    std::vector<EventPtr> events;
    std::uint64_t scanned = 0;
    QCOMPARE(store.waitForEvents(before, std::chrono::steady_clock::now(), &events, &scanned),
             ObjectStore::Poll::Events);
    std::set<std::string> flipped;
    int added = 0, deleted = 0;
    for (const EventPtr &e : events) {
        if (e->resource != &profiles())
            continue;
        const std::string name = (*e->object)["metadata"].value("name", std::string());
        added += e->type == EventType::Added ? 1 : 0;
        if (e->type == EventType::Deleted) {
            QVERIFY2(!own.count(name), name.c_str());
            ++deleted;
        }
        if (e->type != EventType::Modified || !own.count(name))
            continue;
        const nlohmann::json *now = findCondition(*e->object);
        const nlohmann::json *was = findCondition(*e->oldObject);
        if (now && was && now->value("status", std::string()) != was->value("status", std::string()))
            flipped.insert(name);
    }
    QVERIFY(added > 50); // adds and deletes stay a tenth of the changes
    QVERIFY(deleted > 30);
    QVERIFY2(added - deleted < 30, QByteArray::number(added - deleted)); // about ten at a time
    const int steady = kDemoClusters - int(flipped.size());
    QVERIFY2(steady > kDemoClusters * 6 / 10, qPrintable(QStringLiteral("%1 of %2 steady").arg(steady).arg(kDemoClusters)));
    QVERIFY2(flipped.size() > 20, QByteArray::number(qulonglong(flipped.size()))); // but the fleet is alive
}

void TestHealthChurn::churnsProfilesThatHaveNoStatus()
{
    // A profile created through the API has no status until its manager writes one
    // (status is a subresource), and the clusters churn adds are such profiles.
    // Every change must read them as having none, not throw (the demo runs the
    // simulator inside the dashboard's process).
    std::vector<nlohmann::json> fleet = generateFleet(60, 5);
    for (nlohmann::json &object : fleet)
        object.erase("status");
    ObjectStore store;
    std::string error;
    QVERIFY(loadObjects(store, fleet, "gen", &error));
    ChurnGenerator churn(store, kDemoRate, 0, 5, demoStory());
    int changed = 0;
    for (int i = 0; i < 3000; ++i) {
        try {
            changed += churn.changeOnce() ? 1 : 0;
        } catch (const std::exception &e) {
            QFAIL(qPrintable(QStringLiteral("change %1 threw: %2").arg(i).arg(QString::fromUtf8(e.what()))));
        }
    }
    QVERIFY2(changed > 1000, qPrintable(QString::number(changed)));
    // Property changes gave the profiles without status properties of their own.
    std::uint64_t rv = 0;
    int withProperties = 0;
    for (const ObjectPtr &object : store.snapshot(profiles(), &rv)) {
        const auto status = object->find("status");
        withProperties += status != object->end() && status->contains("properties") ? 1 : 0;
    }
    QVERIFY(withProperties > 0);
}

QTEST_GUILESS_MAIN(TestHealthChurn)
#include "tst_healthchurn.moc"
