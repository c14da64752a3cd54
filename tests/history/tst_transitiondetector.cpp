// Which observations are transitions, and that what the detector keeps is bounded
// by the live fleet, not by how many clusters ever came and went.

#include "historytestutil.h"

#include "history/transitiondetector.h"

#include <QTest>

using namespace fleetscope;
using fleetscope::historytest::condition;

namespace {

ClusterObservation seen(const QString &name, qint64 at, const QList<Condition> &conditions)
{
    ClusterObservation o;
    o.cluster = {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
    o.observedAt = at;
    o.conditions = PackedList<Condition>(conditions.cbegin(), conditions.cend());
    return o;
}

const QString healthy = QStringLiteral("ControlPlaneHealthy");
const QString joined = QStringLiteral("Joined");

} // namespace

class TstTransitionDetector : public QObject
{
    Q_OBJECT

private slots:
    void statusChangesAreTransitions()
    {
        TransitionDetector detector;
        QList<ConditionTransition> out;
        QCOMPARE(detector.observe(seen(QStringLiteral("c"), 10'000, {condition(healthy, ConditionStatus::True, 5'000)}), &out), 1);
        QVERIFY(out[0].seeded);
        QCOMPARE(out[0].at, 5'000); // first sight: as old as the cluster says
        // Re-reported unchanged (a relist, a reconnect): nothing.
        QCOMPARE(detector.observe(seen(QStringLiteral("c"), 11'000, {condition(healthy, ConditionStatus::True, 5'000)}), &out), 0);
        QCOMPARE(detector.observe(seen(QStringLiteral("c"), 12'000, {condition(healthy, ConditionStatus::False, 11'500)}), &out), 1);
        QCOMPARE(out[1].from, ConditionStatus::True);
        QCOMPARE(out[1].to, ConditionStatus::False);
        QVERIFY(!out[1].seeded);
        QCOMPARE(out[1].at, 11'500);
        // A second condition on a known cluster is a change we saw, not a seed.
        QCOMPARE(detector.observe(seen(QStringLiteral("c"), 13'000, {condition(healthy, ConditionStatus::False, 11'500),
                                                                     condition(joined, ConditionStatus::True, 12'900)}), &out), 1);
        QVERIFY(!out[2].seeded);
        QCOMPARE(out[2].type, joined);
    }

    void deletedClustersAreForgotten()
    {
        TransitionDetector detector;
        QList<ConditionTransition> out;
        for (int i = 0; i < 1000; ++i) {
            const QString name = QStringLiteral("gone-%1").arg(i);
            detector.observe(seen(name, 1'000 + i, {condition(healthy, ConditionStatus::True, 500),
                                                    condition(joined, ConditionStatus::True, 500)}), &out);
            // Deleted: every lane ends...
            QCOMPARE(detector.observe(seen(name, 2'000 + i, {}), &out), 2);
        }
        QCOMPARE(out.last().to, ConditionStatus::Absent);
        // ...and nothing stays behind for it.
        QCOMPARE(detector.clusterCount(), 0);
        // Unknown and reporting nothing: nothing to end, nothing kept.
        QCOMPARE(detector.observe(seen(QStringLiteral("never"), 5'000, {}), &out), 0);
        QCOMPARE(detector.clusterCount(), 0);
        // A cluster that comes back under the same name is seen anew.
        out.clear();
        QCOMPARE(detector.observe(seen(QStringLiteral("gone-7"), 9'000, {condition(healthy, ConditionStatus::False, 8'000)}), &out), 1);
        QVERIFY(out[0].seeded);
        QCOMPARE(detector.clusterCount(), 1);
    }

    void primingSkipsEndedClusters()
    {
        TransitionDetector detector;
        const ClusterId live{QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("live")};
        const ClusterId ended{QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("ended")};
        detector.prime(live, healthy, ConditionStatus::True, 100);
        detector.prime(ended, healthy, ConditionStatus::Absent, 100);
        QCOMPARE(detector.clusterCount(), 1);
        // What the file recorded is not re-recorded after a restart.
        QList<ConditionTransition> out;
        QCOMPARE(detector.observe(seen(QStringLiteral("live"), 1'000, {condition(healthy, ConditionStatus::True, 100)}), &out), 0);
    }
};

QTEST_GUILESS_MAIN(TstTransitionDetector)
#include "tst_transitiondetector.moc"
