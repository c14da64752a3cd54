// PlacementDecisions grouped as placements: slices merged in index order,
// dangling references reported, and a scope that shows the chosen clusters.

#include "fleet/clusterfilterproxy.h"
#include "fleet/clustertablemodel.h"
#include "fleet/fleetstore.h"
#include "fleet/placementmodel.h"
#include "fleetfixtures.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

PlacementPtr slice(const QString &name, const QString &key, int index, const QStringList &clusters)
{
    auto p = std::make_shared<PlacementDecision>();
    p->metadata.namespaceName = QStringLiteral("apps");
    p->metadata.name = name;
    p->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/placement-key"), key);
    p->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/decision-index"), QString::number(index));
    p->schedulerName = QStringLiteral("spread");
    for (const QString &c : clusters)
        p->decisions.append(ClusterDecision{c, QStringLiteral("fleet"), QString()});
    return p;
}

QStringList chosenNames(const PlacementModel::Placement &p)
{
    QStringList names;
    for (const ClusterRef &ref : p.chosen)
        names << ref.key.name;
    return names;
}

} // namespace

class TestPlacementModel final : public QObject
{
    Q_OBJECT

private slots:
    void mergesSlicesAndFindsDanglingRefs();
};

void TestPlacementModel::mergesSlicesAndFindsDanglingRefs()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("hub"));
    PlacementModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);

    HubDelta delta;
    delta.upsertedProfiles = {bareProfile("c1"), bareProfile("c2"), bareProfile("c3")};
    // Slice 1 arrives before slice 0: the merge follows decision-index, not arrival.
    delta.upsertedPlacements = {slice("web-1", "web", 1, {"c3", "gone"}), slice("web-0", "web", 0, {"c1", "c2"}),
                                slice("batch-0", "batch", 0, {"c2"})};
    store.applyDelta(hub, delta);
    QCOMPARE(model.rowCount(), 2);
    int web = model.index(0, 0).data().toString() == u"web" ? 0 : 1;
    const PlacementModel::Placement &p = model.placementAt(web);
    QCOMPARE(p.slices, 2);
    QCOMPARE(p.scheduler, QStringLiteral("spread"));
    QCOMPARE(chosenNames(p), (QStringList{"c1", "c2", "c3", "gone"}));
    QCOMPARE(p.dangling.size(), 1);
    QCOMPARE(p.dangling.first().key.name, QStringLiteral("gone"));
    QCOMPARE(model.index(web, PlacementModel::DanglingColumn).data().toInt(), 1);
    QVERIFY(model.index(web, PlacementModel::DanglingColumn).data(Qt::ToolTipRole).toString().contains(u"fleet/gone"));

    // Selecting the placement scopes the table to its existing clusters.
    ClusterTableModel table(&store);
    ClusterFilterProxy proxy(&table);
    proxy.setScope(model.scopeOf(web));
    QCOMPARE(proxy.rowCount(), 3);

    // The missing profile appears: no longer dangling. A placement goes: its row goes.
    HubDelta later;
    later.upsertedProfiles = {bareProfile("gone")};
    later.removedPlacements = {ObjectKey{QStringLiteral("apps"), QStringLiteral("batch-0")}};
    store.applyDelta(hub, later);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("web"));
    QCOMPARE(model.placementAt(0).dangling.size(), 0);

    // A chosen profile is deleted: it dangles, and only that cell says so.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    HubDelta deletion;
    deletion.removedProfiles = {ObjectKey{QStringLiteral("fleet"), QStringLiteral("c1")}};
    store.applyDelta(hub, deletion);
    QCOMPARE(model.placementAt(0).dangling.size(), 1);
    QCOMPARE(model.placementAt(0).dangling.first().key.name, QStringLiteral("c1"));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().column(), int(PlacementModel::DanglingColumn));
}

QTEST_GUILESS_MAIN(TestPlacementModel)
#include "tst_placementmodel.moc"
