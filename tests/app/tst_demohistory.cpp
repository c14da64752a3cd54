// The demo's simulated past: it ends in exactly the state the demo's hubs start in
// (recording on from there invents nothing), it keeps the fleet's mix, has incidents,
// flappers and never-healthy members, and the history file marks it as simulated.
#include "churn.h"
#include "demofleet.h"
#include "demohistory.h"
#include "fleetgenerator.h"
#include "fleetloader.h"
#include "history/fleethistoryreader.h"
#include "history/historystore.h"
#include "history/transitiondetector.h"
#include "hubutil.h"
#include "objectstore.h"
#include "resourcetypes.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace fleetscope;

namespace {

constexpr qint64 kUntil = 1'800'000'000'000; // a fixed "now"
constexpr qint64 kHour = 3600 * 1000;

// The demo's first hub as DemoFleet starts it: its generated fleet, its churn's story
// set up (never-healthy members), three flapping clusters.
DemoHistory::Hub demoHub(hub::ObjectStore *store)
{
    std::string error;
    hub::loadObjects(*store, hub::generateFleet(280, 7), "gen", &error);
    DemoHistory::Hub h;
    h.context = QStringLiteral("demo-hub-eu");
    h.churnRate = DemoFleet::churnRate;
    h.health.story = true;
    h.health.neverHealthy = 2;
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    std::uint64_t rv = 0;
    std::vector<std::string> keys;
    for (const auto &object : store->snapshot(profiles, &rv))
        keys.push_back((*object)["metadata"].value("namespace", std::string()) + '/'
                       + (*object)["metadata"].value("name", std::string()));
    h.flapping.assign(keys.begin(), keys.begin() + 3);
    h.health.leaveAlone = h.flapping;
    hub::ChurnGenerator churn(*store, h.churnRate, 0, 7, h.health);
    churn.changeOnce(); // sets up the never-healthy members
    h.profiles = store->snapshot(profiles, &rv);
    return h;
}

QList<ClusterObservation> observationsNow(const DemoHistory::Hub &h, qint64 at)
{
    // What the recorder sees at the first launch: the hub's profiles as they are.
    QList<ClusterObservation> out;
    for (const auto &object : h.profiles) {
        ClusterObservation o;
        o.cluster = {h.context, QString::fromStdString((*object)["metadata"].value("namespace", std::string())),
                     QString::fromStdString((*object)["metadata"].value("name", std::string()))};
        o.observedAt = at;
        QList<Condition> conditions;
        for (const nlohmann::json &c : (*object)["status"]["conditions"]) {
            Condition condition;
            condition.type = QString::fromStdString(c.value("type", std::string()));
            condition.status = conditionStatusFromString(QString::fromStdString(c.value("status", std::string())));
            conditions.append(condition);
        }
        o.conditions = PackedList<Condition>(conditions);
        out.append(o);
    }
    return out;
}

bool isHealthy(const ClusterObservation &o)
{
    // ControlPlaneHealthy where the manager writes it (OCM, KubeFleet), else Joined (GKE Fleet).
    for (const Condition &c : o.conditions) {
        if (c.type.toString() == u"ControlPlaneHealthy")
            return c.status == ConditionStatus::True;
    }
    for (const Condition &c : o.conditions) {
        if (c.type.toString() == u"Joined")
            return c.status == ConditionStatus::True;
    }
    return false;
}

} // namespace

class TestDemoHistory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void endsInTodaysState();
    void keepsTheMixAndTellsAStory();
    void seedsAQuietHistoryOnce();
    void theProfilesTellThePastsTransitionTimes();
};

void TestDemoHistory::endsInTodaysState()
{
    hub::ObjectStore store;
    const DemoHistory::Hub h = demoHub(&store);
    const DemoHistory::Simulated past = DemoHistory::simulate({h}, kUntil, 24 * kHour, 1);
    QCOMPARE(past.from, kUntil - 24 * kHour);
    QCOMPARE(past.until, kUntil);
    QVERIFY(past.transitions > 1000);
    TransitionDetector detector;
    QList<ConditionTransition> written;
    qint64 last = 0;
    for (const ClusterObservation &o : past.observations) {
        QVERIFY(o.observedAt >= last); // oldest first, as a recorder sees them
        QVERIFY(o.observedAt >= past.from && o.observedAt < past.until);
        last = o.observedAt;
        detector.observe(o, &written);
    }
    QVERIFY(written.size() > 1000);
    // The first live look finds what the past ended in: not one transition.
    QList<ConditionTransition> live;
    for (const ClusterObservation &o : observationsNow(h, kUntil + 5000))
        detector.observe(o, &live);
    QVERIFY2(live.isEmpty(), qPrintable(live.isEmpty() ? QString() : live.first().cluster.toString()));
}

void TestDemoHistory::keepsTheMixAndTellsAStory()
{
    hub::ObjectStore store;
    const DemoHistory::Hub h = demoHub(&store);
    const DemoHistory::Simulated past = DemoHistory::simulate({h}, kUntil, 24 * kHour, 1);
    QHash<ClusterId, bool> healthy;
    QHash<ClusterId, int> flips;
    std::set<QString> incidentReasons;
    int healthyNow = 0;
    for (const ClusterObservation &o : observationsNow(h, kUntil))
        healthyNow += isHealthy(o) ? 1 : 0;
    const double startShare = 100.0 * healthyNow / double(h.profiles.size());
    qint64 nextSample = past.from + kHour;
    double worst = 0;
    for (const ClusterObservation &o : past.observations) {
        while (o.observedAt >= nextSample) {
            int count = 0;
            for (const bool up : std::as_const(healthy))
                count += up ? 1 : 0;
            const double share = 100.0 * count / double(healthy.size());
            worst = std::max(worst, std::abs(share - startShare));
            QVERIFY2(std::abs(share - startShare) <= 10, qPrintable(QStringLiteral("%1 % healthy").arg(share)));
            nextSample += kHour;
        }
        const bool up = isHealthy(o);
        const auto was = healthy.constFind(o.cluster);
        if (was != healthy.constEnd() && *was != up)
            ++flips[o.cluster];
        healthy[o.cluster] = up;
        for (const Condition &c : o.conditions) {
            const QString reason = c.reason.toString();
            if (reason == u"APIServerUnreachable" || reason == u"UpgradeStalled" || reason == u"AgentDisconnected")
                incidentReasons.insert(reason);
        }
    }
    qInfo("24 h of simulated past: %d status changes, at most %.1f points from today's %.1f %% healthy",
          past.transitions, worst, startShare);
    // Incidents: one every hour or two.
    QVERIFY(!incidentReasons.empty());
    // The flapping clusters flap, in the last hour (every 4 s: 900 times); most clusters are steady.
    const ClusterId flapper{h.context, QString::fromStdString(h.flapping[0].substr(0, h.flapping[0].find('/'))),
                            QString::fromStdString(h.flapping[0].substr(h.flapping[0].find('/') + 1))};
    QVERIFY2(flips.value(flapper) >= 850 && flips.value(flapper) <= 900, QByteArray::number(flips.value(flapper)));
    int steady = 0;
    for (const auto &object : h.profiles) {
        const ClusterId id{h.context, QString::fromStdString((*object)["metadata"].value("namespace", std::string())),
                           QString::fromStdString((*object)["metadata"].value("name", std::string()))};
        steady += flips.value(id) <= 4 ? 1 : 0;
    }
    // Most clusters changed health at most four times in the day (the default flap threshold).
    QVERIFY2(steady > int(h.profiles.size()) / 2, QByteArray::number(steady));
    // The never-healthy members were never healthy.
    int neverHealthy = 0;
    for (const ClusterObservation &o : past.observations) {
        for (const Condition &c : o.conditions) {
            if (hub::HealthChurn::isNeverHealthyReason(c.reason.toString().toStdString())) {
                QVERIFY(!isHealthy(o));
                ++neverHealthy;
            }
        }
    }
    QCOMPARE(neverHealthy, 2); // each seen once, at the start, and never changing
}

void TestDemoHistory::seedsAQuietHistoryOnce()
{
    QTemporaryDir dir;
    hub::ObjectStore store;
    const DemoHistory::Hub h = demoHub(&store);
    HistoryStore history;
    history.open(dir.filePath(QStringLiteral("demo-history.sqlite")));
    QTRY_COMPARE(history.state(), HistoryStore::State::Ready);
    int answers = 0;
    bool seeded = false;
    DemoHistory::seedIfQuiet(&history, {h}, this, [&](const DemoHistory::Simulated *s) {
        seeded = s != nullptr;
        ++answers;
    });
    QTRY_COMPARE_WITH_TIMEOUT(answers, 1, 30000);
    QVERIFY(seeded);
    QVERIFY(history.simulatedUntil() > 0);
    QCOMPARE(history.simulatedUntil() - history.simulatedFrom(), DemoHistory::defaultSpanMs);
    // The simulated past has conditions, not a fleet: time travel offers none of it.
    FleetHistoryReader reader;
    QString error;
    QVERIFY2(reader.open(dir.filePath(QStringLiteral("demo-history.sqlite")), &error), qPrintable(error));
    const QList<FleetHistoryReader::HubRange> ranges = reader.ranges(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(ranges.isEmpty(), qPrintable(QStringLiteral("%1 recorded from %2").arg(ranges.value(0).hub).arg(ranges.value(0).from)));
    // The fleet's health over the past day is there to chart.
    QHash<ClusterId, QString> managers;
    for (const auto &object : h.profiles)
        managers.insert({h.context, QString::fromStdString((*object)["metadata"].value("namespace", std::string())),
                         QString::fromStdString((*object)["metadata"].value("name", std::string()))},
                        QString::fromStdString((*object)["spec"]["clusterManager"].value("name", std::string())));
    QList<HealthPoint> points;
    bool answered = false;
    history.fetchHealth({}, managers, history.simulatedFrom(), history.simulatedUntil(), 48, this,
                        [&](const QList<HealthPoint> &p) {
                            points = p;
                            answered = true;
                        });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 30000);
    QVERIFY(points.size() >= 24);
    for (const HealthPoint &p : std::as_const(points))
        QVERIFY2(p.healthy > 200 && p.healthy + p.unhealthy + p.unknown + p.notReported == 280,
                 qPrintable(QStringLiteral("%1 healthy of %2").arg(p.healthy).arg(p.healthy + p.unhealthy + p.unknown)));
    // The next launch finds recent history: nothing is simulated twice.
    DemoHistory::seedIfQuiet(&history, {h}, this, [&](const DemoHistory::Simulated *s) {
        seeded = s != nullptr;
        ++answers;
    });
    QTRY_COMPARE(answers, 2);
    QVERIFY(!seeded);
}

void TestDemoHistory::theProfilesTellThePastsTransitionTimes()
{
    hub::ObjectStore store;
    const DemoHistory::Hub h = demoHub(&store);
    const qint64 until = QDateTime::currentMSecsSinceEpoch();
    const DemoHistory::Simulated past = DemoHistory::simulate({h}, until, 24 * kHour, 1);
    DemoFleet::adoptSimulatedPast(store, h.context, past);

    // Per cluster, the newest change of each condition in the simulated day.
    QHash<QString, QHash<QString, qint64>> changed; // "namespace/name" → type → time
    QHash<QString, QHash<QString, ConditionStatus>> previous;
    for (const ClusterObservation &o : past.observations) {
        const QString key = o.cluster.namespaceName + u'/' + o.cluster.name;
        for (const Condition &c : o.conditions) {
            const auto was = previous[key].constFind(c.type.toString());
            if (was != previous[key].constEnd() && *was != c.status)
                changed[key][c.type.toString()] = o.observedAt;
            previous[key][c.type.toString()] = c.status;
        }
    }
    QVERIFY(changed.size() >= 10); // the flaky, the flapping, the incidents' clusters

    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    std::uint64_t rv = 0;
    int checked = 0;
    for (const auto &object : store.snapshot(profiles, &rv)) {
        const QString key = QString::fromStdString((*object)["metadata"].value("namespace", std::string()) + '/'
                                                   + (*object)["metadata"].value("name", std::string()));
        for (const nlohmann::json &c : (*object)["status"]["conditions"]) {
            const QString type = QString::fromStdString(c.value("type", std::string()));
            const auto at = changed.value(key).constFind(type);
            if (at == changed.value(key).constEnd())
                continue;
            std::chrono::system_clock::time_point last;
            QVERIFY(hub::parseTimestamp(c.value("lastTransitionTime", std::string()), &last));
            const qint64 lastMs = std::chrono::duration_cast<std::chrono::milliseconds>(last.time_since_epoch()).count();
            // Never older than the past's newest change (to the second the API keeps), nor in the future.
            QVERIFY2(lastMs > *at - 1000 && lastMs < until + 1000,
                     qPrintable(QStringLiteral("%1 %2: profile says %3, the past %4")
                                    .arg(key, type, QDateTime::fromMSecsSinceEpoch(lastMs).toString(Qt::ISODate),
                                         QDateTime::fromMSecsSinceEpoch(*at).toString(Qt::ISODate))));
            ++checked;
        }
    }
    QVERIFY(checked >= changed.size());
}

QTEST_MAIN(TestDemoHistory)
#include "tst_demohistory.moc"
