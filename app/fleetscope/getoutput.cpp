#include "getoutput.h"

#include "api/yamljson.h"

#include <nlohmann/json.hpp>

namespace fleetscope {
namespace {

// Before the servers' columns: CLUSTER, then NAMESPACE.
constexpr int ownColumns = 2;

// The object as the server sent it; null when it is not JSON.
nlohmann::json objectOf(const GetRow &row)
{
    nlohmann::json object = nlohmann::json::parse(row.row->json.constData(),
                                                  row.row->json.constData() + row.row->json.size(), nullptr, false);
    return object.is_discarded() ? nlohmann::json(nullptr) : object;
}

} // namespace

GetOutput::GetOutput(Format format, bool showNamespace, QString qualifiedKind)
    : m_format(format)
    , m_showNamespace(showNamespace)
    , m_qualifiedKind(std::move(qualifiedKind))
{
}

void GetOutput::setTableOptions(bool noHeaders, QList<CustomColumn> custom)
{
    m_noHeaders = noHeaders;
    m_custom = std::move(custom);
}

bool GetOutput::table(const ColumnUnion &columns, TablePrinter *table, QString *unknownField) const
{
    // NAMESPACE without -A only for custom columns that ask for it (priority -1).
    QList<PrintColumn> declared{{QStringLiteral("cluster"), QStringLiteral("CLUSTER")},
                                {QStringLiteral("namespace"), QStringLiteral("NAMESPACE"), m_showNamespace ? 0 : -1}};
    for (const TableColumn &c : columns.columns())
        declared.append({c.name.toLower().replace(u' ', u'-'), c.name.toUpper(), c.priority});
    *table = TablePrinter(std::move(declared));
    table->setStyle(m_format == Format::Wide ? TablePrinter::Style::Wide : TablePrinter::Style::Table);
    table->setNoHeaders(m_noHeaders);
    QList<CustomColumn> custom = m_custom;
    for (CustomColumn &c : custom) {
        c.column = table->columnIndex(c.field);
        if (c.column < 0) {
            *unknownField = c.field;
            return false;
        }
    }
    table->setCustomColumns(std::move(custom));
    return true;
}

QString GetOutput::cell(const ColumnUnion &columns, const GetRow &row, int column, qint64 nowMs) const
{
    if (column == 0)
        return row.cluster;
    if (column == 1)
        return row.row->metadata.namespaceName.toString();
    return columns.cell(row.member, *row.row, column - ownColumns, nowMs);
}

QByteArray GetOutput::nameLine(const GetRow &row) const
{
    return (row.cluster + u' ' + m_qualifiedKind + u'/' + row.row->metadata.name + u'\n').toUtf8();
}

QByteArray GetOutput::renderObjects(const QList<GetRow> &rows) const
{
    nlohmann::json items = nlohmann::json::array();
    for (const GetRow &row : rows)
        items.push_back({{"cluster", row.cluster.toStdString()}, {"object", objectOf(row)}});
    const nlohmann::json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}};
    if (m_format == Format::Yaml)
        return jsonToYaml(list);
    return QByteArray::fromStdString(list.dump(4)) + '\n';
}

QByteArray GetOutput::render(const TablePrinter &table, const ColumnUnion &columns, const QList<GetRow> &rows,
                             qint64 nowMs) const
{
    if (m_format == Format::Json || m_format == Format::Yaml)
        return renderObjects(rows);
    if (m_format == Format::Name) {
        QByteArray out;
        for (const GetRow &row : rows)
            out += nameLine(row);
        return out;
    }
    if (rows.isEmpty())
        return QByteArray();
    return table.render(rows.size(), [&](qsizetype row, int column) { return cell(columns, rows[row], column, nowMs); });
}

QByteArray GetOutput::renderChange(const TablePrinter &table, const ColumnUnion &columns, const GetRow &row,
                                   const QString &type, qint64 nowMs) const
{
    if (m_format == Format::Name)
        return nameLine(row);
    if (m_format == Format::Json || m_format == Format::Yaml) {
        const nlohmann::json event = {{"cluster", row.cluster.toStdString()}, {"type", type.toStdString()},
                                      {"object", objectOf(row)}};
        if (m_format == Format::Yaml)
            return "---\n" + jsonToYaml(event);
        return QByteArray::fromStdString(event.dump()) + '\n';
    }
    return table.renderLine([&](int column) { return cell(columns, row, column, nowMs); });
}

} // namespace fleetscope
