// The inventory lint: every rule against the producers' fleet (one object that
// trips it, one that does not), severities, and its findings as the `findings`
// filter key and the Findings column.

#include "api/kubetime.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/lint/fleetfindings.h"
#include "fleet/lint/inventorylint.h"
#include "producerfleet.h"
#include "producershapes.h"

#include <QDateTime>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

qint64 at(const char *text)
{
    KubeTime time = 0;
    if (!parseKubeTime(text, &time))
        qFatal("bad time %s", text);
    return time;
}

const qint64 now = at(producerFleetNow);

// "hub/ns/name …" of the findings of one rule, sorted.
QStringList objectsOf(const QList<LintFinding> &findings, const QString &rule)
{
    QStringList out;
    for (const LintFinding &f : findings) {
        if (f.rule == rule)
            out << f.objects.join(u' ');
    }
    out.sort();
    return out;
}

} // namespace

class TestInventoryLint final : public QObject
{
    Q_OBJECT

private slots:
    void eachRuleTripsOnItsObject_data();
    void eachRuleTripsOnItsObject();
    void cleanProfilesHaveNoFindings();
    void errorsComeFirst();
    void newProfilesSettleFirst();
    void profileRules_data();
    void profileRules();
    void stalenessFollowsTheLimit_data();
    void stalenessFollowsTheLimit();
    void disagreementNeedsDifferentManagers();
    void findingsAreAFilterKeyAndAColumn();
    void demoShapesTripEveryRule();
};

void TestInventoryLint::eachRuleTripsOnItsObject_data()
{
    QTest::addColumn<QString>("servedVersion");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("error");
    QTest::addColumn<QStringList>("objects");
    const QString v2 = QStringLiteral("v1alpha2");
    QTest::newRow("manager label != spec") << v2 << "manager-mismatch" << true
                                           << QStringList{"hub/fleet-system/member-2"};
    // The old GKE script writes none; a hand-made profile with an empty manager neither.
    // OCM's seconds-old cluster5 has no labels yet either, and is not named.
    QTest::newRow("no manager label") << v2 << "missing-manager-label" << true
                                      << QStringList{"hub/acme-fleet-prod/legacy-batch", "hub/legacy/unmanaged-1"};
    QTest::newRow("empty spec.clusterManager.name") << v2 << "invalid-manager-name" << true
                                                    << QStringList{"hub/legacy/unmanaged-1"};
    QTest::newRow("member id, managers disagree")
        << v2 << "member-disagreement" << true << QStringList{"hub/fleet-system/member-1 hub/ocm-global/cluster3"};
    QTest::newRow("decision names a missing profile") << v2 << "placement-missing-profile" << true
                                                      << QStringList{"hub/ocm-global/placementdecision/web-0"};
    // cluster4's empty clusterset label claims nothing.
    QTest::newRow("clusterset label contradicts the namespace's") << v2 << "clusterset-contradiction" << true
                                                                  << QStringList{"hub/ocm-global/cluster2"};
    // KubeFleet's server "" (written through v1alpha1, served through v1alpha2 as stored);
    // GKE's Connect Gateway URL with a path is fine.
    QTest::newRow("empty server (v1alpha2)") << v2 << "invalid-server" << true << QStringList{"hub/fleet-system/member-4"};
    QTest::newRow("empty server (v1alpha1)") << "v1alpha1" << "invalid-server" << true
                                             << QStringList{"hub/fleet-system/member-4"};
    // OCM's claims carry no lastObservedTime: never stale.
    QTest::newRow("property observed in 2020") << v2 << "stale-property" << false << QStringList{"hub/legacy/old-1"};
    // Served through v1alpha2, the deprecated list is gone: old-1 has no provider at all.
    QTest::newRow("no access providers (v1alpha2)")
        << v2 << "no-access-providers" << false
        << QStringList{"hub/acme-fleet-prod/legacy-batch", "hub/legacy/old-1"};
    QTest::newRow("no access providers (v1alpha1)") << "v1alpha1" << "no-access-providers" << false
                                                    << QStringList{"hub/acme-fleet-prod/legacy-batch"};
    QTest::newRow("only credentialProviders (v1alpha1)") << "v1alpha1" << "credential-providers-only" << false
                                                         << QStringList{"hub/legacy/old-1"};
    QTest::newRow("only credentialProviders (v1alpha2): cannot be seen") << v2 << "credential-providers-only" << false
                                                                         << QStringList{};
    QTest::newRow("insecure-skip-tls-verify") << v2 << "insecure-tls" << false << QStringList{"hub/fleet-system/member-5"};
    // cluster5's `conditions: []` is seconds old; GKE's Joined alone is a condition.
    QTest::newRow("no conditions at all") << v2 << "no-conditions" << false
                                          << QStringList{"hub/acme-fleet-prod/legacy-batch"};
}

void TestInventoryLint::eachRuleTripsOnItsObject()
{
    QFETCH(QString, servedVersion);
    QFETCH(QString, rule);
    QFETCH(bool, error);
    FleetStore store;
    fillProducerFleet(&store, servedVersion);
    const QList<LintFinding> findings = InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000});
    QTEST(objectsOf(findings, rule), "objects");
    QVERIFY(InventoryLint::rules().contains(rule));
    QCOMPARE(InventoryLint::severityOf(rule) == LintFinding::Severity::Error, error);
    for (const LintFinding &f : findings) {
        QVERIFY2(!f.message.isEmpty(), qPrintable(f.rule));
        QVERIFY2(!f.hint.isEmpty(), qPrintable(f.rule));
        QCOMPARE(f.severity, InventoryLint::severityOf(f.rule));
    }
}

void TestInventoryLint::cleanProfilesHaveNoFindings()
{
    // What §8 calls normal for a producer: OCM's claims without lastObservedTime,
    // a duplicate across namespaces, an empty clusterset label and a seconds-old
    // profile with `conditions: []` and no labels; KubeFleet with its entry point;
    // GKE's Joined-only profiles with a Connect Gateway URL and no CA data.
    FleetStore store;
    fillProducerFleet(&store);
    const QList<LintFinding> findings = InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000});
    const QStringList clean{"hub/ocm-global/cluster1",      "hub/ocm-global/cluster4",
                            "hub/ocm-global/cluster5",      "hub/ocm-team-a/shared-1",
                            "hub/ocm-team-b/shared-1",      "hub/fleet-system/member-3",
                            "hub/fleet-cluster-inventory/gke-prod-europe-west1",
                            "hub/fleet-cluster-inventory/gke-batch-us-central1-a",
                            "hub/cluster-inventory/guide-eu-1"};
    for (const LintFinding &f : findings) {
        for (const QString &object : f.objects)
            QVERIFY2(!clean.contains(object), qPrintable(QStringLiteral("%1 %2: %3").arg(f.rule, object, f.message)));
    }
    QCOMPARE(findings.size(), 13);
}

void TestInventoryLint::errorsComeFirst()
{
    FleetStore store;
    fillProducerFleet(&store);
    const QList<LintFinding> findings = InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000});
    QStringList order;
    for (const LintFinding &f : findings)
        order << LintFinding::severityName(f.severity);
    QCOMPARE(order, (QStringList{"error", "error", "error", "error", "error", "error", "error", "error", "warning",
                                 "warning", "warning", "warning", "warning"}));
}

void TestInventoryLint::newProfilesSettleFirst()
{
    // cluster5 (OCM, `conditions: []`, labels not yet patched) is quiet while it is
    // new and named once it has had time to settle; the dashboard's lint gets
    // there on its own clock.
    FleetStore store;
    fillProducerFleet(&store);
    const qint64 created = at(producerFleetCreated);
    const auto namesOf = [&store](qint64 at) {
        QStringList rules;
        for (const LintFinding &f : InventoryLint::run(store, LintOptions{at, 24LL * 3600 * 1000})) {
            if (f.objects.contains(u"hub/ocm-global/cluster5"))
                rules << f.rule;
        }
        return rules;
    };
    const LintOptions defaults;
    QCOMPARE(namesOf(created + defaults.settleMs - 1), QStringList());
    QCOMPARE(namesOf(created + defaults.settleMs), (QStringList{"missing-manager-label", "no-conditions"}));

    FleetFindings findings(&store);
    findings.relint(now);
    const FleetProfile &young = store.profileAt(store.rowOf(0, ObjectKey{QStringLiteral("ocm-global"), QStringLiteral("cluster5")}));
    QVERIFY(!findings.value(young));
    findings.relint(created + defaults.settleMs);
    QVERIFY(findings.value(young));
    QCOMPARE(*findings.value(young), QStringLiteral("missing-manager-label,no-conditions"));
}

void TestInventoryLint::profileRules_data()
{
    // One profile at a time; "-" as the label: no label at all. createdAgo -1: no
    // creationTimestamp (settled: only an apiserver sets one).
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("server");
    QTest::addColumn<bool>("insecure");
    QTest::addColumn<bool>("conditions");
    QTest::addColumn<qint64>("createdAgoMs");
    QTest::addColumn<QString>("rules");
    const qint64 minute = 60 * 1000;
    const QString ok = QStringLiteral("https://10.0.0.5:6443");
    QTest::newRow("clean") << "m" << "m" << ok << false << true << 60 * minute << "";
    QTest::newRow("GKE Connect Gateway: a path, no CA")
        << "gke-fleet" << "gke-fleet"
        << "https://connectgateway.googleapis.com/v1/projects/1/locations/global/gkeMemberships/c" << false << true
        << 60 * minute << "";
    QTest::newRow("OCM cluster proxy: a port and a path")
        << "open-cluster-management" << "open-cluster-management"
        << "https://cluster-proxy-addon-user.ocm:9092/c" << false << true << 60 * minute << "";
    QTest::newRow("KubeFleet's empty server") << "KubeFleet" << "KubeFleet" << "" << false << true << 60 * minute
                                              << "invalid-server";
    QTest::newRow("blank server") << "m" << "m" << "  " << false << true << 60 * minute << "invalid-server";
    QTest::newRow("server without a scheme") << "m" << "m" << "10.0.0.5:6443" << false << true << 60 * minute
                                             << "invalid-server";
    QTest::newRow("server without a host") << "m" << "m" << "https:///api" << false << true << 60 * minute
                                           << "invalid-server";
    QTest::newRow("insecure-skip-tls-verify") << "m" << "m" << ok << true << true << 60 * minute << "insecure-tls";
    QTest::newRow("empty server and insecure (an older KubeFleet)")
        << "KubeFleet" << "KubeFleet" << "" << true << true << 60 * minute << "invalid-server,insecure-tls";
    QTest::newRow("no manager label") << "-" << "m" << ok << false << true << 60 * minute << "missing-manager-label";
    QTest::newRow("empty manager label") << "" << "m" << ok << false << true << 60 * minute << "missing-manager-label";
    QTest::newRow("no manager label, no creation time") << "-" << "m" << ok << false << true << qint64(-1)
                                                        << "missing-manager-label";
    QTest::newRow("no manager label, 1 min old (OCM patches it next)")
        << "-" << "m" << ok << false << true << minute << "";
    QTest::newRow("label, empty spec") << "m" << "" << ok << false << true << 60 * minute << "invalid-manager-name";
    QTest::newRow("neither label nor spec") << "-" << "" << ok << false << true << 60 * minute
                                            << "missing-manager-label,invalid-manager-name";
    QTest::newRow("spec not a label value") << "-" << "Fleet Manager" << ok << false << true << 60 * minute
                                            << "missing-manager-label,invalid-manager-name";
    QTest::newRow("spec of 64 characters") << QString(64, u'a') << QString(64, u'a') << ok << false << true
                                           << 60 * minute << "invalid-manager-name";
    QTest::newRow("label differs") << "a" << "b" << ok << false << true << 60 * minute << "manager-mismatch";
    QTest::newRow("conditions: [] an hour old") << "m" << "m" << ok << false << false << 60 * minute << "no-conditions";
    QTest::newRow("conditions: [] seconds old") << "m" << "m" << ok << false << false << qint64(5 * 1000) << "";
    QTest::newRow("created in the future (clock skew)") << "m" << "m" << ok << false << false << -minute << "";
    QTest::newRow("no status at all, seconds old") << "-" << "m" << QString() << false << false << qint64(5 * 1000) << "";
    QTest::newRow("no status at all (the old GKE script)")
        << "-" << "fleet-memberships-to-clusterprofile-script" << QString() << false << false << 60 * minute
        << "missing-manager-label,no-access-providers,no-conditions";
}

void TestInventoryLint::profileRules()
{
    QFETCH(QString, label);
    QFETCH(QString, spec);
    QFETCH(QString, server);
    QFETCH(bool, insecure);
    QFETCH(bool, conditions);
    QFETCH(qint64, createdAgoMs);
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    HubDelta delta;
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = QStringLiteral("c");
    p.metadata.namespaceName = QStringLiteral("ns");
    if (createdAgoMs != -1)
        p.metadata.creationTimestamp = now - createdAgoMs;
    if (label != u"-")
        p.metadata.labels.insert(QStringLiteral("x-k8s.io/cluster-manager"), label);
    p.clusterManagerName = spec;
    if (!server.isNull()) {
        AccessProvider provider;
        provider.name = QStringLiteral("p");
        provider.cluster.server = BlockString(server);
        provider.cluster.insecureSkipTlsVerify = insecure;
        p.accessProviders.append(provider);
    }
    if (conditions) {
        Condition joined;
        joined.type = QStringLiteral("Joined");
        joined.status = ConditionStatus::True;
        p.conditions.append(joined);
    }
    delta.upsertedProfiles.append(record);
    store.applyDelta(hub, delta);
    const QList<LintFinding> findings = InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000});
    QStringList rules;
    for (const LintFinding &f : findings) {
        rules << f.rule;
        QVERIFY2(!f.hint.isEmpty(), qPrintable(f.rule));
    }
    QTEST(rules.join(u','), "rules");
    // The dashboard's lint agrees with the whole pass.
    FleetFindings kept(&store);
    kept.relint(now);
    QCOMPARE(kept.findings(), findings);
}

void TestInventoryLint::stalenessFollowsTheLimit_data()
{
    QTest::addColumn<qint64>("observedAgoMs");
    QTest::addColumn<qint64>("limitMs");
    QTest::addColumn<bool>("stale");
    const qint64 hour = 3600 * 1000;
    QTest::newRow("1 h old, 24 h limit") << hour << 24 * hour << false;
    QTest::newRow("25 h old, 24 h limit") << 25 * hour << 24 * hour << true;
    QTest::newRow("25 h old, 48 h limit") << 25 * hour << 48 * hour << false;
}

void TestInventoryLint::stalenessFollowsTheLimit()
{
    QFETCH(qint64, observedAgoMs);
    QFETCH(qint64, limitMs);
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    HubDelta delta;
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.name = QStringLiteral("c");
    record->profile.metadata.namespaceName = QStringLiteral("ns");
    record->profile.properties.append(Property{QStringLiteral("location"), QStringLiteral("x"), now - observedAgoMs});
    record->profile.properties.append(Property{QStringLiteral("no-time"), QStringLiteral("y"), 0}); // never stale
    delta.upsertedProfiles.append(record);
    store.applyDelta(hub, delta);
    const QStringList stale = objectsOf(InventoryLint::run(store, LintOptions{now, limitMs}), QStringLiteral("stale-property"));
    QTEST(!stale.isEmpty(), "stale");
}

void TestInventoryLint::disagreementNeedsDifferentManagers()
{
    // Two profiles of one manager with one member id are a producer's business, not a
    // disagreement; the same pair from two managers is.
    for (const bool twoManagers : {false, true}) {
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("h"));
        HubDelta delta;
        for (int i = 0; i < 2; ++i) {
            auto record = std::make_shared<ProfileRecord>();
            ClusterProfile &p = record->profile;
            p.metadata.name = QStringLiteral("c%1").arg(i);
            p.metadata.namespaceName = QStringLiteral("ns");
            p.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/inventory-member-id"), QStringLiteral("m"));
            p.clusterManagerName = twoManagers && i ? QStringLiteral("b") : QStringLiteral("a");
            p.kubernetesVersion = i ? QStringLiteral("v1.30.1") : QStringLiteral("v1.31.0");
            p.accessProviders.append(AccessProvider{{}, QStringLiteral("p"), false});
            delta.upsertedProfiles.append(record);
        }
        store.applyDelta(hub, delta);
        const QStringList found = objectsOf(InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000}),
                                            QStringLiteral("member-disagreement"));
        QCOMPARE(found.size(), twoManagers ? 1 : 0);
    }
}

void TestInventoryLint::findingsAreAFilterKeyAndAColumn()
{
    FleetStore store;
    fillProducerFleet(&store);
    FleetFindings findings(&store);
    store.addFilterFacts(&findings);
    findings.relint(now);
    const auto matching = [&store](const QString &text) {
        FilterError error;
        const FleetFilter filter = FleetFilter::compile(text, &error);
        QStringList names;
        for (const FleetProfile &p : store.profiles()) {
            if (filter.matches(p, &store))
                names << p.profile().metadata.name;
        }
        names.sort();
        return names.join(u',');
    };
    QCOMPARE(matching(QStringLiteral("findings!=\"\"")),
             QStringLiteral("cluster2,cluster3,legacy-batch,member-1,member-2,member-4,member-5,old-1,unmanaged-1"));
    QCOMPARE(matching(QStringLiteral("findings=\"\"")),
             QStringLiteral("cluster1,cluster4,cluster5,gke-batch-us-central1-a,gke-prod-europe-west1,guide-eu-1,member-3,shared-1,shared-1"));
    QCOMPARE(matching(QStringLiteral("findings~stale")), QStringLiteral("old-1"));
    QCOMPARE(matching(QStringLiteral("findings~server || findings~insecure")), QStringLiteral("member-4,member-5"));
    QCOMPARE(matching(QStringLiteral("findings~member-disagreement, manager=KubeFleet")), QStringLiteral("member-1"));

    const FleetProfile &script = store.profileAt(store.rowOf(0, ObjectKey{QStringLiteral("acme-fleet-prod"),
                                                                           QStringLiteral("legacy-batch")}));
    QVERIFY(findings.value(script));
    QCOMPARE(*findings.value(script), QStringLiteral("missing-manager-label,no-access-providers,no-conditions"));
    QCOMPARE(findings.findingsOf(script).size(), 3);
    const FleetProfile &clean = store.profileAt(store.rowOf(0, ObjectKey{QStringLiteral("ocm-global"), QStringLiteral("cluster1")}));
    QVERIFY(!findings.value(clean));
    QCOMPARE(findings.header(), QStringLiteral("Findings"));
    store.removeFilterFacts(&findings);
}

void TestInventoryLint::demoShapesTripEveryRule()
{
    // fleetscope-hub --producer-shapes (the demo's second hub), as written.
    const auto at = std::chrono::system_clock::now();
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("demo"));
    store.applyDelta(hub, deltaOf(hub::producerShapes(at), QString(), QStringLiteral("--producer-shapes")));
    QSet<QString> managers;
    for (const FleetProfile &p : store.profiles())
        managers.insert(p.profile().clusterManagerName.toString());
    QCOMPARE(managers, (QSet<QString>{"open-cluster-management", "KubeFleet", "gke-fleet",
                                      "fleet-memberships-to-clusterprofile-script", "legacy-manager", ""}));
    const QList<LintFinding> findings = InventoryLint::run(
        store, LintOptions{std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count(),
                           24LL * 3600 * 1000});
    QSet<QString> rules;
    for (const LintFinding &f : findings)
        rules.insert(f.rule);
    QCOMPARE(rules, QSet<QString>(InventoryLint::rules().begin(), InventoryLint::rules().end()));
    QVERIFY2(findings.size() <= 16, qPrintable(QString::number(findings.size()))); // a few, not a wall of them
    // The shapes §8 calls normal say nothing: OCM's new, duplicated and set-less
    // profiles, GKE's Joined-only ones.
    for (const LintFinding &f : findings) {
        for (const QString &object : f.objects) {
            QVERIFY2(!object.contains(u"/ocm-new-1") && !object.contains(u"/ocm-shared-1")
                         && !object.contains(u"/ocm-edge-1") && !object.contains(u"/gke-"),
                     qPrintable(f.rule + u' ' + object));
        }
    }
}

QTEST_GUILESS_MAIN(TestInventoryLint)
#include "tst_inventorylint.moc"
