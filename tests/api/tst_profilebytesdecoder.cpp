// The DOM-free list path: JsonCursor, ListPage and ProfileBytesDecoder must agree
// with nlohmann + decodeClusterProfile() wherever they accept input, and must
// refuse (hand over to the DOM path) everything nlohmann refuses.

#include "api/apidecoder.h"
#include "api/jsoncursor.h"
#include "api/jsonreader.h"
#include "api/placementbytesdecoder.h"
#include "api/profilebytesdecoder.h"
#include "api/yamljson.h"
#include "kube/listpage.h"
#include "testsupport.h"

#include <QTest>

using namespace fleetscope;
using fleetscope::testing::readFixture;

namespace {

// Every field, so that a difference shows up in QCOMPARE's diff.
QString describe(const ClusterProfile &p)
{
    QStringList parts;
    const ObjectMeta &m = p.metadata;
    parts << apiVersionString(p.apiVersion) << m.name << m.namespaceName << m.uid.toString()
          << QString::fromLatin1(m.resourceVersion.toByteArray()) << QString::number(m.generation)
          << QString::number(m.creationTimestamp) << QString::number(m.deletionTimestamp);
    for (const auto &entry : m.labels.entries())
        parts << QStringLiteral("label %1=%2").arg(entry.first.toString(), entry.second.toString());
    parts << p.displayName << p.clusterManagerName << p.kubernetesVersion;
    for (const Condition &c : p.conditions)
        parts << QStringLiteral("condition %1 %2 %3 %4 %5 %6")
                     .arg(c.type.toString(), conditionStatusName(c.status), c.reason.toString(), c.message.toString())
                     .arg(c.lastTransitionTime)
                     .arg(c.observedGeneration);
    for (const Property &q : p.properties)
        parts << QStringLiteral("property %1=%2 %3").arg(q.name.toString(), q.value.toString()).arg(q.lastObservedTime);
    for (const AccessProvider &a : p.accessProviders) {
        const KubeconfigCluster &k = a.cluster;
        parts << QStringLiteral("provider %1 %2 %3 %4 %5 %6 %7 %8 %9")
                     .arg(a.name, k.server, k.certificateAuthority, QString::fromLatin1(k.certificateAuthorityData.toHex()),
                          k.tlsServerName, k.proxyUrl)
                     .arg(k.insecureSkipTlsVerify)
                     .arg(k.disableCompression)
                     .arg(a.fromCredentialProviders);
        for (const NamedExtension &e : k.extensions)
            parts << QStringLiteral("extension %1 %2").arg(e.name, QString::fromUtf8(e.json));
    }
    return parts.join(u'\n');
}

bool nlohmannAccepts(const QByteArray &text)
{
    nlohmann::json value;
    QString error;
    return parseJson(text, QStringLiteral("test"), &value, &error);
}

bool cursorAccepts(const QByteArray &text)
{
    JsonCursor c(text.constData(), text.constData() + text.size());
    return c.skipValue() && c.atEnd();
}

QByteArray fixtureAsJson(const QString &name, int indent)
{
    const QByteArray text = readFixture(QStringLiteral("api/") + name);
    nlohmann::json value;
    QString error;
    if (name.endsWith(u".json")) {
        if (!parseJson(text, name, &value, &error))
            qFatal("%s", qPrintable(error));
    } else {
        std::vector<nlohmann::json> documents;
        if (!parseYamlDocuments(text, name, &documents, &error) || documents.empty())
            qFatal("%s: %s", qPrintable(name), qPrintable(error));
        value = documents.front();
    }
    return QByteArray::fromStdString(value.dump(indent));
}

const char *const meta = R"("metadata":{"name":"c1","namespace":"ns"})";

QByteArray profile(const char *rest)
{
    return QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)") + meta
        + (rest[0] ? "," : "") + rest + "}";
}

// Decodes `json` with the bytes decoder or the DOM decoder; false when it refuses.
bool decodeWith(bool dom, const QByteArray &json, StringPool &pool, ClusterProfile *out)
{
    if (dom) {
        QString error;
        return decodeClusterProfile(nlohmann::json::parse(json.toStdString()), out, &error, pool);
    }
    ProfileBytesDecoder decoder(pool);
    return decoder.decode(std::string_view(json.constData(), size_t(json.size())), out);
}

} // namespace

class TestProfileBytesDecoder final : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithTheDomDecoder_data();
    void agreesWithTheDomDecoder();
    void placementsAgreeWithTheDomDecoder_data();
    void placementsAgreeWithTheDomDecoder();
    void refusesWhatNlohmannRefuses_data();
    void refusesWhatNlohmannRefuses();
    void readsListPages_data();
    void readsListPages();
    void internsThroughThePool();
    void leavesIdentifiersOutOfThePool();
    void displayNameEqualToTheNameSharesItsText();
};

void TestProfileBytesDecoder::agreesWithTheDomDecoder_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("fastPath"); // whether the DOM-free path must take it

    for (const char *name : {"kep-example.yaml", "kubefleet.json", "ocm-credential-providers.yaml", "v1alpha2.json",
                             "conformance-seed.yaml"}) {
        QTest::addRow("%s compact", name) << fixtureAsJson(QString::fromLatin1(name), -1) << true;
        QTest::addRow("%s pretty", name) << fixtureAsJson(QString::fromLatin1(name), 2) << true;
    }
    QTest::newRow("minimal") << profile("") << true;
    QTest::newRow("no apiVersion or kind") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns"}})") << true;
    QTest::newRow("v1alpha2") << QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha2",)") + meta + "}" << true;
    QTest::newRow("nulls are absent")
        << profile(R"("spec":null,"status":{"conditions":null,"properties":null,"version":null,"accessProviders":null})")
        << true;
    QTest::newRow("escapes and unicode")
        << profile(R"("spec":{"displayName":"Z\u00fcrich \u0022eins\u0022 \ud83d\ude00 \/ tab\t","clusterManager":{"name":"m\u0061n"}})")
        << true;
    QTest::newRow("raw UTF-8") << profile("\"spec\":{\"displayName\":\"Z\xc3\xbcrich \xe6\x9d\xb1\xe4\xba\xac\"}") << true;
    QTest::newRow("labels unsorted, null skipped")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","labels":{"z":"1","a":"2","n":null,"m":""}}})") << true;
    QTest::newRow("repeated label") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","labels":{"a":"1","a":null}}})")
                                    << false;
    QTest::newRow("repeated member") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","name":"c2"}})") << false;
    QTest::newRow("uid, generation, times")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","uid":"33b8bc00-1bcc-4cd3-8acc-d79caef2f343",)"
                      R"("generation":-0,"creationTimestamp":"2025-03-04T23:00:00Z","deletionTimestamp":""}})")
        << true;
    QTest::newRow("uid garbage") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","uid":"nope"}})") << true;
    QTest::newRow("generation out of range")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","generation":9223372036854775808}})") << false;
    QTest::newRow("generation huge") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","generation":1e400}})") << false;
    QTest::newRow("conditions") << profile(R"("status":{"conditions":[{"type":"Joined","status":"True","reason":"R",)"
                                           R"("message":"m","lastTransitionTime":"2026-01-05T15:23:00.5+02:00",)"
                                           R"("observedGeneration":3},{"type":"X","status":"maybe"},{"type":"Y"}]})")
                                << true;
    QTest::newRow("properties") << profile(R"("status":{"properties":[{"name":"a","value":"1"},)"
                                           R"({"name":"b","lastObservedTime":"2026-01-05T15:23:00Z"}]})")
                                << true;
    QTest::newRow("providers and deprecated ones")
        << profile(R"("status":{"credentialProviders":[{"name":"a","cluster":{"server":"https:\/\/old"}},)"
                   R"({"name":"b","cluster":{"server":"https:\/\/b"}},{"name":"b"}],)"
                   R"("accessProviders":[{"name":"a","cluster":{"server":"https:\/\/new","certificate-authority-data":"cGVt",)"
                   R"("tls-server-name":"t","insecure-skip-tls-verify":true,"proxy-url":"http:\/\/p","disable-compression":false}}]})")
        << true;
    QTest::newRow("extension bodies as compactJson prints them")
        << profile(R"("status":{"accessProviders":[{"name":"a","cluster":{"extensions":[)"
                   R"({"name":"e1","extension":{ "z" : [1, -0, true, null, "s\u00e9\n\u0022x\u001f"], "a" : {"b":{},"a":[]}, "\u0041":18446744073709551615 }},)"
                   R"({"name":"e2"},{"name":"e3","extension":null},{"name":"e4","extension":"text"}]}}]})")
        << true;
    QTest::newRow("extension with a float") << profile(R"("status":{"accessProviders":[{"name":"a","cluster":{"extensions":[)"
                                                       R"({"name":"e","extension":{"f":1.5}}]}}]})")
                                            << false;
    QTest::newRow("unknown members skipped")
        << profile(R"("x":{"deep":[[[{"a":1e5}]]]},"spec":{"unknown":[1,2,{}]},"status":{"other":{"k":"v"}})") << true;

    // The DOM decoder's malformed objects (tst_apidecoder): all refused here.
    QTest::newRow("not an object") << QByteArray("[1,2]") << false;
    QTest::newRow("wrong kind") << QByteArray(R"({"kind":"Pod","metadata":{"name":"a","namespace":"b"}})") << false;
    QTest::newRow("foreign apiVersion")
        << QByteArray(R"({"apiVersion":"apps/v1","kind":"ClusterProfile","metadata":{"name":"a","namespace":"b"}})") << false;
    QTest::newRow("bare group") << QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/",)") + meta + "}" << false;
    QTest::newRow("kind not a string") << QByteArray(R"({"kind":7,"metadata":{"name":"a","namespace":"b"}})") << false;
    QTest::newRow("metadata missing") << QByteArray(R"({"kind":"ClusterProfile"})") << false;
    QTest::newRow("metadata null") << QByteArray(R"({"metadata":null})") << false;
    QTest::newRow("name missing") << QByteArray(R"({"metadata":{"namespace":"ns"}})") << false;
    QTest::newRow("name empty") << QByteArray(R"({"metadata":{"name":"","namespace":"ns"}})") << false;
    QTest::newRow("namespace missing") << QByteArray(R"({"metadata":{"name":"c1"}})") << false;
    QTest::newRow("label value a bool") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","labels":{"a":true}}})")
                                        << false;
    QTest::newRow("generation a string") << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","generation":"1"}})")
                                         << false;
    QTest::newRow("creationTimestamp garbage")
        << QByteArray(R"({"metadata":{"name":"c1","namespace":"ns","creationTimestamp":"yesterday"}})") << false;
    QTest::newRow("spec a string") << profile(R"("spec":"x")") << false;
    QTest::newRow("condition status a number") << profile(R"("status":{"conditions":[{"type":"J","status":1}]})") << false;
    QTest::newRow("condition null") << profile(R"("status":{"conditions":[null]})") << false;
    QTest::newRow("condition without type") << profile(R"("status":{"conditions":[{"status":"True"}]})") << false;
    QTest::newRow("version.kubernetes a number") << profile(R"("status":{"version":{"kubernetes":1.3}})") << false;
    QTest::newRow("property without name") << profile(R"("status":{"properties":[{"value":"v"}]})") << false;
    QTest::newRow("provider CA not base64")
        << profile(R"("status":{"accessProviders":[{"name":"a","cluster":{"certificate-authority-data":"!!"}}]})") << false;
    QTest::newRow("extension without name")
        << profile(R"("status":{"accessProviders":[{"name":"a","cluster":{"extensions":[{"extension":{}}]}}]})") << false;
    QTest::newRow("observedGeneration a float")
        << profile(R"("status":{"conditions":[{"type":"J","observedGeneration":1.0}]})") << false;
    QTest::newRow("trailing garbage") << profile("") + "x" << false;
    QTest::newRow("truncated") << profile("").chopped(1) << false;
}

void TestProfileBytesDecoder::agreesWithTheDomDecoder()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, fastPath);

    StringPool pool;
    ClusterProfile fast;
    ProfileBytesDecoder decoder(pool);
    const bool fastOk = decoder.decode(std::string_view(json.constData(), size_t(json.size())), &fast);
    QCOMPARE(fastOk, fastPath);

    nlohmann::json object;
    QString error;
    ClusterProfile dom;
    const bool domOk = parseJson(json, QStringLiteral("test"), &object, &error)
        && decodeClusterProfile(object, &dom, &error, pool);
    if (fastOk) {
        QVERIFY2(domOk, qPrintable(error));
        QCOMPARE(describe(fast), describe(dom));
    }
}

void TestProfileBytesDecoder::placementsAgreeWithTheDomDecoder_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("fastPath");

    const QByteArray head = R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"PlacementDecision",)"
                            R"("metadata":{"name":"p","namespace":"ns","labels":{"multicluster.x-k8s.io/placement-key":"k"}})";
    QTest::newRow("fixture compact") << fixtureAsJson(QStringLiteral("placementdecision.yaml"), -1) << true;
    QTest::newRow("fixture pretty") << fixtureAsJson(QStringLiteral("placementdecision.yaml"), 2) << true;
    QTest::newRow("decisions") << head + R"(,"schedulerName":"s","decisions":[{"clusterProfileRef":{"name":"a"},)"
                                          R"("reason":"r"},{"clusterProfileRef":{"name":"b","namespace":"other"}}]})"
                               << true;
    QTest::newRow("decisions null") << head + R"(,"decisions":null})" << true;
    QTest::newRow("no decisions") << head + "}" << true;
    QTest::newRow("wrong kind") << QByteArray(R"({"kind":"ClusterProfile","metadata":{"name":"p","namespace":"ns"}})") << false;
    QTest::newRow("reference missing") << head + R"(,"decisions":[{"reason":"r"}]})" << false;
    QTest::newRow("reference null") << head + R"(,"decisions":[{"clusterProfileRef":null}]})" << false;
    QTest::newRow("reference without name") << head + R"(,"decisions":[{"clusterProfileRef":{"namespace":"x"}}]})" << false;
    QTest::newRow("decision not an object") << head + R"(,"decisions":["a"]})" << false;
    QTest::newRow("decisions an object") << head + R"(,"decisions":{}})" << false;
    QTest::newRow("schedulerName a number") << head + R"(,"schedulerName":1})" << false;
    QTest::newRow("namespace missing") << QByteArray(R"({"metadata":{"name":"p"}})") << false;
}

void TestProfileBytesDecoder::placementsAgreeWithTheDomDecoder()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, fastPath);

    StringPool pool;
    PlacementDecision fast;
    PlacementBytesDecoder decoder(pool);
    const bool fastOk = decoder.decode(std::string_view(json.constData(), size_t(json.size())), &fast);
    QCOMPARE(fastOk, fastPath);
    nlohmann::json object;
    QString error;
    PlacementDecision dom;
    const bool domOk = parseJson(json, QStringLiteral("test"), &object, &error)
        && decodePlacementDecision(object, &dom, &error, pool);
    if (!fastOk)
        return;
    QVERIFY2(domOk, qPrintable(error));
    QCOMPARE(fast.apiVersion, dom.apiVersion);
    QCOMPARE(fast.metadata.name, dom.metadata.name);
    QCOMPARE(fast.metadata.namespaceName, dom.metadata.namespaceName);
    QVERIFY(fast.metadata.labels == dom.metadata.labels);
    QCOMPARE(fast.schedulerName, dom.schedulerName);
    QVERIFY(fast.decisions == dom.decisions);
    QCOMPARE(fast.decisions.capacity(), dom.decisions.capacity());
}

void TestProfileBytesDecoder::refusesWhatNlohmannRefuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("valid");

    QTest::newRow("object") << QByteArray(R"( {"a" : [1, -2.5e-3, true, false, null, "x", {}], "b":{}} )") << true;
    QTest::newRow("escapes") << QByteArray("[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\uD83D\\uDE00\"]") << true;
    QTest::newRow("UTF-8") << QByteArray("[\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"]") << true;
    QTest::newRow("big integer as double") << QByteArray("[123456789012345678901234567890]") << true;
    QTest::newRow("-0") << QByteArray("[-0]") << true;
    QTest::newRow("empty") << QByteArray("") << false;
    QTest::newRow("trailing comma in array") << QByteArray("[1,]") << false;
    QTest::newRow("trailing comma in object") << QByteArray(R"({"a":1,})") << false;
    QTest::newRow("missing colon") << QByteArray(R"({"a" 1})") << false;
    QTest::newRow("key not a string") << QByteArray("{a:1}") << false;
    QTest::newRow("control character") << QByteArray("[\"a\tb\"]") << false;
    QTest::newRow("bad escape") << QByteArray(R"(["\x"])") << false;
    QTest::newRow("short \\u") << QByteArray(R"(["\u12"])") << false;
    QTest::newRow("lone high surrogate") << QByteArray(R"(["\uD83D"])") << false;
    QTest::newRow("lone low surrogate") << QByteArray(R"(["\uDE00"])") << false;
    QTest::newRow("invalid UTF-8") << QByteArray("[\"\xff\"]") << false;
    QTest::newRow("overlong UTF-8") << QByteArray("[\"\xc0\xaf\"]") << false;
    QTest::newRow("UTF-8 surrogate") << QByteArray("[\"\xed\xa0\x80\"]") << false;
    QTest::newRow("truncated UTF-8") << QByteArray("[\"\xe2\x82\"]") << false;
    QTest::newRow("leading zero") << QByteArray("[01]") << false;
    QTest::newRow("bare minus") << QByteArray("[-]") << false;
    QTest::newRow("dot without digits") << QByteArray("[1.]") << false;
    QTest::newRow("exponent without digits") << QByteArray("[1e]") << false;
    QTest::newRow("plus sign") << QByteArray("[+1]") << false;
    QTest::newRow("NaN") << QByteArray("[NaN]") << false;
    QTest::newRow("overflowing double") << QByteArray("[1e999]") << false;
    QTest::newRow("truncated literal") << QByteArray("[tru]") << false;
    QTest::newRow("unterminated string") << QByteArray("[\"abc") << false;
    QTest::newRow("unclosed array") << QByteArray("[1") << false;
    QTest::newRow("mismatched brackets") << QByteArray("[1}") << false;
    QTest::newRow("two values") << QByteArray("[1] [2]") << false;
    QTest::newRow("too deep") << QByteArray(1001, '[') + QByteArray(1001, ']') << false;
    QTest::newRow("deep but allowed") << QByteArray(1000, '[') + QByteArray(1000, ']') << true;
}

void TestProfileBytesDecoder::refusesWhatNlohmannRefuses()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, valid);
    QCOMPARE(nlohmannAccepts(json), valid);
    QCOMPARE(cursorAccepts(json), valid);
}

void TestProfileBytesDecoder::readsListPages_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("scanned");
    QTest::addColumn<int>("items");
    QTest::addColumn<QByteArray>("continueToken");
    QTest::addColumn<QByteArray>("resourceVersion");
    QTest::addColumn<qint64>("remaining");

    QTest::newRow("page") << QByteArray(R"({"kind":"ClusterProfileList","items":[ {"a":1} , [2] ,"3"],)"
                                        R"("metadata":{"continue":"tok","resourceVersion":"42","remainingItemCount":7}})")
                          << true << 3 << QByteArray("tok") << QByteArray("42") << qint64(7);
    QTest::newRow("last page") << QByteArray(R"({"metadata":{"resourceVersion":"9","continue":""},"items":[]})") << true << 0
                               << QByteArray() << QByteArray("9") << qint64(-1);
    QTest::newRow("items null") << QByteArray(R"({"items":null,"metadata":{"resourceVersion":"9"}})") << true << 0
                                << QByteArray() << QByteArray("9") << qint64(-1);
    QTest::newRow("continue not a string") << QByteArray(R"({"items":[],"metadata":{"continue":5}})") << true << 0
                                           << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("no metadata") << QByteArray(R"({"items":[]})") << false << 0 << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("no items") << QByteArray(R"({"metadata":{}})") << false << 0 << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("items an object") << QByteArray(R"({"items":{},"metadata":{}})") << false << 0 << QByteArray()
                                     << QByteArray() << qint64(-1);
    QTest::newRow("items twice") << QByteArray(R"({"items":[],"items":[],"metadata":{}})") << false << 0 << QByteArray()
                                 << QByteArray() << qint64(-1);
    QTest::newRow("not an object") << QByteArray("[]") << false << 0 << QByteArray() << QByteArray() << qint64(-1);
    // Items are delimited, not checked: the sink checks them (HubCache refuses the page).
    QTest::newRow("broken item") << QByteArray(R"({"items":[{"a":}, [1,,2]],"metadata":{}})") << true << 2 << QByteArray()
                                 << QByteArray() << qint64(-1);
    QTest::newRow("unclosed item") << QByteArray(R"({"items":[{"a":"}"],"metadata":{}})") << false << 0 << QByteArray()
                                   << QByteArray() << qint64(-1);
    QTest::newRow("broken scalar item") << QByteArray(R"({"items":[01],"metadata":{}})") << false << 0 << QByteArray()
                                        << QByteArray() << qint64(-1);
    QTest::newRow("item too deep") << QByteArray(R"({"items":[)") + QByteArray(999, '[') + QByteArray(999, ']')
                                          + R"(],"metadata":{}})"
                                   << false << 0 << QByteArray() << QByteArray() << qint64(-1);
    QTest::newRow("trailing garbage") << QByteArray(R"({"items":[],"metadata":{}}])") << false << 0 << QByteArray()
                                      << QByteArray() << qint64(-1);
    QTest::newRow("HTML") << QByteArray("<html>502</html>") << false << 0 << QByteArray() << QByteArray() << qint64(-1);
}

void TestProfileBytesDecoder::readsListPages()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, scanned);
    ListPage page;
    QCOMPARE(ListPage::scan(body, &page), scanned);
    if (!scanned)
        return;
    QTEST(int(page.items.size()), "items");
    QTEST(page.continueToken, "continueToken");
    QTEST(page.resourceVersion, "resourceVersion");
    QTEST(page.remainingItemCount, "remaining");
    // A scanned page is valid JSON exactly when all its items are.
    bool itemsValid = true;
    for (const std::string_view item : page.items)
        itemsValid = itemsValid && nlohmannAccepts(QByteArray(item.data(), qsizetype(item.size())));
    QCOMPARE(nlohmannAccepts(body), itemsValid);
}

void TestProfileBytesDecoder::internsThroughThePool()
{
    StringPool pool;
    ProfileBytesDecoder decoder(pool);
    ClusterProfile a, b;
    const QByteArray json = profile(R"("status":{"properties":[{"name":"location","value":"eu"}]})");
    QVERIFY(decoder.decode(std::string_view(json.constData(), size_t(json.size())), &a));
    QVERIFY(decoder.decode(std::string_view(json.constData(), size_t(json.size())), &b));
    QVERIFY(a.properties[0].value.sharesSlotWith(b.properties[0].value));
    QVERIFY(a.metadata.namespaceName.toString().constData() == pool.intern(QStringLiteral("ns")).constData());
    QVERIFY(a.metadata.name.constData() != b.metadata.name.constData()); // names are not interned
}

void TestProfileBytesDecoder::leavesIdentifiersOutOfThePool()
{
    // Values that differ on every cluster (member ids, cluster ids, endpoints)
    // would only grow the pool; the decoded values stay the same, in both decoders.
    const QByteArray json = QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)")
        + R"("metadata":{"name":"c1","namespace":"ns","labels":{"env":"prod",)"
          R"("multicluster.x-k8s.io/inventory-member-id":"5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f"}},)"
          R"("status":{"properties":[{"value":"c1-id","name":"cluster.clusterset.k8s.io"},)"
          R"({"name":"location.topology.k8s.io","value":"eu-west-1"}]}})";
    for (const bool dom : {false, true}) {
        StringPool pool;
        ClusterProfile decoded;
        QVERIFY(decodeWith(dom, json, pool, &decoded));
        QCOMPARE(decoded.metadata.labels.value(u"multicluster.x-k8s.io/inventory-member-id"),
                 QStringLiteral("5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f"));
        QCOMPARE(decoded.property(u"cluster.clusterset.k8s.io")->value, QStringLiteral("c1-id"));
        const qsizetype before = pool.size();
        // Interning an identifier now adds it: it was not there.
        pool.intern(QStringLiteral("5f2c0e8a-1d2b-4c3d-9e8f-0a1b2c3d4e5f"));
        pool.intern(QStringLiteral("c1-id"));
        QCOMPARE(pool.size(), before + 2);
        // Repeating values are shared with the pool.
        QVERIFY(decoded.metadata.labels.value(u"env").constData() == pool.intern(QStringLiteral("prod")).constData());
        QVERIFY(decoded.property(u"location.topology.k8s.io")->value.toString().constData()
                == pool.intern(QStringLiteral("eu-west-1")).constData());
    }
}

void TestProfileBytesDecoder::displayNameEqualToTheNameSharesItsText()
{
    // OCM sets spec.displayName to the cluster's name: 100k profiles should not
    // hold that text twice. Both decoders, and a different display name stays its own.
    for (const bool dom : {false, true}) {
        for (const QByteArray &displayName : {QByteArray("c1"), QByteArray("Cluster one")}) {
            const QByteArray spec = QByteArray(R"("spec":{"displayName":")") + displayName + R"("})";
            const QByteArray json = profile(spec.constData());
            StringPool pool;
            ClusterProfile decoded;
            QVERIFY(decodeWith(dom, json, pool, &decoded));
            QCOMPARE(decoded.displayName, QString::fromUtf8(displayName));
            QCOMPARE(decoded.displayName.constData() == decoded.metadata.name.constData(), displayName == "c1");
        }
    }
}

QTEST_GUILESS_MAIN(TestProfileBytesDecoder)
#include "tst_profilebytesdecoder.moc"
