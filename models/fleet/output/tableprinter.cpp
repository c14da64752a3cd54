#include "tableprinter.h"

#include <algorithm>

namespace fleetscope {
namespace {

constexpr qsizetype columnGap = 3;

// Each cell but the last padded to its column's width (0 when unknown) plus the
// gap; a watch's cell wider than its column still keeps the gap.
void appendAligned(QString *out, const QStringList &cells, const QList<qsizetype> &widths)
{
    for (qsizetype i = 0; i < cells.size(); ++i) {
        *out += cells[i];
        if (i + 1 < cells.size())
            out->append(QString(std::max(widths.value(i), cells[i].size()) - cells[i].size() + columnGap, u' '));
    }
}

void appendCsv(QString *out, const QStringList &cells)
{
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (i > 0)
            *out += u',';
        *out += TablePrinter::csvField(cells[i]);
    }
}

} // namespace

TablePrinter::TablePrinter(QList<PrintColumn> columns)
    : m_columns(std::move(columns))
{
}

int TablePrinter::columnIndex(const QString &field) const
{
    for (int i = 0; i < m_columns.size(); ++i) {
        const PrintColumn &c = m_columns[i];
        if (c.id.compare(field, Qt::CaseInsensitive) == 0 || c.aliases.contains(field, Qt::CaseInsensitive))
            return i;
    }
    return -1;
}

QStringList TablePrinter::fieldNames() const
{
    QStringList names;
    for (const PrintColumn &c : m_columns)
        names << c.id;
    return names;
}

QList<int> TablePrinter::shownColumns() const
{
    QList<int> shown;
    if (!m_custom.isEmpty()) {
        for (const CustomColumn &c : m_custom)
            shown << c.column;
        return shown;
    }
    for (int i = 0; i < m_columns.size(); ++i) {
        const int priority = m_columns[i].priority;
        if (priority == 0 || (priority > 0 && m_style != Style::Table))
            shown << i;
    }
    return shown;
}

QStringList TablePrinter::headerCells() const
{
    QStringList cells;
    if (!m_custom.isEmpty()) {
        for (const CustomColumn &c : m_custom)
            cells << c.header;
        return cells;
    }
    for (const int i : shownColumns())
        cells << m_columns[i].header;
    return cells;
}

QByteArray TablePrinter::render(qsizetype rowCount, const Cell &cell) const
{
    const QList<int> shown = shownColumns();
    QList<QStringList> lines;
    lines.reserve(rowCount + 1);
    if (!m_noHeaders)
        lines.append(headerCells());
    for (qsizetype row = 0; row < rowCount; ++row) {
        QStringList cells;
        cells.reserve(shown.size());
        for (const int column : shown)
            cells << cell(row, column);
        lines.append(std::move(cells));
    }
    QString out;
    if (m_style == Style::Csv) {
        for (const QStringList &line : std::as_const(lines)) {
            appendCsv(&out, line);
            out += u'\n';
        }
        return out.toUtf8();
    }
    QList<qsizetype> widths(shown.size(), 0);
    for (const QStringList &line : std::as_const(lines)) {
        for (qsizetype i = 0; i < line.size(); ++i)
            widths[i] = std::max(widths[i], line[i].size());
    }
    for (const QStringList &line : std::as_const(lines)) {
        appendAligned(&out, line, widths);
        out += u'\n';
    }
    m_widths = widths;
    return out.toUtf8();
}

QByteArray TablePrinter::render(const QList<QStringList> &rows) const
{
    return render(rows.size(), [&rows](qsizetype row, int column) { return rows[row].value(column); });
}

QByteArray TablePrinter::renderLine(const std::function<QString(int column)> &cell, const QString &suffix) const
{
    QStringList cells;
    for (const int column : shownColumns())
        cells << cell(column);
    QString out;
    if (m_style == Style::Csv)
        appendCsv(&out, cells);
    else
        appendAligned(&out, cells, m_widths);
    out += suffix;
    out += u'\n';
    return out.toUtf8();
}

QString TablePrinter::csvField(const QString &text)
{
    // A producer's text (a display name, a label, a condition message) that a
    // spreadsheet would run as a formula is written as text, as OWASP advises.
    const bool formula = !text.isEmpty()
        && (text.front() == u'=' || text.front() == u'+' || text.front() == u'-' || text.front() == u'@'
            || text.front() == u'\t' || text.front() == u'\r');
    QString quoted = formula ? u'\'' + text : text;
    if (!quoted.contains(u',') && !quoted.contains(u'"') && !quoted.contains(u'\n') && !quoted.contains(u'\r'))
        return quoted;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

} // namespace fleetscope
