// A writer's soak against a real kube-apiserver while the engine watches:
// 10,000 creates, updates and deletes at ~200 a second, kube-apiserver
// restarted twice on the way. At the end the store holds exactly what the
// server lists: nothing lost, nothing at an old resourceVersion, nothing the
// server no longer has. The cluster table follows it all as a valid model.

#include "realhubsupport.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestRealHubSoak final : public QObject
{
    Q_OBJECT

private slots:
    void churnAcrossRestarts();
};

void TestRealHubSoak::churnAcrossRestarts()
{
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    constexpr int changes = 10000;
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    FleetStore store;
    ClusterTableModel table(&store);
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::Fatal);
    FleetEngine engine(&store);
    int hub = -1;
    QVERIFY(syncAdmin(engine, store, cp, &hub));

    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<QProcess> churn = cp.startChurn(
        {QStringLiteral("--changes"), QString::number(changes), QStringLiteral("--rate"), QStringLiteral("200"),
         QStringLiteral("--namespaces"), QStringLiteral("team-a,team-b,other"), QStringLiteral("--progress"),
         QStringLiteral("250")});
    int progress = 0;
    QJsonObject counts;
    connect(churn.get(), &QProcess::readyReadStandardOutput, this, [&] {
        while (churn->canReadLine()) {
            const QByteArray line = churn->readLine().trimmed();
            if (line.startsWith("progress "))
                progress = line.mid(9).toInt();
            else if (line.startsWith("done "))
                counts = QJsonDocument::fromJson(line.mid(5)).object();
        }
    });
    QVERIFY2(churn->waitForStarted(10000), qPrintable(churn->errorString()));

    // Restarted a third and two thirds of the way, while the writes go on.
    QTRY_VERIFY_WITH_TIMEOUT(progress >= changes / 3, 120000);
    QVERIFY2(cp.restartApiserver(&error), qPrintable(error));
    const int firstRestartAt = progress;
    QTRY_VERIFY_WITH_TIMEOUT(progress >= 2 * changes / 3, 120000);
    QVERIFY2(cp.restartApiserver(&error), qPrintable(error));
    const int secondRestartAt = progress;
    QTRY_VERIFY_WITH_TIMEOUT(churn->state() == QProcess::NotRunning, 180000);
    QVERIFY2(churn->exitStatus() == QProcess::NormalExit && churn->exitCode() == 0,
             qPrintable(QString::fromUtf8(churn->readAllStandardError().right(2000))));
    QTRY_VERIFY_WITH_TIMEOUT(!counts.isEmpty(), 5000);
    const qint64 writeMs = clock.elapsed();
    const int written = counts.value(u"creates").toInt() + counts.value(u"updates").toInt()
        + counts.value(u"statusUpdates").toInt() + counts.value(u"deletes").toInt();
    QCOMPARE(written, changes);

    const auto server = cp.list(profilesV1alpha2, &error);
    QVERIFY2(!server.empty(), qPrintable(error));
    QCOMPARE(qint64(server.size()), qint64(counts.value(u"remaining").toInteger()));
    const FleetDifference d = waitForFleet(store, hub, server, 60000);
    const QList<HubJournal::Resource> resources = store.hubJournal(hub)->resources();
    const HubJournal::Resource *profiles = journalResource(resources, QStringLiteral("clusterprofiles"));
    qInfo("%d changes (%d creates, %d updates, %d status updates, %d deletes) in %.1f s; restarts after %d and %d; "
          "%d writes retried, %d had landed; %d profiles at the end; relists %d; converged %.1f s after the last write: "
          "%d lost, %d stale, %d extra",
          written, counts.value(u"creates").toInt(), counts.value(u"updates").toInt(),
          counts.value(u"statusUpdates").toInt(), counts.value(u"deletes").toInt(), writeMs / 1000.0, firstRestartAt,
          secondRestartAt, counts.value(u"retries").toInt(), counts.value(u"alreadyApplied").toInt(), int(server.size()),
          profiles ? profiles->relists : -1, (clock.elapsed() - writeMs) / 1000.0, d.lost, d.stale, d.extra);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));
    QCOMPARE(store.profileCount(), int(server.size()));
    QCOMPARE(table.rowCount(), int(server.size()));
    // The restarts were seen and recovered from, and nothing was undecodable.
    QVERIFY(profiles && profiles->relists >= 1);
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Live);
    QCOMPARE(store.hubStatus(hub).skippedObjects, 0);
}

QTEST_GUILESS_MAIN(TestRealHubSoak)
#include "tst_realhubsoak.moc"
