// The engine with the users a real kube-apiserver authenticates and RBAC
// narrows: a reader allowed two namespaces sees exactly those and is told
// which scope it may not read; a token revoked while watching makes its hub
// say Unauthorized, and a hub beside it stays live.

#include "realhubsupport.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"

#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const QStringList inventory{QStringLiteral("team-a"), QStringLiteral("team-b"), QStringLiteral("other")};

bool waitForState(const FleetStore &store, int hub, HubStatus::State state, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (store.hubStatus(hub).state != state && !deadline.hasExpired()) {
        QSignalSpy changed(&store, &FleetStore::hubStatusChanged);
        changed.wait(int(std::max<qint64>(1, std::min<qint64>(deadline.remainingTime(), 1000))));
    }
    return store.hubStatus(hub).state == state;
}

// The server's profiles in the namespaces given, as the admin lists them.
std::map<QString, QString> inNamespaces(const std::map<QString, QString> &all, const QStringList &namespaces)
{
    std::map<QString, QString> some;
    for (const auto &[key, rv] : all) {
        if (namespaces.contains(key.section(u'/', 0, 0)))
            some[key] = rv;
    }
    return some;
}

} // namespace

class TestRealHubAccess final : public QObject
{
    Q_OBJECT

private slots:
    void readerNamespaces_data();
    void readerNamespaces();
    void revokedTokenBesideLiveHub();
};

void TestRealHubAccess::readerNamespaces_data()
{
    QTest::addColumn<QStringList>("namespaceOptions"); // --namespace
    QTest::addColumn<QStringList>("readable");
    QTest::addColumn<QStringList>("forbidden");
    // The context's namespace (team-a) is tried first; each --namespace after it.
    QTest::newRow("context namespace") << QStringList() << QStringList{QStringLiteral("team-a")} << QStringList();
    QTest::newRow("--namespace team-b --namespace other")
        << QStringList{QStringLiteral("team-b"), QStringLiteral("other")}
        << QStringList{QStringLiteral("team-a"), QStringLiteral("team-b")} << QStringList{QStringLiteral("other")};
}

void TestRealHubAccess::readerNamespaces()
{
    QFETCH(QStringList, namespaceOptions);
    QFETCH(QStringList, readable);
    QFETCH(QStringList, forbidden);
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    for (const QString &ns : inventory)
        QVERIFY(createProfiles(cp, ns, ns + QStringLiteral("-cluster"), 3));

    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options = engineOptions(cp.kubeconfig(QStringLiteral("reader")), {QStringLiteral("reader")});
    options.namespaces = namespaceOptions;
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    const int hub = store.hubIndex(QStringLiteral("reader"));
    engine.start();
    QVERIFY2(waitForState(store, hub, HubStatus::State::Live, 30000), qPrintable(store.hubStatus(hub).summary()));
    QVERIFY(store.hubStatus(hub).synced);

    // Exactly the namespaces RBAC allows: nothing of "other", nothing missing.
    FleetDifference d = waitForFleet(store, hub, inNamespaces(cp.list(profilesV1alpha2, &error), readable), 10000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));

    // The scope it may not read is named, never shown as an empty namespace.
    const HubStatus status = store.hubStatus(hub);
    QStringList expectedForbidden;
    for (const QString &ns : forbidden)
        expectedForbidden << QStringLiteral("clusterprofiles in namespace ") + ns;
    QStringList profileScopes;
    for (const QString &scope : status.forbiddenScopes) {
        if (scope.startsWith(u"clusterprofiles"))
            profileScopes << scope;
    }
    QCOMPARE(profileScopes, expectedForbidden);
    // The server's own words reach Hub details: who, what, where.
    const QString backoffs = journalLines(store, hub, HubJournal::Kind::Backoff).join(u'\n');
    QVERIFY2(backoffs.contains(QStringLiteral("User \"reader\" cannot list resource \"clusterprofiles\" in API group "
                                              "\"multicluster.x-k8s.io\" at the cluster scope")),
             qPrintable(backoffs));
    if (!forbidden.isEmpty())
        QVERIFY2(backoffs.contains(QStringLiteral("cannot list resource \"clusterprofiles\" in API group \"multicluster.x-k8s.io\" "
                                                  "in the namespace \"other\"")),
                 qPrintable(backoffs));
    QVERIFY2(status.warnings.join(u'\n').contains(u"namespaces are not readable"), qPrintable(status.warnings.join(u'\n')));

    // The forbidden scope is asked again now and then; the hub stays Live meanwhile.
    QList<HubStatus::State> states;
    connect(&store, &FleetStore::hubStatusChanged, this, [&](int changed) {
        if (changed == hub)
            states << store.hubStatus(hub).state;
    });
    const auto refusals = [&] {
        return journalLines(store, hub, HubJournal::Kind::Backoff)
            .filter(QStringLiteral("clusterprofiles in namespace other: Forbidden (403)"))
            .size();
    };
    if (!forbidden.isEmpty()) {
        const int before = int(refusals());
        QTRY_VERIFY_WITH_TIMEOUT(refusals() >= before + 2, 20000);
    }

    // Watched per namespace: a change in a readable one arrives, one elsewhere does not.
    QVERIFY(createProfiles(cp, readable.last(), QStringLiteral("later"), 1));
    QVERIFY(createProfiles(cp, QStringLiteral("other"), QStringLiteral("later"), 1));
    d = waitForFleet(store, hub, inNamespaces(cp.list(profilesV1alpha2, &error), readable), 20000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, hub)));
    QCOMPARE(store.rowOf(hub, QStringLiteral("other"), QStringLiteral("later-0")), -1);
    for (const HubStatus::State state : std::as_const(states))
        QCOMPARE(state, HubStatus::State::Live);
    QCOMPARE(store.hubStatus(hub).state, HubStatus::State::Live);
}

void TestRealHubAccess::revokedTokenBesideLiveHub()
{
    FLEETSCOPE_REQUIRE_CONTROLPLANE();
    ControlPlaneProcess cp;
    QString error;
    QVERIFY2(cp.start(&error), qPrintable(error));
    QVERIFY(createProfiles(cp, QStringLiteral("team-a"), QStringLiteral("cluster"), 5));

    FleetStore store;
    FleetEngine engine(&store);
    // An open watch outlives its token's revocation: kube-apiserver checks a
    // token when a request starts. Watches closed after a few seconds let the
    // revocation show within the test; the dashboard's 5–10 min work the same.
    InformerOptions informer = realInformer();
    informer.watchTimeoutMinSeconds = 3;
    informer.watchTimeoutMaxSeconds = 4;
    const QString revoked = QStringLiteral("revoked");
    QVERIFY2(engine.configure(engineOptions(cp.kubeconfig(QStringLiteral("all")), {admin, revoked}, informer), &error),
             qPrintable(error));
    const int adminHub = store.hubIndex(admin);
    const int revokedHub = store.hubIndex(revoked);
    engine.start();
    QVERIFY2(waitForState(store, adminHub, HubStatus::State::Live, 30000), qPrintable(store.hubStatus(adminHub).summary()));
    QVERIFY2(waitForState(store, revokedHub, HubStatus::State::Live, 30000), qPrintable(store.hubStatus(revokedHub).summary()));
    const auto server = cp.list(profilesV1alpha2, &error);
    FleetDifference d = waitForFleet(store, revokedHub, server, 10000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, revokedHub)));

    QList<HubStatus::State> adminStates;
    connect(&store, &FleetStore::hubStatusChanged, this, [&](int hub) {
        if (hub == adminHub)
            adminStates << store.hubStatus(hub).state;
    });
    QVERIFY2(cp.revoke(&error), qPrintable(error));
    QVERIFY2(waitForState(store, revokedHub, HubStatus::State::Unauthorized, 60000),
             qPrintable(store.hubStatus(revokedHub).summary()));
    const HubStatus status = store.hubStatus(revokedHub);
    QCOMPARE(status.httpStatus, 401);
    QVERIFY(status.fatal); // a static token does not come back by itself
    QCOMPARE(status.summary(), QStringLiteral("Unauthorized: You must be logged in to the server (Unauthorized)"));

    // The admin's hub never left Live, and still follows changes.
    QVERIFY(createProfiles(cp, QStringLiteral("team-b"), QStringLiteral("after-revoke"), 2));
    d = waitForFleet(store, adminHub, cp.list(profilesV1alpha2, &error), 20000);
    QVERIFY2(d.none(), qPrintable(d.describe() + hubStory(store, adminHub)));
    for (const HubStatus::State state : std::as_const(adminStates))
        QCOMPARE(state, HubStatus::State::Live);
    QCOMPARE(store.hubStatus(adminHub).state, HubStatus::State::Live);
}

QTEST_GUILESS_MAIN(TestRealHubAccess)
#include "tst_realhubaccess.moc"
