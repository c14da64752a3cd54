// `fleetscope doctor` against real members: two fleetscope-hub processes (own CAs,
// own versions) behind a hub whose profiles point at them, rightly and wrongly,
// with a real exec plugin, a failing one and a missing one.

#include "memberfleet.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestDoctorCommand final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void eachMemberFailsWhereItShould_data();
    void eachMemberFailsWhereItShould();
    void tableNamesEveryColumn();
    void customColumnsAndNoHeaders();
    void filterAndExitStatus();
    void missingProviderFileFailsEveryMemberAtProvider();
    void twoHundredMembersInBoundedTime();

private:
    nlohmann::json doctorJson(const QStringList &arguments, int *exitCode);

    MemberFleet m_fleet;
    QString m_refusedServer;
    nlohmann::json m_all;
};

void TestDoctorCommand::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral("/usr/bin/python3")), "/usr/bin/python3 is missing: the test exec plugins are Python scripts");
    QString error;
    QVERIFY2(m_fleet.start({QStringLiteral("v1.31.2"), QStringLiteral("v1.30.1")}, &error), qPrintable(error));

    // A port nobody listens on: taken, then given back.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    m_refusedServer = QStringLiteral("https://127.0.0.1:%1").arg(probe.serverPort());
    probe.close();

    const QString m1 = m_fleet.memberUrl(0);
    const QByteArray ca1 = m_fleet.memberCa(0);
    QByteArray profiles = MemberFleet::profile(QStringLiteral("good"), QStringLiteral("good"), m1, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("wrong-ca"), QStringLiteral("good"), m1, m_fleet.memberCa(1), QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("refused"), QStringLiteral("good"), m_refusedServer, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("plugin-fails"), QStringLiteral("failing"), m1, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("plugin-missing"), QStringLiteral("missing"), m1, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("plugin-garbage"), QStringLiteral("garbage"), m1, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("plugin-interactive"), QStringLiteral("interactive"), m1, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("no-provider"), QStringLiteral("someone-elses"), m1, ca1, QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("mismatch"), QStringLiteral("good"), m_fleet.memberUrl(1), m_fleet.memberCa(1),
                               QStringLiteral("v1.31.0"));
    QVERIFY2(m_fleet.startHub(profiles, &error), qPrintable(error));

    int exitCode = -1;
    m_all = doctorJson({QStringLiteral("doctor")}, &exitCode);
    QCOMPARE(exitCode, 1); // some members fail
    QCOMPARE(int(m_all["items"].size()), 9);
}

nlohmann::json TestDoctorCommand::doctorJson(const QStringList &arguments, int *exitCode)
{
    const ProcessResult r = m_fleet.fleetscope(arguments + QStringList{QStringLiteral("-o"), QStringLiteral("json")});
    *exitCode = r.exitCode;
    if (!r.finished)
        return {};
    const nlohmann::json parsed = nlohmann::json::parse(r.out.constData(), nullptr, false);
    if (parsed.is_discarded())
        qWarning("not JSON: %s / %s", r.out.constData(), r.err.constData());
    return parsed;
}

void TestDoctorCommand::eachMemberFailsWhereItShould_data()
{
    QTest::addColumn<QString>("cluster");
    QTest::addColumn<bool>("reachable");
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("serverVersion");
    QTest::addColumn<bool>("mismatch");
    QTest::addColumn<QString>("errorPart");

    QTest::newRow("good") << "hub/fleet/good" << true << "good" << "" << "v1.31.2" << false << "";
    QTest::newRow("wrong CA") << "hub/fleet/wrong-ca" << false << "good" << "tls" << "" << false << "certificate";
    QTest::newRow("refused port") << "hub/fleet/refused" << false << "good" << "connect" << "" << false << "connection refused";
    QTest::newRow("plugin exits 1") << "hub/fleet/plugin-fails" << false << "failing" << "plugin" << "" << false
                                    << "exit code 1: failing-plugin: starting | failing-plugin: token expired, run login";
    QTest::newRow("plugin not found") << "hub/fleet/plugin-missing" << false << "missing" << "plugin" << "" << false
                                      << "was not found in PATH";
    QTest::newRow("plugin bad output") << "hub/fleet/plugin-garbage" << false << "garbage" << "plugin" << "" << false
                                       << "not a valid ExecCredential";
    QTest::newRow("interactive refused") << "hub/fleet/plugin-interactive" << false << "interactive" << "plugin" << "" << false
                                         << "needs an interactive login";
    QTest::newRow("no matching provider") << "hub/fleet/no-provider" << false << "" << "provider" << "" << false
                                          << "the profile offers \"someone-elses\"";
    QTest::newRow("version mismatch") << "hub/fleet/mismatch" << true << "good" << "" << "v1.30.1" << true << "";
}

void TestDoctorCommand::eachMemberFailsWhereItShould()
{
    QFETCH(QString, cluster);
    QFETCH(bool, reachable);
    QFETCH(QString, provider);
    QFETCH(QString, step);
    QFETCH(QString, serverVersion);
    QFETCH(bool, mismatch);
    QFETCH(QString, errorPart);

    const nlohmann::json *item = nullptr;
    for (const nlohmann::json &i : m_all["items"]) {
        if (i["cluster"] == cluster.toStdString())
            item = &i;
    }
    QVERIFY2(item, qPrintable(cluster));
    const QByteArray dump = QByteArray::fromStdString(item->dump());
    auto text = [&](const char *key) {
        const nlohmann::json &v = (*item)[key];
        return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
    };
    QCOMPARE((*item)["reachable"].get<bool>(), reachable);
    QCOMPARE(text("provider"), provider);
    QCOMPARE(text("step"), step);
    QCOMPARE(text("serverVersion"), serverVersion);
    QCOMPARE((*item)["versionMismatch"].get<bool>(), mismatch);
    QVERIFY2(text("error").contains(errorPart), dump.constData());
    QCOMPARE(text("reportedVersion"), cluster.endsWith(u"mismatch") ? QStringLiteral("v1.31.0") : QStringLiteral("v1.31.2"));
    if (reachable) {
        QVERIFY2((*item)["latencyMs"].is_number() && (*item)["latencyMs"].get<int>() >= 0, dump.constData());
        QCOMPARE(text("credentialExpiry"), QStringLiteral("2099-01-01T00:00:00Z"));
        QVERIFY((*item)["error"].is_null());
    }
}

void TestDoctorCommand::tableNamesEveryColumn()
{
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("doctor"), QStringLiteral("hub/fleet/good"), QStringLiteral("hub/fleet/mismatch")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines[0].simplified() == "CLUSTER PROVIDER RESULT STEP SERVER VERSION REPORTED LATENCY MESSAGE", lines[0].constData());
    QVERIFY2(lines[1].startsWith("hub/fleet/good ") && lines[1].contains(" ok ") && lines[1].contains("v1.31.2"), r.out.constData());
    QVERIFY2(lines[2].contains("ok, version differs") && lines[2].contains("serves v1.30.1, the profile reports v1.31.0"),
             r.out.constData());
    QVERIFY2(r.err.contains("2 of 2 members reachable"), r.err.constData());
}

void TestDoctorCommand::customColumnsAndNoHeaders()
{
    const QStringList targets{QStringLiteral("doctor"), QStringLiteral("hub/fleet/good"), QStringLiteral("hub/fleet/mismatch")};
    ProcessResult r = m_fleet.fleetscope(targets + QStringList{QStringLiteral("--no-headers")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith("hub/fleet/good ") && lines[0].contains(" ok "), r.out.constData());

    r = m_fleet.fleetscope(targets + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=MEMBER:cluster,SERVES:serverVersion")});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], QByteArray("MEMBER               SERVES"));
    QCOMPARE(lines[1], QByteArray("hub/fleet/good       v1.31.2"));
    QCOMPARE(lines[2], QByteArray("hub/fleet/mismatch   v1.30.1"));

    // An unknown field is a usage error that lists the fields, before any member is reached.
    r = m_fleet.fleetscope(targets + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=X:latencyMs")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("unknown field \"latencyMs\" (fields: cluster, provider, result, step, serverVersion, "
                            "reportedVersion, latency, message); did you mean \"latency\"?"),
             r.err.constData());
}

void TestDoctorCommand::filterAndExitStatus()
{
    int exitCode = -1;
    nlohmann::json j = doctorJson({QStringLiteral("doctor"), QStringLiteral("--filter"), QStringLiteral("name=good")}, &exitCode);
    QCOMPARE(exitCode, 0);
    QCOMPARE(int(j["items"].size()), 1);
    QCOMPARE(j["items"][0]["cluster"].get<std::string>(), std::string("hub/fleet/good"));

    // A refused port fails fast and within the deadline; the exit status says so.
    j = doctorJson({QStringLiteral("doctor"), QStringLiteral("hub/fleet/refused"), QStringLiteral("--timeout"), QStringLiteral("2")}, &exitCode);
    QCOMPARE(exitCode, 1);
    QCOMPARE(j["items"][0]["step"].get<std::string>(), std::string("connect"));

    // Usage mistakes are exit 2 with one line.
    const ProcessResult both = m_fleet.fleetscope({QStringLiteral("doctor"), QStringLiteral("--filter"), QStringLiteral("name=good"),
                                                   QStringLiteral("hub/fleet/good")});
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.startsWith("error: --filter and HUB/NAMESPACE/NAME targets cannot be used together"), both.err.constData());
}

void TestDoctorCommand::missingProviderFileFailsEveryMemberAtProvider()
{
    const QString missing = m_fleet.path(QStringLiteral("no-such-providers.json"));
    const ProcessResult r = m_fleet.fleetscope({QStringLiteral("doctor"), QStringLiteral("hub/fleet/good"), QStringLiteral("--provider-file"),
                                                missing, QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 1);
    const nlohmann::json j = nlohmann::json::parse(r.out.constData(), nullptr, false);
    QVERIFY2(!j.is_discarded(), r.out.constData());
    QCOMPARE(j["items"][0]["step"].get<std::string>(), std::string("provider"));
    QVERIFY2(QString::fromStdString(j["items"][0]["error"].get<std::string>()).contains(missing), r.out.constData());
}

void TestDoctorCommand::twoHundredMembersInBoundedTime()
{
    // A second hub with 200 members, all the good one: 16 at a time must finish in
    // bounded time. The per-member timeout is generous because the machine running
    // the tests may be busy; the bound on the whole run is what this checks.
    MemberFleet big;
    QString error;
    QVERIFY2(big.start({QStringLiteral("v1.31.2")}, &error), qPrintable(error));
    QByteArray profiles;
    for (int i = 0; i < 200; ++i)
        profiles += MemberFleet::profile(QStringLiteral("m-%1").arg(i, 3, 10, QLatin1Char('0')), QStringLiteral("good"),
                                         big.memberUrl(0), big.memberCa(0), QStringLiteral("v1.31.2"));
    QVERIFY2(big.startHub(profiles, &error), qPrintable(error));
    QElapsedTimer timer;
    timer.start();
    const ProcessResult r = big.fleetscope({QStringLiteral("doctor"), QStringLiteral("--parallel"), QStringLiteral("16"),
                                            QStringLiteral("--timeout"), QStringLiteral("30"), QStringLiteral("-o"), QStringLiteral("json")},
                                           120000);
    QVERIFY2(r.finished, "doctor did not finish 200 members within 120 s");
    QVERIFY2(r.exitCode == 0, r.err.right(2000).constData());
    const nlohmann::json j = nlohmann::json::parse(r.out.constData(), nullptr, false);
    QCOMPARE(int(j["items"].size()), 200);
    qInfo("200 members checked in %lld ms", timer.elapsed());
    QVERIFY2(timer.elapsed() < 100000, qPrintable(QString::number(timer.elapsed())));
}

QTEST_GUILESS_MAIN(TestDoctorCommand)
#include "tst_doctorcommand.moc"
