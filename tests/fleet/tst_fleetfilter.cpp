// The fleet filter language: every operator against a small fleet whose rows
// differ in exactly the ways the terms test, syntax errors with their exact
// positions, and completion of keys and values from the live fleet.

#include "fleet/filter/filtercompleter.h"
#include "fleet/filter/filtervalueindex.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/store/fleetstore.h"
#include "api/stringpool.h"

#include <QTest>

using namespace fleetscope;

namespace {

struct Spec
{
    QString name;
    QString displayName;
    QString ns = "fleet";
    QList<std::pair<QString, QString>> labels;
    QString managerName;
    QString version;
    QList<std::pair<QString, ConditionStatus>> conditions;
    QList<std::pair<QString, QString>> properties;
};

ProfilePtr makeProfile(const Spec &spec)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = spec.name;
    p.metadata.namespaceName = spec.ns;
    for (const auto &[k, v] : spec.labels)
        p.metadata.labels.insert(k, v);
    p.displayName = spec.displayName;
    p.clusterManagerName = spec.managerName;
    p.kubernetesVersion = spec.version;
    for (const auto &[type, status] : spec.conditions) {
        Condition c;
        c.type = type;
        c.status = status;
        c.lastTransitionTime = 1'700'000'000'000;
        p.conditions.append(c);
    }
    for (const auto &[name, value] : spec.properties)
        p.properties.append(Property{name, value, 0});
    return record;
}

// c1..c3 and edge-c4 over two hubs; see the table for what each term picks.
void fillFleet(FleetStore *store)
{
    const int a = store->addHub("hub-a");
    const int b = store->addHub("hub-b");
    HubDelta da;
    da.upsertedProfiles = {
        makeProfile({"c1", "Payments EU", "fleet-prod",
                     {{"env", "prod"},
                      {"multicluster.x-k8s.io/clusterset", "prod"},
                      {"x-k8s.io/cluster-manager", "ocm"},
                      {"multicluster.x-k8s.io/inventory-member-id", "m-1"}},
                     "ocm",
                     "v1.30.2",
                     {{"ControlPlaneHealthy", ConditionStatus::True}, {"Joined", ConditionStatus::True}},
                     {{"location.topology.k8s.io", "cloud/eu-west-1"},
                      {"count.node.k8s.io", "120"},
                      {"type.node.k8s.io", R"(["n2-standard-8","a3-highgpu-8g","H100"])"}}}),
        makeProfile({"c2", "Search US", "fleet-staging",
                     {{"env", "staging"},
                      {"multicluster.x-k8s.io/clusterset", "staging"},
                      {"x-k8s.io/cluster-manager", "kubefleet"}},
                     "kubefleet",
                     "v1.4.0",
                     {{"ControlPlaneHealthy", ConditionStatus::False}, {"Joined", ConditionStatus::True}},
                     {{"location.topology.k8s.io", "cloud/us-east-1"},
                      {"count.node.k8s.io", "40"},
                      {"type.node.k8s.io", "m6i.xlarge"}}}),
    };
    store->applyDelta(a, da);
    HubDelta db;
    db.upsertedProfiles = {
        makeProfile({"c3", "", "fleet-prod",
                     {{"env", "dev"}, {"multicluster.x-k8s.io/clusterset", "prod"}},
                     "gke-fleet",
                     "v1.31.0-gke.1200",
                     {{"ControlPlaneHealthy", ConditionStatus::Unknown}},
                     {{"location.topology.k8s.io", "cloud/eu-west-4"},
                      {"count.node.k8s.io", "8"},
                      {"type.node.k8s.io", R"(["H100-80GB"])"}}}),
        makeProfile({"edge-c4", "", "edge", {}, "", "", {}, {}}),
    };
    store->applyDelta(b, db);
}

QString matching(const FleetStore &store, const FleetFilter &filter)
{
    QStringList names;
    for (const FleetProfile &p : store.profiles()) {
        if (filter.matches(p, &store))
            names << p.profile().metadata.name;
    }
    names.sort();
    return names.join(',');
}

// The same through matchAll(), the proxy's path over the whole store.
QString matchingAll(const FleetStore &store, const FleetFilter &filter)
{
    std::vector<char> accepted;
    filter.matchAll(store.profiles(), &store, &accepted);
    QStringList names;
    for (size_t row = 0; row < accepted.size(); ++row) {
        if (accepted[row])
            names << store.profiles()[row].profile().metadata.name;
    }
    names.sort();
    return names.join(',');
}

// The inventory lint's `findings` fact as FleetFindings answers it: every
// cluster has the key, empty when it trips no rule.
class FindingsFacts final : public FilterFacts
{
public:
    const QString *fact(QStringView key, const FleetProfile &row) const override
    {
        static const QString tripped = QStringLiteral("duplicate-member");
        static const QString none;
        if (key != u"findings")
            return nullptr;
        return row.profile().metadata.name == u"c2" ? &tripped : &none;
    }
};

} // namespace

class TestFleetFilter final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void evaluates_data();
    void evaluates();
    void remembersVerdictsOnlyForTheSameText();
    void reportsErrors_data();
    void reportsErrors();
    void invalidFilterMatchesNothing();
    void completesKeys();
    void completesValues_data();
    void completesValues();
    void completionFollowsTheFleet();
    void completionCountsOnlyWhileAsked();

private:
    FleetStore m_store;
    FilterValueIndex m_index{&m_store};
    FindingsFacts m_findings;
};

void TestFleetFilter::initTestCase()
{
    fillFleet(&m_store);
    m_store.addFilterFacts(&m_findings);
    QCOMPARE(m_store.profileCount(), 4);
}

void TestFleetFilter::evaluates_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("expected");
    auto row = [](const char *filter, const char *expected) { QTest::newRow(filter) << filter << expected; };
    row("", "c1,c2,c3,edge-c4");
    row("location.topology.k8s.io=cloud/eu-west-1", "c1");
    row("location.topology.k8s.io~eu-west", "c1,c3");
    row("clusterset in (prod,staging)", "c1,c2,c3");
    row("clusterset notin (prod)", "c2,edge-c4");
    row("manager!=ocm", "c2,c3,edge-c4");
    row("manager=gke-fleet", "c3");
    row("count.node.k8s.io>=100", "c1");
    row("count.node.k8s.io<50", "c2,c3");
    row("count.node.k8s.io>=1e2", "c1");
    row("property:count.node.k8s.io>=40", "c1,c2");
    row("version>=1.30", "c1,c3");
    row("version<1.30", "c2");
    row("version=1.31", "c3");
    row("version>v1.30.1", "c1,c3");
    row("version<=1.30", "c1,c2");
    row("version>1.30", "c3");
    row("version in (1.4, 1.31)", "c2,c3");
    row("ControlPlaneHealthy=False", "c2");
    row("ControlPlaneHealthy in (True,Unknown)", "c1,c3");
    row("ControlPlaneHealthy=Absent", "edge-c4");
    row("Joined!=True", "c3,edge-c4");
    row("Joined=Absent", "c3,edge-c4");
    row("Joined=true", "c1,c2");
    row("condition:Joined", "c1,c2");
    row("!condition:ControlPlaneHealthy", "edge-c4");
    row("label:env=prod", "c1");
    row("label:env", "c1,c2,c3");
    row("!label:env", "edge-c4");
    row("label:env in (prod, dev)", "c1,c3");
    row("label:env!=prod", "c2,c3,edge-c4");
    row("x-k8s.io/cluster-manager=ocm", "c1");
    row("type.node.k8s.io~H100", "c1,c3");
    row("type.node.k8s.io~/^\\[\"H100/", "c3");
    row("type.node.k8s.io=a3-highgpu-8g", "c1");
    row("type.node.k8s.io=m6i.xlarge", "c2");
    row("count.node.k8s.io", "c1,c2,c3");
    row("!count.node.k8s.io", "edge-c4");
    row("health=unhealthy", "c2");
    // c3 is gke-fleet's, whose rule reads Joined, which c3 does not write.
    row("health in (healthy, nodata)", "c1,c3,edge-c4");
    row("health=not-reported", "c3,edge-c4");
    row("health!=healthy", "c2,c3,edge-c4");
    row("hub=hub-b", "c3,edge-c4");
    row("hub=nosuch", "");
    row("namespace=fleet-prod", "c1,c3");
    row("name=c2", "c2");
    row("name==c1", "c1");
    row("member=m-1", "c1");
    row("displayName~search", "c2");
    row("name~/^c[12]$/", "c1,c2");
    row("name!~/^c/", "edge-c4");
    row("payments", "c1");
    row("EU", "c1");
    row("c", "c1,c2,c3,edge-c4");
    row("\"search us\"", "c2");
    row("'Payments EU'", "c1");
    row("clusterset=prod, manager=ocm", "c1");
    row("clusterset=prod && health=\"Not reported\"", "c3");
    row("clusterset=prod edge", "");
    row("manager=ocm || manager=kubefleet", "c1,c2");
    row("(manager=ocm || manager=kubefleet) && ControlPlaneHealthy=False", "c2");
    row("manager=ocm || manager=kubefleet && ControlPlaneHealthy=False", "c1,c2");
    row("!(clusterset=prod)", "c2,edge-c4");
    row("version>=1.30 manager!=ocm", "c3");
    row("rollout in progress", "");
    // Keys and values no row has, and text the string pool never saw.
    row("label:nosuch=x", "");
    row("label:nosuch!=x", "c1,c2,c3,edge-c4");
    row("clusterset=nosuch-set", "");
    row("manager!=nosuch-manager", "c1,c2,c3,edge-c4");
    row("location.topology.k8s.io=nowhere", "");
    row("location.topology.k8s.io in (nowhere, cloud/us-east-1)", "c2");
    row("no.such.property~x", "");
    row("no.such.property!~x", "c1,c2,c3,edge-c4");
    row("no.such.property>=1", "");
    row("namespace in (fleet-prod, edge)", "c1,c3,edge-c4");
    row("hub in (hub-a, nosuch)", "c1,c2");
    row("hub~-B", "c3,edge-c4");
    // Aliases (PropertyAliases::builtIn): the reported version, no property of
    // the alias's names at all.
    row("kubernetes-version>=1.31", "c3");
    row("kubernetes-version=v1.4.0", "c2");
    row("kubernetes-version~gke", "c3");
    // location.topology.k8s.io is the region alias's last resort.
    row("region~eu", "c1,c3");
    row("region!=x", "c1,c2,c3,edge-c4");
    // Case: keys of built-in fields and statuses ignore it, values do not,
    // ~ ignores it.
    row("NAME=c1", "c1");
    row("Joined=TRUE", "c1,c2");
    row("label:env=PROD", "");
    row("manager=OCM", "");
    row("type.node.k8s.io~h100", "c1,c3");
    row("location.topology.k8s.io~EU-WEST", "c1,c3");
    // Negation, of a term and of its operator.
    row("!version>=1.30", "c2,edge-c4");
    row("!type.node.k8s.io~H100", "c2,edge-c4");
    row("type.node.k8s.io!~H100", "c2,edge-c4");
    row("!(count.node.k8s.io>=40 && version>=1.30)", "c2,c3,edge-c4");
    row("version notin (1.30, 1.31)", "c2,edge-c4");
    row("type.node.k8s.io notin (H100, m6i.xlarge)", "c3,edge-c4");
    // A fact source (the inventory lint) answers before properties and labels.
    row("findings!=\"\"", "c2");
    row("findings=\"\"", "c1,c3,edge-c4");
    row("findings~duplicate", "c2");
}

void TestFleetFilter::evaluates()
{
    QFETCH(QString, filter);
    QFETCH(QString, expected);
    FilterError error;
    const FleetFilter compiled = FleetFilter::compile(filter, &error);
    QVERIFY2(!error.isError(), qPrintable(error.message));
    QVERIFY(compiled.isValid());
    QCOMPARE(matching(m_store, compiled), expected);
    // Again, now from the verdicts the terms remembered, and over the whole store.
    QCOMPARE(matching(m_store, compiled), expected);
    QCOMPARE(matchingAll(m_store, compiled), expected);
    QCOMPARE(matchingAll(m_store, FleetFilter::compile(filter)), expected);
}

void TestFleetFilter::remembersVerdictsOnlyForTheSameText()
{
    // A term remembers its verdict per value buffer: a row whose value changes,
    // and values that come and go through the pool, are judged again.
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    const auto profile = [](const QString &name, const QString &version, const QString &nodes) {
        auto record = std::make_shared<ProfileRecord>();
        record->profile.metadata.namespaceName = QStringLiteral("ns");
        record->profile.metadata.name = name;
        record->profile.kubernetesVersion = version;
        record->profile.properties.append(Property{QStringLiteral("count.node.k8s.io"), nodes, 0});
        return ProfilePtr(record);
    };
    HubDelta add;
    add.upsertedProfiles = {profile("a", "v1.28.0", "3"), profile("b", "v1.31.0", "300")};
    store.applyDelta(hub, add);
    const FleetFilter filter = FleetFilter::compile(QStringLiteral("version>=1.30 || count.node.k8s.io>100"));
    QCOMPARE(matching(store, filter), "b");

    HubDelta change;
    change.upsertedProfiles = {profile("a", "v1.30.1", "3"), profile("b", "v1.29.0", "30")};
    store.applyDelta(hub, change);
    StringPool::shared().purgeUnused(); // the old values' slots may now hold other text
    QCOMPARE(matching(store, filter), "a");
    QCOMPARE(matchingAll(store, filter), "a");

    // Per-cluster values fill a term's table without a hit: it stops remembering.
    HubDelta many;
    for (int i = 0; i < 6000; ++i)
        many.upsertedProfiles.append(profile(QStringLiteral("n%1").arg(i), QString(), QString::number(1000 + i)));
    store.applyDelta(hub, many);
    const FleetFilter nodes = FleetFilter::compile(QStringLiteral("count.node.k8s.io~99"));
    for (int round = 0; round < 2; ++round) {
        std::vector<char> accepted;
        nodes.matchAll(store.profiles(), &store, &accepted);
        int matched = 0;
        for (size_t row = 0; row < accepted.size(); ++row) {
            const bool expected = store.profiles()[row].profile().propertyText(u"count.node.k8s.io").toString().contains(u"99");
            QCOMPARE(accepted[row] != 0, expected);
            matched += accepted[row];
        }
        QCOMPARE(matched, 114); // of 1000..6999, those with "99" in them
    }
}

void TestFleetFilter::reportsErrors_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<int>("offset");
    QTest::addColumn<QString>("message");
    auto row = [](const char *filter, int offset, const char *message) {
        QTest::newRow(filter) << filter << offset << message;
    };
    row("name=", 5, "expected a value after '=' at 5");
    row("=prod", 0, "expected a key before '=' at 0");
    row("name=c1 =", 8, "expected a key before '=' at 8");
    row("(manager=ocm", 12, "expected ')' at 12");
    row("manager=ocm)", 11, "unexpected ')' at 11");
    row("clusterset in prod", 14, "expected '(' after 'in' at 14");
    row("clusterset in (a,", 17, "expected a value in the list at 17");
    row("clusterset in ()", 15, "expected a value in the list at 15");
    row("clusterset in (a b)", 17, "expected ',' or ')' at 17");
    row("clusterset notin (a", 19, "expected ',' or ')' at 19");
    row("a & b", 2, "expected '&&' at 2");
    row("a | b", 2, "expected '||' at 2");
    row("a ||", 4, "expected a term after '||' at 4");
    row("a,", 2, "expected a term after ',' at 2");
    row("a && && b", 5, "expected a term after '&&' at 5");
    row("\"abc", 0, "unterminated quote at 0");
    row("name~/ab", 5, "unterminated regex at 5");
    row("version>=abc", 9, "expected a version after '>=' at 9");
    row("count.node.k8s.io>=many", 19, "expected a number or a version after '>=' at 19");
    row("health=sick", 7, "expected healthy, unhealthy, unknown or not-reported at 7");
    row("Joined=Maybe", 7, "expected True, False, Unknown or Absent at 7");
    row("!", 1, "expected a term after '!' at 1");
    row("name>c1", 4, "'>' does not apply to 'name' at 4");
    row("health~bad", 6, "'~' does not apply to 'health' at 6");
    row("label:=x", 6, "expected a label key after 'label:' at 6");
    row("condition:", 10, "expected a condition type after 'condition:' at 10");
    row("()", 1, "expected a term after '(' at 1");
    row("a ) b", 2, "unexpected ')' at 2");
    row("name=(x)", 5, "expected a value after '=' at 5");
}

void TestFleetFilter::reportsErrors()
{
    QFETCH(QString, filter);
    QFETCH(int, offset);
    QFETCH(QString, message);
    FilterError error;
    const FleetFilter compiled = FleetFilter::compile(filter, &error);
    QVERIFY(!compiled.isValid());
    QCOMPARE(error.message, message);
    QCOMPARE(error.offset, offset);
}

void TestFleetFilter::invalidFilterMatchesNothing()
{
    FilterError error;
    const FleetFilter broken = FleetFilter::compile("name~/[/", &error);
    QVERIFY(error.isError());
    QVERIFY(error.message.startsWith("invalid regex: "));
    QCOMPARE(matching(m_store, broken), QString());
    QVERIFY(FleetFilter().isEmpty());
    QCOMPARE(matching(m_store, FleetFilter()), "c1,c2,c3,edge-c4");
}

void TestFleetFilter::completesKeys()
{
    const FilterCompletions loc = FilterCompleter::completions(m_store, m_index, "manager=ocm loc", 15);
    QCOMPARE(loc.replaceStart, 12);
    QCOMPARE(loc.replaceLength, 3);
    QCOMPARE(loc.candidates, (QStringList{"location", "location.topology.k8s.io"}));

    const FilterCompletions labels = FilterCompleter::completions(m_store, m_index, "label:e", 7);
    QCOMPARE(labels.candidates, QStringList{"label:env"});

    const FilterCompletions conditions = FilterCompleter::completions(m_store, m_index, "(Jo", 3);
    QCOMPARE(conditions.replaceStart, 1);
    QCOMPARE(conditions.candidates, QStringList{"Joined"});

    const FilterCompletions all = FilterCompleter::completions(m_store, m_index, "", 0);
    QVERIFY(all.candidates.contains("clusterset"));
    QVERIFY(all.candidates.contains("count.node.k8s.io"));
    QVERIFY(all.candidates.contains("ControlPlaneHealthy"));
}

void TestFleetFilter::completesValues_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("cursor");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("clusterset") << "clusterset=" << 11 << QStringList{"prod", "staging"};
    QTest::newRow("prefix") << "clusterset=st" << 13 << QStringList{"staging"};
    QTest::newRow("in list") << "manager in (ocm, k" << 18 << QStringList{"kubefleet"};
    QTest::newRow("hub") << "hub!=" << 5 << QStringList{"hub-a", "hub-b"};
    QTest::newRow("health") << "health=un" << 9 << QStringList{"unhealthy", "unknown"};
    QTest::newRow("condition") << "Joined=" << 7 << QStringList{"Absent", "False", "True", "Unknown"};
    QTest::newRow("property") << "location.topology.k8s.io=cloud/eu" << 33
                              << QStringList{"cloud/eu-west-1", "cloud/eu-west-4"};
    QTest::newRow("label") << "label:env=" << 10 << QStringList{"dev", "prod", "staging"};
    QTest::newRow("version") << "version>=v1.3" << 13 << QStringList{"v1.30.2", "v1.31.0-gke.1200"};
    QTest::newRow("quoted display name") << "displayName=S" << 13 << QStringList{"\"Search US\""};
    QTest::newRow("inside a quote") << "name=\"c" << 7 << QStringList{};
}

void TestFleetFilter::completesValues()
{
    QFETCH(QString, text);
    QFETCH(int, cursor);
    QFETCH(QStringList, expected);
    QCOMPARE(FilterCompleter::completions(m_store, m_index, text, cursor).candidates, expected);
}

void TestFleetFilter::completionFollowsTheFleet()
{
    // The index counts values as rows come, change and go: a value no row
    // holds any more is not offered, a new one is at once.
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    const auto version = [](const QString &name, const QString &value) {
        auto record = std::make_shared<ProfileRecord>();
        record->profile.metadata.namespaceName = QStringLiteral("ns");
        record->profile.metadata.name = name;
        record->profile.kubernetesVersion = value;
        return ProfilePtr(record);
    };
    HubDelta add;
    add.upsertedProfiles = {version("a", "v1.28.0"), version("b", "v1.29.0"), version("c", "v1.29.0")};
    store.applyDelta(hub, add);
    FilterValueIndex index(&store); // made after the rows: it counts what is there
    const auto offered = [&] { return FilterCompleter::completions(store, index, "version=", 8).candidates; };
    QCOMPARE(offered(), (QStringList{"v1.28.0", "v1.29.0"}));

    HubDelta change;
    change.upsertedProfiles = {version("a", "v1.30.0"), version("b", "v1.31.0")};
    store.applyDelta(hub, change);
    QCOMPARE(offered(), (QStringList{"v1.29.0", "v1.30.0", "v1.31.0"}));

    HubDelta remove;
    remove.removedProfiles = {{"ns", "c"}};
    store.applyDelta(hub, remove);
    QCOMPARE(offered(), (QStringList{"v1.30.0", "v1.31.0"}));

    // Counting waits for a quiet moment: a row changed and then removed before it
    // is counted leaves neither value behind, and a value still held stays.
    HubDelta changeAgain;
    changeAgain.upsertedProfiles = {version("a", "v1.32.0")};
    store.applyDelta(hub, changeAgain);
    HubDelta removeAgain;
    removeAgain.removedProfiles = {{"ns", "a"}};
    store.applyDelta(hub, removeAgain);
    QCOMPARE(offered(), (QStringList{"v1.31.0"}));
    store.removeHub(hub);
    QCOMPARE(offered(), QStringList());
}

// A dashboard left open on a churning hub counts nothing for completions: the
// first question counts the fleet, changes are counted while questions come,
// and an index left idle stops counting; the next question counts afresh.
void TestFleetFilter::completionCountsOnlyWhileAsked()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("hub-a"));
    const auto version = [](const QString &name, const QString &value) {
        auto record = std::make_shared<ProfileRecord>();
        record->profile.metadata.namespaceName = QStringLiteral("ns");
        record->profile.metadata.name = name;
        record->profile.kubernetesVersion = value;
        return ProfilePtr(record);
    };
    const auto apply = [&](const QString &name, const QString &value) {
        HubDelta delta;
        delta.upsertedProfiles = {version(name, value)};
        store.applyDelta(hub, delta);
    };
    FilterValueIndex index(&store);
    apply("a", "v1.28.0");
    apply("b", "v1.29.0");
    QVERIFY(!index.isCounting());

    const auto offered = [&] { return FilterCompleter::completions(store, index, "version=", 8).candidates; };
    QCOMPARE(offered(), (QStringList{"v1.28.0", "v1.29.0"}));
    QVERIFY(index.isCounting());
    apply("a", "v1.30.0");
    QCOMPARE(offered(), (QStringList{"v1.29.0", "v1.30.0"}));

    // Idle: the counts go, and changes meanwhile cost nothing.
    QTRY_VERIFY_WITH_TIMEOUT(!index.isCounting(), 3 * FilterValueIndex::idleMs);
    apply("b", "v1.31.0");
    apply("c", "v1.32.0");
    QVERIFY(!index.isCounting());
    QCOMPARE(offered(), (QStringList{"v1.30.0", "v1.31.0", "v1.32.0"}));
    QVERIFY(index.isCounting());
}

QTEST_GUILESS_MAIN(TestFleetFilter)
#include "tst_fleetfilter.moc"
