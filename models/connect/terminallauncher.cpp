#include "terminallauncher.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("TerminalLauncher", text);
}

// The wrapper every session runs in. User data (paths, the shell) only ever
// arrives as positional parameters, never inside this text. The EXIT trap removes
// the kubeconfig however the session ends: exit, Ctrl-D, the window closed (HUP),
// a kill (TERM). INT and QUIT get a no-op trap rather than '' so that the session
// command still receives them (ignored signals would be inherited, caught ones
// are reset at exec) while the wrapper survives a Ctrl-C aimed at k9s or kubectl.
const char wrapperPrelude[] = "kubeconfig=$1\n"
                              "shift\n"
                              "KUBECONFIG=$kubeconfig\n"
                              "export KUBECONFIG\n"
                              "trap 'rm -f -- \"$kubeconfig\"; rmdir -- \"${kubeconfig%/*}\" 2>/dev/null' EXIT\n"
                              "trap 'exit 129' HUP\n"
                              "trap 'exit 143' TERM\n"
                              "trap : INT QUIT\n";
// $1 = kubectl, $2 = the shell: the contexts, the current one's nodes, then a shell to carry on.
const char kubectlBody[] = "\"$1\" config get-contexts\n"
                           "\"$1\" get nodes -o wide\n"
                           "shift\n"
                           "\"$@\"\n";
const char plainBody[] = "\"$@\"\n";
// $0 of the wrapper: what `ps` shows for it.
const char wrapperName[] = "fleetscope-connect";

struct KnownTerminal
{
    const char *name;
    const char *arguments; // after {terminal}
};

// Autodetection order (after $TERMINAL) and each one's way of taking a command.
// gnome-terminal's -e takes a single string and is deprecated; `--` takes argv.
// xfce4-terminal's -e takes a string too; -x takes argv.
constexpr KnownTerminal autodetected[] = {
    {"x-terminal-emulator", "-e {command}"}, // Debian policy: -e takes the rest as argv
    {"konsole", "-e {command}"},
    {"gnome-terminal", "-- {command}"},
    {"xfce4-terminal", "-x {command}"},
    {"xterm", "-e {command}"},
};
// Other terminals people set in $TERMINAL whose syntax is not `-e argv`.
constexpr KnownTerminal otherKnown[] = {
    {"kitty", "{command}"},
    {"foot", "{command}"},
    {"wezterm", "start -- {command}"},
    {"tilix", "-e {command_line}"},
    {"mate-terminal", "-x {command}"},
    {"terminator", "-x {command}"},
};

} // namespace

QString sessionKindKey(SessionKind kind)
{
    switch (kind) {
    case SessionKind::Kubectl:
        return QStringLiteral("kubectl");
    case SessionKind::K9s:
        return QStringLiteral("k9s");
    case SessionKind::Shell:
        break;
    }
    return QStringLiteral("shell");
}

SessionKind sessionKindFromKey(const QString &key, bool *ok)
{
    for (SessionKind kind : {SessionKind::Shell, SessionKind::Kubectl, SessionKind::K9s}) {
        if (key == sessionKindKey(kind)) {
            if (ok)
                *ok = true;
            return kind;
        }
    }
    if (ok)
        *ok = false;
    return SessionKind::Shell;
}

TerminalLauncher::TerminalLauncher()
    : m_environment(QProcessEnvironment::systemEnvironment())
{
}

TerminalLauncher::TerminalLauncher(const QProcessEnvironment &environment)
    : m_environment(environment)
{
}

QStringList TerminalLauncher::pathDirectories() const
{
    QStringList dirs;
    // An empty entry would mean the current directory: never look there for a terminal.
    for (const QString &dir : m_environment.value(QStringLiteral("PATH")).split(u':', Qt::SkipEmptyParts)) {
        if (QDir::isAbsolutePath(dir))
            dirs << dir;
    }
    return dirs;
}

QString TerminalLauncher::findExecutable(const QString &name) const
{
    if (name.isEmpty())
        return {};
    if (name.contains(u'/')) {
        const QFileInfo info(name);
        return info.isAbsolute() && info.isFile() && info.isExecutable() ? name : QString();
    }
    const QStringList dirs = pathDirectories();
    // findExecutable with an empty list would fall back to the process's PATH.
    return dirs.isEmpty() ? QString() : QStandardPaths::findExecutable(name, dirs);
}

QString TerminalLauncher::userShell() const
{
    const QString shell = m_environment.value(QStringLiteral("SHELL"));
    return shell.isEmpty() ? QStringLiteral("/bin/sh") : shell;
}

QList<SessionKind> TerminalLauncher::availableSessions() const
{
    QList<SessionKind> kinds{SessionKind::Shell};
    if (!findExecutable(QStringLiteral("kubectl")).isEmpty())
        kinds << SessionKind::Kubectl;
    if (!findExecutable(QStringLiteral("k9s")).isEmpty())
        kinds << SessionKind::K9s;
    return kinds;
}

QString TerminalLauncher::templateForTerminal(const QString &program)
{
    const QString name = QFileInfo(program).fileName();
    for (const KnownTerminal &t : autodetected) {
        if (name == QLatin1String(t.name))
            return QStringLiteral("{terminal} ") + QLatin1String(t.arguments);
    }
    for (const KnownTerminal &t : otherKnown) {
        if (name == QLatin1String(t.name))
            return QStringLiteral("{terminal} ") + QLatin1String(t.arguments);
    }
    // The de-facto convention (alacritty, urxvt, st, x-terminal-emulator).
    return QStringLiteral("{terminal} -e {command}");
}

QString TerminalLauncher::detectedTemplate() const
{
    // $TERMINAL may carry options ("kitty --single-instance"): the first word is the program.
    QStringList words;
    QString ignored;
    const QString fromEnvironment = m_environment.value(QStringLiteral("TERMINAL")).trimmed();
    if (!fromEnvironment.isEmpty() && splitWords(fromEnvironment, &words, &ignored) && !words.isEmpty()) {
        const QString path = findExecutable(words.first());
        if (!path.isEmpty()) {
            QString t = templateForTerminal(path);
            words.removeFirst();
            t.replace(QStringLiteral("{terminal}"), shellQuote(QStringList{path} + words));
            return t;
        }
    }
    for (const KnownTerminal &known : autodetected) {
        const QString path = findExecutable(QLatin1String(known.name));
        if (!path.isEmpty())
            return shellQuote(path) + u' ' + QLatin1String(known.arguments);
    }
    return {};
}

bool TerminalLauncher::sessionCommand(SessionKind kind, const QString &kubeconfigPath, QStringList *out,
                                      QString *error) const
{
    QStringList session;
    QByteArray script(wrapperPrelude);
    switch (kind) {
    case SessionKind::Shell:
        script += plainBody;
        session << userShell();
        break;
    case SessionKind::Kubectl: {
        const QString kubectl = findExecutable(QStringLiteral("kubectl"));
        if (kubectl.isEmpty()) {
            *error = tr("kubectl is not on PATH");
            return false;
        }
        script += kubectlBody;
        session << kubectl << userShell();
        break;
    }
    case SessionKind::K9s: {
        const QString k9s = findExecutable(QStringLiteral("k9s"));
        if (k9s.isEmpty()) {
            *error = tr("k9s is not on PATH");
            return false;
        }
        script += plainBody;
        session << k9s;
        break;
    }
    }
    *out = QStringList{QStringLiteral("/bin/sh"), QStringLiteral("-c"), QString::fromLatin1(script),
                       QString::fromLatin1(wrapperName), kubeconfigPath}
        + session;
    return true;
}

bool TerminalLauncher::build(SessionKind kind, const QString &kubeconfigPath, const QString &title, LaunchCommand *out,
                             QString *error) const
{
    QStringList session;
    if (!sessionCommand(kind, kubeconfigPath, &session, error))
        return false;
    const QString commandTemplate = effectiveTemplate();
    if (commandTemplate.isEmpty()) {
        *error = tr("no terminal emulator found on PATH (tried $TERMINAL, x-terminal-emulator, konsole, "
                    "gnome-terminal, xfce4-terminal, xterm); set a terminal command");
        return false;
    }
    QHash<QString, QStringList> values;
    values.insert(QStringLiteral("command"), session);
    values.insert(QStringLiteral("command_line"), {shellQuote(session)});
    values.insert(QStringLiteral("shell"), {userShell()});
    values.insert(QStringLiteral("kubeconfig"), {kubeconfigPath});
    values.insert(QStringLiteral("title"), {title});
    if (commandTemplate.contains(QStringLiteral("{terminal}"))) {
        // {terminal} in a configured template: whatever autodetection finds, as a path.
        QStringList detected;
        QString ignored;
        if (!splitWords(detectedTemplate(), &detected, &ignored) || detected.isEmpty()) {
            *error = tr("the terminal command uses {terminal}, but no terminal emulator was found on PATH");
            return false;
        }
        values.insert(QStringLiteral("terminal"), {detected.first()});
    }
    QStringList argv;
    if (!expand(commandTemplate, values, &argv, error)) {
        *error = tr("terminal command \"%1\": %2").arg(commandTemplate, *error);
        return false;
    }
    const QString program = findExecutable(argv.first());
    if (program.isEmpty()) {
        *error = tr("terminal command \"%1\": %2 is not an executable on PATH").arg(commandTemplate, argv.first());
        return false;
    }
    out->program = program;
    out->arguments = argv.mid(1);
    // Only KUBECONFIG changes (the wrapper sets it too, for terminals that start
    // their children from a server process with its own environment).
    out->environment = m_environment;
    out->environment.insert(QStringLiteral("KUBECONFIG"), kubeconfigPath);
    return true;
}

bool TerminalLauncher::startDetached(const LaunchCommand &command, qint64 *pid, QString *error)
{
    QProcess process;
    process.setProgram(command.program);
    process.setArguments(command.arguments);
    process.setProcessEnvironment(command.environment);
    const QString home = command.environment.value(QStringLiteral("HOME"));
    if (!home.isEmpty() && QFileInfo(home).isDir())
        process.setWorkingDirectory(home);
    process.setStandardInputFile(QProcess::nullDevice());
    if (!process.startDetached(pid)) {
        *error = tr("cannot start %1: %2").arg(command.program, process.errorString());
        return false;
    }
    return true;
}

bool TerminalLauncher::splitWords(const QString &text, QStringList *out, QString *error)
{
    QStringList words;
    QString word;
    bool inWord = false;
    enum { Plain, Single, Double } quote = Plain;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quote == Single) {
            if (c == u'\'')
                quote = Plain;
            else
                word += c;
            continue;
        }
        if (quote == Double) {
            if (c == u'"') {
                quote = Plain;
            } else if (c == u'\\' && i + 1 < text.size()
                       && QStringView(u"\"\\$`").contains(text.at(i + 1))) {
                word += text.at(++i);
            } else {
                word += c;
            }
            continue;
        }
        if (c.isSpace()) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == u'\'') {
            quote = Single;
        } else if (c == u'"') {
            quote = Double;
        } else if (c == u'\\') {
            if (i + 1 == text.size()) {
                *error = tr("a backslash ends the text");
                return false;
            }
            word += text.at(++i);
        } else {
            word += c;
        }
    }
    if (quote != Plain) {
        *error = quote == Single ? tr("unterminated ' quote") : tr("unterminated \" quote");
        return false;
    }
    if (inWord)
        words << word;
    *out = words;
    return true;
}

bool TerminalLauncher::expand(const QString &commandTemplate, const QHash<QString, QStringList> &values,
                              QStringList *out, QString *error)
{
    QStringList words;
    if (!splitWords(commandTemplate, &words, error))
        return false;
    if (words.isEmpty()) {
        *error = tr("it is empty");
        return false;
    }
    static const QRegularExpression placeholder(QStringLiteral("\\{([a-z_]+)\\}"));
    bool hasCommand = false;
    QStringList result;
    for (const QString &word : std::as_const(words)) {
        // A word that is exactly {command} becomes several arguments.
        if (word == u"{command}") {
            hasCommand = true;
            result += values.value(QStringLiteral("command"));
            continue;
        }
        QString expanded;
        int last = 0;
        auto it = placeholder.globalMatch(word);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString name = m.captured(1);
            bool known = false;
            for (const auto &p : placeholders())
                known = known || p.first == u'{' + name + u'}';
            if (!known) {
                *error = tr("unknown placeholder {%1}").arg(name);
                return false;
            }
            if (name == u"command") {
                *error = tr("{command} must be a word of its own (use {command_line} inside a word)");
                return false;
            }
            if (name == u"command_line")
                hasCommand = true;
            const QStringList value = values.value(name);
            if (value.size() != 1) {
                *error = tr("no value for {%1}").arg(name);
                return false;
            }
            expanded += QStringView(word).mid(last, m.capturedStart() - last);
            expanded += value.first();
            last = int(m.capturedEnd());
        }
        expanded += QStringView(word).mid(last);
        result << expanded;
    }
    if (!hasCommand) {
        *error = tr("it must contain {command} or {command_line}");
        return false;
    }
    if (result.first().isEmpty()) {
        *error = tr("it names no program");
        return false;
    }
    *out = result;
    return true;
}

QString TerminalLauncher::shellQuote(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

QString TerminalLauncher::shellQuote(const QStringList &words)
{
    QStringList quoted;
    for (const QString &w : words)
        quoted << shellQuote(w);
    return quoted.join(u' ');
}

QList<std::pair<QString, QString>> TerminalLauncher::placeholders()
{
    return {
        {QStringLiteral("{command}"), tr("the session command, as separate arguments")},
        {QStringLiteral("{command_line}"), tr("the session command as one shell-quoted string")},
        {QStringLiteral("{terminal}"), tr("the autodetected terminal emulator")},
        {QStringLiteral("{shell}"), tr("your $SHELL")},
        {QStringLiteral("{kubeconfig}"), tr("the session's kubeconfig file")},
        {QStringLiteral("{title}"), tr("a window title naming the clusters")},
    };
}

} // namespace fleetscope
