// The main window with a fleet in it, used as a person would: type a filter,
// read the error under a bad one, pick a cluster and read its details.

#include "clustertableview.h"
#include "detailspane.h"
#include "filterbar.h"
#include "fleettreeview.h"
#include "fleet/clusterfilterproxy.h"
#include "fleet/fleetstore.h"
#include "hubstatusbar.h"
#include "mainwindow.h"

#include <QLineEdit>
#include <QTreeView>
#include <QTest>

using namespace fleetscope;

namespace {

ProfilePtr cluster(const QString &name, const QString &clusterSet, const QString &version, ConditionStatus controlPlane)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.namespaceName = QStringLiteral("fleet");
    p.metadata.name = name;
    p.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/clusterset"), clusterSet);
    p.clusterManagerName = QStringLiteral("ocm");
    p.kubernetesVersion = version;
    Condition c;
    c.type = QStringLiteral("ControlPlaneHealthy");
    c.status = controlPlane;
    c.reason = controlPlane == ConditionStatus::True ? QStringLiteral("ManagedClusterAvailable")
                                                     : QStringLiteral("ManagedClusterLeaseNotUpdated");
    c.message = QStringLiteral("lease last renewed 7m ago");
    p.conditions.append(c);
    p.properties.append(Property{QStringLiteral("location.topology.k8s.io"), QStringLiteral("eu-west-1"), 0});
    return record;
}

void fill(FleetStore &store)
{
    const int hub = store.addHub(QStringLiteral("hub-eu"));
    HubStatus live;
    live.hub = QStringLiteral("hub-eu");
    live.state = HubStatus::State::Live;
    live.synced = true;
    store.setHubStatus(hub, live);
    HubDelta delta;
    delta.upsertedProfiles = {
        cluster(QStringLiteral("prod-1"), QStringLiteral("prod"), QStringLiteral("v1.31.2"), ConditionStatus::True),
        cluster(QStringLiteral("prod-2"), QStringLiteral("prod"), QStringLiteral("v1.29.8"), ConditionStatus::False),
        cluster(QStringLiteral("stage-1"), QStringLiteral("staging"), QStringLiteral("v1.32.0"), ConditionStatus::True),
        cluster(QStringLiteral("dev-1"), QStringLiteral("dev"), QStringLiteral("v1.30.1"), ConditionStatus::Unknown),
    };
    store.applyDelta(hub, delta);
}

QStringList visibleNames(const MainWindow &window)
{
    QStringList names;
    QAbstractItemModel *model = window.clusterTable()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        names << model->index(row, 0).data().toString();
    return names;
}

} // namespace

class TestFleetWindow final : public QObject
{
    Q_OBJECT

private slots:
    void typingAFilterNarrowsTheTable();
    void aSyntaxErrorIsShownWithACaretAndNotApplied();
    void detailsShowTheChosenClustersConditions();
    void statusBarCountsTheFleet();
    void selectingATreeGroupScopesTheTable();
};

void TestFleetWindow::typingAFilterNarrowsTheTable()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(visibleNames(window), (QStringList{"dev-1", "prod-1", "prod-2", "stage-1"}));

    auto *edit = window.filterBar()->findChild<QLineEdit *>(QStringLiteral("filterEdit"));
    QVERIFY(edit);
    QTest::keyClicks(edit, QStringLiteral("clusterset=prod"));
    // Debounced: applied shortly after typing stops.
    QTRY_COMPARE(visibleNames(window), (QStringList{"prod-1", "prod-2"}));
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("version>=1.30, ControlPlaneHealthy!=False"));
    QTRY_COMPARE(visibleNames(window), (QStringList{"dev-1", "prod-1", "stage-1"}));
}

void TestFleetWindow::aSyntaxErrorIsShownWithACaretAndNotApplied()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    window.filterBar()->setText(QStringLiteral("clusterset=staging"));
    QCOMPARE(visibleNames(window), QStringList{"stage-1"});
    window.filterBar()->setText(QStringLiteral("clusterset in (prod"));
    const QString error = window.filterBar()->errorText();
    QVERIFY2(!error.isEmpty(), "no error shown");
    const QStringList lines = error.split(u'\n');
    QCOMPARE(lines.first(), QStringLiteral("clusterset in (prod"));
    QVERIFY2(lines.at(1).contains(u'^'), qPrintable(error));
    // The previous filter stays in place: never applied half-way.
    QCOMPARE(visibleNames(window), QStringList{"stage-1"});
}

void TestFleetWindow::detailsShowTheChosenClustersConditions()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    window.filterBar()->setText(QStringLiteral("prod-2"));
    QCOMPARE(visibleNames(window), QStringList{"prod-2"});
    window.selectClusterRow(0);
    const QString details = window.detailsPane()->plainText();
    QVERIFY2(details.contains(u"ControlPlaneHealthy"), qPrintable(details));
    QVERIFY2(details.contains(u"ManagedClusterLeaseNotUpdated"), qPrintable(details));
    QVERIFY2(details.contains(u"lease last renewed 7m ago"), qPrintable(details));
    QVERIFY2(details.contains(u"location.topology.k8s.io"), qPrintable(details));
    QVERIFY2(details.contains(u"hub-eu/fleet/prod-2"), qPrintable(details));

    // A live update to the shown cluster re-renders it.
    HubDelta fix;
    fix.upsertedProfiles = {cluster(QStringLiteral("prod-2"), QStringLiteral("prod"), QStringLiteral("v1.31.0"), ConditionStatus::True)};
    store.applyDelta(0, fix);
    QTRY_VERIFY(window.detailsPane()->plainText().contains(u"ManagedClusterAvailable"));
}

void TestFleetWindow::statusBarCountsTheFleet()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    window.filterBar()->setText(QStringLiteral("clusterset=prod"));
    QCOMPARE(window.hubStatusBar()->countsText(),
             QStringLiteral("4 clusters · ✔ 2 healthy · ▲ 1 unhealthy · ? 1 unknown · 2 shown"));
    QCOMPARE(window.hubStatusBar()->chipTexts().size(), 1);
    QVERIFY(window.hubStatusBar()->chipTexts().first().contains(u"hub-eu"));
    QVERIFY(window.hubStatusBar()->chipTexts().first().contains(u"Live"));
}

void TestFleetWindow::selectingATreeGroupScopesTheTable()
{
    FleetStore store;
    fill(store);
    MainWindow window(&store);
    window.show();
    QTreeView *tree = window.fleetTree()->tree();
    QAbstractItemModel *groups = tree->model();
    // hub-eu → clustersets; pick "prod".
    const QModelIndex hub = groups->index(0, 0);
    QCOMPARE(hub.data().toString(), QStringLiteral("hub-eu"));
    QModelIndex prod;
    for (int row = 0; row < groups->rowCount(hub); ++row) {
        if (groups->index(row, 0, hub).data().toString() == u"prod")
            prod = groups->index(row, 0, hub);
    }
    QVERIFY(prod.isValid());
    QCOMPARE(groups->index(prod.row(), 1, hub).data().toInt(), 2); // its count
    tree->setCurrentIndex(prod);
    QCOMPARE(visibleNames(window), (QStringList{"prod-1", "prod-2"}));
    // The filter narrows within the scope.
    window.filterBar()->setText(QStringLiteral("ControlPlaneHealthy=False"));
    QCOMPARE(visibleNames(window), QStringList{"prod-2"});
    // Back to the hub: the whole hub again (with the filter).
    tree->setCurrentIndex(hub);
    window.filterBar()->setText(QString());
    QCOMPARE(visibleNames(window).size(), 4);
}

QTEST_MAIN(TestFleetWindow)
#include "tst_fleetwindow.moc"
