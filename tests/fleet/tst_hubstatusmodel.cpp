// The per-hub status list the status bar shows.

#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/hubstatusmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;

class TestHubStatusModel final : public QObject
{
    Q_OBJECT

private slots:
    void followsHubsAndTheirStates();
};

void TestHubStatusModel::followsHubsAndTheirStates()
{
    FleetStore store;
    store.addHub(QStringLiteral("early"));
    HubStatusModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0).data().toString(), QStringLiteral("early: Connecting"));

    const int late = store.addHub(QStringLiteral("late"));
    QCOMPARE(model.rowCount(), 2);

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    HubStatus status;
    status.hub = QStringLiteral("late");
    status.state = HubStatus::State::Syncing;
    status.received = 1200;
    status.estimatedTotal = 5000;
    status.warnings = {QStringLiteral("insecure-skip-tls-verify is set: the hub's identity is not checked")};
    store.setHubStatus(late, status);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().first().value<QModelIndex>().row(), 1);
    QCOMPARE(model.index(1).data().toString(), QStringLiteral("late: Syncing 1,200 of ~5,000"));
    QVERIFY(model.index(1).data(Qt::ToolTipRole).toString().contains(u"insecure-skip-tls-verify"));
    QCOMPARE(model.index(1).data(HubStatusModel::StateRole).toInt(), int(HubStatus::State::Syncing));

    status.state = HubStatus::State::Reconnecting;
    status.retryInMs = 3200;
    status.message = QStringLiteral("Connection refused");
    store.setHubStatus(late, status);
    QCOMPARE(model.index(1).data().toString(), QStringLiteral("late: Reconnecting in 4 s: Connection refused"));
}

QTEST_GUILESS_MAIN(TestHubStatusModel)
#include "tst_hubstatusmodel.moc"
