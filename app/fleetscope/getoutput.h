#pragma once

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

    // The visible columns of `columns` (header text upper-case, as kubectl prints it).
    QStringList header(const ColumnUnion &columns) const;
    QStringList cells(const ColumnUnion &columns, const GetRow &row, qint64 nowMs) const;
    // Everything at once, for a one-shot run (rows in their order).
    QByteArray render(const ColumnUnion &columns, const QList<GetRow> &rows, qint64 nowMs) const;
    // One change while watching: a table line padded to `widths`, a name, or a JSON line.
    QByteArray renderChange(const ColumnUnion &columns, const GetRow &row, const QString &type,
                            const QList<int> &widths, qint64 nowMs) const;
    static QList<int> widthsOf(const QList<QStringList> &lines);

    Format format() const { return m_format; }

private:
    QList<int> visibleColumns(const ColumnUnion &columns) const;
    QByteArray renderObjects(const QList<GetRow> &rows) const;

    Format m_format;
    bool m_showNamespace;
    QString m_qualifiedKind;
};

} // namespace fleetscope
