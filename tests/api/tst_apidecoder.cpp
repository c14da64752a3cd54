// The API decoder: real producers' objects decode to the facts a dashboard shows,
// and malformed objects are rejected with a message that names the JSON path.

#include "api/apidecoder.h"
#include "api/clusterfacts.h"
#include "api/jsonreader.h"
#include "testsupport.h"
#include "api/yamljson.h"

#include <QTest>

using namespace fleetscope;
using fleetscope::testing::fixturePath;
using fleetscope::testing::readFixture;

namespace {

nlohmann::json loadFixture(const QString &name)
{
    const QByteArray text = readFixture(QStringLiteral("api/") + name);
    std::vector<nlohmann::json> documents;
    QString error;
    if (name.endsWith(u".json")) {
        nlohmann::json value;
        if (!parseJson(text, name, &value, &error))
            qFatal("%s", qPrintable(error));
        return value;
    }
    if (!parseYamlDocuments(text, name, &documents, &error) || documents.size() != 1)
        qFatal("%s: %s", qPrintable(name), qPrintable(error));
    return documents.front();
}

} // namespace

class TestApiDecoder final : public QObject
{
    Q_OBJECT

private slots:
    void decodesProducersProfiles_data();
    void decodesProducersProfiles();
    void keepsAccessProviderDetails();
    void accessProvidersWinOverDeprecatedCredentialProviders();
    void keepsPropertyTimesAndConditionDetails();
    void decodesPlacementDecision();
    void decodesNamespaceLabels();
    void rejectsMalformedObjects_data();
    void rejectsMalformedObjects();
    void reportsJsonSyntaxErrorsWithSource();
    void internsRepeatedStrings();
};

void TestApiDecoder::decodesProducersProfiles_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("namespaceName");
    QTest::addColumn<QString>("apiVersion");
    QTest::addColumn<QString>("displayName");
    QTest::addColumn<QString>("manager");
    QTest::addColumn<bool>("managerMismatch");
    QTest::addColumn<QString>("kubernetesVersion");
    QTest::addColumn<int>("conditions");
    QTest::addColumn<int>("properties");
    QTest::addColumn<int>("providers");
    QTest::addColumn<QString>("health");
    QTest::addColumn<QString>("memberId");

    QTest::newRow("KEP example (YAML)") << "kep-example.yaml" << "prod-eu-1" << "fleet-system"
                                        << "multicluster.x-k8s.io/v1alpha1" << "Prod EU 1" << "my-manager" << false
                                        << "v1.35.0" << 2 << 2 << 1 << "Healthy" << "5f2c0b7e-prod-eu-1";
    QTest::newRow("KubeFleet, unknown fields") << "kubefleet.json" << "member-2" << "fleet-system"
                                               << "multicluster.x-k8s.io/v1alpha1" << "member-2" << "kubefleet"
                                               << false << "" << 1 << 0 << 1 << "Unhealthy" << "";
    QTest::newRow("OCM, conditions null") << "ocm-credential-providers.yaml" << "cluster1"
                                          << "open-cluster-management-addon" << "multicluster.x-k8s.io/v1alpha1"
                                          << "cluster1" << "open-cluster-management" << false << "" << 0 << 0 << 2
                                          << "No data" << "";
    QTest::newRow("GKE v1alpha2") << "v1alpha2.json" << "gke-us-central1-a" << "fleet-cluster-inventory"
                                  << "multicluster.x-k8s.io/v1alpha2" << "us-central1-a" << "gke-fleet" << false
                                  << "v1.34.2-gke.1100" << 1 << 3 << 1 << "Unknown"
                                  << "projects/123/locations/us-central1/memberships/a";
    QTest::newRow("conformance seed, no status") << "conformance-seed.yaml" << "demo-cluster-0" << "cluster-inventory"
                                                 << "multicluster.x-k8s.io/v1alpha1" << "" << "demo" << true << ""
                                                 << 0 << 0 << 0 << "No data" << "demo-cluster-0-id";
}

void TestApiDecoder::decodesProducersProfiles()
{
    QFETCH(QString, fixture);
    ClusterProfile profile;
    QString error;
    QVERIFY2(decodeClusterProfile(loadFixture(fixture), &profile, &error), qPrintable(error));
    QVERIFY(error.isEmpty());

    QTEST(profile.metadata.name, "name");
    QTEST(profile.metadata.namespaceName.toString(), "namespaceName");
    QTEST(apiVersionString(profile.apiVersion), "apiVersion");
    QTEST(profile.displayName, "displayName");
    const ManagerFact manager = managerOf(profile);
    QTEST(manager.name.toString(), "manager");
    QTEST(manager.mismatch, "managerMismatch");
    QTEST(profile.kubernetesVersion.toString(), "kubernetesVersion");
    QTEST(int(profile.conditions.size()), "conditions");
    QTEST(int(profile.properties.size()), "properties");
    QTEST(int(profile.accessProviders.size()), "providers");
    QTEST(healthName(healthOf(profile)), "health");
    QTEST(memberIdOf(profile).toString(), "memberId");
}

void TestApiDecoder::keepsAccessProviderDetails()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decodeClusterProfile(loadFixture(QStringLiteral("kep-example.yaml")), &profile, &error), qPrintable(error));
    const AccessProvider *provider = profile.accessProvider(u"secretreader");
    QVERIFY(provider);
    QCOMPARE(provider->cluster.server, QStringLiteral("https://10.0.0.5:6443"));
    // certificate-authority-data arrives base64-encoded and is kept as PEM bytes.
    QCOMPARE(provider->cluster.certificateAuthorityData, QByteArray("-----BEGIN CERTIFICATE-----\n"));
    QCOMPARE(provider->cluster.extensions.size(), 2);
    const NamedExtension *exec = provider->cluster.extension(extension_names::execCluster);
    QVERIFY(exec);
    QCOMPARE(exec->json, QByteArray(R"({"clusterName":"prod-eu-1"})"));
    const NamedExtension *envs = provider->cluster.extension(extension_names::additionalEnvs);
    QVERIFY(envs);
    QCOMPARE(envs->json, QByteArray(R"({"TENANT_ID":"t-123"})"));
    QVERIFY(!provider->fromCredentialProviders);
}

void TestApiDecoder::accessProvidersWinOverDeprecatedCredentialProviders()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decodeClusterProfile(loadFixture(QStringLiteral("ocm-credential-providers.yaml")), &profile, &error),
             qPrintable(error));
    QCOMPARE(profile.accessProviders.size(), 2);
    const AccessProvider *ocm = profile.accessProvider(u"open-cluster-management");
    QVERIFY(ocm);
    QCOMPARE(ocm->cluster.server,
             QStringLiteral("https://cluster-proxy-addon-user.open-cluster-management-addon:9092/cluster1"));
    QCOMPARE(ocm->cluster.proxyUrl, QStringLiteral("socks5://proxy.internal:1080"));
    QCOMPARE(ocm->cluster.tlsServerName, QStringLiteral("cluster-proxy"));
    QVERIFY(!ocm->fromCredentialProviders);
    const AccessProvider *legacy = profile.accessProvider(u"legacy-token");
    QVERIFY(legacy);
    QVERIFY(legacy->fromCredentialProviders);
    QVERIFY(legacy->cluster.disableCompression);
    QCOMPARE(clusterSetOf(profile, nullptr).name, QStringLiteral("default"));
}

void TestApiDecoder::keepsPropertyTimesAndConditionDetails()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decodeClusterProfile(loadFixture(QStringLiteral("v1alpha2.json")), &profile, &error), qPrintable(error));
    const Property *location = profile.property(well_known::locationProperty);
    QVERIFY(location);
    QCOMPARE(location->value, QStringLiteral("gcp/us-central1/us-central1-a"));
    // Fractional seconds are kept to the millisecond.
    QCOMPARE(formatKubeTime(location->lastObservedTime), QStringLiteral("2026-11-25T08:00:00Z"));
    QCOMPARE(location->lastObservedTime % 1000, 123);
    const Condition *cp = profile.condition(condition_types::controlPlaneHealthy);
    QVERIFY(cp);
    QCOMPARE(cp->status, ConditionStatus::Unknown);
    QCOMPARE(cp->reason, QStringLiteral("Probing"));
    // "+01:00" offsets are normalised to UTC.
    QCOMPARE(formatKubeTime(cp->lastTransitionTime), QStringLiteral("2026-11-25T06:59:00Z"));
    QCOMPARE(profile.conditionStatus(condition_types::joined), ConditionStatus::Absent);

    ClusterProfile fleet;
    QVERIFY2(decodeClusterProfile(loadFixture(QStringLiteral("kubefleet.json")), &fleet, &error), qPrintable(error));
    QCOMPARE(fleet.metadata.resourceVersion.toByteArray(), QByteArray("987"));
    QCOMPARE(fleet.metadata.uid, QUuid(QStringLiteral("1b7d4c52-0e6f-4c55-8a43-2d9b9c1d6f11")));
    QCOMPARE(fleet.conditions.first().message, QStringLiteral("the member agent has not reported for 5m"));
    QCOMPARE(fleet.conditions.first().observedGeneration, 3);
}

void TestApiDecoder::decodesPlacementDecision()
{
    PlacementDecision decision;
    QString error;
    QVERIFY2(decodePlacementDecision(loadFixture(QStringLiteral("placementdecision.yaml")), &decision, &error),
             qPrintable(error));
    QCOMPARE(decision.metadata.name, QStringLiteral("web-0"));
    QCOMPARE(decision.schedulerName, QStringLiteral("my-scheduler"));
    QCOMPARE(decision.placementKey(), QStringLiteral("web"));
    QCOMPARE(decision.decisionKey(), QStringLiteral("web"));
    QCOMPARE(decision.decisionIndex(), 0);
    QCOMPARE(decision.decisions.size(), 2);
    QCOMPARE(decision.decisions[0].reason.toString(), QStringLiteral("GPUs available"));
    QCOMPARE(decision.profileNamespace(decision.decisions[0]), QStringLiteral("fleet-system"));
    // An empty clusterProfileRef.namespace means the decision's own namespace.
    QCOMPARE(decision.profileNamespace(decision.decisions[1]), QStringLiteral("argocd"));
}

void TestApiDecoder::decodesNamespaceLabels()
{
    const auto json = nlohmann::json::parse(
        R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"fleet-prod","labels":{"clusterset.multicluster.x-k8s.io":"prod"}}})");
    KubeNamespace ns;
    QString error;
    QVERIFY2(decodeNamespace(json, &ns, &error), qPrintable(error));
    QCOMPARE(ns.metadata.name, QStringLiteral("fleet-prod"));
    QCOMPARE(ns.metadata.labels.value(well_known::clusterSetNamespaceLabelKep), QStringLiteral("prod"));
}

void TestApiDecoder::rejectsMalformedObjects_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expectedError");

    const QByteArray meta = R"("metadata":{"name":"c1","namespace":"ns"})";
    auto profile = [&](const char *rest) -> QByteArray {
        return QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)") + meta
            + (rest[0] ? "," : "") + rest + "}";
    };

    QTest::newRow("not an object") << QByteArray("[1,2]") << "(root): expected object, got array";
    QTest::newRow("string document") << QByteArray(R"("hello")") << "(root): expected object, got string";
    QTest::newRow("wrong kind") << QByteArray(R"({"kind":"Pod","metadata":{"name":"a","namespace":"b"}})")
                                << R"(kind: expected ClusterProfile, got "Pod")";
    QTest::newRow("foreign apiVersion")
        << QByteArray(R"({"apiVersion":"apps/v1","kind":"ClusterProfile","metadata":{"name":"a","namespace":"b"}})")
        << R"(apiVersion: unsupported API version "apps/v1")";
    QTest::newRow("kind not a string") << QByteArray(R"({"kind":7,"metadata":{"name":"a","namespace":"b"}})")
                                       << "kind: expected string, got number";
    QTest::newRow("metadata missing") << QByteArray(R"({"kind":"ClusterProfile"})") << "metadata: required value is missing";
    QTest::newRow("metadata an array") << QByteArray(R"({"metadata":[]})") << "metadata: expected object, got array";
    QTest::newRow("name missing") << QByteArray(R"({"metadata":{"namespace":"ns"}})")
                                  << "metadata.name: required value is missing";
    QTest::newRow("name a number") << QByteArray(R"({"metadata":{"name":5,"namespace":"ns"}})")
                                   << "metadata.name: expected string, got number";
    QTest::newRow("namespace missing") << QByteArray(R"({"metadata":{"name":"c1"}})")
                                       << "metadata.namespace: required value is missing";
    QTest::newRow("labels an array") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","labels":["a"]}})")
                                     << "metadata.labels: expected object, got array";
    QTest::newRow("label value a bool")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","labels":{"env":true}}})")
        << R"(metadata.labels: label "env": expected string, got boolean)";
    QTest::newRow("generation a string")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","generation":"3"}})")
        << "metadata.generation: expected integer, got string";
    QTest::newRow("creationTimestamp garbage")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","creationTimestamp":"yesterday"}})")
        << R"(metadata.creationTimestamp: expected an RFC 3339 time, got "yesterday")";
    QTest::newRow("spec a string") << profile(R"("spec":"x")") << "spec: expected object, got string";
    QTest::newRow("displayName a number") << profile(R"("spec":{"displayName":1})")
                                          << "spec.displayName: expected string, got number";
    QTest::newRow("clusterManager.name an object") << profile(R"("spec":{"clusterManager":{"name":{}}})")
                                                   << "spec.clusterManager.name: expected string, got object";
    QTest::newRow("status an array") << profile(R"("status":[])") << "status: expected object, got array";
    QTest::newRow("conditions an object") << profile(R"("status":{"conditions":{}})")
                                          << "status.conditions: expected array, got object";
    QTest::newRow("condition status a number")
        << profile(R"("status":{"conditions":[{"type":"A","status":"True"},{"type":"B","status":"True"},{"type":"C","status":1}]})")
        << "status.conditions[2].status: expected string, got number";
    QTest::newRow("condition not an object") << profile(R"("status":{"conditions":["True"]})")
                                             << "status.conditions[0]: expected object, got string";
    QTest::newRow("condition without type") << profile(R"("status":{"conditions":[{"status":"True"}]})")
                                            << "status.conditions[0].type: required value is missing";
    QTest::newRow("condition time garbage")
        << profile(R"("status":{"conditions":[{"type":"A","status":"True","lastTransitionTime":"2026-13-01T00:00:00Z"}]})")
        << R"(status.conditions[0].lastTransitionTime: expected an RFC 3339 time, got "2026-13-01T00:00:00Z")";
    QTest::newRow("version a string") << profile(R"("status":{"version":"1.30"})")
                                      << "status.version: expected object, got string";
    QTest::newRow("version.kubernetes a number") << profile(R"("status":{"version":{"kubernetes":1.3}})")
                                                 << "status.version.kubernetes: expected string, got number";
    QTest::newRow("property value a number") << profile(R"("status":{"properties":[{"name":"n","value":3}]})")
                                             << "status.properties[0].value: expected string, got number";
    QTest::newRow("property without name") << profile(R"("status":{"properties":[{"value":"v"}]})")
                                           << "status.properties[0].name: required value is missing";
    QTest::newRow("accessProviders an object") << profile(R"("status":{"accessProviders":{"a":{}}})")
                                               << "status.accessProviders: expected array, got object";
    QTest::newRow("provider server a bool")
        << profile(R"("status":{"accessProviders":[{"name":"p","cluster":{"server":true}}]})")
        << "status.accessProviders[0].cluster.server: expected string, got boolean";
    QTest::newRow("provider CA not base64")
        << profile(R"("status":{"accessProviders":[{"name":"p","cluster":{"server":"https://a","certificate-authority-data":"%%%"}}]})")
        << "status.accessProviders[0].cluster.certificate-authority-data: invalid base64 data";
    QTest::newRow("insecure a string")
        << profile(R"("status":{"accessProviders":[{"name":"p","cluster":{"insecure-skip-tls-verify":"true"}}]})")
        << "status.accessProviders[0].cluster.insecure-skip-tls-verify: expected boolean, got string";
    QTest::newRow("extension without name")
        << profile(R"("status":{"accessProviders":[{"name":"p","cluster":{"extensions":[{"extension":{}}]}}]})")
        << "status.accessProviders[0].cluster.extensions[0].name: required value is missing";
    QTest::newRow("credentialProvider name a number")
        << profile(R"("status":{"credentialProviders":[{"name":9}]})")
        << "status.credentialProviders[0].name: expected string, got number";
    QTest::newRow("observedGeneration a float")
        << profile(R"("status":{"conditions":[{"type":"A","status":"True","observedGeneration":1.5}]})")
        << "status.conditions[0].observedGeneration: expected integer, got number";
}

void TestApiDecoder::rejectsMalformedObjects()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expectedError);
    nlohmann::json value;
    QString error;
    QVERIFY2(parseJson(json, QStringLiteral("test"), &value, &error), qPrintable(error));
    ClusterProfile profile;
    profile.displayName = QStringLiteral("untouched");
    QVERIFY(!decodeClusterProfile(value, &profile, &error));
    QCOMPARE(error, expectedError);
    // A failed decode leaves the caller's object as it was.
    QCOMPARE(profile.displayName, QStringLiteral("untouched"));
}

void TestApiDecoder::reportsJsonSyntaxErrorsWithSource()
{
    nlohmann::json value;
    QString error;
    QVERIFY(!parseJson(QByteArray(R"({"a": tru})"), QStringLiteral("hub-a"), &value, &error));
    QVERIFY2(error.startsWith(u"hub-a: parse error at line 1, column"), qPrintable(error));
    QVERIFY(!parseJson(QByteArray("{\"a\": \"\xff\"}"), QStringLiteral("hub-b"), &value, &error));
    QVERIFY2(error.startsWith(u"hub-b: parse error"), qPrintable(error));
    QVERIFY(!parseJson(QByteArray(), QStringLiteral("hub-c"), &value, &error));
    QVERIFY2(error.startsWith(u"hub-c: "), qPrintable(error));
}

void TestApiDecoder::internsRepeatedStrings()
{
    StringPool pool;
    const auto json = loadFixture(QStringLiteral("kep-example.yaml"));
    ClusterProfile a, b;
    QString error;
    QVERIFY(decodeClusterProfile(json, &a, &error, pool));
    QVERIFY(decodeClusterProfile(json, &b, &error, pool));
    // Same buffer, not merely equal text: 100k profiles share one copy.
    QVERIFY(a.clusterManagerName.sharesSlotWith(b.clusterManagerName));
    QVERIFY(a.conditions[0].type.sharesSlotWith(b.conditions[0].type));
    QVERIFY(a.conditions[0].reason.sharesSlotWith(b.conditions[0].reason));
    QVERIFY(a.properties[1].value.sharesSlotWith(b.properties[1].value));
    QVERIFY(a.metadata.namespaceName.sharesSlotWith(b.metadata.namespaceName));
    const qsizetype size = pool.size();
    QVERIFY(size > 5);
    // Nothing is purged while profiles hold the strings ...
    QCOMPARE(pool.purgeUnused(), 0);
    a = ClusterProfile();
    b = ClusterProfile();
    // ... and everything is once they are gone.
    QCOMPARE(pool.purgeUnused(), size);
    QCOMPARE(pool.size(), 0);
}

QTEST_GUILESS_MAIN(TestApiDecoder)
#include "tst_apidecoder.moc"
