// `fleetscope lint` and alias filters as a user runs them, against a
// fleetscope-hub serving every producer's shape (tests/fixtures/hub/producers.yaml).

#include "hubprocess.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <set>

using namespace fleetscope::testing;

namespace {

QString fleetscopeExecutable()
{
    return builtExecutable(QStringLiteral("app/fleetscope/fleetscope"));
}

} // namespace

class TestFleetscopeLint final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void reportsEveryRuleAsJson();
    void printsATableAndFailsOnErrors();
    void exitsZeroOnWarningsAlone();
    void customColumnsAndNoHeaders();
    void seesCredentialProvidersOnlyThroughV1alpha1();
    void listFiltersByAlias();
    void listFiltersByFindings_data();
    void listFiltersByFindings();

private:
    // The settings (property aliases) of a fresh home: the built-in table.
    QStringList environment() const { return {QStringLiteral("XDG_CONFIG_HOME=") + m_home.path()}; }
    ProcessResult lint(const HubProcess &hub, const QStringList &extra = {}) const
    {
        return runProcess(fleetscopeExecutable(),
                          QStringList{QStringLiteral("lint"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath()} + extra,
                          environment(), 60000);
    }
    QTemporaryDir m_home;
};

void TestFleetscopeLint::initTestCase()
{
    QVERIFY(m_home.isValid());
}

void TestFleetscopeLint::reportsEveryRuleAsJson()
{
    HubProcess hub({QStringLiteral("--fleet"), fixturePath(QStringLiteral("hub/producers.yaml"))}, QStringLiteral("inv"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const ProcessResult r = lint(hub, {QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.finished, r.err.constData());
    QCOMPARE(r.exitCode, 1); // errors among the findings
    const nlohmann::json out = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(out["errors"].get<int>(), 8);
    QCOMPARE(out["warnings"].get<int>(), 5);
    std::set<std::string> seen;
    for (const auto &item : out["items"]) {
        seen.insert(item["rule"].get<std::string>() + " " + item["objects"].dump());
        QVERIFY(!item["message"].get<std::string>().empty());
        QVERIFY(!item["hint"].get<std::string>().empty());
    }
    // ocm-global/cluster5 was created as the hub started: seconds old, its missing
    // labels and conditions are not findings yet. GKE's Joined-only profiles,
    // OCM's duplicate and its empty clusterset label are clean.
    const std::set<std::string> expected{
        R"(manager-mismatch ["inv/fleet-system/member-2"])",
        R"(missing-manager-label ["inv/acme-fleet-prod/legacy-batch"])",
        R"(missing-manager-label ["inv/legacy/unmanaged-1"])",
        R"(invalid-manager-name ["inv/legacy/unmanaged-1"])",
        R"(member-disagreement ["inv/fleet-system/member-1","inv/ocm-global/cluster3"])",
        R"(placement-missing-profile ["inv/ocm-global/placementdecision/web-0"])",
        R"(clusterset-contradiction ["inv/ocm-global/cluster2"])",
        R"(invalid-server ["inv/fleet-system/member-4"])",
        R"(stale-property ["inv/legacy/old-1"])",
        R"(no-access-providers ["inv/acme-fleet-prod/legacy-batch"])",
        R"(no-access-providers ["inv/legacy/old-1"])",
        R"(insecure-tls ["inv/fleet-system/member-5"])",
        R"(no-conditions ["inv/acme-fleet-prod/legacy-batch"])",
    };
    if (seen != expected) {
        for (const std::string &s : seen)
            qWarning("seen: %s", s.c_str());
    }
    QVERIFY(seen == expected);
}

void TestFleetscopeLint::printsATableAndFailsOnErrors()
{
    HubProcess hub({QStringLiteral("--fleet"), fixturePath(QStringLiteral("hub/producers.yaml"))}, QStringLiteral("inv"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const ProcessResult r = lint(hub);
    QCOMPARE(r.exitCode, 1);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QVERIFY2(lines.value(0).startsWith("SEVERITY"), r.out.constData());
    QVERIFY2(lines.value(0).trimmed().endsWith("FIX"), r.out.constData());
    QCOMPARE(lines.size(), 14);
    QVERIFY2(lines.value(1).startsWith("error"), r.out.constData());
    QVERIFY2(lines.value(13).startsWith("warning"), r.out.constData());
    // Each finding says what clears it.
    bool hinted = false;
    for (const QByteArray &line : lines)
        hinted = hinted || (line.contains("invalid-server") && line.contains("publish the member's API server URL"));
    QVERIFY2(hinted, r.out.constData());
    // A limit of ten years makes 2020's observation fresh.
    const ProcessResult lenient = lint(hub, {QStringLiteral("-o"), QStringLiteral("json"), QStringLiteral("--stale-after"),
                                             QString::number(24 * 3650)});
    QCOMPARE(nlohmann::json::parse(lenient.out.toStdString())["warnings"].get<int>(), 4);
    // Usage errors are 2, as everywhere.
    QCOMPARE(lint(hub, {QStringLiteral("-o"), QStringLiteral("yaml")}).exitCode, 2);
}

void TestFleetscopeLint::exitsZeroOnWarningsAlone()
{
    QTemporaryDir dir;
    const QString fleet = dir.filePath(QStringLiteral("fleet.yaml"));
    const QByteArray text = R"yaml(apiVersion: multicluster.x-k8s.io/v1alpha1
kind: ClusterProfile
metadata: {name: lonely, namespace: fleet, creationTimestamp: "2026-01-01T00:00:00Z", labels: {x-k8s.io/cluster-manager: m}}
spec: {clusterManager: {name: m}}
status:
  conditions: [{type: Joined, status: "True", reason: Joined, message: "", lastTransitionTime: "2026-01-01T00:00:00Z"}]
---
apiVersion: multicluster.x-k8s.io/v1alpha1
kind: ClusterProfile
metadata: {name: fine, namespace: fleet, creationTimestamp: "2026-01-01T00:00:00Z", labels: {x-k8s.io/cluster-manager: m}}
spec: {clusterManager: {name: m}}
status:
  conditions: [{type: Joined, status: "True", reason: Joined, message: "", lastTransitionTime: "2026-01-01T00:00:00Z"}]
  accessProviders:
  - {name: p, cluster: {server: "https://fine.example.com"}}
)yaml";
    QVERIFY(writeTestFile(fleet, text));
    HubProcess hub({QStringLiteral("--fleet"), fleet}, QStringLiteral("w"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const ProcessResult r = lint(hub, {QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    const nlohmann::json out = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(out["errors"].get<int>(), 0);
    QCOMPARE(out["items"].size(), std::size_t(1));
    QCOMPARE(out["items"][0]["rule"].get<std::string>(), std::string("no-access-providers"));
    QCOMPARE(out["items"][0]["objects"][0].get<std::string>(), std::string("w/fleet/lonely"));
}

void TestFleetscopeLint::customColumnsAndNoHeaders()
{
    HubProcess hub({QStringLiteral("--fleet"), fixturePath(QStringLiteral("hub/producers.yaml"))}, QStringLiteral("inv"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    ProcessResult r = lint(hub, {QStringLiteral("--no-headers")});
    QCOMPARE(r.exitCode, 1);
    QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 13);
    QVERIFY2(lines.value(0).startsWith("error"), r.out.constData());

    r = lint(hub, {QStringLiteral("-o"), QStringLiteral("custom-columns=RULE:rule,LEVEL:severity"), QStringLiteral("--no-headers")});
    QCOMPARE(r.exitCode, 1);
    lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 13);
    for (const QByteArray &line : std::as_const(lines)) {
        const QList<QByteArray> cells = line.simplified().split(' ');
        QCOMPARE(cells.size(), 2);
        QVERIFY2(cells[1] == "error" || cells[1] == "warning", line.constData());
    }
    r = lint(hub, {QStringLiteral("-o"), QStringLiteral("custom-columns=WHAT:fix")});
    QVERIFY2(r.out.startsWith("WHAT"), r.out.constData());
    QVERIFY2(r.out.contains("publish the member's API server URL"), r.out.constData());
    r = lint(hub, {QStringLiteral("-o"), QStringLiteral("custom-columns=X:colour")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("(fields: severity, rule, objects, message, hint)"), r.err.constData());
}

void TestFleetscopeLint::seesCredentialProvidersOnlyThroughV1alpha1()
{
    HubProcess hub({QStringLiteral("--fleet"), fixturePath(QStringLiteral("hub/producers.yaml")),
                    QStringLiteral("--inventory-versions"), QStringLiteral("v1alpha1")},
                   QStringLiteral("old"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const ProcessResult r = lint(hub, {QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 1);
    bool credentialOnly = false;
    const nlohmann::json out = nlohmann::json::parse(r.out.toStdString()); // outlives the loop
    for (const auto &item : out["items"]) {
        // old-1's other finding is its stale property.
        if (item["objects"][0].get<std::string>() == "old/legacy/old-1") {
            QVERIFY(item["rule"].get<std::string>() != "no-access-providers");
            credentialOnly = credentialOnly || item["rule"].get<std::string>() == "credential-providers-only";
        }
    }
    QVERIFY(credentialOnly);
}

void TestFleetscopeLint::listFiltersByAlias()
{
    HubProcess hub({QStringLiteral("--fleet"), fixturePath(QStringLiteral("hub/producers.yaml"))}, QStringLiteral("inv"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    // OCM's region claim and a plain `location` property, one alias.
    const ProcessResult r = runProcess(fleetscopeExecutable(),
                                       {QStringLiteral("list"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath(),
                                        QStringLiteral("-o"), QStringLiteral("name"), QStringLiteral("--filter"),
                                        QStringLiteral("region=eu-central-1")},
                                       environment(), 60000);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("inv/legacy/old-1\ninv/ocm-global/cluster4\n"));
}

void TestFleetscopeLint::listFiltersByFindings_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("any finding")
        << "findings!=\"\""
        << QStringList{"inv/acme-fleet-prod/legacy-batch", "inv/fleet-system/member-1", "inv/fleet-system/member-2",
                       "inv/fleet-system/member-4", "inv/fleet-system/member-5", "inv/legacy/old-1",
                       "inv/legacy/unmanaged-1", "inv/ocm-global/cluster2", "inv/ocm-global/cluster3"};
    QTest::newRow("one rule, as lint names it") << "findings~no-access"
                                                << QStringList{"inv/acme-fleet-prod/legacy-batch", "inv/legacy/old-1"};
    QTest::newRow("KubeFleet's empty server") << "findings~invalid-server" << QStringList{"inv/fleet-system/member-4"};
    QTest::newRow("no findings, one manager")
        << "findings=\"\", manager=open-cluster-management"
        << QStringList{"inv/ocm-global/cluster1", "inv/ocm-global/cluster4", "inv/ocm-global/cluster5",
                       "inv/ocm-team-a/shared-1", "inv/ocm-team-b/shared-1"};
    QTest::newRow("inside an or") << "name=member-3 || findings~insecure"
                                  << QStringList{"inv/fleet-system/member-3", "inv/fleet-system/member-5"};
    // A label of that name is a label, not the lint.
    QTest::newRow("label:findings") << "label:findings" << QStringList{};
}

void TestFleetscopeLint::listFiltersByFindings()
{
    QFETCH(QString, filter);
    QFETCH(QStringList, names);
    HubProcess hub({QStringLiteral("--fleet"), fixturePath(QStringLiteral("hub/producers.yaml"))}, QStringLiteral("inv"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const ProcessResult r = runProcess(fleetscopeExecutable(),
                                       {QStringLiteral("list"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath(),
                                        QStringLiteral("-o"), QStringLiteral("name"), QStringLiteral("--filter"), filter},
                                       environment(), 60000);
    QVERIFY2(r.finished, r.err.constData());
    QCOMPARE(r.exitCode, 0);
    QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    lines.sort();
    QCOMPARE(lines, names);
}

QTEST_GUILESS_MAIN(TestFleetscopeLint)
#include "tst_fleetscopelint.moc"
