// `fleetscope exec` and `fleetscope kubeconfig` against real members: three
// fleetscope-hub members behind a hub, the real kubectl and a real exec plugin;
// one member's plugin fails, one member has no provider the file knows.

#include "memberfleet.h"
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <csignal>

#include <nlohmann/json.hpp>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const QString threeMembers = QStringLiteral("name in (a, b, broken)");

QStringList sortedLines(const QByteArray &text)
{
    QStringList lines = QString::fromUtf8(text).split(u'\n', Qt::SkipEmptyParts);
    lines.sort();
    return lines;
}

} // namespace

class TestMemberCommands final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void execPrefixedKeepsStreamsApart();
    void execJsonHasEveryMember();
    void execSkipsMembersWithoutProvider();
    void execRefusesWithoutTargets();
    void execInterruptStopsEveryChild();
    void exportedKubeconfigWorksWithKubectl();

private:
    MemberFleet m_fleet;
};

void TestMemberCommands::initTestCase()
{
    // The test exec plugins are Python scripts; kubectl is checked per test function.
    QVERIFY2(QFile::exists(QStringLiteral("/usr/bin/python3")), "/usr/bin/python3 is missing (Debian's python3)");
    QString error;
    QVERIFY2(m_fleet.start({QStringLiteral("v1.31.2"), QStringLiteral("v1.30.1"), QStringLiteral("v1.29.9")}, &error),
             qPrintable(error));
    const QByteArray profiles =
        MemberFleet::profile(QStringLiteral("a"), QStringLiteral("good"), m_fleet.memberUrl(0), m_fleet.memberCa(0), QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("b"), QStringLiteral("good"), m_fleet.memberUrl(1), m_fleet.memberCa(1), QStringLiteral("v1.30.1"))
        + MemberFleet::profile(QStringLiteral("broken"), QStringLiteral("failing"), m_fleet.memberUrl(2), m_fleet.memberCa(2), QStringLiteral("v1.29.9"))
        + MemberFleet::profile(QStringLiteral("stranger"), QStringLiteral("someone-elses"), m_fleet.memberUrl(2), m_fleet.memberCa(2),
                               QStringLiteral("v1.29.9"));
    QVERIFY2(m_fleet.startHub(profiles, &error), qPrintable(error));
}

void TestMemberCommands::execPrefixedKeepsStreamsApart()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("exec"), QStringLiteral("--filter"), threeMembers, QStringLiteral("--"),
                                                QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("namespaces"),
                                                QStringLiteral("-o"), QStringLiteral("name")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1); // one member failed
    QCOMPARE(sortedLines(r.out), (QStringList{QStringLiteral("hub/fleet/a: namespace/default"), QStringLiteral("hub/fleet/a: namespace/team-a"),
                                              QStringLiteral("hub/fleet/b: namespace/default"), QStringLiteral("hub/fleet/b: namespace/team-a")}));
    // The failing plugin's words, relayed by kubectl on stderr, prefixed with its member.
    QVERIFY2(r.err.contains("hub/fleet/broken: ") && r.err.contains("failing-plugin: token expired, run login"), r.err.constData());
    QVERIFY2(r.err.endsWith("2 ok, 1 failed, 0 skipped because no provider matched\n"), r.err.constData());
    // Each member's kubeconfig is gone afterwards.
    QCOMPARE(QDir(m_fleet.runtimeDirectory() + QStringLiteral("/fleetscope")).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
}

void TestMemberCommands::execJsonHasEveryMember()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("exec"), QStringLiteral("--filter"), threeMembers, QStringLiteral("-o"),
                                                QStringLiteral("json"), QStringLiteral("--parallel"), QStringLiteral("2"), QStringLiteral("--"),
                                                QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                                QStringLiteral("stat -c %a \"$KUBECONFIG\"; stat -c %a \"$(dirname \"$KUBECONFIG\")\"; "
                                                               "kubectl config current-context; kubectl get ns team-a -o name")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    const nlohmann::json j = nlohmann::json::parse(r.out.constData(), nullptr, false);
    QVERIFY2(!j.is_discarded(), r.out.constData());
    QCOMPARE(int(j["items"].size()), 3);
    for (const nlohmann::json &item : j["items"]) {
        const std::string cluster = item["cluster"].get<std::string>();
        const QByteArray dump = QByteArray::fromStdString(item.dump());
        QVERIFY2(item["durationMs"].get<qint64>() >= 0, dump.constData());
        if (cluster == "hub/fleet/broken") {
            QCOMPARE(item["exitCode"].get<int>(), 1);
            QVERIFY2(item["stderr"].get<std::string>().find("failing-plugin: token expired") != std::string::npos, dump.constData());
        } else {
            QCOMPARE(item["exitCode"].get<int>(), 0);
            QCOMPARE(item["stdout"].get<std::string>(), "600\n700\n" + cluster + "\nnamespace/team-a\n");
        }
    }
}

void TestMemberCommands::execSkipsMembersWithoutProvider()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("exec"), QStringLiteral("hub/fleet/a"), QStringLiteral("hub/fleet/stranger"),
                                                QStringLiteral("--"), QStringLiteral("true")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("warning: skipped hub/fleet/stranger: no provider in"), r.err.constData());
    QVERIFY2(r.err.endsWith("1 ok, 0 failed, 1 skipped because no provider matched\n"), r.err.constData());
}

void TestMemberCommands::execRefusesWithoutTargets()
{
    ProcessResult r = m_fleet.fleetscope({QStringLiteral("exec"), QStringLiteral("--"), QStringLiteral("true")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("error: name members as HUB/NAMESPACE/NAME, select them with --filter, or pass --all"), r.err.constData());
    r = m_fleet.fleetscope({QStringLiteral("exec"), QStringLiteral("hub/fleet/a")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("error: give the command after \"--\""), r.err.constData());
    // --all takes every member: the stranger is skipped, the others run.
    r = m_fleet.fleetscope({QStringLiteral("exec"), QStringLiteral("--all"), QStringLiteral("--"), QStringLiteral("true")});
    QVERIFY2(r.err.endsWith("3 ok, 0 failed, 1 skipped because no provider matched\n"), r.err.constData());
}

void TestMemberCommands::execInterruptStopsEveryChild()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_fleet.path(QString()));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_fleet.runtimeDirectory());
    process.setProcessEnvironment(env);
    process.start(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")),
                  {QStringLiteral("exec"), QStringLiteral("--kubeconfig"), m_fleet.hub().kubeconfigPath(), QStringLiteral("--provider-file"),
                   m_fleet.providerFile(), QStringLiteral("hub/fleet/a"), QStringLiteral("hub/fleet/b"), QStringLiteral("--"),
                   QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("echo \"$KUBECONFIG\"; exec sleep 120")});
    QStringList paths;
    QDeadlineTimer deadline(60000);
    while (paths.size() < 2 && !deadline.hasExpired() && process.state() != QProcess::NotRunning) {
        if (!process.canReadLine())
            process.waitForReadyRead(int(deadline.remainingTime()));
        while (process.canReadLine())
            paths << QString::fromUtf8(process.readLine().trimmed()).section(QStringLiteral(": "), 1);
    }
    QCOMPARE(paths.size(), 2);
    for (const QString &path : std::as_const(paths))
        QVERIFY2(QFile::exists(path), qPrintable(path));
    ::kill(pid_t(process.processId()), SIGINT); // as Ctrl+C would, to us only: we must stop the children
    QVERIFY(process.waitForFinished(20000));
    QCOMPARE(process.exitCode(), 128 + SIGINT);
    for (const QString &path : std::as_const(paths))
        QVERIFY2(!QFile::exists(path), qPrintable(path));
    QVERIFY2(process.readAllStandardError().contains("0 ok, 2 failed"), "summary missing");
}

void TestMemberCommands::exportedKubeconfigWorksWithKubectl()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString path = m_fleet.path(QStringLiteral("fleet.kubeconfig"));
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("kubeconfig"), QStringLiteral("-o"), path});
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.contains("warning: skipped hub/fleet/stranger: no provider in"), r.err.constData());
    QVERIFY2(r.err.contains("3 contexts exported, 1 skipped (no provider matched), 0 failed"), r.err.constData());
    QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
             QFile::Permissions());

    const QStringList env{QStringLiteral("HOME=") + m_fleet.path(QString()), QStringLiteral("KUBECONFIG=")};
    const ProcessResult contexts = runProcess(QStringLiteral("kubectl"), {QStringLiteral("--kubeconfig"), path, QStringLiteral("config"),
                                                                          QStringLiteral("get-contexts"), QStringLiteral("-o"), QStringLiteral("name")},
                                              env, 60000);
    QCOMPARE(contexts.out, QByteArray("hub/fleet/a\nhub/fleet/b\nhub/fleet/broken\n"));
    const ProcessResult k = runProcess(QStringLiteral("kubectl"), {QStringLiteral("--kubeconfig"), path, QStringLiteral("--context"),
                                                                   QStringLiteral("hub/fleet/b"), QStringLiteral("get"), QStringLiteral("namespaces"),
                                                                   QStringLiteral("-o"), QStringLiteral("name")},
                                       env, 60000);
    QVERIFY2(k.exitCode == 0, k.err.constData());
    QCOMPARE(k.out, QByteArray("namespace/default\nnamespace/team-a\n"));

    // To stdout, with a filter.
    const ProcessResult one = m_fleet.fleetscope({QStringLiteral("kubeconfig"), QStringLiteral("--filter"), QStringLiteral("name=a")});
    QCOMPARE(one.exitCode, 0);
    QVERIFY2(one.out.contains("current-context: hub/fleet/a\n") && !one.out.contains("hub/fleet/b"), one.out.constData());
}

QTEST_GUILESS_MAIN(TestMemberCommands)
#include "tst_membercommands.moc"
