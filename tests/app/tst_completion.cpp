// Shell completion as a user gets it: the bash script from installer/completion
// driving the built `fleetscope`, and `fleetscope __complete` answering from the
// same parser tables the commands use.
#include "testsupport.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope::testing;

namespace {

QString fleetscopeExecutable()
{
    return builtExecutable(QStringLiteral("app/fleetscope/fleetscope"));
}

QString bashScript()
{
    return QStringLiteral(FLEETSCOPE_SOURCE_DIR "/installer/completion/fleetscope.bash");
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TestCompletion final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void bashCompletes_data();
    void bashCompletes();
    void targetsExpireWithTheCache();

private:
    // Runs the bash script's function for this command line (the last word is completed).
    QStringList bashComplete(const QStringList &words) const;
    QStringList environment() const;

    QTemporaryDir m_home;
};

void TestCompletion::initTestCase()
{
    QVERIFY(m_home.isValid());
    const QByteArray kubeconfig = "apiVersion: v1\nkind: Config\ncurrent-context: east\n"
                                  "clusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:1\n"
                                  "users:\n- name: u\n  user:\n    token: t\n"
                                  "contexts:\n- name: east\n  context: {cluster: c, user: u}\n"
                                  "- name: west\n  context: {cluster: c, user: u}\n"
                                  "- name: staging\n  context: {cluster: c, user: u}\n";
    QVERIFY(writeFile(m_home.filePath(QStringLiteral(".kube/config")), kubeconfig));
    QVERIFY(writeFile(m_home.filePath(QStringLiteral("other.yaml")),
                      QByteArray(kubeconfig).replace("name: east", "name: north")));
    // What the last `fleetscope list` printed.
    QVERIFY(writeFile(m_home.filePath(QStringLiteral("cache/fleetscope/completion-targets")),
                      "east/prod/alpha\neast/prod/beta\nwest/dev/gamma\n"));
}

QStringList TestCompletion::environment() const
{
    return {QStringLiteral("HOME=") + m_home.path(), QStringLiteral("KUBECONFIG="),
            QStringLiteral("XDG_CACHE_HOME=") + m_home.filePath(QStringLiteral("cache"))};
}

QStringList TestCompletion::bashComplete(const QStringList &words) const
{
    // COMP_WORDS as bash builds it: the program first, the cursor in the last word.
    const QStringList arguments = {QStringLiteral("--norc"), QStringLiteral("-c"),
                                   QStringLiteral("source \"$1\"; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); "
                                                  "_fleetscope; printf '%s\\n' \"${COMPREPLY[@]}\""),
                                   QStringLiteral("bash"), bashScript(), fleetscopeExecutable()};
    const ProcessResult r = runProcess(QStringLiteral("bash"), arguments + words, environment());
    if (!r.finished || r.exitCode != 0)
        qWarning("bash: %s", r.err.constData());
    QStringList out = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    out.sort();
    return out;
}

void TestCompletion::bashCompletes_data()
{
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<QStringList>("expected");
    const auto l = [](std::initializer_list<const char *> items) {
        QStringList out;
        for (const char *item : items)
            out << QString::fromUtf8(item);
        return out;
    };
    QTest::newRow("subcommand") << l({"li"}) << l({"lint", "list"});
    QTest::newRow("one subcommand") << l({"lis"}) << l({"list"});
    QTest::newRow("every subcommand")
        << l({""}) << l({"connect", "diff", "doctor", "exec", "get", "help", "hubs", "kubeconfig", "lint", "list", "record"});
    QTest::newRow("help topic") << l({"help", "ex"}) << l({"exec"});
    QTest::newRow("list options") << l({"list", "--o"}) << l({"--observe-for", "--output"});
    QTest::newRow("short and long") << l({"list", "--wa"}) << l({"--watch"});
    QTest::newRow("get options") << l({"get", "--mem"}) << l({"--members"});
    QTest::newRow("dashboard options") << l({"--dem"}) << l({"--demo"});
    QTest::newRow("contexts") << l({"list", "--context", ""}) << l({"east", "staging", "west"});
    QTest::newRow("contexts by prefix") << l({"connect", "--context", "we"}) << l({"west"});
    QTest::newRow("contexts after =") << l({"list", "--context", "=", "s"}) << l({"staging"});
    QTest::newRow("contexts of --kubeconfig")
        << l({"list", "--kubeconfig", "~/other.yaml", "--context", "n"}) << l({"north"});
    QTest::newRow("dashboard contexts") << l({"--context", "ea"}) << l({"east"});
    QTest::newRow("closed choices") << l({"--palette", ""}) << l({"dark", "light"});
    QTest::newRow("targets") << l({"connect", "east/"}) << l({"east/prod/alpha", "east/prod/beta"});
    QTest::newRow("targets of doctor") << l({"doctor", "--context", "east", "w"}) << l({"west/dev/gamma"});
    QTest::newRow("list takes no targets") << l({"list", "east"}) << l({});
    QTest::newRow("after --") << l({"exec", "east/prod/alpha", "--", "--o"}) << l({});
    QTest::newRow("unknown command") << l({"lsit", "--"}) << l({});
}

void TestCompletion::bashCompletes()
{
    QFETCH(QStringList, words);
    QFETCH(QStringList, expected);
    QStringList offered = bashComplete(words);
    offered.sort(); // bash sorts what it shows
    QCOMPARE(offered, expected);
}

void TestCompletion::targetsExpireWithTheCache()
{
    // File names for --kubeconfig: the script falls back to bash's own.
    QVERIFY(bashComplete({QStringLiteral("list"), QStringLiteral("--kubeconfig"), m_home.filePath(QStringLiteral("oth"))})
            == QStringList{m_home.filePath(QStringLiteral("other.yaml"))});

    const QString cache = m_home.filePath(QStringLiteral("cache/fleetscope/completion-targets"));
    QFile file(cache);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    file.close();
    QCOMPARE(bashComplete({QStringLiteral("connect"), QStringLiteral("east/")}), QStringList());
}

QTEST_GUILESS_MAIN(TestCompletion)
#include "tst_completion.moc"
