#include "outputoptions.h"

#include "commandparser.h"
#include "spellingsuggestion.h"

namespace fleetscope {
namespace {

const QString customColumnsFormat = QStringLiteral("custom-columns");
const QString customColumnsSyntax = QStringLiteral("custom-columns=HEADER:FIELD,...");

QString quoted(const QString &text)
{
    return u'"' + text + u'"';
}

QString spelledList(const QStringList &words)
{
    if (words.size() < 2)
        return words.join(QString());
    return words.mid(0, words.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ") + words.last();
}

} // namespace

OutputOptions::OutputOptions(QString defaultFormat, QStringList formats, QList<PrintColumn> columns)
    : m_defaultFormat(std::move(defaultFormat))
    , m_formats(std::move(formats))
    , m_columns(std::move(columns))
    , m_output({QStringLiteral("o"), QStringLiteral("output")}, QString(), QStringLiteral("format"))
    , m_noHeadersOption(QStringLiteral("no-headers"),
                        QStringLiteral("Print tables (and -o csv) without their header line."))
    , m_format(m_defaultFormat)
{
}

void OutputOptions::describe(CommandParser *cli, const QString &help)
{
    QString text = help;
    if (text.isEmpty()) {
        text = QStringLiteral("Output format: %1").arg(spelledList(m_formats));
        if (!m_formats.contains(m_defaultFormat))
            text += QStringLiteral(" (default: a %1)").arg(m_defaultFormat);
        text += u'.';
    }
    if (!m_columns.isEmpty())
        text += QStringLiteral(" Or %1, like kubectl's, with FIELD one of: %2%3.")
                    .arg(customColumnsSyntax, TablePrinter(m_columns).fieldNames().join(QStringLiteral(", ")),
                         m_laterFields ? QStringLiteral(" or a column the servers print (lower case, spaces as dashes)")
                                       : QString());
    m_output.setDescription(text);
    if (m_formats.contains(m_defaultFormat))
        m_output.setDefaultValue(m_defaultFormat);
    cli->addOption(m_output);
    if (!m_columns.isEmpty())
        cli->addOption(m_noHeadersOption);
}

QString OutputOptions::unknownFieldError(const QString &field, const QStringList &fields)
{
    QString error = QStringLiteral("custom-columns: unknown field %1 (fields: %2)")
                        .arg(quoted(field), fields.join(QStringLiteral(", ")));
    const QString suggestion = closestSpelling(field, fields);
    if (!suggestion.isEmpty())
        error += QStringLiteral("; did you mean %1?").arg(quoted(suggestion));
    return error;
}

bool OutputOptions::parse(const QString &text, const QStringList &formats, const TablePrinter &table, QString *format,
                          QList<CustomColumn> *custom, QString *error, bool laterFields)
{
    custom->clear();
    const bool columnsAllowed = !table.columns().isEmpty();
    if (columnsAllowed && (text == customColumnsFormat || text.startsWith(QStringView(customColumnsPrefix)))) {
        const QString spec = text.mid(qsizetype(std::size(customColumnsPrefix)) - 1);
        if (text == customColumnsFormat || spec.isEmpty()) {
            *error = QStringLiteral("custom-columns needs at least one HEADER:FIELD (%1)").arg(customColumnsSyntax);
            return false;
        }
        for (const QString &part : spec.split(u',')) {
            const qsizetype colon = part.indexOf(u':');
            const QString header = part.left(colon).trimmed();
            const QString field = colon < 0 ? QString() : part.mid(colon + 1).trimmed();
            if (colon < 0 || header.isEmpty() || field.isEmpty() || field.contains(u':')) {
                *error = QStringLiteral("custom-columns: expected HEADER:FIELD, got %1").arg(quoted(part));
                return false;
            }
            const int column = table.columnIndex(field);
            if (column < 0 && !laterFields) {
                *error = unknownFieldError(field, table.fieldNames());
                return false;
            }
            custom->append({header, column, field});
        }
        *format = customColumnsFormat;
        return true;
    }
    if (formats.contains(text)) {
        *format = text;
        return true;
    }
    QStringList valid = formats;
    if (columnsAllowed)
        valid << customColumnsSyntax;
    *error = QStringLiteral("unknown value %1 (expected one of: %2)").arg(quoted(text), valid.join(QStringLiteral(", ")));
    const QString suggestion = closestSpelling(text, formats);
    if (!suggestion.isEmpty())
        *error += QStringLiteral("; did you mean %1?").arg(quoted(suggestion));
    return false;
}

bool OutputOptions::read(CommandParser *cli)
{
    m_noHeaders = !m_columns.isEmpty() && cli->isSet(m_noHeadersOption);
    if (!cli->isSet(m_output)) {
        m_format = m_defaultFormat;
        return true;
    }
    QString error;
    if (!parse(cli->value(m_output), m_formats, TablePrinter(m_columns), &m_format, &m_custom, &error, m_laterFields))
        return cli->usageError(CommandParser::spelling(m_output) + QStringLiteral(": ") + error);
    return true;
}

bool OutputOptions::isTable() const
{
    return m_format == u"table" || m_format == u"wide" || m_format == u"csv" || m_format == customColumnsFormat;
}

TablePrinter OutputOptions::table() const
{
    TablePrinter table(m_columns);
    table.setStyle(m_format == u"wide" ? TablePrinter::Style::Wide
                   : m_format == u"csv" ? TablePrinter::Style::Csv
                                        : TablePrinter::Style::Table);
    table.setCustomColumns(m_custom);
    table.setNoHeaders(m_noHeaders);
    return table;
}

} // namespace fleetscope
