// The details pane: everything it shows comes from the decoded profile; the
// object's YAML is made on demand, off the GUI thread, and follows updates of
// the shown cluster until another one is chosen.

#include "detailspane.h"
#include "fleet/filter/healthrules.h"
#include "fleet/lint/fleetfindings.h"
#include "fleet/itemmodels/fleetfields.h"
#include "fleet/store/fleetstore.h"
#include "smallfleet.h"

#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

ProfilePtr cluster(const QString &name, const QString &version, ConditionStatus healthy)
{
    auto record = smallFleetCluster(name, QStringLiteral("prod"));
    ClusterProfile &p = record->profile;
    p.kubernetesVersion = version;
    Condition c;
    c.type = QStringLiteral("ControlPlaneHealthy");
    c.status = healthy;
    c.reason = QStringLiteral("Probe");
    c.message = QStringLiteral("apiserver answered in 12ms");
    p.conditions.append(c);
    Property location;
    location.name = QStringLiteral("location.topology.k8s.io");
    location.value = QStringLiteral("eu-west-1");
    p.properties.append(location);
    record->rawJson = CompressedJson(
        QStringLiteral(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile","metadata":)"
                       R"({"name":"%1","namespace":"fleet"},"status":{"version":{"kubernetes":"%2"}}})")
            .arg(name, version)
            .toUtf8());
    return record;
}

bool waitForYaml(DetailsPane &pane)
{
    QSignalSpy shown(&pane, &DetailsPane::yamlShown);
    return shown.wait(10000);
}

} // namespace

class TestDetailsPane final : public QObject
{
    Q_OBJECT

private slots:
    void showsTheDecodedProfile();
    void yamlOnDemand();
    void yamlFollowsUpdatesOfTheSameCluster();
    void aDeletedClusterIsSaidSo();
    void aClusterWhoseHubWasRemovedIsSaidSoWhileARelintRuns();
    void summaryRowsAreTheFieldTables();
};

void TestDetailsPane::showsTheDecodedProfile()
{
    FleetStore store;
    fillLiveHub(store, {cluster(QStringLiteral("prod-1"), QStringLiteral("v1.31.2"), ConditionStatus::False)});
    DetailsPane pane(&store);
    QVERIFY(pane.plainText().contains(u"Select a cluster"));
    pane.showCluster(0);
    const QString text = pane.plainText();
    for (const char *expected : {"prod-1", "hub-eu/fleet/prod-1", "ControlPlaneHealthy", "Probe", "apiserver answered in 12ms",
                                 "location.topology.k8s.io", "eu-west-1", "v1.31.2", "prod", "Object (YAML)", "Show as YAML"})
        QVERIFY2(text.contains(QString::fromUtf8(expected)), qPrintable(expected + (u'\n' + text)));
    // The YAML is not made until asked for.
    QVERIFY(!text.contains(u"kind: ClusterProfile"));
    QVERIFY(!pane.isRenderingYaml());
}

void TestDetailsPane::yamlOnDemand()
{
    FleetStore store;
    fillLiveHub(store, {cluster(QStringLiteral("prod-1"), QStringLiteral("v1.31.2"), ConditionStatus::True),
                        cluster(QStringLiteral("prod-2"), QStringLiteral("v1.30.0"), ConditionStatus::True)});
    DetailsPane pane(&store);
    pane.showCluster(0);
    // What the "Show as YAML" link does.
    auto *browser = pane.findChild<QTextBrowser *>(QStringLiteral("detailsBrowser"));
    QVERIFY(browser);
    QSignalSpy shown(&pane, &DetailsPane::yamlShown);
    emit browser->anchorClicked(QUrl(QStringLiteral("fleetscope:yaml")));
    QVERIFY(shown.wait(10000));
    QString text = pane.plainText();
    QVERIFY2(text.contains(u"kind: ClusterProfile") && text.contains(u"name: prod-1"), qPrintable(text));
    QVERIFY(!text.contains(u"Show as YAML"));
    // Another cluster: its details, the YAML closed again.
    pane.showCluster(1);
    text = pane.plainText();
    QVERIFY(text.contains(u"prod-2"));
    QVERIFY(text.contains(u"Show as YAML"));
    QVERIFY(!text.contains(u"kind: ClusterProfile"));
}

void TestDetailsPane::yamlFollowsUpdatesOfTheSameCluster()
{
    FleetStore store;
    const int hub = fillLiveHub(store, {cluster(QStringLiteral("prod-1"), QStringLiteral("v1.31.2"), ConditionStatus::True)});
    DetailsPane pane(&store);
    QObject::connect(&store, &FleetStore::deltaApplied, &pane, &DetailsPane::refresh);
    pane.showCluster(0);
    pane.showYaml();
    QVERIFY(pane.plainText().contains(u"Rendering") || !pane.isRenderingYaml());
    QVERIFY(waitForYaml(pane));
    QVERIFY(pane.plainText().contains(u"kubernetes: v1.31.2"));

    HubDelta update;
    update.upsertedProfiles = {cluster(QStringLiteral("prod-1"), QStringLiteral("v1.32.0"), ConditionStatus::False)};
    QSignalSpy shown(&pane, &DetailsPane::yamlShown);
    store.applyDelta(hub, update);
    // The decoded part is there at once; the YAML follows from the pool.
    QVERIFY(pane.plainText().contains(u"v1.32.0"));
    QVERIFY(shown.wait(10000));
    const QString text = pane.plainText();
    QVERIFY2(text.contains(u"kubernetes: v1.32.0") && !text.contains(u"v1.31.2"), qPrintable(text));
}

void TestDetailsPane::aDeletedClusterIsSaidSo()
{
    FleetStore store;
    const int hub = fillLiveHub(store, {cluster(QStringLiteral("prod-1"), QStringLiteral("v1.31.2"), ConditionStatus::True)});
    DetailsPane pane(&store);
    QObject::connect(&store, &FleetStore::deltaApplied, &pane, &DetailsPane::refresh);
    pane.showCluster(0);
    HubDelta gone;
    gone.removedProfiles = {ObjectKey{QStringLiteral("fleet"), QStringLiteral("prod-1")}};
    store.applyDelta(hub, gone);
    QVERIFY2(pane.plainText().contains(u"fleet/prod-1 was deleted from its hub."), qPrintable(pane.plainText()));
}

void TestDetailsPane::aClusterWhoseHubWasRemovedIsSaidSoWhileARelintRuns()
{
    // The second hub's clusters come after the first's: the shown one's row is past
    // the end once its hub goes. The relint that the removal starts renders the
    // pane again; it must find the cluster gone, not read a row that is not there.
    FleetStore store;
    fillLiveHub(store, {cluster(QStringLiteral("eu-1"), QStringLiteral("v1.31.2"), ConditionStatus::True)});
    // A finding of its own, so that its going changes the findings.
    auto insecure = std::make_shared<ProfileRecord>(*cluster(QStringLiteral("us-2"), QStringLiteral("v1.30.1"), ConditionStatus::False));
    AccessProvider provider;
    provider.name = QStringLiteral("direct");
    provider.cluster.server = QStringLiteral("https://us-2.example:6443");
    provider.cluster.insecureSkipTlsVerify = true;
    insecure->profile.accessProviders.append(provider);
    const int us = fillLiveHub(store, {cluster(QStringLiteral("us-1"), QStringLiteral("v1.31.2"), ConditionStatus::True), insecure},
                               QStringLiteral("hub-us"));
    FleetFindings findings(&store);
    findings.relint();
    QVERIFY(!findings.findingsOf(store.profileAt(2)).isEmpty());
    DetailsPane pane(&store);
    pane.setFindings(&findings);
    const int shown = store.rowOf(us, ObjectKey{QStringLiteral("fleet"), QStringLiteral("us-2")});
    QCOMPARE(shown, 2);
    pane.showCluster(shown);
    QVERIFY(pane.plainText().contains(u"us-2"));
    QSignalSpy relinted(&findings, &FleetFindings::changed);
    store.removeHub(us);
    QCOMPARE(store.profileCount(), 1);
    findings.relintInSlices(1);
    QTRY_VERIFY_WITH_TIMEOUT(!relinted.isEmpty(), 10000); // the first slice may be the last
    const QString text = pane.plainText();
    QVERIFY2(text.contains(u"fleet/us-2 is gone: its hub hub-us was removed."), qPrintable(text));
    // And the next cluster shown is shown whole.
    pane.showCluster(0);
    QVERIFY(pane.plainText().contains(u"eu-1"));
}

void TestDetailsPane::summaryRowsAreTheFieldTables()
{
    // A field the table marks for the details is a summary row, in print order,
    // with its value; an empty one is left out unless its column always shows.
    // A manager mismatch reads as a warning, health says which rule decided.
    auto record = std::make_shared<ProfileRecord>(*cluster(QStringLiteral("prod-1"), QString(), ConditionStatus::True));
    ClusterProfile &p = record->profile;
    p.metadata.labels.insert(QStringLiteral("x-k8s.io/cluster-manager"), QStringLiteral("open-cluster-management"));
    p.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/inventory-member-id"), QStringLiteral("member-7"));
    FleetStore store;
    fillLiveHub(store, {record});
    DetailsPane pane(&store);
    pane.showCluster(0);
    const QString text = pane.plainText();
    const FleetProfile &row = store.profileAt(0);
    QVERIFY(row.managerMismatch);

    qsizetype at = 0;
    int summarized = 0;
    for (const int index : fleetFieldsBy(&FleetField::printRank)) {
        const FleetField &field = fleetField(index);
        const QString value = field.text(row, store.hubName(row.hub), QDateTime::currentMSecsSinceEpoch());
        const QString title = QString::fromUtf8(field.title);
        if (!field.inDetails || (value.isEmpty() && field.shown != FieldShown::Always))
            continue;
        ++summarized;
        const qsizetype found = text.indexOf(title + u'\n', at);
        QVERIFY2(found >= 0, qPrintable(title + QStringLiteral(" missing or out of order in:\n") + text));
        at = found + title.size();
        const QString shown = value.isEmpty() ? noValueText() : value;
        QVERIFY2(text.indexOf(shown, at) == at + 1, qPrintable(title + QStringLiteral(": ") + shown + QStringLiteral(" not after it in:\n") + text));
    }
    QVERIFY(summarized >= 6); // ClusterSet, Manager, Version (none), Health, Location, Member ID, API
    QVERIFY2(text.contains(u"disagree (open-cluster-management vs ocm)"), qPrintable(text));
    QVERIFY2(text.contains(HealthRules::active().explain(row.profile(), row.manager.view())), qPrintable(text));
    QVERIFY2(text.contains(u"\nAPI\nv1alpha1"), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("\nVersion\n") + noValueText()), qPrintable(text));
    QVERIFY2(!text.contains(u"\nPlatform\n"), qPrintable(text)); // no platform alias: no row
}

QTEST_MAIN(TestDetailsPane)
#include "tst_detailspane.moc"
