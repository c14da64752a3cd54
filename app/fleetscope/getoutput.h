#pragma once

#include "fleet/output/tableprinter.h"
#include "resources/columnunion.h"
#include "resources/resourcerow.h"
#include "resources/servedkind.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace fleetscope {

// One row of `fleetscope get`'s output: which member, its object.
struct GetRow
{
    int member = -1;
    QString cluster; // HUB/NAMESPACE/NAME
    std::shared_ptr<const ResourceRow> row;
};

// How `fleetscope get` prints rows: kubectl's table (CLUSTER first, NAMESPACE with
// -A or several namespaces, the servers' columns, priority ones only when wide),
// its names, or the objects tagged with their cluster as JSON or YAML.
class GetOutput final
{
public:
    enum class Format { Table, Wide, Name, Json, Yaml };

    GetOutput(Format format, bool showNamespace, QString qualifiedKind);
    // --no-headers, and -o custom-columns whose FIELDs name the servers' columns
    // (known only once they answered; see table()).
    void setTableOptions(bool noHeaders, QList<CustomColumn> custom);

    // The table over `columns`: CLUSTER, NAMESPACE, then each server column by its
    // lower-case name (spaces as dashes). False, with the FIELD, when a custom
    // column names none of them.
    bool table(const ColumnUnion &columns, TablePrinter *table, QString *unknownField) const;
    // Everything at once, for a one-shot run (rows in their order); `table` from table().
    QByteArray render(const TablePrinter &table, const ColumnUnion &columns, const QList<GetRow> &rows, qint64 nowMs) const;
    // One change while watching: a table line padded to the widths of `table`'s
    // last render, a name, or a JSON line.
    QByteArray renderChange(const TablePrinter &table, const ColumnUnion &columns, const GetRow &row,
                            const QString &type, qint64 nowMs) const;

    Format format() const { return m_format; }

private:
    QString cell(const ColumnUnion &columns, const GetRow &row, int column, qint64 nowMs) const;
    QByteArray renderObjects(const QList<GetRow> &rows) const;
    // CLUSTER KIND/NAME, as -o name prints it.
    QByteArray nameLine(const GetRow &row) const;

    Format m_format;
    bool m_showNamespace;
    QString m_qualifiedKind;
    bool m_noHeaders = false;
    QList<CustomColumn> m_custom;
};

} // namespace fleetscope
