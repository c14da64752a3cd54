// The connect plan the CLI and the dialog both render: per member the provider
// (file order, or the preferred one), its context name, its error; the kubeconfig
// only when every member can be connected.

#include "connect/connectplan.h"
#include "fleet/store/fleetstore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;

namespace {

ProviderFile fileWith(const QStringList &names)
{
    ProviderFile file;
    file.path = QStringLiteral("providers.json");
    for (const QString &name : names) {
        CredentialProvider p;
        p.name = name;
        p.execConfig.apiVersion = QStringLiteral("client.authentication.k8s.io/v1");
        p.execConfig.command = QStringLiteral("plugin-") + name;
        p.execConfig.provideClusterInfo = true;
        p.execConfig.interactiveMode = QStringLiteral("Never");
        file.providers << p;
    }
    return file;
}

// "ns/name:a,b" → a member on hub-eu offering access providers a and b; "a=" has
// no server, "a=http://…" that server.
MemberTarget member(const QString &spec)
{
    const QString object = spec.section(u':', 0, 0);
    MemberTarget t;
    t.hub = QStringLiteral("hub-eu");
    t.namespaceName = object.section(u'/', 0, 0);
    t.name = object.section(u'/', 1);
    t.profile.metadata.namespaceName = t.namespaceName;
    t.profile.metadata.name = t.name;
    const QString offered = spec.section(u':', 1);
    for (const QString &entry : offered.split(u',', Qt::SkipEmptyParts)) {
        AccessProvider a;
        a.name = entry.section(u'=', 0, 0);
        a.cluster.server = entry.contains(u'=') ? entry.section(u'=', 1) : QStringLiteral("https://%1.example:6443").arg(t.name);
        a.cluster.extensions << NamedExtension{QString::fromUtf16(extension_names::execCluster), QByteArray("{\"clusterName\":\"m\"}")};
        t.profile.accessProviders << a;
    }
    return t;
}

} // namespace

class TestConnectPlan final : public QObject
{
    Q_OBJECT

private slots:
    void plan_data();
    void plan();
    void warningsNameTheMemberWhenSeveral();
    void providerFileErrorsReachEveryMember();
    void targetsOfStoreRows();
};

void TestConnectPlan::plan_data()
{
    QTest::addColumn<QStringList>("file");
    QTest::addColumn<QStringList>("members");
    QTest::addColumn<QStringList>("preferred");
    QTest::addColumn<QStringList>("chosen");   // per member, "" when none
    QTest::addColumn<QStringList>("contexts"); // per member, "" when none
    QTest::addColumn<QStringList>("errors");   // per member, a part of its error
    QTest::addColumn<bool>("ok");

    const QStringList none;
    QTest::newRow("one match") << QStringList{"a"} << QStringList{"fleet/prod-1:a"} << none << QStringList{"a"}
                               << QStringList{"prod-1"} << QStringList{""} << true;
    QTest::newRow("file order wins over profile order")
        << QStringList{"b", "a"} << QStringList{"fleet/prod-1:a,b"} << none << QStringList{"b"} << QStringList{"prod-1"}
        << QStringList{""} << true;
    QTest::newRow("preferred among matches")
        << QStringList{"b", "a"} << QStringList{"fleet/prod-1:a,b"} << QStringList{"a"} << QStringList{"a"}
        << QStringList{"prod-1"} << QStringList{""} << true;
    QTest::newRow("preferred not offered")
        << QStringList{"a"} << QStringList{"fleet/prod-1:a"} << QStringList{"z"} << QStringList{""} << QStringList{""}
        << QStringList{"does not offer provider \"z\""} << false;
    QTest::newRow("preferred offered but not in the file")
        << QStringList{"a"} << QStringList{"fleet/prod-1:a,z"} << QStringList{"z"} << QStringList{""} << QStringList{""}
        << QStringList{"provider \"z\" is not in providers.json"} << false;
    QTest::newRow("none matches names both sides")
        << QStringList{"x", "y"} << QStringList{"fleet/prod-1:a,b"} << none << QStringList{""} << QStringList{""}
        << QStringList{"the profile offers \"a\", \"b\"; the file knows \"x\", \"y\""} << false;
    QTest::newRow("no access providers at all")
        << QStringList{"a"} << QStringList{"fleet/prod-1:"} << none << QStringList{""} << QStringList{""}
        << QStringList{"the profile offers none"} << false;
    QTest::newRow("chosen provider without a server")
        << QStringList{"a"} << QStringList{"fleet/prod-1:a="} << none << QStringList{""} << QStringList{""}
        << QStringList{"has no server"} << false;
    QTest::newRow("same name in two namespaces: the second is qualified")
        << QStringList{"a"} << QStringList{"fleet/prod-1:a", "team/prod-1:a"} << none << QStringList{"a", "a"}
        << QStringList{"prod-1", "team-prod-1"} << QStringList{"", ""} << true;
    QTest::newRow("per-member preference")
        << QStringList{"a", "b"} << QStringList{"fleet/prod-1:a,b", "fleet/prod-2:a,b"} << QStringList{"", "b"}
        << QStringList{"a", "b"} << QStringList{"prod-1", "prod-2"} << QStringList{"", ""} << true;
    // One bad member of a selection costs only itself: the others are connected.
    QTest::newRow("one bad member: the other still connected")
        << QStringList{"a"} << QStringList{"fleet/prod-2:q", "fleet/prod-1:a"} << none << QStringList{"", "a"}
        << QStringList{"", "prod-1"} << QStringList{"ClusterProfile hub-eu/fleet/prod-2", ""} << true;
}

void TestConnectPlan::plan()
{
    QFETCH(QStringList, file);
    QFETCH(QStringList, members);
    QFETCH(QStringList, preferred);
    QFETCH(QStringList, chosen);
    QFETCH(QStringList, contexts);
    QFETCH(QStringList, errors);
    QFETCH(bool, ok);

    QList<MemberTarget> targets;
    for (const QString &m : members)
        targets << member(m);
    const ConnectPlan plan = ConnectPlan::make(targets, fileWith(file), preferred);
    QCOMPARE(plan.members.size(), targets.size());
    for (int i = 0; i < plan.members.size(); ++i) {
        const ConnectPlan::Member &m = plan.members[i];
        QCOMPARE(m.target.label(), targets[i].label());
        QCOMPARE(m.providerName(), chosen[i]);
        QCOMPARE(m.contextName, contexts[i]);
        QCOMPARE(m.ok(), errors[i].isEmpty());
        QVERIFY2(m.error.contains(errors[i]), qPrintable(m.error));
        if (m.ok())
            QCOMPARE(m.access()->name, chosen[i]);
        else
            QVERIFY(m.error.contains(targets[i].label()) || m.error.contains(u"provider \""));
    }
    QCOMPARE(plan.ok(), ok);
    QCOMPARE(plan.complete(), !errors.join(QString()).size());
    if (ok) {
        QStringList connected = contexts;
        connected.removeAll(QString());
        QCOMPARE(plan.contextNames, connected);
        QVERIFY(plan.kubeconfig.contains("current-context: " + connected.first().toUtf8()));
        for (const QString &name : chosen) {
            if (!name.isEmpty())
                QVERIFY(plan.kubeconfig.contains("command: plugin-" + name.toUtf8()));
        }
    } else {
        QVERIFY(plan.kubeconfig.isEmpty());
        QVERIFY(plan.contextNames.isEmpty());
    }
}

void TestConnectPlan::warningsNameTheMemberWhenSeveral()
{
    const QList<MemberTarget> one{member(QStringLiteral("fleet/prod-1:a=http://m.example"))};
    const ConnectPlan single = ConnectPlan::make(one, fileWith({"a"}));
    QCOMPARE(single.warnings().size(), 1);
    QVERIFY2(single.warnings().first().startsWith(u"access provider \"a\": server http://m.example is plain http"),
             qPrintable(single.warnings().first()));
    const ConnectPlan two = ConnectPlan::make(one + QList<MemberTarget>{member(QStringLiteral("fleet/prod-2:a"))}, fileWith({"a"}));
    QCOMPARE(two.warnings().size(), 1);
    QVERIFY2(two.warnings().first().startsWith(u"prod-1: access provider \"a\""), qPrintable(two.warnings().first()));
    QVERIFY(two.ok()); // a warning does not stop the plan
}

void TestConnectPlan::providerFileErrorsReachEveryMember()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QList<MemberTarget> targets{member(QStringLiteral("fleet/prod-1:a")), member(QStringLiteral("fleet/prod-2:a"))};

    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    const ConnectPlan absent = ConnectPlan::load(targets, missing);
    QVERIFY(absent.providerFileMissing);
    QVERIFY2(absent.providerFileError.contains(missing), qPrintable(absent.providerFileError));
    QVERIFY(!absent.ok());
    for (const ConnectPlan::Member &m : absent.members)
        QCOMPARE(m.error, absent.providerFileError);

    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"providers\": [{\"name\": 7}]}");
    file.close();
    const ConnectPlan unreadable = ConnectPlan::load(targets, broken);
    QVERIFY(!unreadable.providerFileMissing);
    QVERIFY2(unreadable.providerFileError.contains(broken) && unreadable.providerFileError.contains(u"providers[0]"),
             qPrintable(unreadable.providerFileError));
    QVERIFY(!unreadable.ok());

    const QString good = dir.filePath(QStringLiteral("good.json"));
    QFile goodFile(good);
    QVERIFY(goodFile.open(QIODevice::WriteOnly));
    goodFile.write("{\"providers\": [{\"name\": \"a\", \"execConfig\": {\"apiVersion\": \"client.authentication.k8s.io/v1\", "
                   "\"command\": \"plugin-a\", \"provideClusterInfo\": true, \"interactiveMode\": \"Never\"}}]}");
    goodFile.close();
    const ConnectPlan loaded = ConnectPlan::load(targets, good);
    QVERIFY(loaded.providerFileError.isEmpty());
    QCOMPARE(loaded.contextNames, (QStringList{"prod-1", "prod-2"}));
    QCOMPARE(loaded.providers.path, good);
}

// What the dashboard's Connect, Run and access checks plan for: store rows in
// the order given, rows that are gone skipped, each with a copy of its profile.
void TestConnectPlan::targetsOfStoreRows()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("hub-eu"));
    HubDelta delta;
    for (const QString &spec : {QStringLiteral("fleet/prod-1:a"), QStringLiteral("apps/prod-2:b")}) {
        auto record = std::make_shared<ProfileRecord>();
        record->profile = member(spec).profile;
        delta.upsertedProfiles << record;
    }
    store.applyDelta(hub, delta);
    QCOMPARE(store.profileCount(), 2);
    const int prod2 = store.rowOf(hub, {QStringLiteral("apps"), QStringLiteral("prod-2")});
    const int prod1 = 1 - prod2;

    const QList<MemberTarget> targets = MemberTarget::fromRows(store, {prod2, 7, -1, prod1});
    QStringList labels;
    for (const MemberTarget &t : targets)
        labels << t.label();
    QCOMPARE(labels, (QStringList{"hub-eu/apps/prod-2", "hub-eu/fleet/prod-1"}));
    QCOMPARE(targets.first().profile.accessProviders.first().name, QStringLiteral("b"));
    QCOMPARE(store.qualifiedName(store.profileAt(prod1)), QStringLiteral("hub-eu/fleet/prod-1"));
    QVERIFY(MemberTarget::fromRows(store, {}).isEmpty());
}

QTEST_GUILESS_MAIN(TestConnectPlan)
#include "tst_connectplan.moc"
