#include "columnunion.h"

#include "api/kubetime.h"

namespace fleetscope {

int ColumnUnion::find(const QString &name) const
{
    for (int i = 0; i < m_columns.size(); ++i) {
        if (m_columns[i].name.compare(name, Qt::CaseInsensitive) == 0)
            return i;
    }
    return -1;
}

bool ColumnUnion::setMemberColumns(int member, const QList<TableColumn> &columns)
{
    // New columns go last: the union only grows at its end, so that a table showing
    // it inserts columns without moving the ones people look at.
    const qsizetype before = m_columns.size();
    for (const TableColumn &column : columns) {
        if (find(column.name) < 0)
            m_columns.append(column);
    }
    for (QList<int> &map : m_cellOf)
        map.resize(m_columns.size(), -1);
    QList<int> map(m_columns.size(), -1);
    for (int i = 0; i < columns.size(); ++i)
        map[find(columns[i].name)] = i;
    m_cellOf.insert(member, map);
    return m_columns.size() > before;
}

QString ColumnUnion::cell(int member, const ResourceRow &row, int column, qint64 nowMs) const
{
    if (column < 0 || column >= m_columns.size())
        return QString();
    if (row.cells.isEmpty()) {
        const QString &name = m_columns[column].name;
        if (name.compare(QLatin1String("Name"), Qt::CaseInsensitive) == 0)
            return row.metadata.name;
        if (name.compare(QLatin1String("Age"), Qt::CaseInsensitive) == 0)
            return row.metadata.creationTimestamp ? humanDuration(nowMs - row.metadata.creationTimestamp)
                                                  : QStringLiteral("<unknown>");
        return QString();
    }
    const auto map = m_cellOf.constFind(member);
    if (map == m_cellOf.cend() || column >= map->size())
        return QString();
    const int index = map->at(column);
    return index >= 0 && index < row.cells.size() ? row.cells.at(index) : QString();
}

} // namespace fleetscope
