#pragma once

#include "fleetstore.h"
#include "valueorder.h"

#include <QtGlobal>

#include <vector>

namespace fleetscope {

class ClusterTableModel;

// The table's rows as the proxy last placed them, in one sort column: a copy of
// each row (records are shared, so a row costs a few reference counts) plus one
// integer key per row for the columns that have one, or the prefix of each
// row's text for the text columns. The store changes its rows
// first and announces them afterwards, so the proxy must be able to find a row
// by the values it was sorted with, and compare rows without reading a state it
// has not been told about yet. Indexed by table row.
class SortSnapshot final
{
public:
    explicit SortSnapshot(const ClusterTableModel *table);

    bool isActive() const { return m_column >= 0; }
    int column() const { return m_column; }
    Qt::SortOrder order() const { return m_order; }

    // Copies every row of the table for `column` (-1 clears the snapshot).
    void reset(int column, Qt::SortOrder order);
    // Follows the column after columns were inserted or removed before it.
    void moveColumn(int column) { m_column = column; }
    void update(int row);
    void insertRows(int first, int count);
    void removeRows(int first, int count);

    // Sorts `rows` (table rows) by less(), faster than std::sort with less() for
    // the integer-key and text columns: it sorts a compact copy of what the
    // comparison reads, so most comparisons touch no row object at all.
    void sortRows(std::vector<int> *rows) const;

    // A strict total order: the column's value, then name, namespace and hub,
    // then the table row (only for identical rows, as while the store fills a
    // hole with its tail row before it drops the tail). Descending reverses all.
    bool less(int left, int right) const
    {
        const int c = compare(left, right);
        return m_order == Qt::AscendingOrder ? c < 0 : c > 0;
    }

private:
    int compare(int left, int right) const;

    const ClusterTableModel *m_table;
    int m_column = -1;
    Qt::SortOrder m_order = Qt::AscendingOrder;
    std::vector<FleetProfile> m_rows;
    std::vector<qint64> m_keys; // empty for columns without an integer key
    std::vector<TextSortPrefix> m_prefixes; // empty for columns that are not text
};

} // namespace fleetscope
