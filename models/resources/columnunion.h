#pragma once

#include "resourcerow.h"

#include <QHash>
#include <QList>

namespace fleetscope {

// The columns of one table of many members: each member's server prints its own
// (versions differ, CRDs differ), matched by name; a column only some members
// print stays empty for the others; new columns are added at the end. Rows of servers that print no Tables fill Name and
// Age from their metadata.
class ColumnUnion
{
public:
    // A member's columns (again); true when the union gained columns.
    bool setMemberColumns(int member, const QList<TableColumn> &columns);
    const QList<TableColumn> &columns() const { return m_columns; }
    int count() const { return int(m_columns.size()); }

    // The text of union column `column` for a row of `member`; `nowMs` ages rows
    // that carry no cells of their own.
    QString cell(int member, const ResourceRow &row, int column, qint64 nowMs) const;

private:
    int find(const QString &name) const;

    QList<TableColumn> m_columns;
    QHash<int, QList<int>> m_cellOf; // member → for each union column, its cell index or -1
};

} // namespace fleetscope
