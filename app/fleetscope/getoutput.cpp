#include "getoutput.h"

#include "texttable.h"

#include "api/yamljson.h"

#include <nlohmann/json.hpp>

namespace fleetscope {

GetOutput::GetOutput(Format format, bool showNamespace, QString qualifiedKind)
    : m_format(format)
    , m_showNamespace(showNamespace)
    , m_qualifiedKind(std::move(qualifiedKind))
{
}

QList<int> GetOutput::visibleColumns(const ColumnUnion &columns) const
{
    QList<int> visible;
    for (int i = 0; i < columns.count(); ++i) {
        if (columns.columns()[i].priority == 0 || m_format == Format::Wide)
            visible << i;
    }
    return visible;
}

QStringList GetOutput::header(const ColumnUnion &columns) const
{
    QStringList out{QStringLiteral("CLUSTER")};
    if (m_showNamespace)
        out << QStringLiteral("NAMESPACE");
    for (const int i : visibleColumns(columns))
        out << columns.columns()[i].name.toUpper();
    return out;
}

QStringList GetOutput::cells(const ColumnUnion &columns, const GetRow &row, qint64 nowMs) const
{
    QStringList out{row.cluster};
    if (m_showNamespace)
        out << row.row->metadata.namespaceName.toString();
    for (const int i : visibleColumns(columns))
        out << columns.cell(row.member, *row.row, i, nowMs);
    return out;
}

QByteArray GetOutput::renderObjects(const QList<GetRow> &rows) const
{
    nlohmann::json items = nlohmann::json::array();
    for (const GetRow &row : rows) {
        nlohmann::json object = nlohmann::json::parse(row.row->json.constData(),
                                                      row.row->json.constData() + row.row->json.size(), nullptr, false);
        if (object.is_discarded())
            object = nullptr;
        items.push_back({{"cluster", row.cluster.toStdString()}, {"object", std::move(object)}});
    }
    const nlohmann::json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}};
    if (m_format == Format::Yaml)
        return jsonToYaml(list);
    return QByteArray::fromStdString(list.dump(4)) + '\n';
}

QByteArray GetOutput::render(const ColumnUnion &columns, const QList<GetRow> &rows, qint64 nowMs) const
{
    if (m_format == Format::Json || m_format == Format::Yaml)
        return renderObjects(rows);
    if (m_format == Format::Name) {
        QByteArray out;
        for (const GetRow &row : rows)
            out += (row.cluster + u' ' + m_qualifiedKind + u'/' + row.row->metadata.name + u'\n').toUtf8();
        return out;
    }
    if (rows.isEmpty())
        return QByteArray();
    QList<QStringList> lines{header(columns)};
    for (const GetRow &row : rows)
        lines << cells(columns, row, nowMs);
    return renderTextTable(lines).toUtf8();
}

QList<int> GetOutput::widthsOf(const QList<QStringList> &lines)
{
    QList<int> widths;
    for (const QStringList &line : lines) {
        for (int i = 0; i < line.size(); ++i) {
            if (i >= widths.size())
                widths << 0;
            widths[i] = qMax(widths[i], int(line[i].size()));
        }
    }
    return widths;
}

QByteArray GetOutput::renderChange(const ColumnUnion &columns, const GetRow &row, const QString &type,
                                   const QList<int> &widths, qint64 nowMs) const
{
    if (m_format == Format::Name)
        return (row.cluster + u' ' + m_qualifiedKind + u'/' + row.row->metadata.name + u'\n').toUtf8();
    if (m_format == Format::Json || m_format == Format::Yaml) {
        nlohmann::json object = nlohmann::json::parse(row.row->json.constData(),
                                                      row.row->json.constData() + row.row->json.size(), nullptr, false);
        const nlohmann::json event = {{"cluster", row.cluster.toStdString()}, {"type", type.toStdString()},
                                      {"object", object.is_discarded() ? nlohmann::json(nullptr) : object}};
        if (m_format == Format::Yaml)
            return "---\n" + jsonToYaml(event);
        return QByteArray::fromStdString(event.dump()) + '\n';
    }
    const QStringList line = cells(columns, row, nowMs);
    QString text;
    for (int i = 0; i < line.size(); ++i) {
        if (i + 1 == line.size())
            text += line[i];
        else
            text += line[i].leftJustified(widths.value(i), u' ') + QStringLiteral("   ");
    }
    return text.toUtf8() + '\n';
}

} // namespace fleetscope
