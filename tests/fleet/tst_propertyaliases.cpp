// Property aliases: region, zone, cluster-id, kubernetes-version and platform
// match whichever property each producer writes, in the filter language and in
// "By property…" grouping; the table is editable and kept in the settings.

#include "api/propertyaliases.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "producerfleet.h"

#include <QAbstractItemModelTester>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

QString matching(const FleetStore &store, const QString &filterText)
{
    FilterError error;
    const FleetFilter filter = FleetFilter::compile(filterText, &error);
    if (error.isError())
        return QStringLiteral("error: ") + error.message;
    QStringList names;
    for (const FleetProfile &p : store.profiles()) {
        if (filter.matches(p, &store))
            names << p.profile().metadata.name;
    }
    names.sort();
    return names.join(u',');
}

// "value (count)" of the tree's top level, sorted.
QStringList groups(const FleetTreeModel &tree)
{
    QStringList out;
    for (int row = 0; row < tree.rowCount(); ++row) {
        const QModelIndex group = tree.index(row, 0);
        out << QStringLiteral("%1 (%2)").arg(group.data().toString()).arg(tree.clusterCount(group));
    }
    out.sort();
    return out;
}

} // namespace

class TestPropertyAliases final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void filtersByAlias_data();
    void filtersByAlias();
    void aRealPropertyOfTheAliasNameWins();
    void groupsAndScopesByAlias_data();
    void groupsAndScopesByAlias();
    void editedTableAppliesAndIsKept();
    void validatesEditedTables_data();
    void validatesEditedTables();

private:
    // The producers' fleet as served through each version: the aliases work alike.
    const FleetStore &store(const QString &servedVersion) const { return servedVersion == u"v1alpha1" ? m_v1 : m_store; }
    FleetStore m_store; // through v1alpha2
    FleetStore m_v1;
};

void TestPropertyAliases::initTestCase()
{
    fillProducerFleet(&m_store);
    QCOMPARE(m_store.profileCount(), 18);
    fillProducerFleet(&m_v1, QStringLiteral("v1alpha1"));
    QCOMPARE(m_v1.profileCount(), 18);
}

void TestPropertyAliases::cleanup()
{
    PropertyAliases::setActive(PropertyAliases::builtIn());
}

void TestPropertyAliases::filtersByAlias_data()
{
    QTest::addColumn<QString>("servedVersion");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("expected");
    for (const QString &version : {QStringLiteral("v1alpha2"), QStringLiteral("v1alpha1")}) {
    const auto newRow = [&version](const char *name) -> QTestData & {
        return QTest::addRow("%s %s", qPrintable(version), name) << version;
    };
    // OCM's cluster claim and the consumer guide's topology name: the same region.
    // GKE Fleet's sync writes no property at all.
    newRow("region: OCM claim or the guide's topology") << "region=eu-west-1" << "cluster1,guide-eu-1";
    newRow("region: a plain location property") << "region=eu-central-1" << "cluster4,old-1";
    newRow("region in a list") << "region in (us-east-1,eu-central-1)" << "cluster2,cluster3,cluster4,old-1";
    newRow("region exists") << "property:region"
                            << "cluster1,cluster2,cluster3,cluster4,guide-eu-1,old-1,shared-1,shared-1";
    newRow("region absent (KubeFleet and GKE write none)")
        << "!property:region"
        << "cluster5,gke-batch-us-central1-a,gke-prod-europe-west1,legacy-batch,member-1,member-2,member-3,member-4,"
           "member-5,unmanaged-1";
    newRow("region != also takes clusters without it")
        << "region!=eu-west-1"
        << "cluster2,cluster3,cluster4,cluster5,gke-batch-us-central1-a,gke-prod-europe-west1,legacy-batch,member-1,"
           "member-2,member-3,member-4,member-5,old-1,shared-1,shared-1,unmanaged-1";
    newRow("zone") << "zone~west" << "guide-eu-1";
    newRow("cluster-id: OCM's id.k8s.io") << "cluster-id=3c9f7e2a-ocm-cluster1" << "cluster1";
    newRow("platform") << "platform in (AWS,GCP)" << "cluster1,cluster2,cluster3,cluster4,shared-1,shared-1";
    // The reported version stands in where no kubeversion claim exists.
    newRow("kubernetes-version compares as a version")
        << "kubernetes-version>=1.33"
        << "cluster1,cluster2,cluster3,cluster4,gke-prod-europe-west1,guide-eu-1,shared-1,shared-1";
    newRow("a plain word stays free text") << "region" << "";
    newRow("an alias with other terms") << "region=eu-west-1, manager=my-fleet-manager" << "guide-eu-1";
    newRow("the property's own name still works") << "topology.kubernetes.io/region=eu-west-1" << "guide-eu-1";
    }
}

void TestPropertyAliases::filtersByAlias()
{
    QFETCH(QString, servedVersion);
    QFETCH(QString, filter);
    QTEST(matching(store(servedVersion), filter), "expected");
}

void TestPropertyAliases::aRealPropertyOfTheAliasNameWins()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    HubDelta delta;
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.name = QStringLiteral("odd");
    record->profile.metadata.namespaceName = QStringLiteral("ns");
    record->profile.properties.append(Property{QStringLiteral("region"), QStringLiteral("mars-1"), 0});
    record->profile.properties.append(
        Property{QStringLiteral("topology.kubernetes.io/region"), QStringLiteral("eu-west-1"), 0});
    delta.upsertedProfiles.append(record);
    store.applyDelta(hub, delta);
    QCOMPARE(matching(store, QStringLiteral("region=mars-1")), QStringLiteral("odd"));
    QCOMPARE(matching(store, QStringLiteral("region=eu-west-1")), QString());
}

void TestPropertyAliases::groupsAndScopesByAlias_data()
{
    QTest::addColumn<QString>("servedVersion");
    QTest::newRow("v1alpha2") << QStringLiteral("v1alpha2");
    QTest::newRow("v1alpha1") << QStringLiteral("v1alpha1");
}

void TestPropertyAliases::groupsAndScopesByAlias()
{
    QFETCH(QString, servedVersion);
    const FleetStore &fleet = store(servedVersion);
    FleetTreeModel tree(&fleet);
    QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
    tree.setLevels({{FleetTreeModel::Level::Kind::Property, QStringLiteral("region")}});
    QCOMPARE(groups(tree), (QStringList{QStringLiteral("(none) (10)"), QStringLiteral("eu-central-1 (2)"),
                                        QStringLiteral("eu-west-1 (2)"), QStringLiteral("us-east-1 (2)"),
                                        QStringLiteral("us-west-2 (2)")}));
    // Selecting a group scopes the table to exactly its clusters, alias and all.
    ClusterTableModel table(&fleet);
    SortFilterProxy proxy(&table);
    FleetRowFilter filter(&table, &proxy);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (int row = 0; row < tree.rowCount(); ++row) {
        const QModelIndex group = tree.index(row, 0);
        if (group.data().toString() != u"eu-west-1")
            continue;
        filter.setScope(tree.scopeOf(group));
        QCOMPARE(proxy.rowCount(), 2);
    }
    // An edited alias regroups in place.
    PropertyAliases::setActive(PropertyAliases({{QStringLiteral("region"), {QStringLiteral("location")}}}));
    tree.regroup();
    QCOMPARE(groups(tree), (QStringList{QStringLiteral("(none) (17)"), QStringLiteral("eu-central-1 (1)")}));
}

void TestPropertyAliases::editedTableAppliesAndIsKept()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("fleetscope.conf")), QSettings::IniFormat);
    // Nothing saved: the built-in table, and saving it writes nothing.
    QCOMPARE(PropertyAliases::load(settings), PropertyAliases::builtIn());
    PropertyAliases::builtIn().save(settings);
    QVERIFY(settings.allKeys().isEmpty());

    QList<PropertyAliases::Alias> edited = PropertyAliases::builtIn().aliases();
    edited.append({QStringLiteral("node-count"), {QStringLiteral("count.node.k8s.io")}});
    edited[0].properties = QStringList{QStringLiteral("location")}; // region: a plain `location` only
    const PropertyAliases table(edited);
    table.save(settings);
    settings.sync();
    QSettings again(dir.filePath(QStringLiteral("fleetscope.conf")), QSettings::IniFormat);
    const PropertyAliases loaded = PropertyAliases::load(again);
    QCOMPARE(loaded.aliases().size(), edited.size());
    QCOMPARE(*loaded.properties(u"region"), QStringList{QStringLiteral("location")});
    QCOMPARE(*loaded.properties(u"node-count"), QStringList{QStringLiteral("count.node.k8s.io")});

    PropertyAliases::setActive(loaded);
    QCOMPARE(matching(m_store, QStringLiteral("region=eu-west-1")), QString());
    QCOMPARE(matching(m_store, QStringLiteral("region=eu-central-1")), QStringLiteral("old-1"));
    QVERIFY(PropertyAliases::active().describe().contains(u"node-count: count.node.k8s.io"));
}

void TestPropertyAliases::validatesEditedTables_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("properties");
    QTest::addColumn<QString>("problem"); // "" = valid
    QTest::newRow("fine") << "rack" << QStringList{"topology.kubernetes.io/rack"} << "";
    QTest::newRow("space in the name") << "my region" << QStringList{"x"} << "a name cannot be empty";
    QTest::newRow("an operator in the name") << "a=b" << QStringList{"x"} << "a name cannot be empty";
    QTest::newRow("no property") << "rack" << QStringList{} << "names no property";
    QTest::newRow("a bad property") << "rack" << QStringList{"a b"} << "is not a property name";
    QTest::newRow("twice") << "region" << QStringList{"x"} << "is defined twice";
}

void TestPropertyAliases::validatesEditedTables()
{
    QFETCH(QString, name);
    QFETCH(QStringList, properties);
    QFETCH(QString, problem);
    QList<PropertyAliases::Alias> aliases{{QStringLiteral("region"), {QStringLiteral("location")}}};
    aliases.append({name, properties});
    const QStringList problems = PropertyAliases::validate(aliases);
    if (problem.isEmpty()) {
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    } else {
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.front().contains(problem), qPrintable(problems.front()));
    }
}

QTEST_GUILESS_MAIN(TestPropertyAliases)
#include "tst_propertyaliases.moc"
