// Producers' condition reasons in words: KubeFleet's and OCM's reasons on
// ControlPlaneHealthy and Joined are explained, anything else is left as written.

#include "api/conditionreasons.h"

#include <QTest>

using namespace fleetscope;

class TestConditionReasons final : public QObject
{
    Q_OBJECT

private slots:
    void explainsProducersReasons_data();
    void explainsProducersReasons();
};

void TestConditionReasons::explainsProducersReasons_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("producer"); // "" = not explained
    QTest::addColumn<QString>("mentions"); // a word the explanation must hold

    const QString cp = QStringLiteral("ControlPlaneHealthy");
    QTest::newRow("KubeFleet heartbeat lost") << cp << "MemberAgentHeartbeatLost" << "KubeFleet" << "heartbeats";
    QTest::newRow("KubeFleet API server unhealthy") << cp << "MemberClusterAPIServerUnhealthy" << "KubeFleet" << "unhealthy";
    QTest::newRow("KubeFleet no status") << cp << "MemberAgentReportedNoStatus" << "KubeFleet" << "status";
    QTest::newRow("KubeFleet no health info") << cp << "MemberAgentReportedNoHealthInfo" << "KubeFleet" << "health";
    QTest::newRow("KubeFleet healthy") << cp << "MemberClusterAPIServerHealthy" << "KubeFleet" << "healthy";
    QTest::newRow("OCM available") << cp << "ManagedClusterAvailable" << "Open Cluster Management" << "available";
    QTest::newRow("OCM lease stopped") << cp << "ManagedClusterLeaseUpdateStopped" << "Open Cluster Management" << "lease";
    QTest::newRow("OCM joined") << "Joined" << "ManagedClusterJoined" << "Open Cluster Management" << "joined";
    QTest::newRow("unknown reason") << cp << "Probing" << "" << "";
    QTest::newRow("known reason on another type") << "AllNodesHealthy" << "MemberAgentHeartbeatLost" << "" << "";
    QTest::newRow("case matters, as in the API") << cp << "memberagentheartbeatlost" << "" << "";
}

void TestConditionReasons::explainsProducersReasons()
{
    QFETCH(QString, type);
    QFETCH(QString, reason);
    QFETCH(QString, producer);
    QFETCH(QString, mentions);
    const QString text = conditionReasonText(type, reason);
    if (producer.isEmpty()) {
        QVERIFY2(text.isEmpty(), qPrintable(text));
        return;
    }
    QVERIFY2(text.contains(mentions, Qt::CaseInsensitive), qPrintable(text));
    QCOMPARE(conditionReasonProducer(reason), producer);
}

QTEST_GUILESS_MAIN(TestConditionReasons)
#include "tst_conditionreasons.moc"
