// Derived facts: where a cluster's clusterset and manager come from, which
// profiles are one member, and the health roll-up the fleet view colours by.

#include "api/clusterfacts.h"

#include <QTest>

using namespace fleetscope;

Q_DECLARE_METATYPE(fleetscope::ClusterSetSource)
Q_DECLARE_METATYPE(fleetscope::ConditionStatus)
Q_DECLARE_METATYPE(fleetscope::Health)

namespace {

LabelMap labels(std::initializer_list<std::pair<const char16_t *, const char16_t *>> entries)
{
    LabelMap map;
    for (const auto &[key, value] : entries)
        map.insert(QString::fromUtf16(key), QString::fromUtf16(value));
    return map;
}

void setCondition(ClusterProfile *p, const char16_t *type, ConditionStatus status)
{
    if (status == ConditionStatus::Absent)
        return;
    Condition c;
    c.type = QString::fromUtf16(type);
    c.status = status;
    p->conditions.append(c);
}

} // namespace

class TestClusterFacts final : public QObject
{
    Q_OBJECT

private slots:
    void clusterSet_data();
    void clusterSet();
    void manager_data();
    void manager();
    void memberId();
    void health_data();
    void health();
};

void TestClusterFacts::clusterSet_data()
{
    QTest::addColumn<LabelMap>("profileLabels");
    QTest::addColumn<bool>("hasNamespace");
    QTest::addColumn<LabelMap>("namespaceLabels");
    QTest::addColumn<QString>("property");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<ClusterSetSource>("source");

    const auto profileLabel = labels({{u"multicluster.x-k8s.io/clusterset", u"prod"}});
    const auto nsLabel = labels({{u"multicluster.x-k8s.io/clusterset", u"staging"}});
    const auto nsKepLabel = labels({{u"clusterset.multicluster.x-k8s.io", u"dev"}});
    const auto bothNsLabels = labels({{u"multicluster.x-k8s.io/clusterset", u"staging"},
                                      {u"clusterset.multicluster.x-k8s.io", u"dev"}});

    QTest::newRow("profile label wins over everything")
        << profileLabel << true << bothNsLabels << "qa" << "prod" << ClusterSetSource::ProfileLabel;
    QTest::newRow("namespace label") << LabelMap() << true << nsLabel << "qa" << "staging"
                                     << ClusterSetSource::NamespaceLabel;
    QTest::newRow("Go spelling before KEP spelling") << LabelMap() << true << bothNsLabels << "" << "staging"
                                                     << ClusterSetSource::NamespaceLabel;
    QTest::newRow("KEP spelling on the namespace") << LabelMap() << true << nsKepLabel << "qa" << "dev"
                                                   << ClusterSetSource::NamespaceLabelKep;
    QTest::newRow("property when no label") << LabelMap() << true << LabelMap() << "qa" << "qa"
                                            << ClusterSetSource::Property;
    QTest::newRow("namespace not known yet") << LabelMap() << false << LabelMap() << "qa" << "qa"
                                             << ClusterSetSource::Property;
    QTest::newRow("none") << LabelMap() << true << LabelMap() << "" << "" << ClusterSetSource::None;
    QTest::newRow("empty profile label is not a clusterset")
        << labels({{u"multicluster.x-k8s.io/clusterset", u""}}) << true << nsLabel << "" << "staging"
        << ClusterSetSource::NamespaceLabel;
}

void TestClusterFacts::clusterSet()
{
    QFETCH(LabelMap, profileLabels);
    QFETCH(bool, hasNamespace);
    QFETCH(LabelMap, namespaceLabels);
    QFETCH(QString, property);
    ClusterProfile profile;
    profile.metadata.labels = profileLabels;
    if (!property.isEmpty())
        profile.properties.append(Property{QStringLiteral("clusterset.k8s.io"), property, 0});
    const ClusterSetFact fact = clusterSetOf(profile, hasNamespace ? &namespaceLabels : nullptr);
    QTEST(fact.name.toString(), "expected");
    QTEST(fact.source, "source");
}

void TestClusterFacts::manager_data()
{
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("mismatch");
    QTest::newRow("both agree") << "ocm" << "ocm" << "ocm" << false;
    QTest::newRow("label only") << "kubefleet" << "" << "kubefleet" << false;
    QTest::newRow("spec only") << "" << "gke-fleet" << "gke-fleet" << false;
    QTest::newRow("disagree: label wins, flagged") << "demo" << "my-fleet-manager" << "demo" << true;
    QTest::newRow("neither") << "" << "" << "" << false;
}

void TestClusterFacts::manager()
{
    QFETCH(QString, label);
    QFETCH(QString, spec);
    ClusterProfile profile;
    if (!label.isEmpty())
        profile.metadata.labels.insert(QStringLiteral("x-k8s.io/cluster-manager"), label);
    profile.clusterManagerName = spec;
    const ManagerFact fact = managerOf(profile);
    QTEST(fact.name.toString(), "expected");
    QTEST(fact.mismatch, "mismatch");
    QCOMPARE(fact.labelValue, label);
    QCOMPARE(fact.specValue, spec);
}

void TestClusterFacts::memberId()
{
    ClusterProfile a;
    QCOMPARE(memberIdOf(a), QString());
    a.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/inventory-member-id"), QStringLiteral("m-1"));
    QCOMPARE(memberIdOf(a), QStringLiteral("m-1"));
}

void TestClusterFacts::health_data()
{
    QTest::addColumn<ConditionStatus>("controlPlane");
    QTest::addColumn<ConditionStatus>("joined");
    QTest::addColumn<Health>("expected");
    using S = ConditionStatus;
    QTest::newRow("both True") << S::True << S::True << Health::Healthy;
    QTest::newRow("KubeFleet: only ControlPlaneHealthy True") << S::True << S::Absent << Health::Healthy;
    QTest::newRow("control plane False") << S::False << S::True << Health::Unhealthy;
    QTest::newRow("not joined") << S::True << S::False << Health::Unhealthy;
    QTest::newRow("False beats Unknown") << S::Unknown << S::False << Health::Unhealthy;
    QTest::newRow("control plane Unknown") << S::Unknown << S::True << Health::Unknown;
    QTest::newRow("joined Unknown") << S::True << S::Unknown << Health::Unknown;
    // Membership is no health: without a rule for its manager, it reports none.
    QTest::newRow("only Joined reported") << S::Absent << S::True << Health::NotReported;
    QTest::newRow("only Joined Unknown") << S::Absent << S::Unknown << Health::Unknown;
    QTest::newRow("nothing reported") << S::Absent << S::Absent << Health::NotReported;
    QTest::newRow("only control plane False") << S::False << S::Absent << Health::Unhealthy;
}

void TestClusterFacts::health()
{
    QFETCH(ConditionStatus, controlPlane);
    QFETCH(ConditionStatus, joined);
    ClusterProfile profile;
    setCondition(&profile, u"Other", ConditionStatus::False); // unrelated conditions do not count
    setCondition(&profile, u"ControlPlaneHealthy", controlPlane);
    setCondition(&profile, u"Joined", joined);
    QTEST(healthOf(profile), "expected");
}

QTEST_GUILESS_MAIN(TestClusterFacts)
#include "tst_clusterfacts.moc"
