#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QMap>
#include <QString>
#include <QStringList>

#include <cstdio>

namespace fleetscope {

// The one command-line contract every `fleetscope` mode shares (the GUI and each
// subcommand): --help prints and exits 0; every usage mistake — an unknown option,
// a missing or malformed value, a number out of range, an unknown choice,
// conflicting options, a stray argument — is one `error: …` line on stderr that
// names the option and what it accepts, and exit code 2. Runtime failures (hubs,
// files, credentials) are the commands' own and exit 1.
//
// It wraps QCommandLineParser rather than replacing it: Qt parses and formats the
// help; this class owns the messages, the typed values and the exit codes.
class CommandParser
{
public:
    // Exit codes shared by every mode; also printed in --help and the man page.
    static constexpr int ExitOk = 0;
    static constexpr int ExitFailure = 1;
    static constexpr int ExitUsage = 2;

    // `command` is how the user invoked this mode ("fleetscope", "fleetscope list"):
    // it starts the usage line and every message.
    explicit CommandParser(QString command, FILE *errorStream = stderr, FILE *outputStream = stdout);

    void setDescription(const QString &description);
    void addOption(const QCommandLineOption &option);
    void addOptions(const QList<QCommandLineOption> &options);
    // Positional arguments the mode accepts; a mode that declares none rejects any.
    void addPositional(const QString &name, const QString &description, const QString &syntax = {});
    // Extra paragraphs printed after the options in --help (and so in the man page).
    void addHelpSection(const QString &text);
    // A paragraph printed before the options: what a reader looks for first.
    void addLeadingHelpSection(const QString &text);
    // What an exit status means for this mode, in --help's one "Exit status"
    // section (0, 1 and 2 have general meanings until a mode says more).
    void setExitStatus(int code, const QString &meaning);

    // Parses `arguments` (arguments[0] is the program). Returns true when the mode
    // should run; false when it must exit now with exitCode(): 0 after --help or
    // --version, 2 after a usage error (already printed).
    bool parse(const QStringList &arguments);
    int exitCode() const { return m_exitCode; }

    // Every mode takes -v N / --verbosity N (kubectl's levels). After a successful
    // parse the level goes to this handler (the program installs the logging rules).
    static void setVerbosityHandler(void (*handler)(int level));
    int verbosity() const { return m_verbosity; }

    bool isSet(const QCommandLineOption &option) const { return m_parser.isSet(option); }
    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    // Whether the command line named this option (false for options the mode lacks).
    bool given(const QString &name) const { return m_parser.optionNames().contains(name); }
    QString value(const QCommandLineOption &option) const { return m_parser.value(option); }
    QString value(const QString &name) const { return m_parser.value(name); }
    QStringList values(const QCommandLineOption &option) const { return m_parser.values(option); }
    QStringList values(const QString &name) const { return m_parser.values(name); }
    QStringList positionalArguments() const { return m_parser.positionalArguments(); }

    // Typed values: each returns false after printing the usage error (exit code 2).
    // An option that is not set yields its default value (or `fallback` when it has none).
    bool intValue(const QCommandLineOption &option, int min, int max, int *out, int fallback = 0);
    bool doubleValue(const QCommandLineOption &option, double min, double max, double *out, double fallback = 0);
    bool choiceValue(const QCommandLineOption &option, const QStringList &choices, QString *out);
    // Two options that cannot be used together.
    bool exclusive(const QCommandLineOption &first, const QCommandLineOption &second);

    // Reports a usage error about this mode; always returns false.
    bool usageError(const QString &message);

    // The text --help prints: Qt's option list under our own usage line, then the
    // extra sections and the exit codes.
    QString helpText() const;
    void printHelp() const;

    // "--name" or "-o/--output", as the user would type it.
    static QString spelling(const QCommandLineOption &option);

private:
    QString describeParseError() const;
    // Whole numbers are read as integers (so "1.5" is refused), then range-checked as doubles.
    bool numberValue(const QCommandLineOption &option, double min, double max, double fallback, bool whole,
                     double *out);
    QString spellingOf(const QString &name) const;

    QString m_command;
    FILE *m_errors;
    FILE *m_output;
    QCommandLineParser m_parser;
    QList<QCommandLineOption> m_options;
    QCommandLineOption m_help;
    QCommandLineOption m_verbosityOption;
    int m_verbosity = 0;
    QStringList m_sections;
    QStringList m_leadingSections;
    QMap<int, QString> m_exitStatus{
        {0, QStringLiteral("success")},
        {1, QStringLiteral("a runtime failure: a hub, file or credential could not be used")},
        {2, QStringLiteral("a usage error: unknown command or option, missing or malformed value")}};
    QStringList m_positionals;
    bool m_takesPositionals = false;
    int m_exitCode = ExitOk;
};

} // namespace fleetscope
