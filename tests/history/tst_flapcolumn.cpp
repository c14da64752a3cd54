// The table's flapping column: history's counts shown as a column of the
// cluster table (through ClusterTableModel's source-column hook), sortable as
// numbers, updated without a reset, and the model stays consistent throughout.

#include "fleet/clusterfilterproxy.h"
#include "fleet/clustertablemodel.h"
#include "fleet/fleetstore.h"
#include "fleetfixtures.h"
#include "history/flapcolumn.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

ClusterId id(const QString &name)
{
    return {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
}

} // namespace

class TstFlapColumn : public QObject
{
    Q_OBJECT

private slots:
    void columnShowsAndSortsCounts()
    {
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("hub-a"));
        HubDelta delta;
        for (const char *name : {"a", "b", "c", "d"})
            delta.upsertedProfiles << bareProfile(QLatin1String(name));
        store.applyDelta(hub, delta);
        ClusterTableModel model(&store);
        ClusterFilterProxy proxy(&model);
        QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

        FlapColumn flaps(&store, 4, 24);
        const int column = model.addSourceColumn(&flaps);
        QCOMPARE(column, int(ClusterTableModel::FixedColumnCount));
        QCOMPARE(model.addSourceColumn(&flaps), column); // once only
        QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), QStringLiteral("Flaps"));
        QVERIFY(model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QLatin1String("24 h")));
        QVERIFY(model.extraColumnSpec(column).isEmpty()); // saved views do not store it

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QVERIFY(flaps.setCounts({{id(QStringLiteral("b")), 12}, {id(QStringLiteral("c")), 3}, {id(QStringLiteral("d")), 100}}));
        model.sourceColumnChanged(&flaps);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(reset.count(), 0);
        QVERIFY(!flaps.setCounts({{id(QStringLiteral("b")), 12}, {id(QStringLiteral("c")), 3}, {id(QStringLiteral("d")), 100}}));

        auto text = [&](const QString &name) {
            const int row = store.rowOf(hub, ObjectKey{QStringLiteral("fleet"), name});
            return model.data(model.index(row, column)).toString();
        };
        QCOMPARE(text(QStringLiteral("a")), QString());
        QCOMPARE(text(QStringLiteral("b")), QStringLiteral("12"));
        QCOMPARE(flaps.count(id(QStringLiteral("d"))), 100);

        // Numbers sort as numbers (100 after 12), no count first.
        proxy.sort(column, Qt::AscendingOrder);
        QStringList order;
        for (int row = 0; row < proxy.rowCount(); ++row)
            order << proxy.index(row, ClusterTableModel::NameColumn).data().toString();
        QCOMPARE(order, (QStringList{QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("d")}));

        QVERIFY(model.removeColumnAt(column));
        QCOMPARE(model.columnCount(), int(ClusterTableModel::FixedColumnCount));
    }
};

QTEST_GUILESS_MAIN(TstFlapColumn)
#include "tst_flapcolumn.moc"
