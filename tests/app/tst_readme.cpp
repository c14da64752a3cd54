// The README and the documents beside it, as a newcomer follows them: the command
// table states what each command's own --help states (exit codes, -o formats), no
// example uses an option the program does not have, every link leads to a file or
// heading that exists, every document is reachable from the README, and the README
// stays a short front page rather than a diary.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace fleetscope::testing;

namespace {

const QString sourceDir = QStringLiteral(FLEETSCOPE_SOURCE_DIR);

const QStringList headless = {QStringLiteral("DISPLAY="), QStringLiteral("WAYLAND_DISPLAY="),
                              QStringLiteral("QT_QPA_PLATFORM=")};

QString readText(const QString &relative)
{
    QFile file(QDir(sourceDir).filePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

// README.md, CONTRIBUTING.md and docs/*.md, relative to the source tree.
QStringList documents()
{
    QStringList files{QStringLiteral("README.md"), QStringLiteral("CONTRIBUTING.md")};
    const QStringList docs = QDir(QDir(sourceDir).filePath(QStringLiteral("docs")))
                                 .entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    for (const QString &doc : docs)
        files << QStringLiteral("docs/") + doc;
    return files;
}

// The lines of the exit status section of a --help: "0", "1", "2", "130".
QSet<QString> exitCodesOf(const QString &help)
{
    QSet<QString> codes;
    const qsizetype start = help.indexOf(QLatin1String("\nExit status:\n"));
    if (start < 0)
        return codes;
    static const QRegularExpression line(QStringLiteral("^  (\\d+)  "), QRegularExpression::MultilineOption);
    auto it = line.globalMatch(help.mid(start));
    while (it.hasNext())
        codes.insert(it.next().captured(1));
    return codes;
}

// The formats -o takes, from "Output format: table, wide or json (default: …)."
QSet<QString> formatsOf(const QString &help)
{
    const QString flat = help.simplified();
    static const QRegularExpression sentence(QStringLiteral("Output format: ([^.]*)\\."));
    const QRegularExpressionMatch match = sentence.match(flat);
    if (!match.hasMatch())
        return {};
    QString list = match.captured(1);
    static const QRegularExpression parenthesis(QStringLiteral("\\([^)]*\\)"));
    list.remove(parenthesis);
    QSet<QString> formats;
    static const QRegularExpression separator(QStringLiteral(",| or "));
    for (const QString &word : list.split(separator, Qt::SkipEmptyParts)) {
        if (!word.trimmed().isEmpty())
            formats.insert(word.trimmed());
    }
    return formats;
}

QSet<QString> matches(const QString &text, const QString &pattern)
{
    QSet<QString> found;
    auto it = QRegularExpression(pattern).globalMatch(text);
    while (it.hasNext())
        found.insert(it.next().captured(1));
    return found;
}

QString join(const QSet<QString> &set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list.join(QLatin1String(", "));
}

// Splits a shell line into words: single and double quotes, nothing else.
QStringList shellWords(const QString &line)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (const QChar c : line) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else
                word += c;
        } else if (c == u'\'' || c == u'"') {
            quote = c;
            inWord = true;
        } else if (c.isSpace()) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes.
QString anchorOf(const QString &heading)
{
    QString anchor;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            anchor += c;
        else if (c == u' ')
            anchor += u'-';
    }
    return anchor;
}

QSet<QString> anchorsOf(const QString &markdown)
{
    QSet<QString> anchors;
    bool inCode = false;
    for (const QString &line : markdown.split(u'\n')) {
        if (line.startsWith(QLatin1String("```")))
            inCode = !inCode;
        else if (!inCode && line.startsWith(u'#'))
            anchors.insert(anchorOf(line.section(u' ', 1)));
    }
    return anchors;
}

// The command lines a document shows: the lines of its code blocks and its inline
// code spans (which may wrap across lines), each as written.
QStringList commandLinesOf(const QString &markdown)
{
    QStringList lines;
    QString prose;
    bool inCode = false;
    for (const QString &line : markdown.split(u'\n')) {
        if (line.startsWith(QLatin1String("```")))
            inCode = !inCode;
        else if (inCode)
            lines << line;
        else
            prose += line + u' ';
    }
    static const QRegularExpression span(QStringLiteral("`([^`]+)`"));
    auto it = span.globalMatch(prose);
    while (it.hasNext())
        lines << it.next().captured(1).simplified();
    return lines;
}

} // namespace

class TestReadme final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void staysAShortFrontPage();
    void carriesNoDiary();
    void tableHasARowPerCommand();
    void tableStatesWhatHelpStates_data();
    void tableStatesWhatHelpStates();
    void examplesUseOptionsThatExist_data();
    void examplesUseOptionsThatExist();
    void linksLeadSomewhere_data();
    void linksLeadSomewhere();
    void everyDocumentIsLinkedFromTheReadme();

private:
    QString help(const QString &program, const QString &mode);
    // Whether `program mode` knows `option`, shown in its help or not.
    bool acceptsOption(const QString &program, const QString &mode, const QString &option);

    QString m_readme;
    QStringList m_commands;               // from `fleetscope help`
    QHash<QString, QStringList> m_rows;   // command → the cells of its README row
    QHash<QString, QString> m_helps;      // "program mode" → its --help
};

QString TestReadme::help(const QString &program, const QString &mode)
{
    const QString key = program + u' ' + mode;
    if (!m_helps.contains(key)) {
        const QString executable = builtExecutable(program == u"fleetscope-hub" ? QStringLiteral("app/hub/fleetscope-hub")
                                                                                  : QStringLiteral("app/fleetscope/fleetscope"));
        const QStringList arguments = mode.isEmpty() ? QStringList{QStringLiteral("--help")}
                                                     : QStringList{QStringLiteral("help"), mode};
        const ProcessResult r = runProcess(executable, arguments, headless);
        m_helps.insert(key, r.finished && r.exitCode == 0 ? QString::fromUtf8(r.out) : QString());
    }
    return m_helps.value(key);
}

bool TestReadme::acceptsOption(const QString &program, const QString &mode, const QString &option)
{
    const QString executable = builtExecutable(program == u"fleetscope-hub" ? QStringLiteral("app/hub/fleetscope-hub")
                                                                              : QStringLiteral("app/fleetscope/fleetscope"));
    // Alone, an option that wants a value is a usage error of its own kind.
    const QStringList arguments = mode.isEmpty() ? QStringList{option} : QStringList{mode, option};
    const ProcessResult r = runProcess(executable, arguments, headless);
    return r.finished && !r.err.contains("unknown option");
}

void TestReadme::initTestCase()
{
    m_readme = readText(QStringLiteral("README.md"));
    QVERIFY2(!m_readme.isEmpty(), "README.md cannot be read");

    const QString top = help(QStringLiteral("fleetscope"), QString());
    QVERIFY2(!top.isEmpty(), "fleetscope --help did not run");
    const qsizetype commands = top.indexOf(QLatin1String("\nCommands:\n"));
    QVERIFY2(commands >= 0, qPrintable(top));
    static const QRegularExpression entry(QStringLiteral("^  ([a-z][a-z-]*)  "), QRegularExpression::MultilineOption);
    auto it = entry.globalMatch(top.mid(commands, top.indexOf(QLatin1String("\nWithout a command"), commands) - commands));
    while (it.hasNext())
        m_commands << it.next().captured(1);
    QVERIFY2(m_commands.contains(QStringLiteral("list")), qPrintable(top));

    // "| `fleetscope NAME …` | what | exit codes | -o formats |"
    for (const QString &line : m_readme.split(u'\n')) {
        if (!line.startsWith(QLatin1String("| `fleetscope ")))
            continue;
        QStringList cells = line.mid(2, line.size() - 4).split(QLatin1String(" | "));
        const QString command = cells.first().section(u' ', 1, 1).remove(u'`');
        m_rows.insert(command, cells);
    }
}

void TestReadme::staysAShortFrontPage()
{
    const qsizetype lines = m_readme.count(u'\n');
    QVERIFY2(lines <= 400, qPrintable(QStringLiteral("README.md has %1 lines; move reference material to docs/").arg(lines)));
    // The two set-up commands come first.
    const qsizetype run = m_readme.indexOf(QLatin1String("installer/dev run --demo"));
    const qsizetype test = m_readme.indexOf(QLatin1String("installer/dev test"));
    QVERIFY(run >= 0 && test >= 0);
    QVERIFY2(m_readme.indexOf(QLatin1String("\n## ")) > test, "the set-up commands come before the first section");
}

void TestReadme::carriesNoDiary()
{
    // Commit hashes, dates, issue numbers and machine paths belong in git, not on the front page.
    static const QRegularExpression hash(QStringLiteral("\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b"));
    static const QRegularExpression date(QStringLiteral("\\b20\\d\\d-\\d\\d-\\d\\d\\b"));
    static const QRegularExpression issue(QStringLiteral("(issue|#)\\s*\\d+\\b"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression machinePath(QStringLiteral("(/work/|/home/)"));
    for (const QRegularExpression *pattern : {&hash, &date, &issue, &machinePath}) {
        const QRegularExpressionMatch m = pattern->match(m_readme);
        QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("README.md: \"%1\" in \"%2\"")
                                               .arg(m.captured(0), m_readme.mid(qMax(0, m.capturedStart() - 40), 80))));
    }
}

void TestReadme::tableHasARowPerCommand()
{
    for (const QString &command : std::as_const(m_commands))
        QVERIFY2(m_rows.contains(command), qPrintable(QStringLiteral("no row for `fleetscope %1` in the README's command table").arg(command)));
    for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
        QVERIFY2(m_commands.contains(it.key()), qPrintable(QStringLiteral("the README's table has `fleetscope %1`, which fleetscope help does not list").arg(it.key())));
        QCOMPARE(it.value().size(), 4);
    }
}

void TestReadme::tableStatesWhatHelpStates_data()
{
    QTest::addColumn<QString>("command");
    for (const QString &command : std::as_const(m_commands)) {
        if (command != u"help") // `help` has no --help of its own: it prints the others'
            QTest::newRow(qPrintable(command)) << command;
    }
}

void TestReadme::tableStatesWhatHelpStates()
{
    QFETCH(QString, command);
    QVERIFY(m_rows.contains(command));
    const QStringList cells = m_rows.value(command);
    const QString text = help(QStringLiteral("fleetscope"), command);
    QVERIFY2(!text.isEmpty(), qPrintable(command));

    const QSet<QString> helpCodes = exitCodesOf(text);
    const QSet<QString> rowCodes = matches(cells.at(2), QStringLiteral("\\*\\*(\\d+)\\*\\*"));
    QVERIFY2(!helpCodes.isEmpty(), qPrintable(text));
    QVERIFY2(rowCodes == helpCodes, qPrintable(QStringLiteral("exit codes: the README says %1, --help says %2")
                                                   .arg(join(rowCodes), join(helpCodes))));

    const QSet<QString> helpFormats = formatsOf(text);
    const QSet<QString> rowFormats = matches(cells.at(3), QStringLiteral("`([a-z]+)`"));
    if (helpFormats.isEmpty() && text.contains(QLatin1String("-o, --output <file>"))) {
        QVERIFY2(cells.at(3).contains(QLatin1String("-o FILE")), qPrintable(cells.at(3)));
        return;
    }
    QVERIFY2(rowFormats == helpFormats, qPrintable(QStringLiteral("-o formats: the README says %1, --help says %2")
                                                       .arg(join(rowFormats), join(helpFormats))));
}

void TestReadme::examplesUseOptionsThatExist_data()
{
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("line");
    int index = 0;
    for (const QString &document : documents()) {
        for (const QString &line : commandLinesOf(readText(document))) {
            ++index;
            const QStringList words = shellWords(line.section(QLatin1String(" # "), 0, 0));
            if (words.isEmpty())
                continue;
            const QString program = QFileInfo(words.first()).fileName();
            if (program == u"fleetscope" || program == u"fleetscope-hub")
                QTest::addRow("%d %s: %s", index, qPrintable(document), qPrintable(line.left(60))) << document << line;
        }
    }
}

void TestReadme::examplesUseOptionsThatExist()
{
    QFETCH(QString, line);
    const QStringList words = shellWords(line.section(QLatin1String(" # "), 0, 0));
    const QString program = QFileInfo(words.first()).fileName();
    QString mode;
    if (program == u"fleetscope" && words.size() > 1 && words.at(1) != u"help" && m_commands.contains(words.at(1)))
        mode = words.at(1);
    const QString text = help(program, mode);
    QVERIFY2(!text.isEmpty(), qPrintable(program + u' ' + mode));
    static const QRegularExpression option(QStringLiteral("^(--?[A-Za-z][-A-Za-z0-9]*)(=.*)?$"));
    static const QRegularExpression placeholder(QStringLiteral("^--[a-z]+-\\*$"));
    for (QString word : words.mid(1)) {
        if (word == u"--")
            break; // what follows is the member's command
        // Synopses write options as [--name VALUE] or [-n NS | -A].
        while (!word.isEmpty() && (word.front() == u'[' || word.front() == u'('))
            word.remove(0, 1);
        while (!word.isEmpty() && (word.back() == u']' || word.back() == u')' || word.back() == u','))
            word.chop(1);
        const QRegularExpressionMatch m = option.match(word);
        if (!m.hasMatch() || placeholder.match(word).hasMatch())
            continue;
        const QString name = m.captured(1);
        const QRegularExpression inHelp(QStringLiteral("(^|[\\s,])%1([\\s,=]|$)").arg(QRegularExpression::escape(name)),
                                        QRegularExpression::MultilineOption);
        if (inHelp.match(text).hasMatch())
            continue;
        // The developers' documents may use options the user's help leaves out
        // (--screenshot and the like): the program must still know them.
        QFETCH(QString, document);
        QVERIFY2(document != u"README.md" && acceptsOption(program, mode, name),
                 qPrintable(QStringLiteral("%1 is not an option of `%2 %3`").arg(name, program, mode)));
    }
}

void TestReadme::linksLeadSomewhere_data()
{
    QTest::addColumn<QString>("document");
    for (const QString &document : documents())
        QTest::newRow(qPrintable(document)) << document;
}

void TestReadme::linksLeadSomewhere()
{
    QFETCH(QString, document);
    const QString markdown = readText(document);
    QVERIFY(!markdown.isEmpty());
    const QDir base = QFileInfo(QDir(sourceDir).filePath(document)).dir();
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)\\s]+)\\)"));
    auto it = link.globalMatch(markdown);
    while (it.hasNext()) {
        const QString target = it.next().captured(1);
        if (target.startsWith(QLatin1String("http://")) || target.startsWith(QLatin1String("https://"))
            || target.startsWith(QLatin1String("mailto:")))
            continue;
        const QString path = target.section(u'#', 0, 0);
        const QString anchor = target.section(u'#', 1);
        if (!path.isEmpty())
            QVERIFY2(QFileInfo::exists(base.filePath(path)), qPrintable(QStringLiteral("%1 links to %2, which does not exist").arg(document, target)));
        if (!anchor.isEmpty() && (path.isEmpty() || path.endsWith(QLatin1String(".md")))) {
            const QString linked = path.isEmpty() ? markdown : QString::fromUtf8([&] {
                QFile file(base.filePath(path));
                return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
            }());
            QVERIFY2(anchorsOf(linked).contains(anchor), qPrintable(QStringLiteral("%1 links to %2: no such heading").arg(document, target)));
        }
    }
}

void TestReadme::everyDocumentIsLinkedFromTheReadme()
{
    for (const QString &document : documents()) {
        if (document == u"README.md")
            continue;
        QVERIFY2(m_readme.contains(QStringLiteral("](") + document + u')'),
                 qPrintable(QStringLiteral("README.md does not link %1").arg(document)));
    }
}

QTEST_GUILESS_MAIN(TestReadme)
#include "tst_readme.moc"
