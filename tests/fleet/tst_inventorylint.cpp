// The inventory lint: every rule against the producers' fleet (one object that
// trips it, one that does not), severities, and its findings as the `findings`
// filter key and the Findings column.

#include "api/kubetime.h"
#include "fleet/fleetfilter.h"
#include "fleet/fleetfindings.h"
#include "fleet/inventorylint.h"
#include "producerfleet.h"
#include "producershapes.h"

#include <QDateTime>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const qint64 now = QDateTime(QDate(2026, 11, 26), QTime(12, 0), Qt::UTC).toMSecsSinceEpoch();

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
    QTest::newRow("member id, managers disagree")
        << v2 << "member-disagreement" << true
        << QStringList{"hub/fleet-cluster-inventory/gke-eu-west1-b hub/fleet-system/member-1"};
    QTest::newRow("decision names a missing profile") << v2 << "placement-missing-profile" << true
                                                      << QStringList{"hub/ocm-global/placementdecision/web-0"};
    QTest::newRow("clusterset label contradicts the namespace's") << v2 << "clusterset-contradiction" << true
                                                                  << QStringList{"hub/ocm-global/cluster2"};
    QTest::newRow("property observed in 2020") << v2 << "stale-property" << false
                                               << QStringList{"hub/fleet-cluster-inventory/gke-eu-west1-b"};
    // Served through v1alpha2, the deprecated list is gone: old-1 has no provider at all.
    QTest::newRow("no access providers (v1alpha2)")
        << v2 << "no-access-providers" << false
        << QStringList{"hub/fleet-cluster-inventory/gke-europe-west1-b", "hub/legacy/old-1"};
    QTest::newRow("no access providers (v1alpha1)") << "v1alpha1" << "no-access-providers" << false
                                                    << QStringList{"hub/fleet-cluster-inventory/gke-europe-west1-b"};
    QTest::newRow("only credentialProviders (v1alpha1)") << "v1alpha1" << "credential-providers-only" << false
                                                         << QStringList{"hub/legacy/old-1"};
    QTest::newRow("only credentialProviders (v1alpha2): cannot be seen") << v2 << "credential-providers-only" << false
                                                                         << QStringList{};
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
        QCOMPARE(f.severity, InventoryLint::severityOf(f.rule));
    }
}

void TestInventoryLint::cleanProfilesHaveNoFindings()
{
    FleetStore store;
    fillProducerFleet(&store);
    const QList<LintFinding> findings = InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000});
    for (const LintFinding &f : findings) {
        QVERIFY2(!f.objects.join(u' ').contains(u"/cluster1"), qPrintable(f.message)); // OCM, v1alpha2
        QVERIFY2(!f.objects.join(u' ').contains(u"/member-3"), qPrintable(f.message)); // KubeFleet
    }
    QCOMPARE(findings.size(), 7);
}

void TestInventoryLint::errorsComeFirst()
{
    FleetStore store;
    fillProducerFleet(&store);
    const QList<LintFinding> findings = InventoryLint::run(store, LintOptions{now, 24LL * 3600 * 1000});
    QStringList order;
    for (const LintFinding &f : findings)
        order << LintFinding::severityName(f.severity);
    QCOMPARE(order, (QStringList{"error", "error", "error", "error", "warning", "warning", "warning"}));
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
             QStringLiteral("cluster2,gke-eu-west1-b,gke-europe-west1-b,member-1,member-2,old-1"));
    QCOMPARE(matching(QStringLiteral("findings=\"\"")), QStringLiteral("cluster1,member-3"));
    QCOMPARE(matching(QStringLiteral("findings~stale")), QStringLiteral("gke-eu-west1-b"));
    QCOMPARE(matching(QStringLiteral("findings~member-disagreement, manager=KubeFleet")), QStringLiteral("member-1"));

    const FleetProfile &gke = store.profileAt(store.rowOf(0, ObjectKey{QStringLiteral("fleet-cluster-inventory"),
                                                                        QStringLiteral("gke-eu-west1-b")}));
    QVERIFY(findings.value(gke));
    QCOMPARE(*findings.value(gke), QStringLiteral("member-disagreement,stale-property"));
    QCOMPARE(findings.findingsOf(gke).size(), 2);
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
    QCOMPARE(managers, (QSet<QString>{"open-cluster-management", "KubeFleet", "gke-fleet", "legacy-manager"}));
    const QList<LintFinding> findings = InventoryLint::run(
        store, LintOptions{std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count(),
                           24LL * 3600 * 1000});
    QSet<QString> rules;
    for (const LintFinding &f : findings)
        rules.insert(f.rule);
    QCOMPARE(rules, QSet<QString>(InventoryLint::rules().begin(), InventoryLint::rules().end()));
    QVERIFY(findings.size() <= 10); // a few findings, not a wall of them
}

QTEST_GUILESS_MAIN(TestInventoryLint)
#include "tst_inventorylint.moc"
