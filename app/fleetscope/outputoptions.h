#pragma once

#include "fleet/output/tableprinter.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

class CommandParser;

// -o/--output and --no-headers, the same for every command that prints results
// (kubectl's PrintFlags): the formats a command prints, and for one that prints
// a table, -o custom-columns=HEADER:FIELD,... over its declared columns and
// --no-headers. An unknown format or FIELD is a usage error (exit 2) that lists
// what is valid.
class OutputOptions final
{
public:
    static constexpr char16_t customColumnsPrefix[] = u"custom-columns=";

    // `defaultFormat` is printed without -o; `formats` are the values -o takes
    // (the default among them or not: `get` prints a table that -o cannot name,
    // as kubectl does). `columns`: the command's table; none, no custom-columns.
    OutputOptions(QString defaultFormat, QStringList formats, QList<PrintColumn> columns = {});

    // Custom columns may also name fields the command learns only from the data
    // (`get`: the servers' columns); it resolves them, and reports those it cannot.
    void acceptLaterFields() { m_laterFields = true; }

    // Adds -o (and --no-headers with a table). `help` replaces the generated
    // "Output format: …" sentence where formats need words of their own.
    void describe(CommandParser *cli, const QString &help = {});
    // Reads the options; false after a usage error (the parser's exit code is 2).
    bool read(CommandParser *cli);

    // Parses one -o value: the format, or custom columns over `table`'s columns.
    // With `laterFields`, a FIELD that is no column of `table` is kept with column -1.
    static bool parse(const QString &text, const QStringList &formats, const TablePrinter &table, QString *format,
                      QList<CustomColumn> *custom, QString *error, bool laterFields = false);

    // The chosen format: one of `formats`, the default, or "custom-columns".
    QString format() const { return m_format; }
    bool is(QStringView format) const { return m_format == format; }
    bool isTable() const; // a table of some kind: table, wide, csv or custom columns
    bool noHeaders() const { return m_noHeaders; }
    // The command's table as the options ask for it.
    TablePrinter table() const;
    const QList<CustomColumn> &customColumns() const { return m_custom; }
    // The usage error for a custom column's FIELD that names nothing in `fields`.
    static QString unknownFieldError(const QString &field, const QStringList &fields);

private:
    QString m_defaultFormat;
    QStringList m_formats;
    QList<PrintColumn> m_columns;
    QCommandLineOption m_output;
    QCommandLineOption m_noHeadersOption;
    QString m_format;
    QList<CustomColumn> m_custom;
    bool m_noHeaders = false;
    bool m_laterFields = false;
};

} // namespace fleetscope
