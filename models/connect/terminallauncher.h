#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

class TestTerminalLauncher;

namespace fleetscope {

// What runs inside the terminal of a connect.
enum class SessionKind : quint8 {
    Shell,   // the user's $SHELL
    Kubectl, // `kubectl get nodes -o wide`, then the user's $SHELL
    K9s,     // k9s; the terminal closes with it
};

QString sessionKindKey(SessionKind kind);                          // "shell" / "kubectl" / "k9s" (settings)
SessionKind sessionKindFromKey(const QString &key, bool *ok = nullptr); // unknown → Shell

// A program with its arguments and environment, ready for QProcess.
struct LaunchCommand
{
    QString program;
    QStringList arguments;
    QProcessEnvironment environment;

    QStringList argv() const { return QStringList{program} + arguments; }
};

// Opens the user's own terminal emulator on a connect session. Pure logic (no
// widgets): it finds programs on the user's PATH, expands the terminal command
// template and starts the terminal detached, so it outlives the dashboard.
//
// The template is split into words like a POSIX shell does ('single', "double"
// quotes and backslashes; no variables, globs or pipes) and each word may use:
//   {command}       the session command as separate arguments (a word of its own)
//   {command_line}  the session command as one shell-quoted string, for terminals
//                   whose -e takes a string (e.g. `xfce4-terminal -e {command_line}`)
//   {terminal}      the autodetected terminal emulator (full path)
//   {shell}         the user's $SHELL (/bin/sh when unset)
//   {kubeconfig}    the session's kubeconfig file
//   {title}         a window title naming the clusters
// A template must contain {command} or {command_line}. An empty template means
// autodetection: $TERMINAL, x-terminal-emulator, konsole, gnome-terminal,
// xfce4-terminal, xterm — the first found on PATH, with the syntax it needs.
//
// The session command is /bin/sh running a fixed script (user data only ever in
// its positional arguments): it exports KUBECONFIG, runs the session and removes
// the kubeconfig and its directory when the session ends, however the terminal
// was closed. PATH and everything else in the environment stay the user's.
class TerminalLauncher final
{
public:
    // Uses the process environment for PATH, SHELL and TERMINAL.
    TerminalLauncher();
    explicit TerminalLauncher(const QProcessEnvironment &environment);

    void setEnvironment(const QProcessEnvironment &environment) { m_environment = environment; }
    const QProcessEnvironment &environment() const { return m_environment; }
    // Empty: autodetect.
    void setTemplate(const QString &commandTemplate) { m_template = commandTemplate.trimmed(); }
    QString commandTemplate() const { return m_template; }

    // The template autodetection picks (with {terminal} already the found path), or
    // empty when no known terminal is on PATH.
    QString detectedTemplate() const;

    // `name` (or a path) resolved against this environment's PATH; empty if absent.
    QString findExecutable(const QString &name) const;
    QString userShell() const;
    // Shell always; kubectl and k9s only when found on PATH.
    QList<SessionKind> availableSessions() const;

    // The command the terminal runs for `kind` (see the class comment).
    bool sessionCommand(SessionKind kind, const QString &kubeconfigPath, QStringList *out, QString *error) const;

    // The whole launch: terminal from the template around the session command, and
    // the environment with KUBECONFIG set. False with `error` naming the template
    // or the missing program.
    bool build(SessionKind kind, const QString &kubeconfigPath, const QString &title, LaunchCommand *out,
               QString *error) const;

    // Starts `command` detached (it survives the dashboard); its pid in `pid`.
    static bool startDetached(const LaunchCommand &command, qint64 *pid, QString *error);

    // Template mechanics, public for tests and for the settings preview.
    static bool splitWords(const QString &text, QStringList *out, QString *error);
    static bool expand(const QString &commandTemplate, const QHash<QString, QStringList> &values, QStringList *out,
                       QString *error);
    // POSIX shell quoting: plain words stay as they are, anything else in '…'.
    static QString shellQuote(const QString &word);
    static QString shellQuote(const QStringList &words);
    // The placeholders with a one-line description each, for tooltips and docs.
    static QList<std::pair<QString, QString>> placeholders();
    // The template used for a terminal program, by its file name.
    static QString templateForTerminal(const QString &program);

private:
    friend class ::TestTerminalLauncher;
    // The template a launch uses: the configured one or the detected one.
    QString effectiveTemplate() const { return m_template.isEmpty() ? detectedTemplate() : m_template; }

    QStringList pathDirectories() const;

    QProcessEnvironment m_environment;
    QString m_template;
};

} // namespace fleetscope
