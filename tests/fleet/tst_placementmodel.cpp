// PlacementDecisions grouped as placements: slices merged in index order,
// dangling references reported, and a scope that shows the chosen clusters.

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/placementmodel.h"
#include "fleetfixtures.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QRandomGenerator>
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
    void danglingRefsFollowChurnLikeAFullRecompute();
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
    // Shown with its namespace: the same placement name recurs across namespaces.
    int web = model.index(0, 0).data().toString() == u"apps/web" ? 0 : 1;
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
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    filter.setScope(model.scopeOf(web));
    QCOMPARE(proxy.rowCount(), 3);

    // The missing profile appears: no longer dangling. A placement goes: its row goes.
    HubDelta later;
    later.upsertedProfiles = {bareProfile("gone")};
    later.removedPlacements = {ObjectKey{QStringLiteral("apps"), QStringLiteral("batch-0")}};
    store.applyDelta(hub, later);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("apps/web"));
    QCOMPARE(model.placementAt(0).dangling.size(), 0);

    // A chosen profile is deleted: it dangles, and only that cell says so.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    HubDelta deletion;
    deletion.removedProfiles = {ObjectKey{QStringLiteral("fleet"), QStringLiteral("c1")}};
    store.applyDelta(hub, deletion);
    // Checked a moment later, not per delta.
    QCOMPARE(model.placementAt(0).dangling.size(), 0);
    QVERIFY(changed.wait(5000));
    QCOMPARE(model.placementAt(0).dangling.size(), 1);
    QCOMPARE(model.placementAt(0).dangling.first().key.name, QStringLiteral("c1"));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().column(), int(PlacementModel::DanglingColumn));
}

// Profiles that placements chose come and go over many deltas between two
// checks: the dangling references then equal what a fresh model works out
// from the same store.
void TestPlacementModel::danglingRefsFollowChurnLikeAFullRecompute()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("hub"));
    PlacementModel model(&store);
    model.setDanglingDelayMs(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QRandomGenerator random(26);
    const auto name = [&random] { return QStringLiteral("c%1").arg(random.bounded(40)); };
    HubDelta start;
    for (int i = 0; i < 6; ++i) {
        QStringList chosen;
        for (int k = 0; k < 8; ++k)
            chosen << name();
        start.upsertedPlacements << slice(QStringLiteral("p%1-0").arg(i), QStringLiteral("p%1").arg(i), 0, chosen);
    }
    for (int i = 0; i < 20; ++i)
        start.upsertedProfiles << bareProfile(name());
    store.applyDelta(hub, start);

    const auto danglingByPlacement = [](const PlacementModel &m) {
        QHash<QString, QStringList> out;
        for (int row = 0; row < m.rowCount(); ++row) {
            QStringList names;
            for (const ClusterRef &ref : m.placementAt(row).dangling)
                names << ref.key.name;
            out.insert(m.placementAt(row).key, names);
        }
        return out;
    };
    for (int round = 0; round < 60; ++round) {
        // A few deltas between two checks; now and then a placement changes too.
        const int deltas = 1 + random.bounded(5);
        for (int d = 0; d < deltas; ++d) {
            HubDelta delta;
            for (int k = random.bounded(4); k > 0; --k)
                delta.upsertedProfiles << bareProfile(name());
            for (int k = random.bounded(4); k > 0; --k)
                delta.removedProfiles << ObjectKey{QStringLiteral("fleet"), name()};
            if (random.bounded(10) == 0) {
                const int i = random.bounded(6);
                delta.upsertedPlacements << slice(QStringLiteral("p%1-0").arg(i), QStringLiteral("p%1").arg(i), 0,
                                                  {name(), name(), name()});
            }
            store.applyDelta(hub, delta);
        }
        QTRY_COMPARE(danglingByPlacement(model), danglingByPlacement(PlacementModel(&store)));
    }
}

QTEST_GUILESS_MAIN(TestPlacementModel)
#include "tst_placementmodel.moc"
