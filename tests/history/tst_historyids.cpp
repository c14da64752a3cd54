// The ids a history write caches (HistoryIds) follow the live fleet: a hub that
// keeps adding and deleting clusters must not fill them with names that write
// no more, and a cluster that comes back still chains to its past.

#include "historytestutil.h"

#include "history/historydatabase.h"

#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using fleetscope::historytest::transition;

namespace {

// As the recorder writes them: one member id per cluster, texts shared by all.
ConditionTransition change(int cluster, qint64 at, ConditionStatus from, ConditionStatus to)
{
    ConditionTransition t = transition(QStringLiteral("c-%1").arg(cluster), at, from, to);
    t.memberId = QStringLiteral("member-%1").arg(cluster);
    t.message = QStringLiteral("Cluster is available.");
    return t;
}

} // namespace

class TstHistoryIds : public QObject
{
    Q_OBJECT

private slots:
    void endedClustersLeaveNoIds()
    {
        QTemporaryDir dir;
        HistoryDatabase db;
        QString error;
        QVERIFY2(db.open(dir.filePath(QStringLiteral("churn.sqlite")), &error), qPrintable(error));
        // A few live clusters, then many that come and go, each with two conditions.
        for (int i = 0; i < 10; ++i)
            QVERIFY2(db.insert({change(i, 100, ConditionStatus::Absent, ConditionStatus::True)}, &error), qPrintable(error));
        const qsizetype live = db.ids().size();
        for (int i = 10; i < 3000; ++i) {
            ConditionTransition joined = change(i, 200 + i, ConditionStatus::Absent, ConditionStatus::True);
            joined.type = QStringLiteral("Joined");
            QVERIFY(db.insert({change(i, 200 + i, ConditionStatus::Absent, ConditionStatus::True), joined}, &error));
            ConditionTransition joinedEnds = change(i, 300 + i, ConditionStatus::True, ConditionStatus::Absent);
            joinedEnds.type = QStringLiteral("Joined");
            const QList<ConditionTransition> endings{change(i, 300 + i, ConditionStatus::True, ConditionStatus::Absent),
                                                     joinedEnds};
            QVERIFY(db.insert(endings, &error));
            db.forgetEnded(endings);
        }
        // The live clusters' ids, the shared texts, and nothing per ended cluster.
        QVERIFY2(db.ids().size() <= live + 4, qPrintable(QString::number(db.ids().size())));
        // Everything is still in the file.
        QCOMPARE(db.transitionCount(), 10 + 4 * 2990);
    }

    void aClusterThatComesBackChainsToItsPast()
    {
        QTemporaryDir dir;
        HistoryDatabase db;
        QString error;
        QVERIFY2(db.open(dir.filePath(QStringLiteral("back.sqlite")), &error), qPrintable(error));
        QVERIFY(db.insert({change(0, 100, ConditionStatus::Absent, ConditionStatus::True)}, &error));
        const QList<ConditionTransition> ended{change(0, 200, ConditionStatus::True, ConditionStatus::Absent)};
        QVERIFY(db.insert(ended, &error));
        db.forgetEnded(ended);
        QVERIFY(db.insert({change(0, 300, ConditionStatus::Absent, ConditionStatus::False)}, &error));
        // The window opens while it was gone: its start state is the ending,
        // reached from the new head along the chain.
        const ClusterHistory h =
            db.clusterHistory({QStringLiteral("hub-a"), QStringLiteral("fleet"), QStringLiteral("c-0")}, 250, 400);
        QVERIFY2(h.error.isEmpty(), qPrintable(h.error));
        QCOMPARE(h.transitions.size(), 2);
        QCOMPARE(h.transitions[0].at, 200);
        QCOMPARE(h.transitions[0].to, ConditionStatus::Absent);
        QCOMPARE(h.transitions[1].at, 300);
        QCOMPARE(h.transitions[1].to, ConditionStatus::False);
        // One key, one head, one member.
        const QList<ConditionTransition> latest = db.latestTransitions(&error);
        QCOMPARE(latest.size(), 1);
        QCOMPARE(latest[0].at, 300);
        QCOMPARE(latest[0].memberId, QStringLiteral("member-0"));
    }
};

QTEST_GUILESS_MAIN(TstHistoryIds)
#include "tst_historyids.moc"
