// The ClusterProfile decoder: real producers' objects decode to the facts a
// dashboard shows, and malformed objects are rejected with a message that names
// the JSON path.

#include "api/clusterfacts.h"
#include "api/profiledecoder.h"
#include "api/responseobjects.h"
#include "api/yamljson.h"
#include "kube/responsereader.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace fleetscope;
using fleetscope::testing::fixturePath;
using fleetscope::testing::readFixture;

namespace {

// A fixture as JSON text (YAML ones converted), compact or indented.
QByteArray loadFixture(const QString &name, int indent = -1)
{
    const QByteArray text = readFixture(QStringLiteral("api/") + name);
    if (name.endsWith(u".json"))
        return indent < 0 ? text : QByteArray::fromStdString(nlohmann::json::parse(text.toStdString()).dump(indent));
    std::vector<nlohmann::json> documents;
    QString error;
    if (!parseYamlDocuments(text, name, &documents, &error) || documents.size() != 1)
        qFatal("%s: %s", qPrintable(name), qPrintable(error));
    return QByteArray::fromStdString(documents.front().dump(indent));
}

bool decode(const QByteArray &json, ClusterProfile *out, QString *error)
{
    ProfileDecoder decoder;
    const bool ok = decoder.decode(PaddedJson(json).view(), out);
    *error = decoder.error();
    return ok;
}

const char *const meta = R"("metadata":{"name":"c1","namespace":"ns"})";

QByteArray profile(const char *rest)
{
    return QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)") + meta
        + (rest[0] ? "," : "") + rest + "}";
}

// Same property names, times and value texts, wherever each value lives.
bool samePropertyValues(const ClusterProfile &a, const ClusterProfile &b)
{
    if (a.properties.size() != b.properties.size())
        return false;
    for (qsizetype i = 0; i < a.properties.size(); ++i) {
        const Property &x = a.properties.at(i);
        const Property &y = b.properties.at(i);
        if (x.name != y.name || x.lastObservedTime != y.lastObservedTime || a.valueText(x) != b.valueText(y))
            return false;
    }
    return true;
}

} // namespace

class TestProfileDecoder final : public QObject
{
    Q_OBJECT

private slots:
    void decodesProducersProfiles_data();
    void decodesProducersProfiles();
    void keepsAccessProviderDetails();
    void accessProvidersWinOverDeprecatedCredentialProviders();
    void keepsPropertyTimesAndConditionDetails();
    void v1alpha2HasNoCredentialProvidersNorCaFile_data();
    void v1alpha2HasNoCredentialProvidersNorCaFile();
    void keepsV1alpha2ClusterFields();
    void refusesMoreThan64AccessProviders_data();
    void refusesMoreThan64AccessProviders();
    void rejectsMalformedObjects_data();
    void rejectsMalformedObjects();
    void namesABrokenObjectOnlyFromWhatItRead_data();
    void namesABrokenObjectOnlyFromWhatItRead();
    void readsLongStringsBeforeLateMetadata_data();
    void readsLongStringsBeforeLateMetadata();
    void internsRepeatedStrings();
    void decodesAnyLayoutOfTheFixtures_data();
    void decodesAnyLayoutOfTheFixtures();
    void readsEscapesAndUnicode();
    void readsLabels_data();
    void readsLabels();
    void keepsExtensionBodiesAsCompactJson();
    void acceptsNullsAndUnknownMembers();
    void leavesIdentifiersOutOfThePool();
    void perClusterTextSharesOneExactBlock();
    void keepsIdentifiersInTheBlock_data();
    void keepsIdentifiersInTheBlock();
    void cachesInternedStringsUntilTold();
};

void TestProfileDecoder::decodesProducersProfiles_data()
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
                                          << "NotReported" << "";
    QTest::newRow("GKE v1alpha2") << "v1alpha2.json" << "gke-us-central1-a" << "fleet-cluster-inventory"
                                  << "multicluster.x-k8s.io/v1alpha2" << "us-central1-a" << "gke-fleet" << false
                                  << "v1.34.2-gke.1100" << 1 << 3 << 1 << "NotReported"
                                  << "projects/123/locations/us-central1/memberships/a";
    QTest::newRow("OCM v1alpha2") << "ocm-v1alpha2.yaml" << "cluster1" << "ocm-global"
                                  << "multicluster.x-k8s.io/v1alpha2" << "cluster1" << "open-cluster-management"
                                  << false << "v1.33.4" << 2 << 4 << 1 << "Healthy" << "3c9f7e2a-ocm-cluster1";
    QTest::newRow("KubeFleet v1alpha2") << "kubefleet-v1alpha2.json" << "member-1" << "fleet-system"
                                        << "multicluster.x-k8s.io/v1alpha2" << "member-1" << "KubeFleet" << false
                                        << "v1.32.6" << 1 << 0 << 1 << "Healthy" << "";
    QTest::newRow("GKE Fleet v1alpha1, the older script: no status") << "gke-fleet-v1alpha1.yaml" << "legacy-batch"
                                                      << "acme-prod-4711" << "multicluster.x-k8s.io/v1alpha1"
                                                      << "legacy-batch" << "fleet-memberships-to-clusterprofile-script"
                                                      << false << "" << 0 << 0 << 0 << "NotReported" << "";
    QTest::newRow("conformance seed, no status") << "conformance-seed.yaml" << "demo-cluster-0" << "cluster-inventory"
                                                 << "multicluster.x-k8s.io/v1alpha1" << "" << "demo" << true << ""
                                                 << 0 << 0 << 0 << "NotReported" << "demo-cluster-0-id";
}

void TestProfileDecoder::decodesProducersProfiles()
{
    QFETCH(QString, fixture);
    ClusterProfile profile;
    QString error;
    QVERIFY2(decode(loadFixture(fixture), &profile, &error), qPrintable(error));
    QVERIFY(error.isEmpty());

    QTEST(profile.metadata.name, "name");
    QTEST(profile.metadata.namespaceName.toString(), "namespaceName");
    QTEST(apiVersionString(profile.apiVersion), "apiVersion");
    QTEST(profile.displayName.toString(), "displayName");
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

void TestProfileDecoder::keepsAccessProviderDetails()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decode(loadFixture(QStringLiteral("kep-example.yaml")), &profile, &error), qPrintable(error));
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

void TestProfileDecoder::accessProvidersWinOverDeprecatedCredentialProviders()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decode(loadFixture(QStringLiteral("ocm-credential-providers.yaml")), &profile, &error),
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

void TestProfileDecoder::v1alpha2HasNoCredentialProvidersNorCaFile_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("apiVersionLast");
    QTest::addColumn<int>("providers");
    QTest::addColumn<QString>("caFile");
    QTest::newRow("v1alpha1") << "v1alpha1" << false << 2 << "/etc/hub/ca.crt";
    QTest::newRow("v1alpha1, apiVersion last") << "v1alpha1" << true << 2 << "/etc/hub/ca.crt";
    QTest::newRow("v1alpha2") << "v1alpha2" << false << 1 << "";
    QTest::newRow("v1alpha2, apiVersion last") << "v1alpha2" << true << 1 << "";
}

void TestProfileDecoder::v1alpha2HasNoCredentialProvidersNorCaFile()
{
    QFETCH(QString, version);
    QFETCH(bool, apiVersionLast);
    // The OCM fixture carries both, as a hub that does not prune would send it.
    nlohmann::json object = nlohmann::json::parse(loadFixture(QStringLiteral("ocm-v1alpha2.yaml")).toStdString());
    object.erase("apiVersion");
    const std::string apiVersion = "multicluster.x-k8s.io/" + version.toStdString();
    std::string text = object.dump();
    const std::string member = "\"apiVersion\":\"" + apiVersion + "\"";
    text = apiVersionLast ? text.substr(0, text.size() - 1) + "," + member + "}" : "{" + member + "," + text.substr(1);
    ClusterProfile profile;
    QString error;
    QVERIFY2(decode(QByteArray::fromStdString(text), &profile, &error), qPrintable(error));
    QCOMPARE(apiVersionString(profile.apiVersion), QString::fromStdString(apiVersion));
    QTEST(int(profile.accessProviders.size()), "providers");
    QCOMPARE(profile.accessProviders[0].name.toString(), QStringLiteral("open-cluster-management"));
    QTEST(profile.accessProviders[0].cluster.certificateAuthority.toString(), "caFile");
    const AccessProvider *legacy = profile.accessProvider(u"legacy-token");
    QCOMPARE(legacy != nullptr, version == u"v1alpha1");
    if (legacy)
        QVERIFY(legacy->fromCredentialProviders);
}

void TestProfileDecoder::keepsV1alpha2ClusterFields()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decode(loadFixture(QStringLiteral("kubefleet-v1alpha2.json")), &profile, &error), qPrintable(error));
    const AccessProvider *provider = profile.accessProvider(u"KubeFleet");
    QVERIFY(provider);
    const KubeconfigCluster &c = provider->cluster;
    QCOMPARE(c.server, QStringLiteral("https://member-1.fleet.example.com:6443"));
    QCOMPARE(c.proxyUrl.toString(), QStringLiteral("https://egress.fleet.example.com:3128"));
    QVERIFY(c.disableCompression);
    QVERIFY(!c.insecureSkipTlsVerify);
    QCOMPARE(c.certificateAuthorityData, QByteArray("-----BEGIN CERTIFICATE-----\n"));
    QVERIFY(c.extensions.isEmpty());

    QVERIFY2(decode(loadFixture(QStringLiteral("v1alpha2.json")), &profile, &error), qPrintable(error));
    QCOMPARE(profile.accessProviders[0].cluster.tlsServerName.toString(), QStringLiteral("gke-a.internal"));
    // GKE's Connect Gateway: a URL with a path, and no CA data (system roots).
    QVERIFY2(decode(loadFixture(QStringLiteral("gke-fleet-v1alpha2.yaml")), &profile, &error), qPrintable(error));
    QCOMPARE(profile.accessProviders.size(), 1);
    QCOMPARE(profile.accessProviders[0].name.toString(), QStringLiteral("google"));
    QCOMPARE(profile.accessProviders[0].cluster.server,
             QStringLiteral("https://connectgateway.googleapis.com/v1/projects/804172376512/locations/global/gkeMemberships/gke-prod"));
    QVERIFY(profile.accessProviders[0].cluster.certificateAuthorityData.isEmpty());
}

void TestProfileDecoder::refusesMoreThan64AccessProviders_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<int>("count");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("64 accessProviders") << "accessProviders" << 64 << true;
    QTest::newRow("65 accessProviders") << "accessProviders" << 65 << false;
    QTest::newRow("65 credentialProviders") << "credentialProviders" << 65 << false;
}

void TestProfileDecoder::refusesMoreThan64AccessProviders()
{
    QFETCH(QString, list);
    QFETCH(int, count);
    QByteArray items;
    for (int i = 0; i < count; ++i)
        items += QByteArray(i ? "," : "") + R"({"name":"p)" + QByteArray::number(i)
            + R"(","cluster":{"server":"https://s.example.com"}})";
    const QByteArray json = profile(QByteArray(R"("status":{")" + list.toUtf8() + R"(":[)" + items + "]}").constData());
    ClusterProfile decoded;
    QString error;
    QFETCH(bool, accepted);
    QCOMPARE(decode(json, &decoded, &error), accepted);
    if (accepted) {
        QCOMPARE(int(decoded.accessProviders.size()), count);
    } else {
        QCOMPARE(error, QStringLiteral("status.%1: must have at most 64 items").arg(list));
    }
}

void TestProfileDecoder::keepsPropertyTimesAndConditionDetails()
{
    ClusterProfile profile;
    QString error;
    QVERIFY2(decode(loadFixture(QStringLiteral("v1alpha2.json")), &profile, &error), qPrintable(error));
    const Property *location = profile.property(well_known::locationProperty);
    QVERIFY(location);
    QCOMPARE(profile.valueText(*location).toString(), QStringLiteral("gcp/us-central1/us-central1-a"));
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
    QVERIFY2(decode(loadFixture(QStringLiteral("kubefleet.json")), &fleet, &error), qPrintable(error));
    QCOMPARE(fleet.metadata.resourceVersion.toByteArray(), QByteArray("987"));
    QCOMPARE(fleet.metadata.uid, QUuid(QStringLiteral("1b7d4c52-0e6f-4c55-8a43-2d9b9c1d6f11")));
    QCOMPARE(fleet.conditions.first().message, QStringLiteral("the member agent has not reported for 5m"));
    QCOMPARE(fleet.conditions.first().observedGeneration, 3);
}

void TestProfileDecoder::rejectsMalformedObjects_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expectedError");

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
    QTest::newRow("condition null") << profile(R"("status":{"conditions":[null]})")
                                    << "status.conditions[0]: expected object, got null";
    QTest::newRow("generation out of range")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","generation":9223372036854775808}})")
        << "metadata.generation: integer out of range";
    QTest::newRow("name empty") << QByteArray(R"({"metadata":{"name":"","namespace":"ns"}})")
                                << "metadata.name: required value is missing";
    QTest::newRow("metadata null") << QByteArray(R"({"metadata":null})") << "metadata: required value is missing";
    QTest::newRow("bare group") << QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/",)") + meta + "}"
                                << R"(apiVersion: unsupported API version "multicluster.x-k8s.io/")";
    QTest::newRow("extension with a bad body")
        << profile(R"("status":{"accessProviders":[{"name":"a","cluster":{"extensions":[{"name":"e","extension":{"f":}}]}}]})")
        << "status.accessProviders[0].cluster.extensions[0]: invalid JSON (The JSON document has an improper "
           "structure: missing or superfluous commas, braces, missing keys, etc.)";
    QTest::newRow("trailing garbage") << profile("") + " x"
                                      << "(root): invalid JSON (JSON document ended early in the middle of an object or array.)";
    QTest::newRow("invalid UTF-8") << profile("\"spec\":{\"displayName\":\"\xff\"}")
                                   << "(root): invalid JSON (The input is not valid UTF-8)";
    QTest::newRow("lone surrogate") << profile(R"("spec":{"displayName":"\uD83D"})")
                                    << "spec.displayName: invalid JSON (Problem while parsing a string)";
    QTest::newRow("empty") << QByteArray() << "(root): invalid JSON (Empty: no JSON found)";
    // After an error of structure On-Demand may have given up the document: the
    // decoder must not read on (not even to find the object's name for the message).
    QTest::newRow("member without a value, before metadata")
        << QByteArray(R"({"apiVersion":,"kind":"ClusterProfile",)") + meta + "}"
        << "apiVersion: invalid JSON (%TAPE%)";
    // The fuzzer's findings, minimized: an object that ends inside a member's value.
    QTest::newRow("unclosed array in a member") << QByteArray(R"({"":[})") << "(root): invalid JSON (%TAPE%)";
    QTest::newRow("unclosed object in a member") << QByteArray(R"({"":{})") << "(root): invalid JSON (%TAPE%)";
    QTest::newRow("member without a value, after metadata")
        << profile(R"("status":{"conditions":[{"type":}]})") << "status.conditions[0].type: invalid JSON (%TAPE%)";
}

void TestProfileDecoder::rejectsMalformedObjects()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expectedError);
    expectedError.replace(QStringLiteral("%TAPE%"), QString::fromUtf8(simdjson::error_message(simdjson::TAPE_ERROR)));
    QString error;
    ClusterProfile profile;
    profile.displayName = QStringLiteral("untouched");
    QVERIFY(!decode(json, &profile, &error));
    QCOMPARE(error, expectedError);
    // A failed decode leaves the caller's object as it was.
    QCOMPARE(profile.displayName, QStringLiteral("untouched"));
}

void TestProfileDecoder::namesABrokenObjectOnlyFromWhatItRead_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("failedName");

    // A wrong type leaves the document readable: the name is looked up ahead.
    QTest::newRow("wrong type before metadata") << QByteArray(R"({"kind":7,)") + meta + "}" << "c1";
    // Broken structure: only what was read before the break names the object.
    QTest::newRow("broken before metadata") << QByteArray(R"({"kind":,)") + meta + "}" << "";
    QTest::newRow("broken after metadata") << profile(R"("spec":{"displayName":})") << "c1";
    QTest::newRow("broken inside metadata") << QByteArray(R"({"metadata":{"namespace":"ns","name":}})") << "";
    QTest::newRow("unclosed after metadata") << profile(R"("status":{"conditions":[{"type":"A")") << "c1";
    // The fuzzer's: a wrong type, then no JSON after it. The name is found reading
    // the text again from its start, never by searching on from the failure.
    QTest::newRow("wrong type, broken text after it") << QByteArray(R"({"status":{"version":"":]}})") << "";
    QTest::newRow("wrong type before metadata, broken after it")
        << QByteArray(R"({"status":{"version":"x"},)") + meta + R"(,"spec":{"a":]})" << "c1";
}

void TestProfileDecoder::namesABrokenObjectOnlyFromWhatItRead()
{
    QFETCH(QByteArray, json);
    ProfileDecoder decoder;
    ClusterProfile profile;
    QVERIFY(!decoder.decode(PaddedJson(json).view(), &profile));
    QVERIFY(!decoder.error().isEmpty());
    QTEST(decoder.failedName(), "failedName");
    QVERIFY(decoder.decodedText().empty());
}

void TestProfileDecoder::readsLongStringsBeforeLateMetadata_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("displayName");

    // An object whose metadata does not come first is named before it is decoded:
    // the decoder looks ahead without unescaping (the parser's buffer is sized for
    // each string of the page unescaped once), then reads the object from its
    // start. The fuzz corpus's crash-long-first-key-read-twice is the failing
    // object that overflowed it.
    const QByteArray longKey(3000, 'k');
    const QByteArray longName(2000, 'n');
    const QByteArray longText(3000, 't');
    const QByteArray version = R"("apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile")";
    QTest::newRow("a long first key") << "{\"" + longKey + "\":1," + version + "," + meta + "}" << "c1" << "";
    QTest::newRow("a long key and name in late metadata")
        << "{" + version + R"(,"spec":{"displayName":"d"},"metadata":{")" + longKey + R"(":"v","name":")" + longName
            + R"(","namespace":"ns"}})"
        << QString::fromLatin1(longName) << "d";
    QTest::newRow("long text before late metadata")
        << "{\"spec\":{\"displayName\":\"" + longText + "\"}," + version + "," + meta + "}" << "c1"
        << QString::fromLatin1(longText);
    QTest::newRow("an escaped name in late metadata")
        << "{\"spec\":{}," + version + R"(,"metadata":{"name":"c\u0031","namespace":"ns"}})" << "c1" << "";
}

void TestProfileDecoder::readsLongStringsBeforeLateMetadata()
{
    QFETCH(QByteArray, json);
    ProfileDecoder decoder;
    ClusterProfile profile;
    QVERIFY2(decoder.decode(PaddedJson(json).view(), &profile), qPrintable(decoder.error()));
    QTEST(profile.metadata.name, "name");
    QCOMPARE(profile.metadata.namespaceName.toString(), QStringLiteral("ns"));
    QTEST(profile.displayName.toString(), "displayName");

    // And as the item of a list page, as a hub's list is read: one parser for the
    // page, the object read again from its start after the look-ahead. The page's
    // metadata comes last, so that its strings land after the item's.
    const QByteArray list = R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfileList","items":[)"
                            + json + R"(],"metadata":{"resourceVersion":"7"}})";
    ResponseReader reader;
    ResponseReader::ListPage page;
    QString error;
    ProfileDecoder items;
    ClusterProfile listed;
    bool decoded = false;
    const auto readItems = [&](ResponseObjects &objects) {
        while (objects.next())
            decoded = items.decode(objects, &listed);
    };
    QVERIFY2(reader.readList(PaddedJson(list).view(), &page, &error, readItems), qPrintable(error));
    QVERIFY2(decoded, qPrintable(items.error()));
    QCOMPARE(listed.metadata.name, profile.metadata.name);
    QCOMPARE(listed.displayName.toString(), profile.displayName.toString());
    QCOMPARE(page.resourceVersion, QByteArray("7"));
}

void TestProfileDecoder::internsRepeatedStrings()
{
    StringPool &pool = StringPool::shared();
    pool.purgeUnused();
    const qsizetype sizeBefore = pool.size();
    const auto json = loadFixture(QStringLiteral("kep-example.yaml"));
    ClusterProfile a, b;
    QString error;
    QVERIFY(decode(json, &a, &error));
    QVERIFY(decode(json, &b, &error));
    // Same buffer, not merely equal text: 100k profiles share one copy.
    QCOMPARE(a.clusterManagerName.toString().constData(), b.clusterManagerName.toString().constData());
    QCOMPARE(a.conditions[0].type.toString().constData(), b.conditions[0].type.toString().constData());
    QCOMPARE(a.conditions[0].reason.toString().constData(), b.conditions[0].reason.toString().constData());
    QVERIFY(a.properties[1].value.sameHandle(b.properties[1].value));
    QCOMPARE(a.metadata.namespaceName.toString().constData(), b.metadata.namespaceName.toString().constData());
    const qsizetype size = pool.size() - sizeBefore;
    QVERIFY(size > 5);
    // Nothing is purged while profiles hold the strings ...
    QCOMPARE(pool.purgeUnused(), 0);
    a = ClusterProfile();
    b = ClusterProfile();
    // ... and everything is once they are gone.
    QCOMPARE(pool.purgeUnused(), size);
    QCOMPARE(pool.size(), sizeBefore);
}

void TestProfileDecoder::decodesAnyLayoutOfTheFixtures_data()
{
    QTest::addColumn<QString>("fixture");
    for (const char *name : {"kep-example.yaml", "kubefleet.json", "ocm-credential-providers.yaml", "v1alpha2.json",
                             "ocm-v1alpha2.yaml", "kubefleet-v1alpha2.json", "gke-fleet-v1alpha1.yaml", "gke-fleet-v1alpha2.yaml",
                             "conformance-seed.yaml"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestProfileDecoder::decodesAnyLayoutOfTheFixtures()
{
    // Whitespace and member order are the producer's business: indented text and
    // the same object with its members sorted (nlohmann's order) decode alike.
    QFETCH(QString, fixture);
    ClusterProfile compact, pretty;
    QString error;
    QVERIFY2(decode(loadFixture(fixture, -1), &compact, &error), qPrintable(error));
    QVERIFY2(decode(loadFixture(fixture, 4), &pretty, &error), qPrintable(error));
    QCOMPARE(pretty.metadata.name, compact.metadata.name);
    QVERIFY(pretty.metadata.labels == compact.metadata.labels);
    QCOMPARE(pretty.displayName, compact.displayName);
    QVERIFY(pretty.conditions == compact.conditions);
    QVERIFY(samePropertyValues(pretty, compact));
    QVERIFY(pretty.accessProviders == compact.accessProviders);
}

void TestProfileDecoder::readsEscapesAndUnicode()
{
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(profile(R"("spec":{"displayName":"Z\u00fcrich \u0022eins\u0022 \ud83d\ude00 \/ tab\t","clusterManager":{"name":"m\u0061n"}})"),
                    &decoded, &error),
             qPrintable(error));
    QCOMPARE(decoded.displayName, QStringLiteral("Z\u00fcrich \"eins\" \U0001F600 / tab\t"));
    QCOMPARE(decoded.clusterManagerName.toString(), QStringLiteral("man"));
    QVERIFY(decode(profile("\"spec\":{\"displayName\":\"Z\xc3\xbcrich \xe6\x9d\xb1\xe4\xba\xac\"}"), &decoded, &error));
    QCOMPARE(decoded.displayName, QStringLiteral("Z\u00fcrich \u6771\u4eac"));
}

void TestProfileDecoder::readsLabels_data()
{
    QTest::addColumn<QByteArray>("labels");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("unsorted, null skipped") << QByteArray(R"({"z":"1","a":"2","n":null,"m":""})")
                                            << QStringList{"a=2", "m=", "z=1"};
    QTest::newRow("repeated: the last wins") << QByteArray(R"({"a":"1","b":"x","a":"2"})") << QStringList{"a=2", "b=x"};
    QTest::newRow("null") << QByteArray("null") << QStringList();
    QTest::newRow("escaped key") << QByteArray(R"({"k\u0065y":"v"})") << QStringList{"key=v"};
}

void TestProfileDecoder::readsLabels()
{
    QFETCH(QByteArray, labels);
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","labels":)") + labels + "}}", &decoded, &error),
             qPrintable(error));
    QStringList entries;
    for (const auto &entry : decoded.metadata.labels.entries())
        entries << entry.first.toString() + u'=' + decoded.metadata.labels.text(entry).toString();
    QTEST(entries, "expected");
}

void TestProfileDecoder::keepsExtensionBodiesAsCompactJson()
{
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(profile(R"("status":{"accessProviders":[{"name":"a","cluster":{"extensions":[)"
                            R"({"name":"e1","extension":{ "z" : [1, -0, true, null, "s\u00e9\n"], "a" : {"b":{} } }},)"
                            R"({"name":"e2"},{"name":"e3","extension":null},{"name":"e4","extension":"text" },)"
                            R"({"name":"e5","extension":[ 1.5 , 2 ]}]}}]})"),
                    &decoded, &error),
             qPrintable(error));
    const KubeconfigCluster &cluster = decoded.accessProviders.first().cluster;
    QCOMPARE(cluster.extensions.size(), 5);
    // The producer's member order and escapes, without the whitespace.
    QCOMPARE(cluster.extensions[0].json, QByteArray(R"({"z":[1,-0,true,null,"s\u00e9\n"],"a":{"b":{}}})"));
    QCOMPARE(cluster.extensions[1].json, QByteArray("null"));
    QCOMPARE(cluster.extensions[2].json, QByteArray("null"));
    QCOMPARE(cluster.extensions[3].json, QByteArray(R"("text")"));
    QCOMPARE(cluster.extensions[4].json, QByteArray("[1.5,2]"));
}

void TestProfileDecoder::acceptsNullsAndUnknownMembers()
{
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(profile(R"("spec":null,"status":{"conditions":null,"properties":null,"version":null,"accessProviders":null})"),
                    &decoded, &error),
             qPrintable(error));
    QVERIFY(decoded.conditions.isEmpty());
    QVERIFY2(decode(profile(R"("x":{"deep":[[[{"a":1e5}]]]},"spec":{"unknown":[1,2,{}]},"status":{"other":{"k":"v"},)"
                            R"("conditions":[{"type":"J","status":"True","extra":[1]}]})"),
                    &decoded, &error),
             qPrintable(error));
    QCOMPARE(decoded.conditionStatus(u"J"), ConditionStatus::True);
    // Without apiVersion and kind, as list items may come.
    QVERIFY2(decode(QByteArray(R"({"metadata":{"name":"c1","namespace":"ns"}})"), &decoded, &error), qPrintable(error));
    QCOMPARE(decoded.metadata.name, QStringLiteral("c1"));
}

void TestProfileDecoder::leavesIdentifiersOutOfThePool()
{
    // Values that differ on every cluster (member ids, cluster ids, endpoints)
    // would only grow the pool; the decoded values stay the same.
    const QByteArray json = QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)")
        + R"("metadata":{"name":"c1","namespace":"ns","labels":{"env":"prod",)"
          R"("multicluster.x-k8s.io/inventory-member-id":"5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f"}},)"
          R"("status":{"properties":[{"value":"c1-id","name":"cluster.clusterset.k8s.io"},)"
          R"({"name":"location.topology.k8s.io","value":"eu-west-1"}]}})";
    StringPool &pool = StringPool::shared();
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(json, &decoded, &error), qPrintable(error));
    QCOMPARE(decoded.metadata.labels.value(u"multicluster.x-k8s.io/inventory-member-id"),
             QStringLiteral("5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f"));
    QCOMPARE(decoded.propertyText(u"cluster.clusterset.k8s.io").toString(), QStringLiteral("c1-id"));
    const qsizetype before = pool.size();
    // Interning an identifier now adds it: it was not there.
    pool.intern(QStringLiteral("5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f"));
    pool.intern(QStringLiteral("c1-id"));
    QCOMPARE(pool.size(), before + 2);
    // Repeating values are shared with the pool.
    QVERIFY(decoded.metadata.labels.value(u"env").constData() == pool.intern(QStringLiteral("prod")).constData());
    QVERIFY(decoded.propertyText(u"location.topology.k8s.io").pooled()->constData()
            == pool.intern(QStringLiteral("eu-west-1")).constData());
}

void TestProfileDecoder::perClusterTextSharesOneExactBlock()
{
    // The display name, the providers' servers, CA data and extension
    // JSON of one profile are UTF-8 in one exact-size block, not a QString each.
    const char *status = R"("status":{"accessProviders":[
        {"name":"a","cluster":{"server":"https://a.example:6443","certificate-authority-data":"Q0FEQVRB",
         "extensions":[{"name":"client.authentication.k8s.io/exec","extension":{"clusterName": "c1"}}]}},
        {"name":"b","cluster":{"server":"https://b.example:443"}}]})";
    const QByteArray spec = QByteArray(R"("spec":{"displayName":"Clüster one"},)") + status;
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(profile(spec.constData()), &decoded, &error), qPrintable(error));
    QCOMPARE(decoded.displayName.toString(), QStringLiteral("Clüster one"));
    QCOMPARE(decoded.accessProviders.size(), 2);
    const KubeconfigCluster &a = decoded.accessProviders.at(0).cluster;
    const KubeconfigCluster &b = decoded.accessProviders.at(1).cluster;
    QCOMPARE(a.server, QStringLiteral("https://a.example:6443"));
    QCOMPARE(a.certificateAuthorityData.toByteArray(), QByteArray("CADATA"));
    QCOMPARE(a.extensions.at(0).json.toByteArray(), QByteArray(R"({"clusterName":"c1"})"));
    QCOMPARE(b.server, QStringLiteral("https://b.example:443"));
    const TextBlock *block = decoded.displayName.block();
    QVERIFY(block);
    for (const BlockText *text : {static_cast<const BlockText *>(&a.server),
                                  static_cast<const BlockText *>(&a.certificateAuthorityData),
                                  static_cast<const BlockText *>(&a.extensions.at(0).json),
                                  static_cast<const BlockText *>(&b.server)})
        QCOMPARE(text->block(), block);
    const qsizetype total = decoded.displayName.byteSize() + a.server.byteSize() + a.certificateAuthorityData.byteSize()
        + a.extensions.at(0).json.byteSize() + b.server.byteSize();
    QCOMPARE(qsizetype(block->size()), total);

    // The block outlives the profile as long as a copied field holds it.
    const BlockString server = b.server;
    decoded = ClusterProfile();
    QCOMPARE(server, QStringLiteral("https://b.example:443"));

    // A profile without such text allocates no block.
    ClusterProfile bare;
    QVERIFY2(decode(profile(R"("spec":{})"), &bare, &error), qPrintable(error));
    QVERIFY(bare.displayName.isEmpty());
    QVERIFY(!bare.displayName.block());
}

void TestProfileDecoder::keepsIdentifiersInTheBlock_data()
{
    QTest::addColumn<QString>("memberId");
    QTest::addColumn<QString>("clusterId");
    QTest::addColumn<QString>("endpoints");
    QTest::newRow("ascii") << QStringLiteral("5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f") << QStringLiteral("c1-id")
                           << QStringLiteral("[\"https://10.0.0.1:6443\"]");
    QTest::newRow("non-ascii") << QStringLiteral("mitglied-\u00fc-\U0001F600") << QStringLiteral("\u30af\u30e9\u30b9\u30bf-1")
                               << QStringLiteral("[\"https://\u00ebxample.test\"]");
    QTest::newRow("empty") << QString() << QString() << QString();
    // Lengths past one and two varint bytes.
    QTest::newRow("long") << QString(200, u'm') << QString(127, u'c') << QString(20000, u'e');
}

void TestProfileDecoder::keepsIdentifiersInTheBlock()
{
    // Values that identify one cluster are UTF-8 in the profile's one
    // text block (no slot, no QString of their own); the rest stays pooled.
    QFETCH(QString, memberId);
    QFETCH(QString, clusterId);
    QFETCH(QString, endpoints);
    auto quoted = [](const QString &text) { return QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact).mid(1).chopped(1); };
    const QByteArray json = "{\"metadata\":{\"name\":\"c1\",\"namespace\":\"ns\",\"labels\":{\"env\":\"prod\","
                            "\"multicluster.x-k8s.io/inventory-member-id\":" + quoted(memberId)
        + "}},\"spec\":{\"displayName\":\"Cluster\"},\"status\":{\"properties\":["
          "{\"name\":\"cluster.clusterset.k8s.io\",\"value\":" + quoted(clusterId)
        + "},{\"name\":\"location.topology.k8s.io\",\"value\":\"eu-west-1\"},"
          "{\"name\":\"cluster-endpoints.k8s.io\",\"value\":" + quoted(endpoints) + "}]}}";
    ClusterProfile decoded;
    QString error;
    QVERIFY2(decode(json, &decoded, &error), qPrintable(error));
    const LabelMap &labels = decoded.metadata.labels;
    QVERIFY(labels.contains(u"multicluster.x-k8s.io/inventory-member-id"));
    QCOMPARE(labels.value(u"multicluster.x-k8s.io/inventory-member-id"), memberId);
    QVERIFY(labels.findText(u"multicluster.x-k8s.io/inventory-member-id") == QStringView(memberId));
    QCOMPARE(labels.value(u"env"), QStringLiteral("prod"));
    QCOMPARE(decoded.propertyText(u"cluster.clusterset.k8s.io").toString(), clusterId);
    QCOMPARE(decoded.propertyText(u"cluster-endpoints.k8s.io").toString(), endpoints);
    QVERIFY(decoded.propertyText(u"cluster-endpoints.k8s.io"));
    QVERIFY(decoded.propertyText(u"location.topology.k8s.io").pooled());
    QVERIFY(decoded.propertyText(u"location.topology.k8s.io") == u"eu-west-1");
    QVERIFY(decoded.propertyText(u"no.such.property").isNull());
    QString scratch;
    const QString *text = decoded.propertyText(u"cluster.clusterset.k8s.io").text(&scratch);
    QVERIFY(text);
    QCOMPARE(*text, clusterId);
    QCOMPARE(decoded.property(u"cluster.clusterset.k8s.io")->value.isInBlock(), !clusterId.isEmpty());
    QCOMPARE(decoded.property(u"location.topology.k8s.io")->value.isInBlock(), false);

    // The member id is a share of the same block, not a copy.
    const BlockString id = memberIdOf(decoded);
    QCOMPARE(id, memberId);
    if (!memberId.isEmpty())
        QCOMPARE(id.block(), decoded.displayName.block());
    // Copies read the same text; the block outlives the profile while a copy holds it.
    const ClusterProfile copy = decoded;
    QVERIFY(copy.metadata.labels == decoded.metadata.labels);
    QVERIFY(samePropertyValues(copy, decoded));
    decoded = ClusterProfile();
    QCOMPARE(copy.propertyText(u"cluster-endpoints.k8s.io").toString(), endpoints);
    QCOMPARE(id, memberId);
}

void TestProfileDecoder::cachesInternedStringsUntilTold()
{
    StringPool &pool = StringPool::shared();
    pool.purgeUnused();
    const qsizetype sizeBefore = pool.size();
    ProfileDecoder decoder;
    const PaddedJson json(profile(R"("status":{"properties":[{"name":"location","value":"eu"}]})"));
    ClusterProfile a, b;
    QVERIFY2(decoder.decode(json.view(), &a), qPrintable(decoder.error()));
    QVERIFY2(decoder.decode(json.view(), &b), qPrintable(decoder.error()));
    QVERIFY(a.properties[0].value.sameHandle(b.properties[0].value));
    QVERIFY(a.metadata.name.constData() != b.metadata.name.constData()); // names are not interned
    a = ClusterProfile();
    b = ClusterProfile();
    // The decoder's cache still holds "ns", "location", "eu" ...
    QCOMPARE(pool.purgeUnused(), 0);
    decoder.forgetCachedStrings();
    // ... until told to forget them.
    QVERIFY(pool.purgeUnused() >= 3);
    QCOMPARE(pool.size(), sizeBefore);
}

QTEST_GUILESS_MAIN(TestProfileDecoder)
#include "tst_profiledecoder.moc"
