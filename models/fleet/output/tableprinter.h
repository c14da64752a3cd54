#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace fleetscope {

// A column of a printed table, declared once per command: what -o table and
// -o wide show, what -o csv writes, and what -o custom-columns=HEADER:ID picks.
struct PrintColumn
{
    PrintColumn(QString id, QString header, int priority = 0, QStringList aliases = {})
        : id(std::move(id)), header(std::move(header)), priority(priority), aliases(std::move(aliases))
    {
    }

    QString id;          // the FIELD of custom-columns (matched without regard to case)
    QString header;      // printed above the column
    int priority = 0;    // as in kubectl: 0 always shown, higher only with -o wide (and in csv);
                         // below 0 only when custom columns name it
    QStringList aliases; // other spellings of `id` (the filter language's: ns, display)
};

// One column of -o custom-columns: a declared column under the user's header.
struct CustomColumn
{
    CustomColumn(QString header = {}, int column = -1, QString field = {})
        : header(std::move(header)), column(column), field(std::move(field))
    {
    }

    QString header;
    int column = -1; // index into the declared columns
    QString field;   // as the user wrote it
};

// The one renderer of every table the command line prints: kubectl's layout
// (each column as wide as its widest cell plus three spaces, the last one
// unpadded), -o wide by column priority, custom columns, --no-headers, and CSV
// (RFC 4180 quoting) from the same column list.
class TablePrinter final
{
public:
    enum class Style : quint8 { Table, Wide, Csv };
    // The text of one cell: `row` as the caller counts rows, `column` an index into the declared columns.
    using Cell = std::function<QString(qsizetype row, int column)>;

    explicit TablePrinter(QList<PrintColumn> columns = {});

    const QList<PrintColumn> &columns() const { return m_columns; }
    // The declared column a custom-columns FIELD names, by id or alias (any case); -1 when none.
    int columnIndex(const QString &field) const;
    // Every id, in declaration order: what an error about an unknown FIELD lists.
    QStringList fieldNames() const;

    void setStyle(Style style) { m_style = style; }
    Style style() const { return m_style; }
    void setNoHeaders(bool noHeaders) { m_noHeaders = noHeaders; }
    // Replaces the declared set by these columns in this order (an empty list restores it).
    void setCustomColumns(QList<CustomColumn> columns) { m_custom = std::move(columns); }
    bool hasCustomColumns() const { return !m_custom.isEmpty(); }

    // The declared columns printed, in order.
    QList<int> shownColumns() const;
    QStringList headerCells() const;
    // The widths of the last render(), for a watch's lines after the table
    // (through a printer built anew when the columns changed).
    QList<qsizetype> widths() const { return m_widths; }
    void setWidths(QList<qsizetype> widths) { m_widths = std::move(widths); }

    // Every row, with the header unless --no-headers. The column widths are kept
    // for renderLine(), so that a watch's lines stay under their header.
    QByteArray render(qsizetype rowCount, const Cell &cell) const;
    // Rows that hold a cell per declared column.
    QByteArray render(const QList<QStringList> &rows) const;
    // One row padded to the widths of the last render() (CSV: one record).
    QByteArray renderLine(const std::function<QString(int column)> &cell, const QString &suffix = {}) const;

    // RFC 4180 quoting; a cell a spreadsheet would take for a formula (=, +, -, @,
    // tab, CR first) gets a leading apostrophe, as the history export does.
    static QString csvField(const QString &text);

private:
    QList<PrintColumn> m_columns;
    QList<CustomColumn> m_custom;
    Style m_style = Style::Table;
    bool m_noHeaders = false;
    mutable QList<qsizetype> m_widths;
};

} // namespace fleetscope
