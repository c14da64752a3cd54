// The hub's state from its connection and informer phases, and HubStatus equality.

#include "kube/hubstaterules.h"

#include <QTest>

#include <functional>

using namespace fleetscope;
using Phase = ResourceInformer::Phase;
using State = HubStatus::State;

Q_DECLARE_METATYPE(fleetscope::ConnectReport)
Q_DECLARE_METATYPE(QList<fleetscope::InformerReport>)
Q_DECLARE_METATYPE(fleetscope::HubStatus::State)

namespace {

InformerReport profiles(Phase phase, bool synced, const QString &ns = {})
{
    InformerReport r;
    r.kind = ResourceKind::ClusterProfiles;
    r.scope = ns.isEmpty() ? QStringLiteral("clusterprofiles") : QStringLiteral("clusterprofiles in namespace %1").arg(ns);
    r.phase = phase;
    r.synced = synced;
    return r;
}

InformerReport optional(ResourceKind kind, Phase phase, bool synced)
{
    InformerReport r;
    r.kind = kind;
    r.scope = kind == ResourceKind::Namespaces ? QStringLiteral("namespaces") : QStringLiteral("placementdecisions");
    r.required = false;
    r.phase = phase;
    r.synced = synced;
    return r;
}

InformerReport failing(InformerReport r, int httpStatus, qint64 retryInMs)
{
    r.lastError = ApiError::fromHttp(httpStatus, QByteArray(), QByteArray());
    r.retryInMs = retryInMs;
    return r;
}

InformerReport listing(qint64 received, qint64 estimated)
{
    InformerReport r = profiles(Phase::Listing, false);
    r.received = received;
    r.estimated = estimated;
    return r;
}

ConnectReport connectError(const ApiError &error, bool fatal, bool unauthorized = false, bool exec = false)
{
    ConnectReport c;
    c.error = error;
    c.fatal = fatal;
    c.unauthorized = unauthorized;
    c.execCredentials = exec;
    c.retryInMs = fatal ? -1 : 1600;
    return c;
}

} // namespace

class TestHubStateRules final : public QObject
{
    Q_OBJECT

private slots:
    void stateFromPhases_data();
    void stateFromPhases();
    void syncedStaysOnceReached();
    void syncingCountsTheRequiredLists();
    void equalityComparesEveryField_data();
    void equalityComparesEveryField();
};

void TestHubStateRules::stateFromPhases_data()
{
    QTest::addColumn<ConnectReport>("connect");
    QTest::addColumn<QList<InformerReport>>("informers");
    QTest::addColumn<State>("state");
    QTest::addColumn<bool>("synced"); // listed once: kept through later trouble
    QTest::addColumn<bool>("fatal");
    QTest::addColumn<int>("httpStatus");
    QTest::addColumn<QString>("messageStart");
    QTest::addColumn<QStringList>("forbiddenScopes");

    const ApiError refused = ApiError::transport(QStringLiteral("connection refused"));
    const ApiError notServed = ApiError::fromHttp(404, QByteArray("not served"), {});
    const ApiError forbidden = ApiError::fromHttp(403, QByteArray(), {});
    const ApiError unauthorized = ApiError::fromHttp(401, QByteArray(), {});
    const ApiError pluginFailed = ApiError::transport(QStringLiteral("exec plugin exited with 1"));
    const QString kubectlWords = QStringLiteral("You must be logged in to the server (Unauthorized)");
    const QStringList none;

    QTest::newRow("nothing yet") << ConnectReport() << QList<InformerReport>() << State::Connecting << false << false << 0 << QString() << none;
    QTest::newRow("discovery refused: retry") << connectError(refused, false) << QList<InformerReport>()
                                              << State::Reconnecting << false << false << 0 << QStringLiteral("connection refused") << none;
    ConnectReport again;
    again.lastFailure = ApiError::transport(QStringLiteral("no answer within 20 s"));
    QTest::newRow("connecting again after no answer") << again << QList<InformerReport>() << State::Reconnecting << false
                                                      << false << 0 << QStringLiteral("no answer within 20 s") << none;
    QTest::newRow("group not served: error") << connectError(notServed, true) << QList<InformerReport>() << State::Error
                                             << false << true << 404 << QString() << none;
    QTest::newRow("group forbidden") << connectError(forbidden, true) << QList<InformerReport>() << State::Forbidden
                                     << false << true << 403 << QString() << none;
    QTest::newRow("token refused at discovery") << connectError(unauthorized, false, true) << QList<InformerReport>()
                                                << State::Unauthorized << false << true << 401 << kubectlWords << none;
    QTest::newRow("plugin failed at discovery") << connectError(pluginFailed, false, true, true) << QList<InformerReport>()
                                                << State::Unauthorized << false << false << 0 << QStringLiteral("exec plugin exited") << none;
    QTest::newRow("only optional informers") << ConnectReport()
                                             << QList<InformerReport>{optional(ResourceKind::Namespaces, Phase::Watching, true)}
                                             << State::Connecting << false << false << 0 << QString() << none;
    QTest::newRow("first list") << ConnectReport() << QList<InformerReport>{profiles(Phase::Listing, false)}
                                << State::Syncing << false << false << 0 << QString() << none;
    QTest::newRow("listed and watching") << ConnectReport()
                                         << QList<InformerReport>{profiles(Phase::Watching, true),
                                                                  optional(ResourceKind::Namespaces, Phase::Watching, true)}
                                         << State::Live << true << false << 0 << QString() << none;
    QTest::newRow("optional still listing holds back synced")
        << ConnectReport()
        << QList<InformerReport>{profiles(Phase::Watching, true), optional(ResourceKind::PlacementDecisions, Phase::Listing, false)}
        << State::Syncing << false << false << 0 << QString() << none;
    QTest::newRow("optional forbidden does not")
        << ConnectReport()
        << QList<InformerReport>{profiles(Phase::Watching, true),
                                 failing(optional(ResourceKind::Namespaces, Phase::Backoff, false), 403, 1000)}
        << State::Live << true << false << 0 << QString() << QStringList{QStringLiteral("namespaces")};
    QTest::newRow("profiles in backoff") << ConnectReport()
                                         << QList<InformerReport>{failing(profiles(Phase::Backoff, true), 500, 3200)}
                                         << State::Reconnecting << true << false << 500 << QString() << none;
    QTest::newRow("every profile scope forbidden")
        << ConnectReport()
        << QList<InformerReport>{failing(profiles(Phase::Backoff, false, QStringLiteral("a")), 403, 1000),
                                 failing(profiles(Phase::Backoff, false, QStringLiteral("b")), 403, 1000)}
        << State::Forbidden << false << true << 403 << QStringLiteral("not allowed to read clusterprofiles in: ")
        << QStringList{QStringLiteral("clusterprofiles in namespace a"), QStringLiteral("clusterprofiles in namespace b")};
    QTest::newRow("one namespace forbidden, one listed")
        << ConnectReport()
        << QList<InformerReport>{failing(profiles(Phase::Backoff, false, QStringLiteral("a")), 403, 1000),
                                 profiles(Phase::Watching, true, QStringLiteral("b"))}
        << State::Live << true << false << 0 << QString() << QStringList{QStringLiteral("clusterprofiles in namespace a")};
    // RBAC-narrow users: the forbidden namespace is asked again now and then.
    QTest::newRow("forbidden namespace listing again")
        << ConnectReport()
        << QList<InformerReport>{failing(profiles(Phase::Listing, false, QStringLiteral("a")), 403, -1),
                                 profiles(Phase::Watching, true, QStringLiteral("b"))}
        << State::Live << true << false << 0 << QString() << QStringList{QStringLiteral("clusterprofiles in namespace a")};
    QTest::newRow("optional forbidden, listing again")
        << ConnectReport()
        << QList<InformerReport>{profiles(Phase::Watching, true),
                                 failing(optional(ResourceKind::PlacementDecisions, Phase::Listing, false), 403, -1)}
        << State::Live << true << false << 0 << QString() << QStringList{QStringLiteral("placementdecisions")};
    QTest::newRow("every profile scope forbidden, one listing again")
        << ConnectReport()
        << QList<InformerReport>{failing(profiles(Phase::Listing, false, QStringLiteral("a")), 403, -1),
                                 failing(profiles(Phase::Backoff, false, QStringLiteral("b")), 403, 1000)}
        << State::Forbidden << false << true << 403 << QStringLiteral("not allowed to read clusterprofiles in: ")
        << QStringList{QStringLiteral("clusterprofiles in namespace a"), QStringLiteral("clusterprofiles in namespace b")};
    QTest::newRow("informer waits for credentials, static token")
        << ConnectReport() << QList<InformerReport>{profiles(Phase::WaitingForCredentials, true)}
        << State::Unauthorized << true << true << 401 << kubectlWords << none;
    ConnectReport exec;
    exec.execCredentials = true;
    QTest::newRow("informer waits for credentials, exec plugin")
        << exec << QList<InformerReport>{profiles(Phase::WaitingForCredentials, true)}
        << State::Unauthorized << true << false << 401 << kubectlWords << none;
    QTest::newRow("credentials beat backoff")
        << ConnectReport()
        << QList<InformerReport>{profiles(Phase::WaitingForCredentials, true), failing(profiles(Phase::Backoff, true, QStringLiteral("b")), 500, 800)}
        << State::Unauthorized << true << true << 401 << kubectlWords << none;
}

void TestHubStateRules::stateFromPhases()
{
    QFETCH(ConnectReport, connect);
    QFETCH(QList<InformerReport>, informers);
    QFETCH(State, state);
    QFETCH(bool, synced);
    QFETCH(bool, fatal);
    QFETCH(int, httpStatus);
    QFETCH(QString, messageStart);
    QFETCH(QStringList, forbiddenScopes);

    HubStatus previous;
    previous.hub = QStringLiteral("hub-eu");
    previous.apiVersion = QStringLiteral("multicluster.x-k8s.io/v1alpha1");
    const HubStatus s = deriveHubStatus(previous, connect, informers, {QStringLiteral("insecure TLS")});
    QCOMPARE(s.state, state);
    QCOMPARE(s.synced, synced);
    QCOMPARE(s.fatal, fatal);
    QCOMPARE(s.httpStatus, httpStatus);
    QVERIFY2(s.message.startsWith(messageStart), qPrintable(s.message));
    QCOMPARE(s.forbiddenScopes, forbiddenScopes);
    QCOMPARE(s.warnings, QStringList{QStringLiteral("insecure TLS")});
    // What the reports do not know is carried over.
    QCOMPARE(s.hub, previous.hub);
    QCOMPARE(s.apiVersion, previous.apiVersion);
    // The connection's retry timer while connecting, the failing informer's once listing.
    if (state == State::Reconnecting || connect.error.isError())
        QCOMPARE(s.retryInMs, informers.isEmpty() ? connect.retryInMs : informers.first().retryInMs);
    else
        QCOMPARE(s.retryInMs, qint64(-1));
}

void TestHubStateRules::syncedStaysOnceReached()
{
    HubStatus previous;
    previous.synced = true;
    const HubStatus s = deriveHubStatus(previous, ConnectReport(), {failing(profiles(Phase::Backoff, true), 500, 800)}, {});
    QCOMPARE(s.state, State::Reconnecting);
    QVERIFY(s.synced); // a reconnect keeps the fleet that was listed
}

void TestHubStateRules::syncingCountsTheRequiredLists()
{
    HubStatus s = deriveHubStatus(HubStatus(), ConnectReport(), {listing(100, 1000), listing(50, 500)}, {});
    QCOMPARE(s.state, State::Syncing);
    QCOMPARE(s.received, qint64(150));
    QCOMPARE(s.estimatedTotal, qint64(1500));
    // One list without an estimate: no total at all rather than a wrong one.
    s = deriveHubStatus(HubStatus(), ConnectReport(), {listing(100, 1000), listing(50, -1)}, {});
    QCOMPARE(s.received, qint64(150));
    QCOMPARE(s.estimatedTotal, qint64(-1));
}

void TestHubStateRules::equalityComparesEveryField_data()
{
    QTest::addColumn<std::function<void(HubStatus &)>>("change");
    QTest::newRow("hub") << std::function<void(HubStatus &)>([](HubStatus &s) { s.hub = QStringLiteral("other"); });
    QTest::newRow("state") << std::function<void(HubStatus &)>([](HubStatus &s) { s.state = State::Live; });
    QTest::newRow("synced") << std::function<void(HubStatus &)>([](HubStatus &s) { s.synced = true; });
    QTest::newRow("received") << std::function<void(HubStatus &)>([](HubStatus &s) { s.received = 7; });
    QTest::newRow("estimatedTotal") << std::function<void(HubStatus &)>([](HubStatus &s) { s.estimatedTotal = 9; });
    QTest::newRow("retryInMs") << std::function<void(HubStatus &)>([](HubStatus &s) { s.retryInMs = 800; });
    QTest::newRow("message") << std::function<void(HubStatus &)>([](HubStatus &s) { s.message = QStringLiteral("x"); });
    QTest::newRow("httpStatus") << std::function<void(HubStatus &)>([](HubStatus &s) { s.httpStatus = 500; });
    QTest::newRow("fatal") << std::function<void(HubStatus &)>([](HubStatus &s) { s.fatal = true; });
    QTest::newRow("warnings") << std::function<void(HubStatus &)>([](HubStatus &s) { s.warnings << QStringLiteral("w"); });
    QTest::newRow("forbiddenScopes") << std::function<void(HubStatus &)>([](HubStatus &s) { s.forbiddenScopes << QStringLiteral("f"); });
    QTest::newRow("skippedObjects") << std::function<void(HubStatus &)>([](HubStatus &s) { s.skippedObjects = 1; });
    QTest::newRow("apiVersion") << std::function<void(HubStatus &)>([](HubStatus &s) { s.apiVersion = QStringLiteral("v"); });
}

void TestHubStateRules::equalityComparesEveryField()
{
    QFETCH(std::function<void(HubStatus &)>, change);
    HubStatus a;
    a.hub = QStringLiteral("hub-eu");
    HubStatus b = a;
    QVERIFY(a == b);
    QVERIFY(!(a != b));
    change(b);
    QVERIFY(a != b);
    QVERIFY(!(a == b));
}

QTEST_GUILESS_MAIN(TestHubStateRules)
#include "tst_hubstaterules.moc"
