// The table's flapping column: history's counts shown as a column of the
// cluster table (through ClusterTableModel's source-column hook), sortable as
// numbers, updated without a reset, and the model stays consistent throughout.

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleetfixtures.h"
#include "history/flapcolumn.h"

#include <QAbstractItemModelTester>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

ClusterId id(const QString &name)
{
    return {QStringLiteral("hub-a"), QStringLiteral("fleet"), name};
}

QList<int> sorted(QList<int> rows)
{
    std::sort(rows.begin(), rows.end());
    return rows;
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
        SortFilterProxy proxy(&model);
        proxy.setSortRole(ClusterTableModel::SortRole);
        QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

        FlapColumn flaps(&store, 4, 24);
        const int column = model.addSourceColumn(&flaps);
        QCOMPARE(column, ClusterTableModel::fixedColumnCount());
        QCOMPARE(model.addSourceColumn(&flaps), column); // once only
        QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), QStringLiteral("Flaps"));
        QVERIFY(model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QLatin1String("24 h")));
        QVERIFY(model.extraColumnSpec(column).isEmpty()); // saved views do not store it

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const auto rowOf = [&](const char *name) {
            return store.rowOf(hub, ObjectKey{QStringLiteral("fleet"), QLatin1String(name)});
        };
        QCOMPARE(flaps.setCounts({{id(QStringLiteral("b")), 12}, {id(QStringLiteral("c")), 3}, {id(QStringLiteral("d")), 100}}),
                 sorted({rowOf("b"), rowOf("c"), rowOf("d")}));
        model.sourceColumnChanged(&flaps);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(reset.count(), 0);
        QVERIFY(flaps.setCounts({{id(QStringLiteral("b")), 12}, {id(QStringLiteral("c")), 3}, {id(QStringLiteral("d")), 100}})
                    .isEmpty());

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
        QCOMPARE(model.columnCount(), ClusterTableModel::fixedColumnCount());
    }

    // A refresh under churn moves a few counts of thousands: setCounts() names
    // the rows of the counts that came, changed or went, and only those.
    void refreshNamesOnlyTheRowsWhoseCountMoved()
    {
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("hub-a"));
        HubDelta delta;
        for (int i = 0; i < 200; ++i)
            delta.upsertedProfiles << bareProfile(QStringLiteral("c-%1").arg(i, 3, 10, QLatin1Char('0')));
        store.applyDelta(hub, delta);
        const auto name = [](int i) { return QStringLiteral("c-%1").arg(i, 3, 10, QLatin1Char('0')); };
        const auto rowOf = [&](int i) { return store.rowOf(hub, ObjectKey{QStringLiteral("fleet"), name(i)}); };
        ClusterTableModel model(&store);
        FlapColumn flaps(&store, 4, 24);
        const int column = model.addSourceColumn(&flaps);

        QHash<ClusterId, int> counts;
        for (int i = 0; i < 200; i += 2)
            counts.insert(id(name(i)), 1 + i % 7);
        counts.insert(id(QStringLiteral("gone-already")), 9); // a cluster no longer in the fleet: no row
        QCOMPARE(flaps.setCounts(counts).size(), 100);

        // Three move (one up, one new, one gone), the rest stay.
        counts[id(name(10))] += 1;
        counts.insert(id(name(11)), 2);
        counts.remove(id(name(150)));
        counts[id(QStringLiteral("gone-already"))] += 1;
        const QList<int> expected = sorted({rowOf(10), rowOf(11), rowOf(150)});
        const QList<int> rows = flaps.setCounts(counts);
        QCOMPARE(rows, expected);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.sourceColumnChanged(&flaps, rows);
        QSet<int> told;
        for (const QList<QVariant> &args : std::as_const(changed)) {
            const auto from = args.at(0).value<QModelIndex>();
            const auto to = args.at(1).value<QModelIndex>();
            QCOMPARE(from.column(), column);
            for (int row = from.row(); row <= to.row(); ++row)
                told.insert(row);
        }
        QCOMPARE(told, QSet<int>(expected.cbegin(), expected.cend()));
        const auto text = [&](int i) { return model.data(model.index(rowOf(i), column)).toString(); };
        QCOMPARE(text(10), QString::number(1 + 10 % 7 + 1));
        QCOMPARE(text(11), QStringLiteral("2"));
        QCOMPARE(text(150), QString());
        QCOMPARE(text(12), QString::number(1 + 12 % 7));
        QCOMPARE(flaps.count(id(name(150))), 0);
        QCOMPARE(flaps.count(id(QStringLiteral("gone-already"))), 10);
    }

    // The refresh under churn applies only the counts that changed (0: none
    // left) and names the rows whose cell moved; a change to the same count,
    // or to a cluster without a row, names none.
    void changesNameOnlyTheRowsWhoseCountMoved()
    {
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("hub-a"));
        HubDelta delta;
        const auto name = [](int i) { return QStringLiteral("c-%1").arg(i, 3, 10, QLatin1Char('0')); };
        for (int i = 0; i < 50; ++i)
            delta.upsertedProfiles << bareProfile(name(i));
        store.applyDelta(hub, delta);
        const auto rowOf = [&](int i) { return store.rowOf(hub, ObjectKey{QStringLiteral("fleet"), name(i)}); };
        ClusterTableModel model(&store);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        FlapColumn flaps(&store, 4, 24);
        const int column = model.addSourceColumn(&flaps);
        QCOMPARE(flaps.setCounts({{id(name(1)), 3}, {id(name(2)), 5}, {id(name(3)), 1}}).size(), 3);

        const QHash<ClusterId, int> changes{{id(name(1)), 4},     // up
                                            {id(name(2)), 5},     // the same
                                            {id(name(3)), 0},     // none left
                                            {id(name(4)), 2},     // new
                                            {id(name(5)), 0},     // none before either
                                            {id(name(6)), 1023},  // the largest count with a shared text
                                            {id(name(7)), 1024},  // a text of its own
                                            {id(name(8)), 4},     // the same text as name(1)'s
                                            {id(QStringLiteral("no-row")), 7}};
        const QList<int> rows = flaps.applyChanges(changes);
        QCOMPARE(rows, sorted({rowOf(1), rowOf(3), rowOf(4), rowOf(6), rowOf(7), rowOf(8)}));
        model.sourceColumnChanged(&flaps, rows);
        const auto text = [&](int i) { return model.data(model.index(rowOf(i), column)).toString(); };
        QCOMPARE(text(1), QStringLiteral("4"));
        QCOMPARE(text(2), QStringLiteral("5"));
        QCOMPARE(text(3), QString());
        QCOMPARE(text(4), QStringLiteral("2"));
        QCOMPARE(text(5), QString());
        QCOMPARE(text(6), QStringLiteral("1023"));
        QCOMPARE(text(7), QStringLiteral("1024"));
        QCOMPARE(text(8), QStringLiteral("4"));
        QCOMPARE(flaps.count(id(name(7))), 1024);
        QCOMPARE(flaps.count(id(QStringLiteral("no-row"))), 7);
        QVERIFY(flaps.applyChanges({{id(name(1)), 4}}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstFlapColumn)
#include "tst_flapcolumn.moc"
