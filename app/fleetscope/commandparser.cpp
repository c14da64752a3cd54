#include "commandparser.h"

#include "clioutput.h"
#include "completionrequest.h"
#include "spellingsuggestion.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <memory>

namespace fleetscope {
namespace {

QString quoted(const QString &text)
{
    return u'"' + text + u'"';
}

void (*verbosityHandler)(int) = nullptr;

} // namespace

CommandParser::CommandParser(QString command, FILE *errorStream, FILE *outputStream)
    : m_command(std::move(command))
    , m_errors(errorStream)
    , m_output(outputStream)
    , m_help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help and exit."))
    , m_verbosityOption({QStringLiteral("v"), QStringLiteral("verbosity")},
                        QStringLiteral("Log level on stderr, like kubectl's: 0 errors only, 2 hub state changes, "
                                       "4 backoffs and relists, 6 each request, 8 each watch event."),
                        QStringLiteral("level"), QStringLiteral("0"))
{
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    m_parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    addOption(m_help);
    addOption(m_verbosityOption);
}

void CommandParser::setVerbosityHandler(void (*handler)(int))
{
    verbosityHandler = handler;
}

void CommandParser::setDescription(const QString &description)
{
    m_parser.setApplicationDescription(description);
}

void CommandParser::addOption(const QCommandLineOption &option)
{
    m_parser.addOption(option);
    m_options << option;
}

void CommandParser::addOptions(const QList<QCommandLineOption> &options)
{
    for (const QCommandLineOption &option : options)
        addOption(option);
}

void CommandParser::addPositional(const QString &name, const QString &description, const QString &syntax)
{
    m_parser.addPositionalArgument(name, description, syntax);
    m_positionals << name;
    m_takesPositionals = true;
}

void CommandParser::addLeadingHelpSection(const QString &text)
{
    m_leadingSections.append(text);
}

void CommandParser::addHelpSection(const QString &text)
{
    m_sections << text;
}

void CommandParser::setExitStatus(int code, const QString &meaning)
{
    m_exitStatus.insert(code, meaning);
}

bool CommandParser::parse(const QStringList &arguments)
{
    m_exitCode = ExitOk;
    // `fleetscope __complete …`: this mode's options answer instead of running it.
    if (CompletionRequest::isActive()) {
        CompletionRequest::answer(m_options, m_positionals, m_output);
        return false;
    }
    if (!m_parser.parse(arguments))
        return usageError(describeParseError());
    // --help wins over everything else on the line, as in kubectl and cobra.
    if (m_parser.isSet(m_help)) {
        printHelp();
        return false;
    }
    const QStringList positionals = m_parser.positionalArguments();
    if (!m_takesPositionals && !positionals.isEmpty())
        return usageError(QStringLiteral("unexpected argument %1 for %2 (it takes options only)")
                              .arg(quoted(positionals.first()), quoted(m_command)));
    if (!intValue(m_verbosityOption, 0, 10, &m_verbosity))
        return false;
    if (verbosityHandler)
        verbosityHandler(m_verbosity);
    return true;
}

QString CommandParser::describeParseError() const
{
    const QStringList unknown = m_parser.unknownOptionNames();
    if (!unknown.isEmpty()) {
        const QString typed = spellingOf(unknown.first());
        QStringList known;
        for (const QCommandLineOption &option : m_options) {
            for (const QString &name : option.names())
                known << spellingOf(name);
        }
        QString message = QStringLiteral("unknown option %1 for %2").arg(quoted(typed), quoted(m_command));
        const QString suggestion = closestSpelling(typed, known);
        if (!suggestion.isEmpty())
            message += QStringLiteral("; did you mean %1?").arg(quoted(suggestion));
        return message;
    }
    // QCommandLineParser's remaining errors name the option in single quotes:
    // "Missing value after '--context'." and "Unexpected value after '--watch'."
    const QString text = m_parser.errorText();
    static const QRegularExpression named(QStringLiteral("^(Missing|Unexpected) value after '([^']+)'"));
    const QRegularExpressionMatch match = named.match(text);
    if (match.hasMatch()) {
        const QString option = match.captured(2);
        if (match.captured(1) == QLatin1String("Unexpected"))
            return QStringLiteral("option %1 takes no value").arg(quoted(option));
        for (const QCommandLineOption &candidate : m_options) {
            for (const QString &name : candidate.names()) {
                if (spellingOf(name) == option)
                    return QStringLiteral("option %1 needs a value (%2)").arg(quoted(option), candidate.valueName());
            }
        }
        return QStringLiteral("option %1 needs a value").arg(quoted(option));
    }
    return text;
}

QString CommandParser::spellingOf(const QString &name) const
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

QString CommandParser::spelling(const QCommandLineOption &option)
{
    QStringList names;
    for (const QString &name : option.names())
        names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    return names.join(u'/');
}

bool CommandParser::usageError(const QString &message)
{
    // Messages stay in English, like kubectl's: scripts and bug reports quote them.
    writeText(m_errors, QStringLiteral("error: %1 (see \"%2 --help\")\n").arg(message, m_command));
    m_exitCode = ExitUsage;
    return false;
}

bool CommandParser::intValue(const QCommandLineOption &option, int min, int max, int *out, int fallback)
{
    double number = 0;
    if (!numberValue(option, min, max, fallback, true, &number))
        return false;
    *out = int(number);
    return true;
}

bool CommandParser::doubleValue(const QCommandLineOption &option, double min, double max, double *out,
                                double fallback)
{
    return numberValue(option, min, max, fallback, false, out);
}

bool CommandParser::numberValue(const QCommandLineOption &option, double min, double max, double fallback,
                                bool whole, double *out)
{
    const QString text = m_parser.value(option);
    if (text.isEmpty() && !m_parser.isSet(option)) {
        *out = fallback;
        return true;
    }
    bool ok = false;
    const QString trimmed = text.trimmed();
    const double number = whole ? double(trimmed.toLongLong(&ok)) : trimmed.toDouble(&ok);
    if (!ok || !std::isfinite(number) || number < min || number > max)
        return usageError(QStringLiteral("%1: expected %2 of %3 from %4 to %5, got %6")
                              .arg(spelling(option), whole ? QStringLiteral("a whole number") : QStringLiteral("a number"),
                                   option.valueName())
                              .arg(QString::number(min, 'g', 15), QString::number(max, 'g', 15), quoted(text)));
    *out = number;
    return true;
}

bool CommandParser::choiceValue(const QCommandLineOption &option, const QStringList &choices, QString *out)
{
    const QString text = m_parser.value(option);
    if (!choices.contains(text)) {
        QString message = QStringLiteral("%1: unknown value %2 (expected one of: %3)")
                              .arg(spelling(option), quoted(text), choices.join(QStringLiteral(", ")));
        const QString suggestion = closestSpelling(text, choices);
        if (!suggestion.isEmpty())
            message += QStringLiteral("; did you mean %1?").arg(quoted(suggestion));
        return usageError(message);
    }
    *out = text;
    return true;
}

bool CommandParser::exclusive(const QCommandLineOption &first, const QCommandLineOption &second)
{
    if (m_parser.isSet(first) && m_parser.isSet(second))
        return usageError(QStringLiteral("%1 and %2 cannot be used together").arg(spelling(first), spelling(second)));
    return true;
}

QString CommandParser::helpText() const
{
    // Qt's help starts with "Usage: <argv[0]> …" and reads argv[0] from the
    // application object; the mode's own name is what a user types.
    std::unique_ptr<QCoreApplication> temporary;
    static int argc = 1;
    static char name[] = "fleetscope";
    static char *argv[] = {name, nullptr};
    if (!QCoreApplication::instance())
        temporary = std::make_unique<QCoreApplication>(argc, argv);
    QString text = m_parser.helpText();
    const qsizetype lineEnd = text.indexOf(u'\n');
    const QString program = QCoreApplication::arguments().value(0);
    const QString usage = text.left(lineEnd);
    const qsizetype programAt = usage.indexOf(program);
    if (programAt >= 0)
        text.replace(programAt, program.size(), m_command);
    if (!m_leadingSections.isEmpty()) {
        const qsizetype options = text.indexOf(QLatin1String("\nOptions:\n"));
        QString leading;
        for (const QString &section : m_leadingSections)
            leading += u'\n' + section + u'\n';
        text.insert(options >= 0 ? options : text.size(), leading);
    }
    for (const QString &section : m_sections)
        text += u'\n' + section + u'\n';
    text += QStringLiteral("\nExit status:\n");
    for (auto it = m_exitStatus.cbegin(); it != m_exitStatus.cend(); ++it)
        text += QStringLiteral("  %1  %2\n").arg(it.key()).arg(it.value());
    return text;
}

void CommandParser::printHelp() const
{
    writeText(m_output, helpText());
}

} // namespace fleetscope
