#pragma once

// What every sort/filter proxy test checks of what a view would show: the
// visible rows in sort order, each accepted row once, and mappings that invert.

#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/sortkey.h"

#include <QSet>
#include <QTest>

namespace fleetscope::proxychecks {

inline QStringList column(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << model.index(row, column).data(role).toString();
    return values;
}

// The source row behind each visible row, top to bottom.
inline QList<int> sourceRows(const QAbstractProxyModel &proxy)
{
    QList<int> rows;
    for (int row = 0; row < proxy.rowCount(); ++row)
        rows << proxy.mapToSource(proxy.index(row, 0)).row();
    return rows;
}

// Each proxy row's sort value is not less than the previous row's (in sort order).
inline void verifySorted(const SortFilterProxy &proxy)
{
    const int sortColumn = proxy.sortColumn();
    if (sortColumn < 0) { // the source's order
        for (int row = 1; row < proxy.rowCount(); ++row)
            QVERIFY(proxy.mapToSource(proxy.index(row - 1, 0)).row() < proxy.mapToSource(proxy.index(row, 0)).row());
        return;
    }
    for (int row = 1; row < proxy.rowCount(); ++row) {
        const SortKey a(proxy.index(row - 1, sortColumn).data(proxy.sortRole()));
        const SortKey b(proxy.index(row, sortColumn).data(proxy.sortRole()));
        const int c = SortKey::compare(a, b);
        QVERIFY2(proxy.sortOrder() == Qt::AscendingOrder ? c <= 0 : c >= 0, qPrintable(QString::number(row)));
    }
}

// Exactly the accepted rows, each once, and every mapping inverts the other.
inline void verifyMapping(const SortFilterProxy &proxy)
{
    const QAbstractItemModel *source = proxy.sourceModel();
    QSet<int> seen;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const QModelIndex sourceIndex = proxy.mapToSource(proxy.index(row, 1));
        QVERIFY(sourceIndex.isValid());
        QVERIFY2(proxy.acceptsSourceRow(sourceIndex.row()), qPrintable(QString::number(row)));
        QVERIFY(!seen.contains(sourceIndex.row()));
        seen.insert(sourceIndex.row());
        QCOMPARE(proxy.mapFromSource(sourceIndex), proxy.index(row, 1));
    }
    for (int row = 0; row < source->rowCount(); ++row) {
        if (!seen.contains(row))
            QVERIFY(!proxy.mapFromSource(source->index(row, 0)).isValid());
    }
}

} // namespace fleetscope::proxychecks
