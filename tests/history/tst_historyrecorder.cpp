// The recorder between the fleet store and the history: first sight seeds from
// lastTransitionTime, relists and restarts invent nothing, real changes are dated
// sensibly, and each hub's watching sessions leave gaps where nobody looked.

#include "historytestutil.h"

#include "fleet/store/fleetstore.h"
#include "history/fleethistoryreader.h"
#include "history/historyrecorder.h"
#include "history/historystore.h"
#include "history/timelinesegments.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace fleetscope;
using namespace fleetscope::historytest;

namespace {

const QString kCph = QStringLiteral("ControlPlaneHealthy");
const QString kJoined = QStringLiteral("Joined");

ProfilePtr profile(const QString &name, const QList<Condition> &conditions)
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.namespaceName = QStringLiteral("fleet");
    record->profile.metadata.name = name;
    record->profile.conditions = conditions;
    return record;
}

// c1 as its hub reports it: control plane `cph`, joined (True) since 2000.
HubDelta c1Delta(const Condition &cph)
{
    HubDelta delta;
    delta.upsertedProfiles = {profile(QStringLiteral("c1"), {cph, condition(kJoined, ConditionStatus::True, 2000)})};
    return delta;
}

HubStatus status(const QString &hub, HubStatus::State state, bool synced = true)
{
    HubStatus s;
    s.hub = hub;
    s.state = state;
    s.synced = synced;
    return s;
}

ClusterHistory fetch(HistoryStore &store, const ClusterId &cluster, qint64 from, qint64 to)
{
    ClusterHistory result;
    bool answered = false;
    store.fetchCluster(cluster, from, to, &store, [&](const ClusterHistory &h) {
        result = h;
        answered = true;
    });
    if (!QTest::qWaitFor([&] { return answered; }, 10000))
        qWarning("history fetch timed out");
    return result;
}

// A fleet store with hub-a whose changes a recorder writes to the history, on the test's clock.
struct RecordedFleet
{
    FleetStore fleet;
    HistoryStore history;
    std::optional<HistoryRecorder> recorder; // made once the history is ready, as the app does
    int hub = -1;

    // False when the history at `path` never got ready.
    bool start(const QString &path, std::function<qint64()> clock)
    {
        history.open(path);
        if (!QTest::qWaitFor([this] { return history.state() == HistoryStore::State::Ready; }, 5000))
            return false;
        recorder.emplace(&fleet, &history);
        recorder->setClock(std::move(clock));
        hub = fleet.addHub(QStringLiteral("hub-a"));
        return true;
    }
};

} // namespace

class TstHistoryRecorder : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    qint64 m_now = 0;
    const ClusterId c1{QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c1")};

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void seedsAndNeverInvents()
    {
        const QString path = m_dir.filePath(QStringLiteral("recorder.sqlite"));
        m_now = 10'000;
        {
            RecordedFleet r;
            QVERIFY(r.start(path, [this] { return m_now; }));

            const HubDelta first = c1Delta(condition(kCph, ConditionStatus::True, 4000, QStringLiteral("Healthy")));
            r.fleet.applyDelta(r.hub, first);
            r.history.flush();
            ClusterHistory h = fetch(r.history, c1, 0, 20'000);
            QCOMPARE(h.transitions.size(), 2);
            for (const ConditionTransition &t : h.transitions) {
                QVERIFY(t.seeded);
                QCOMPARE(t.from, ConditionStatus::Absent);
                QCOMPARE(t.at, t.type == kCph ? 4000 : 2000); // as old as the cluster says
                QCOMPARE(t.observedAt, 10'000);
            }

            // A relist after 410 delivers the same conditions in a new object.
            m_now = 11'000;
            r.fleet.applyDelta(r.hub, first);
            r.fleet.applyDelta(r.hub, c1Delta(condition(kCph, ConditionStatus::True, 4000, QStringLiteral("Healthy"))));
            r.history.flush();
            QCOMPARE(fetch(r.history, c1, 0, 20'000).transitions.size(), 2);
        }
        // A restart: a fresh store and recorder see the cluster as on first sight,
        // but the history remembers, so nothing is seeded again.
        m_now = 50'000;
        RecordedFleet r;
        QVERIFY(r.start(path, [this] { return m_now; }));
        r.fleet.applyDelta(r.hub, c1Delta(condition(kCph, ConditionStatus::True, 4000)));
        r.history.flush();
        QCOMPARE(fetch(r.history, c1, 0, 100'000).transitions.size(), 2);

        // A real change, which happened while Fleetscope was not running: dated by the cluster.
        m_now = 60'000;
        r.fleet.applyDelta(r.hub, c1Delta(condition(kCph, ConditionStatus::False, 30'000, QStringLiteral("APIServerDown"))));
        // A reported time older than what is recorded is not believed.
        m_now = 70'000;
        r.fleet.applyDelta(r.hub, c1Delta(condition(kCph, ConditionStatus::True, 1000)));
        r.history.flush();
        const ClusterHistory h = fetch(r.history, c1, 0, 100'000);
        QCOMPARE(h.transitions.size(), 4);
        const ConditionTransition &down = h.transitions[2];
        QCOMPARE(down.type, kCph);
        QCOMPARE(down.from, ConditionStatus::True);
        QCOMPARE(down.to, ConditionStatus::False);
        QCOMPARE(down.reason, QStringLiteral("APIServerDown"));
        QCOMPARE(down.at, 30'000);
        QVERIFY(!down.seeded);
        QCOMPARE(h.transitions[3].at, 70'000);
        QCOMPARE(countFlaps(h.transitions, 0), 2);
    }

    void disappearingCondition()
    {
        m_now = 1000;
        RecordedFleet r;
        QVERIFY(r.start(m_dir.filePath(QStringLiteral("absent.sqlite")), [this] { return m_now; }));
        HubDelta d;
        d.upsertedProfiles = {profile(QStringLiteral("c1"), {condition(kCph, ConditionStatus::True, 500),
                                                             condition(kJoined, ConditionStatus::True, 500)})};
        r.fleet.applyDelta(r.hub, d);
        m_now = 2000;
        d.upsertedProfiles = {profile(QStringLiteral("c1"), {condition(kCph, ConditionStatus::True, 500)})};
        r.fleet.applyDelta(r.hub, d);
        r.history.flush();
        ClusterHistory h = fetch(r.history, c1, 0, 5000);
        QCOMPARE(h.transitions.size(), 3);
        QCOMPARE(h.transitions.last().type, kJoined);
        QCOMPARE(h.transitions.last().to, ConditionStatus::Absent);
        QCOMPARE(h.transitions.last().at, 2000);

        // Deleted: nothing is reported any more.
        m_now = 3000;
        HubDelta gone;
        gone.removedProfiles = {ObjectKey{QStringLiteral("fleet"), QStringLiteral("c1")}};
        r.fleet.applyDelta(r.hub, gone);
        r.history.flush();
        h = fetch(r.history, c1, 0, 5000);
        QCOMPARE(h.transitions.size(), 4);
        QCOMPARE(h.transitions.last().type, kCph);
        QCOMPARE(h.transitions.last().to, ConditionStatus::Absent);
        QCOMPARE(h.transitions.last().at, 3000);
    }

    void coverageGaps()
    {
        FleetStore fleet;
        HistoryStore history;
        history.open(m_dir.filePath(QStringLiteral("coverage.sqlite")));
        QTRY_COMPARE(history.state(), HistoryStore::State::Ready);
        const int hub = fleet.addHub(QStringLiteral("hub-a"));
        {
            HistoryRecorder recorder(&fleet, &history);
            recorder.setClock([this] { return m_now; });
            m_now = 900; // listing counts as watching: the watch resumes from the list
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Syncing, false));
            m_now = 1000;
            HubDelta d;
            d.upsertedProfiles = {profile(QStringLiteral("c1"), {condition(kCph, ConditionStatus::True, 1000)})};
            fleet.applyDelta(hub, d);
            m_now = 1500;
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Live));
            m_now = 3000;
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Reconnecting));
            m_now = 3500;
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Reconnecting));
            m_now = 6000;
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Live));
            m_now = 8000; // the recorder goes (the app quits): the session ends here
        }
        history.flush();
        const ClusterHistory h = fetch(history, c1, 0, 10'000);
        QCOMPARE(h.coverage, (QList<CoverageInterval>{{900, 3000}, {6000, 8000}}));
        QList<TimelineSegment> lane = computeSegments(h.transitions, h.coverage, 0, 10'000);
        QStringList shown;
        for (const TimelineSegment &s : lane)
            shown << QStringLiteral("%1-%2 %3").arg(s.start).arg(s.end).arg(segmentKindName(s.kind));
        QCOMPARE(shown, (QStringList{QStringLiteral("0-900 not recorded"), QStringLiteral("900-1000 not reported"),
                                     QStringLiteral("1000-3000 True"),
                                     QStringLiteral("3000-6000 not recorded"), QStringLiteral("6000-8000 True"),
                                     QStringLiteral("8000-10000 not recorded")}));
    }

    void theFleetLogBeginsWithTheWholeHub()
    {
        // While the first list comes, the hub is covered (its conditions are first
        // seen then) but its fleet is not whole: time travel's earliest moment is
        // the one the list completed, with every cluster in it.
        FleetStore fleet;
        const QString path = m_dir.filePath(QStringLiteral("listed.sqlite"));
        HistoryStore history;
        history.open(path);
        QTRY_COMPARE(history.state(), HistoryStore::State::Ready);
        const int hub = fleet.addHub(QStringLiteral("hub-a"));
        {
            HistoryRecorder recorder(&fleet, &history);
            recorder.setClock([this] { return m_now; });
            m_now = 900;
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Syncing, false));
            for (const char *name : {"c1", "c2"}) {
                m_now += 100;
                HubDelta d;
                d.upsertedProfiles = {profile(QString::fromLatin1(name), {condition(kCph, ConditionStatus::True, 500)})};
                fleet.applyDelta(hub, d);
            }
            m_now = 1500;
            fleet.setHubStatus(hub, status(QStringLiteral("hub-a"), HubStatus::State::Live));
            m_now = 4000;
        }
        history.flush();
        FleetHistoryReader reader;
        QString error;
        QVERIFY2(reader.open(path, &error), qPrintable(error));
        const QList<FleetHistoryReader::HubRange> ranges = reader.ranges(&error);
        QCOMPARE(ranges.size(), 1);
        QCOMPARE(ranges[0].from, 1500);
        QCOMPARE(ranges[0].to, 4000);
        const FleetMoment first = reader.momentAt({QStringLiteral("hub-a")}, ranges[0].from, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(first.hubs.size(), 1);
        QCOMPARE(first.hubs[0].coverage, HubMoment::Coverage::Watched);
        QCOMPARE(first.hubs[0].profiles.size(), 2);
        // The conditions were covered from the start of the list.
        const ClusterHistory h = fetch(history, {QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c1")}, 0, 5000);
        QCOMPARE(h.coverage, (QList<CoverageInterval>{{900, 4000}}));
    }
};

QTEST_GUILESS_MAIN(TstHistoryRecorder)
#include "tst_historyrecorder.moc"
