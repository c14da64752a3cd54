// A recorded cluster read back as a profile: its facts, and the JSON the details
// pane's YAML and `list --at -o json` show, which must be the object a JSON
// library would print (members by name, strings escaped) whatever the texts hold.

#include "history/fleetrecordconversion.h"

#include "api/kubetime.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace fleetscope;

namespace {

std::string utf8(const QString &text)
{
    return text.toStdString();
}

// The object as a JSON library builds it from the recorded facts.
nlohmann::json expectedJson(const RecordedCluster &c)
{
    nlohmann::json metadata = {{"name", utf8(c.name)}, {"namespace", utf8(c.namespaceName)}};
    if (c.creationTimestamp)
        metadata["creationTimestamp"] = utf8(formatKubeTime(c.creationTimestamp));
    if (!c.labels.isEmpty()) {
        nlohmann::json labels = nlohmann::json::object();
        for (const auto &[key, value] : c.labels)
            labels[utf8(key)] = utf8(value);
        metadata["labels"] = labels;
    }
    nlohmann::json spec = nlohmann::json::object();
    if (!c.displayName.isEmpty())
        spec["displayName"] = utf8(c.displayName);
    if (!c.clusterManager.isEmpty())
        spec["clusterManager"] = {{"name", utf8(c.clusterManager)}};
    nlohmann::json status = nlohmann::json::object();
    if (!c.kubernetesVersion.isEmpty())
        status["version"] = {{"kubernetes", utf8(c.kubernetesVersion)}};
    if (!c.conditions.isEmpty()) {
        nlohmann::json conditions = nlohmann::json::array();
        for (const RecordedCondition &k : c.conditions) {
            nlohmann::json condition = {{"type", utf8(k.type)},
                                        {"status", utf8(conditionStatusName(k.status))},
                                        {"reason", utf8(k.reason)},
                                        {"message", utf8(k.message)}};
            if (k.lastTransitionTime)
                condition["lastTransitionTime"] = utf8(formatKubeTime(k.lastTransitionTime));
            conditions.push_back(condition);
        }
        status["conditions"] = conditions;
    }
    if (!c.properties.isEmpty()) {
        nlohmann::json properties = nlohmann::json::array();
        for (const auto &[name, value] : c.properties)
            properties.push_back({{"name", utf8(name)}, {"value", utf8(value)}});
        status["properties"] = properties;
    }
    return {{"apiVersion", utf8(apiVersionString(ApiVersion(c.apiVersion)))},
            {"kind", "ClusterProfile"},
            {"metadata", metadata},
            {"spec", spec},
            {"status", status}};
}

} // namespace

class TstFleetRecordConversion final : public QObject
{
    Q_OBJECT

private slots:
    void jsonIsTheRecordedObject_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << QStringLiteral("eu-west-1");
        QTest::newRow("empty") << QString();
        QTest::newRow("quotes and backslashes") << QStringLiteral(R"(say "hi" \ C:\path\)");
        QTest::newRow("control characters") << QStringLiteral("line\nnext\ttab\r\b\f") + QChar(0x01) + QChar(0x1f);
        QTest::newRow("non-ASCII") << QStringLiteral("Prod Europa ✓ 本番 🚀");
        QTest::newRow("a lone surrogate") << QString(QChar(0xd800));
        QTest::newRow("slash and DEL") << QStringLiteral("a/b") + QChar(0x7f);
    }

    void jsonIsTheRecordedObject()
    {
        QFETCH(QString, text);
        RecordedCluster c;
        c.namespaceName = QStringLiteral("fleet");
        c.name = QStringLiteral("eu-1");
        c.apiVersion = quint8(ApiVersion::V1Alpha2);
        c.creationTimestamp = 1'700'000'000'000;
        c.displayName = text;
        c.clusterManager = QStringLiteral("ocm");
        c.kubernetesVersion = QStringLiteral("v1.33.1");
        // Not in the order a JSON object prints its members.
        c.labels = {{QStringLiteral("zone"), text}, {QStringLiteral("Env"), QStringLiteral("prod")},
                    {QStringLiteral("ä-label"), QStringLiteral("x")}, {QStringLiteral("app"), text}};
        c.properties = {{QStringLiteral("location.topology.k8s.io"), text},
                        {QStringLiteral("count.node.k8s.io"), QStringLiteral("42")}};
        c.conditions = {{QStringLiteral("ControlPlaneHealthy"), ConditionStatus::False, QStringLiteral("Down"), text,
                         1'700'000'100'000},
                        {QStringLiteral("Joined"), ConditionStatus::Unknown, QString(), QString(), 0}};
        const ProfilePtr profile = fleet_records::toProfile(std::make_shared<RecordedCluster>(c));
        QVERIFY(profile->rawJson.isEmpty()); // made when asked, not with the moment
        const QByteArray raw = profile->json();
        const nlohmann::json expected = expectedJson(c);
        QCOMPARE(QByteArray::fromStdString(expected.dump()), raw);
        QVERIFY(nlohmann::json::parse(raw.toStdString()) == expected);
        // The profile holds the same facts (its texts are UTF-8: a lone surrogate is replaced).
        QCOMPARE(profile->profile.metadata.name, c.name);
        QCOMPARE(profile->profile.displayName.toString(), QString::fromUtf8(text.toUtf8()));
        QCOMPARE(profile->profile.conditions.size(), 2);
    }

    void aBareClusterPrintsEmptyObjects()
    {
        auto c = std::make_shared<RecordedCluster>();
        c->namespaceName = QStringLiteral("fleet");
        c->name = QStringLiteral("bare");
        const ProfilePtr profile = fleet_records::toProfile(c);
        QVERIFY(profile->hasJson());
        // No creation time, labels, spec or status facts: empty objects, as recorded.
        QCOMPARE(profile->json(),
                 QByteArrayLiteral(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)"
                                   R"("metadata":{"name":"bare","namespace":"fleet"},"spec":{},"status":{}})"));
    }
};

QTEST_GUILESS_MAIN(TstFleetRecordConversion)
#include "tst_fleetrecordconversion.moc"
