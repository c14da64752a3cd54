// Health rules: the verdict each producer's conditions get by the built-in rules,
// user rules in the filter language, what a rule may not say, settings round trips,
// and that the store, the filter and the counts follow the active rules.

#include "api/clusterprofile.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/store/fleetstore.h"
#include "fleet/filter/healthrules.h"
#include "kube/hubdelta.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;

Q_DECLARE_METATYPE(fleetscope::Health)

namespace {

// "ControlPlaneHealthy=True Joined=False": the conditions a producer writes.
ProfilePtr profileWith(const QString &name, const QString &manager, const QString &conditions)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = name;
    p.metadata.namespaceName = QStringLiteral("fleet");
    if (!manager.isEmpty())
        p.metadata.labels.insert(QStringLiteral("x-k8s.io/cluster-manager"), manager);
    for (const QString &term : conditions.split(u' ', Qt::SkipEmptyParts)) {
        Condition c;
        c.type = term.section(u'=', 0, 0);
        c.status = conditionStatusFromString(term.section(u'=', 1));
        p.conditions.append(c);
    }
    return record;
}

class ActiveRules
{
public:
    explicit ActiveRules(const HealthRules &rules) { HealthRules::setActive(rules); }
    ~ActiveRules() { HealthRules::setActive(HealthRules()); }
};

} // namespace

class TestHealthRules : public QObject
{
    Q_OBJECT

private slots:
    void builtInVerdicts_data();
    void builtInVerdicts();
    void userRules_data();
    void userRules();
    void refusedRules_data();
    void refusedRules();
    void explainsTheVerdict();
    void settingsRoundTrip();
    void brokenSettingsFallBack();
    void storeFilterAndCountsFollowTheRules();
};

void TestHealthRules::builtInVerdicts_data()
{
    QTest::addColumn<QString>("manager");
    QTest::addColumn<QString>("conditions");
    QTest::addColumn<Health>("expected");
    const QString ocm = QStringLiteral("open-cluster-management");
    const QString gke = QStringLiteral("gke-fleet");
    const QString kubefleet = QStringLiteral("KubeFleet");
    QTest::newRow("OCM available and joined") << ocm << "ControlPlaneHealthy=True Joined=True" << Health::Healthy;
    QTest::newRow("OCM unavailable") << ocm << "ControlPlaneHealthy=False Joined=True" << Health::Unhealthy;
    QTest::newRow("OCM lease lost") << ocm << "ControlPlaneHealthy=Unknown Joined=True" << Health::Unknown;
    QTest::newRow("OCM left the hub") << ocm << "ControlPlaneHealthy=True Joined=False" << Health::Unhealthy;
    QTest::newRow("OCM seconds old, conditions: []") << ocm << "" << Health::NotReported;
    QTest::newRow("KubeFleet healthy") << kubefleet << "ControlPlaneHealthy=True" << Health::Healthy;
    QTest::newRow("KubeFleet heartbeat lost") << kubefleet << "ControlPlaneHealthy=Unknown" << Health::Unknown;
    QTest::newRow("GKE joined") << gke << "Joined=True" << Health::Healthy;
    QTest::newRow("GKE manager spelt in capitals") << "GKE-Fleet" << "Joined=True" << Health::Healthy;
    QTest::newRow("GKE not joined") << gke << "Joined=False" << Health::Unhealthy;
    QTest::newRow("GKE membership unknown") << gke << "Joined=Unknown" << Health::Unknown;
    QTest::newRow("older GKE script: no status") << "fleet-memberships-to-clusterprofile-script" << "" << Health::NotReported;
    QTest::newRow("unknown producer, only Joined") << "someone" << "Joined=True" << Health::NotReported;
    QTest::newRow("no manager at all") << "" << "ControlPlaneHealthy=True" << Health::Healthy;
    QTest::newRow("other conditions only") << "" << "AllNodesHealthy=False" << Health::NotReported;
}

void TestHealthRules::builtInVerdicts()
{
    QFETCH(QString, manager);
    QFETCH(QString, conditions);
    QFETCH(Health, expected);
    const ProfilePtr record = profileWith(QStringLiteral("c"), manager, conditions);
    QCOMPARE(HealthRules().verdict(record->profile, manager), expected);
    // healthOf() reads the manager off the profile's label, with the active rules.
    QCOMPARE(healthOf(record->profile), expected);
}

void TestHealthRules::userRules_data()
{
    QTest::addColumn<QString>("healthy");
    QTest::addColumn<QString>("conditions");
    QTest::addColumn<Health>("expected");
    QTest::newRow("both needed") << "ControlPlaneHealthy=True Joined=True" << "ControlPlaneHealthy=True" << Health::NotReported;
    QTest::newRow("both present") << "ControlPlaneHealthy=True Joined=True" << "ControlPlaneHealthy=True Joined=True" << Health::Healthy;
    QTest::newRow("in list") << "AllNodesHealthy in (True, Unknown)" << "AllNodesHealthy=Unknown" << Health::Healthy;
    QTest::newRow("prefixed type") << "condition:allNodesHealthy=True" << "allNodesHealthy=True" << Health::Healthy;
    QTest::newRow("existence") << "condition:Joined" << "Joined=False" << Health::Unhealthy; // the unhealthy rule comes first
    QTest::newRow("negation") << "!(Joined=False)" << "" << Health::Healthy;
    QTest::newRow("not equal accepts absent") << "Joined!=False" << "" << Health::Healthy;
}

void TestHealthRules::userRules()
{
    QFETCH(QString, healthy);
    QFETCH(QString, conditions);
    QFETCH(Health, expected);
    HealthRules rules;
    QStringList problems;
    QVERIFY2(HealthRules::compile({{QString(), QStringLiteral("Joined=False"), QString(), healthy}}, &rules, &problems),
             qPrintable(problems.join(u'\n')));
    QCOMPARE(rules.verdict(profileWith(QStringLiteral("c"), QString(), conditions)->profile, QString()), expected);
}

void TestHealthRules::refusedRules_data()
{
    QTest::addColumn<QList<HealthRules::Rule>>("rules");
    QTest::addColumn<QString>("problem");
    using Rule = HealthRules::Rule;
    QTest::newRow("not a condition") << QList<Rule>{{QString(), QString(), QString(), QStringLiteral("name=prod")}}
                                     << "the default rule, healthy: only condition terms decide health (like Joined=True) at 0: 'name=prod'";
    QTest::newRow("free text") << QList<Rule>{{QString(), QStringLiteral("broken"), QString(), QString()}}
                               << "the default rule, unhealthy: only condition terms decide health";
    QTest::newRow("health decides health") << QList<Rule>{{QString(), QString(), QString(), QStringLiteral("health=healthy")}}
                                           << "only condition terms decide health";
    QTest::newRow("syntax") << QList<Rule>{{QString(), QString(), QStringLiteral("Joined="), QString()}}
                            << "the default rule, unknown: expected a value after '='";
    QTest::newRow("bad status") << QList<Rule>{{QString(), QString(), QString(), QStringLiteral("Joined=Yes")}}
                                << "expected True, False, Unknown or Absent";
    QTest::newRow("no default") << QList<Rule>{{QStringLiteral("gke-fleet"), QString(), QString(), QStringLiteral("Joined=True")}}
                                << "there is no default rule";
    QTest::newRow("twice") << QList<Rule>{{QString(), QString(), QString(), QStringLiteral("Joined=True")},
                                          {QStringLiteral("KubeFleet"), QString(), QString(), QStringLiteral("Joined=True")},
                                          {QStringLiteral("kubefleet"), QString(), QString(), QStringLiteral("Joined=True")}}
                           << "the rule for kubefleet is given twice";
}

void TestHealthRules::refusedRules()
{
    QFETCH(QList<HealthRules::Rule>, rules);
    QFETCH(QString, problem);
    HealthRules out;
    QStringList problems;
    QVERIFY(!HealthRules::compile(rules, &out, &problems));
    QVERIFY2(problems.join(u'\n').contains(problem), qPrintable(problems.join(u'\n')));
    QVERIFY(out.isBuiltIn()); // left untouched
}

void TestHealthRules::explainsTheVerdict()
{
    const HealthRules rules;
    const ProfilePtr gke = profileWith(QStringLiteral("g"), QStringLiteral("gke-fleet"), QStringLiteral("Joined=True"));
    QCOMPARE(rules.explain(gke->profile, QStringLiteral("gke-fleet")), QStringLiteral("Healthy by the rule for gke-fleet: Joined=True"));
    const ProfilePtr other = profileWith(QStringLiteral("o"), QStringLiteral("someone"), QStringLiteral("Joined=True"));
    QCOMPARE(rules.explain(other->profile, QStringLiteral("someone")),
             QStringLiteral("Not reported: the default rule reads ControlPlaneHealthy, Joined; the producer writes "
                            "Joined=True, which no part of the rule matches."));
    const ProfilePtr none = profileWith(QStringLiteral("n"), QString(), QString());
    QVERIFY(rules.explain(none->profile, QString()).startsWith(QStringLiteral("Not reported: the producer writes no conditions")));
}

void TestHealthRules::settingsRoundTrip()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    // Built-in rules leave no trace, so that later built-in changes apply.
    HealthRules().save(settings);
    QVERIFY(settings.allKeys().isEmpty());

    QList<HealthRules::Rule> texts = HealthRules::builtInRules();
    texts.append({QStringLiteral("KubeFleet"), QStringLiteral("ControlPlaneHealthy=False"),
                  QStringLiteral("ControlPlaneHealthy in (Unknown, Absent)"), QStringLiteral("ControlPlaneHealthy=True")});
    HealthRules rules;
    QVERIFY(HealthRules::compile(texts, &rules, nullptr));
    rules.save(settings);
    QStringList problems;
    const HealthRules loaded = HealthRules::load(settings, &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(loaded.rules(), texts);
    QCOMPARE(loaded.verdict(profileWith(QStringLiteral("k"), QStringLiteral("KubeFleet"), QString())->profile,
                            QStringLiteral("KubeFleet")),
             Health::Unknown);
}

void TestHealthRules::brokenSettingsFallBack()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    settings.beginWriteArray(QStringLiteral("healthRules"), 1);
    settings.setArrayIndex(0);
    settings.setValue(QStringLiteral("manager"), QString());
    settings.setValue(QStringLiteral("healthy"), QStringLiteral("Joined=="));
    settings.endArray();
    QStringList problems;
    const HealthRules loaded = HealthRules::load(settings, &problems);
    QVERIFY(loaded.isBuiltIn());
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems[0].startsWith(QStringLiteral("health rules in the settings: the default rule, healthy:"))
                 && problems[0].endsWith(QStringLiteral("using the built-in rules")),
             qPrintable(problems[0]));
}

void TestHealthRules::storeFilterAndCountsFollowTheRules()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("hub"));
    HubDelta delta;
    delta.upsertedProfiles = {profileWith(QStringLiteral("gke-1"), QStringLiteral("gke-fleet"), QStringLiteral("Joined=True")),
                              profileWith(QStringLiteral("ocm-1"), QStringLiteral("open-cluster-management"),
                                          QStringLiteral("ControlPlaneHealthy=True Joined=True")),
                              profileWith(QStringLiteral("new-1"), QStringLiteral("open-cluster-management"), QString())};
    store.applyDelta(hub, delta);
    auto verdicts = [&store] {
        QStringList out;
        for (int row = 0; row < store.profileCount(); ++row)
            out << store.profileAt(row).profile().metadata.name + u'=' + healthName(store.profileAt(row).health);
        out.sort();
        return out;
    };
    QCOMPARE(verdicts(), (QStringList{"gke-1=Healthy", "new-1=NotReported", "ocm-1=Healthy"}));

    // The word the table prints is one the filter takes.
    for (const QString &text : {QStringLiteral("health=\"Not reported\""), QStringLiteral("health=NotReported"),
                                QStringLiteral("health=not-reported"),
                                QStringLiteral("health=notreported"), QStringLiteral("health=nodata")}) {
        FilterError error;
        const FleetFilter filter = FleetFilter::compile(text, &error);
        QVERIFY2(!error.isError(), qPrintable(text + u' ' + error.message));
        QStringList matched;
        for (int row = 0; row < store.profileCount(); ++row) {
            if (filter.matches(store.profileAt(row), &store))
                matched << store.profileAt(row).profile().metadata.name;
        }
        QCOMPARE(matched, QStringList{QStringLiteral("new-1")});
    }

    // New rules: every row again, announced as changes, not as updated profiles.
    HealthRules strict;
    QVERIFY(HealthRules::compile({{QString(), QStringLiteral("Joined=False"), QString(), QStringLiteral("Joined=True")},
                                  {QStringLiteral("gke-fleet"), QStringLiteral("Joined!=True"), QString(), QString()}},
                                 &strict, nullptr));
    const ActiveRules active(strict);
    int updatedSignals = 0;
    int changedSignals = 0;
    connect(&store, &FleetStore::profilesUpdated, this, [&] { ++updatedSignals; });
    connect(&store, &FleetStore::profilesChanged, this, [&] { ++changedSignals; });
    store.reapplyHealthRules();
    QCOMPARE(verdicts(), (QStringList{"gke-1=NotReported", "new-1=NotReported", "ocm-1=Healthy"}));
    QCOMPARE(updatedSignals, 0);
    QVERIFY(changedSignals >= 1);
}

QTEST_GUILESS_MAIN(TestHealthRules)
#include "tst_healthrules.moc"
