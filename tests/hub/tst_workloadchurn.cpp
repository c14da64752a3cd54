// A member's workloads tell one story, generated and then churned: a Deployment's
// status counts the pods it owns (ready and not), and a pod's restarts happened in
// its life. The demo's Resources view shows these side by side, so a Deployment
// "6/6" over crash-looping pods, or a pod eight minutes old that restarted fifteen
// hours ago, is what a person sees first.
#include "fleetloader.h"
#include "hubutil.h"
#include "objectstore.h"
#include "resourcetypes.h"
#include "workloadchurn.h"
#include "workloadgenerator.h"

#include <QtTest>

#include <map>

using namespace fleetscope::hub;

namespace {

using Clock = std::chrono::system_clock;

const ResourceType &typeOf(const char *group, const char *plural)
{
    return *findResourceType(group, plural);
}

Clock::time_point timeOf(const nlohmann::json &text)
{
    Clock::time_point when;
    if (!text.is_string() || !parseTimestamp(text.get<std::string>(), &when))
        return {};
    return when;
}

struct Owned
{
    int pods = 0;
    int ready = 0;
};

// Every contradiction between the objects, one line each; empty when they agree.
QStringList contradictions(const ObjectStore &store, Clock::time_point now)
{
    QStringList found;
    std::uint64_t rv = 0;
    std::map<std::string, Owned> owned; // "namespace/app"
    for (const ObjectPtr &pod : store.snapshot(typeOf("", "pods"), &rv)) {
        const nlohmann::json &meta = (*pod)["metadata"];
        const QString name = QString::fromStdString(meta.value("name", std::string()));
        const Clock::time_point created = timeOf(meta["creationTimestamp"]);
        if (created > now)
            found << name + QStringLiteral(": created in the future");
        const nlohmann::json &status = (*pod)["status"]["containerStatuses"][0];
        Owned &owner = owned[meta.value("namespace", std::string()) + '/' + meta["labels"].value("app", std::string())];
        ++owner.pods;
        owner.ready += status.value("ready", false) ? 1 : 0;
        const int restarts = status.value("restartCount", 0);
        const bool lastState = status.contains("lastState");
        if ((restarts > 0) != lastState)
            found << name + QStringLiteral(": %1 restarts, last state %2").arg(restarts).arg(lastState ? "set" : "unset");
        if (lastState) {
            const Clock::time_point finished = timeOf(status["lastState"]["terminated"]["finishedAt"]);
            if (finished < created || finished > now)
                found << name + QStringLiteral(": its last restart is outside its life");
        }
    }
    for (const ObjectPtr &deployment : store.snapshot(typeOf("apps", "deployments"), &rv)) {
        const nlohmann::json &d = *deployment;
        const std::string key = d["metadata"].value("namespace", std::string()) + '/' + d["metadata"].value("name", std::string());
        const Owned own = owned[key];
        const int replicas = d["spec"].value("replicas", -1);
        const int statusReplicas = d["status"].value("replicas", -1);
        const int ready = d["status"].value("readyReplicas", -1);
        if (replicas != own.pods || statusReplicas != own.pods || ready != own.ready)
            found << QString::fromStdString(key)
                    + QStringLiteral(": wants %1, says %2 with %3 ready; owns %4 pods, %5 ready")
                          .arg(replicas)
                          .arg(statusReplicas)
                          .arg(ready)
                          .arg(own.pods)
                          .arg(own.ready);
    }
    return found;
}

} // namespace

class TstWorkloadChurn : public QObject
{
    Q_OBJECT

private slots:
    void theObjectsAgree_data();
    void theObjectsAgree();
    void eventsLiveAnHourAndAnHourOfThemIsThereFromTheStart();
};

void TstWorkloadChurn::theObjectsAgree_data()
{
    QTest::addColumn<int>("pods");
    QTest::addColumn<int>("seed");
    // The demo's members: 24 + (i * 37) % 90 pods, seeds from 1.
    QTest::newRow("small member") << 24 << 1;
    QTest::newRow("demo member 3") << 98 << 3;
    QTest::newRow("demo member 12") << 71 << 12;
    QTest::newRow("large member") << 400 << 42;
}

void TstWorkloadChurn::theObjectsAgree()
{
    QFETCH(int, pods);
    QFETCH(int, seed);
    ObjectStore store;
    std::string error;
    QVERIFY2(loadObjects(store, generateWorkloads(pods, std::uint64_t(seed), 4, Clock::now()), "gen", &error),
             error.c_str());
    QStringList found = contradictions(store, Clock::now());
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("as generated: ") + found.join(QStringLiteral("; "))));

    WorkloadChurn churn(store, 1, std::uint64_t(seed));
    int changes = 0;
    for (int i = 0; i < 3000; ++i)
        changes += churn.changeOnce() ? 1 : 0;
    QVERIFY2(changes > 2500, qPrintable(QString::number(changes)));
    found = contradictions(store, Clock::now());
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("after churn: ") + found.join(QStringLiteral("; "))));
}

void TstWorkloadChurn::eventsLiveAnHourAndAnHourOfThemIsThereFromTheStart()
{
    ObjectStore store;
    std::string error;
    const auto now = Clock::now();
    QVERIFY2(loadObjects(store, generateWorkloads(60, 5, 3, now), "gen", &error), error.c_str());
    const ResourceType &events = typeOf("", "events");
    nlohmann::json stale = {{"apiVersion", "v1"},
                            {"kind", "Event"},
                            {"metadata", {{"name", "old.1"}, {"namespace", "shop"}}},
                            {"involvedObject", {{"kind", "Pod"}, {"name", "gone"}, {"namespace", "shop"}}},
                            {"reason", "Pulled"},
                            {"type", "Normal"},
                            {"firstTimestamp", formatTimestamp(now - std::chrono::hours(2))},
                            {"lastTimestamp", formatTimestamp(now - std::chrono::hours(2))}};
    QVERIFY(store.create(events, "shop", stale).error.ok());
    const std::size_t generated = store.count(events);

    // At the demo's rate a tenth of 0.3 changes a second are Events: an hour is ~108.
    WorkloadChurn churn(store, 0.3, 5);
    churn.start();
    churn.stop();
    const std::size_t backfilled = store.count(events) - generated;
    QVERIFY2(backfilled >= 100 && backfilled <= 110, qPrintable(QString::number(backfilled)));
    std::uint64_t rv = 0;
    int inTheHour = 0;
    for (const ObjectPtr &event : store.snapshot(events, &rv)) {
        const Clock::time_point last = timeOf((*event)["lastTimestamp"]);
        inTheHour += last > now - std::chrono::hours(1) - std::chrono::seconds(5) && last <= Clock::now() ? 1 : 0;
    }
    QVERIFY(inTheHour >= int(backfilled));

    // New Events take the expired one's place; the rest stay.
    for (int i = 0; i < 300; ++i)
        churn.changeOnce();
    QVERIFY(!store.get(events, "shop", "old.1").object);
    QVERIFY(store.count(events) > generated + backfilled);
}

QTEST_GUILESS_MAIN(TstWorkloadChurn)
#include "tst_workloadchurn.moc"
