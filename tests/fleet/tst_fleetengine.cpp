// The live engine against real fleetscope-hub processes: it syncs, converges
// under churn and every fault the hub can throw, keeps healthy hubs live while
// another is down or lying, falls back for RBAC-narrow users, and authenticates
// the ways kubeconfigs do.

#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "kube/hubtransport.h"
#include "kube/kubeconfigloader.h"
#include "fleetfixtures.h"
#include "hubprocess.h"
#include "hubserver.h"
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

bool waitSettled(FleetStore &store, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!store.allHubsSettled() && clock.elapsed() < timeoutMs) {
        QSignalSpy spy(&store, &FleetStore::hubStatusChanged);
        spy.wait(int(timeoutMs - clock.elapsed()));
    }
    return store.allHubsSettled();
}

// (namespace/name → resourceVersion) as the hub holds them right now, from its
// never-faulted /fleetscope-hub/truth endpoint, through the same transport the
// engine uses (the hub's CA and token). Empty, with a warning, on failure.
std::map<QString, QString> hubTruth(const HubProcess &hub, QString *resourceVersion = nullptr, bool *churning = nullptr)
{
    std::map<QString, QString> truth;
    KubeconfigLoadOptions load;
    load.explicitPath = hub.kubeconfigPath();
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(load);
    HubSettings settings;
    QString error;
    if (!loaded.ok() || !hubSettingsForContext(loaded.config, hub.context(), &settings, &error)) {
        qWarning("cannot read %s: %s %s", qPrintable(hub.kubeconfigPath()), qPrintable(loaded.error), qPrintable(error));
        return truth;
    }
    HubTransport transport(settings.cluster, settings.user, settings.name);
    QNetworkReply *reply = transport.get(QNetworkRequest(transport.url(QStringLiteral("/fleetscope-hub/truth"))));
    QSignalSpy finished(reply, &QNetworkReply::finished);
    if (!reply->isFinished() && !finished.wait(10000)) {
        qWarning("the hub's truth did not arrive within 10 s");
        delete reply;
        return truth;
    }
    const QByteArray body = reply->readAll();
    delete reply;
    const auto json = nlohmann::json::parse(body.toStdString(), nullptr, false);
    if (!json.is_object() || !json.contains("clusterprofiles")) {
        qWarning("the hub's truth is not what it should be: %s", body.left(200).constData());
        return truth;
    }
    for (const auto &[key, rv] : json["clusterprofiles"].items())
        truth[QString::fromStdString(key)] = QString::fromStdString(rv.get<std::string>());
    if (resourceVersion)
        *resourceVersion = QString::fromStdString(json["resourceVersion"].get<std::string>());
    if (churning)
        *churning = json.value("churning", true);
    return truth;
}

std::map<QString, QString> storeContents(const FleetStore &store, int hub)
{
    std::map<QString, QString> contents;
    for (const FleetProfile &p : store.profiles()) {
        if (p.hub == hub)
            contents[p.profile().metadata.namespaceName + u'/' + p.profile().metadata.name] =
                QString::fromLatin1(p.profile().metadata.resourceVersion.toByteArray());
    }
    return contents;
}

QString readKubeconfigToken(const QString &path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QByteArray trimmed = line.trimmed();
        if (trimmed.startsWith("token:"))
            return QString::fromUtf8(trimmed.mid(6).trimmed());
    }
    return QString();
}

void rewriteKubeconfig(const QString &from, const QString &to, const QByteArray &search, const QByteArray &replace)
{
    QFile in(from);
    in.open(QIODevice::ReadOnly);
    QByteArray text = in.readAll();
    text.replace(search, replace);
    QFile out(to);
    out.open(QIODevice::WriteOnly);
    out.write(text);
}

// A hub that answers discovery correctly and then lies: garbage instead of a list,
// or a list response that never ends.
class LyingHub final : public QObject
{
public:
    enum class Lie { Garbage, NeverEnds };
    explicit LyingHub(Lie lie)
        : m_lie(lie)
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { answer(socket); });
            }
        });
    }
    quint16 port() const { return m_server.serverPort(); }

private:
    void answer(QTcpSocket *socket)
    {
        const QByteArray request = socket->readAll();
        QByteArray body;
        if (request.startsWith("GET /apis/multicluster.x-k8s.io/v1alpha1 "))
            body = R"({"kind":"APIResourceList","groupVersion":"multicluster.x-k8s.io/v1alpha1","resources":[{"name":"clusterprofiles","namespaced":true,"kind":"ClusterProfile","verbs":["list","watch"]}]})";
        else if (request.startsWith("GET /apis/multicluster.x-k8s.io "))
            body = R"({"kind":"APIGroup","name":"multicluster.x-k8s.io","versions":[{"groupVersion":"multicluster.x-k8s.io/v1alpha1","version":"v1alpha1"}]})";
        else if (m_lie == Lie::NeverEnds) {
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"ite\r\n");
            return; // and nothing more, ever
        } else
            body = "{\"items\": [ this is not JSON";
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                      + "\r\n\r\n" + body);
    }

    Lie m_lie;
    QTcpServer m_server;
};

// A hub whose storage is replaced by an older one (etcd restored from a backup)
// while a watch is open: the watch is cut, and the resource versions start over
// below the engine's. Like kube-apiserver, it holds a watch from a version it
// has not reached open without a word, and answers a list at that version with
// 504 "Too large resource version" after its wait.
class RestoredHub final : public QObject
{
public:
    RestoredHub()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { answer(socket); });
        });
    }
    quint16 port() const { return m_server.serverPort(); }
    bool restored() const { return m_restored; }

private:
    static QByteArray profile(const char *name, const char *rv)
    {
        return QByteArray(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile","metadata":{"name":")")
            + name + R"(","namespace":"fleet","resourceVersion":")" + rv
            + R"("},"spec":{"displayName":"x","clusterManager":{"name":"m"}}})";
    }
    static void reply(QTcpSocket *socket, const QByteArray &status, const QByteArray &body)
    {
        socket->write("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: "
                      + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    }
    void answer(QTcpSocket *socket)
    {
        const QByteArray request = socket->readAll();
        const QByteArray target = request.split(' ').value(1);
        const QByteArray current = m_restored ? "20" : "600";
        if (target == "/apis/multicluster.x-k8s.io/v1alpha1") {
            reply(socket, "200 OK", R"({"kind":"APIResourceList","groupVersion":"multicluster.x-k8s.io/v1alpha1","resources":[{"name":"clusterprofiles","namespaced":true,"kind":"ClusterProfile","verbs":["list","watch"]}]})");
        } else if (target == "/apis/multicluster.x-k8s.io") {
            reply(socket, "200 OK", R"({"kind":"APIGroup","name":"multicluster.x-k8s.io","versions":[{"groupVersion":"multicluster.x-k8s.io/v1alpha1","version":"v1alpha1"}]})");
        } else if (!target.startsWith("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles?")) {
            reply(socket, "403 Forbidden", R"({"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403})");
        } else if (target.contains("watch=true")) {
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
            if (!m_restored) {
                // The old server goes; the one that answers from now on is restored.
                m_restored = true;
                socket->disconnectFromHost();
            }
            // Else: open and silent, whatever version it is from.
        } else if (target.contains("resourceVersionMatch=NotOlderThan")) {
            const QByteArray asked = QUrlQuery(QString::fromLatin1(target.mid(target.indexOf('?') + 1)))
                                         .queryItemValue(QStringLiteral("resourceVersion"))
                                         .toLatin1();
            if (asked.toLongLong() > current.toLongLong())
                reply(socket, "504 Gateway Timeout",
                      R"({"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Timeout","code":504,"message":"Timeout: Too large resource version: )"
                          + asked + ", current: " + current + R"("})");
            else
                reply(socket, "200 OK", R"({"kind":"ClusterProfileList","metadata":{"resourceVersion":")" + current + R"("},"items":[]})");
        } else {
            const QByteArray items = m_restored ? profile("c", "10") : profile("a", "500") + ',' + profile("b", "501");
            reply(socket, "200 OK",
                  R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfileList","metadata":{"resourceVersion":")"
                      + current + R"("},"items":[)" + items + "]}");
        }
    }

    QTcpServer m_server;
    bool m_restored = false;
};

// Whether a hub's rows equal the hub's truth at some moment before the deadline
// (a churning hub is a moving target: compare after each applied delta).
bool convergesWithin(FleetStore &store, int hub, const HubProcess &process, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (storeContents(store, hub) == hubTruth(process))
            return true;
        QSignalSpy applied(&store, &FleetStore::deltaApplied);
        applied.wait(250);
    }
    return storeContents(store, hub) == hubTruth(process);
}

} // namespace

class TestFleetEngine final : public QObject
{
    Q_OBJECT

private slots:
    void syncsAGeneratedFleet();
    void convergesUnderChurnAndFaults();
    void catchesUpSoonAfterDropsAnd429s();
    void healthyHubStaysLiveBesideBrokenOnes();
    void rbacNarrowUserFallsBackToNamespaces();
    void authenticatesWithTokenFileAndExecPlugin();
    void wrongTokenIsUnauthorized();
    void authenticatesWithAClientCertificate();
    void execPluginIsRerunAfterUnauthorized();
    void addsAndRemovesHubsLive();
    void relistsWhenTheServersVersionsWentBack();
};

void TestFleetEngine::syncsAGeneratedFleet()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("300")}, QStringLiteral("hub-a"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = hub.kubeconfigPath();
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    engine.start();
    QVERIFY(waitSettled(store, 30000));
    QCOMPARE(store.hubCount(), 1);
    QCOMPARE(store.hubName(0), QStringLiteral("hub-a"));
    QCOMPARE(store.hubStatus(0).state, HubStatus::State::Live);
    QCOMPARE(store.hubStatus(0).apiVersion, QStringLiteral("multicluster.x-k8s.io/v1alpha2"));
    QCOMPARE(store.profileCount(), 300);
    QVERIFY(storeContents(store, 0) == hubTruth(hub));
    // Namespace labels arrived too: every generated profile has a clusterset.
    int withClusterSet = 0;
    for (const FleetProfile &p : store.profiles())
        withClusterSet += p.clusterSet.isEmpty() ? 0 : 1;
    QCOMPARE(withClusterSet, 300);
    QVERIFY(!store.placements(0).isEmpty());
}

void TestFleetEngine::convergesUnderChurnAndFaults()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("400"), QStringLiteral("--churn"), QStringLiteral("150"),
                    QStringLiteral("--churn-for"), QStringLiteral("20"), QStringLiteral("--history"), QStringLiteral("300"),
                    QStringLiteral("--continue-ttl"), QStringLiteral("1"), QStringLiteral("--bookmark-interval"), QStringLiteral("2"),
                    QStringLiteral("--fault-watch-drop"), QStringLiteral("0.05"), QStringLiteral("--fault-watch-split"), QStringLiteral("0.5"),
                    QStringLiteral("--fault-watch-gone"), QStringLiteral("0.1"), QStringLiteral("--fault-429"), QStringLiteral("0.1"),
                    QStringLiteral("--fault-500"), QStringLiteral("0.05"), QStringLiteral("--fault-503"), QStringLiteral("0.05"),
                    QStringLiteral("--fault-expire-continue"), QStringLiteral("0.2"), QStringLiteral("--fault-retry-after"), QStringLiteral("0")},
                   QStringLiteral("churning"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = hub.kubeconfigPath();
    options.informer = quickInformer();
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    engine.start();
    QVERIFY(waitSettled(store, 30000));
    // Churn stops after 20 s; from then on the store must equal the hub's truth:
    // nothing lost, duplicated or stale.
    std::map<QString, QString> truth;
    QDeadlineTimer deadline(90000);
    bool converged = false;
    while (!converged && !deadline.hasExpired()) {
        truth = hubTruth(hub);
        converged = !truth.empty() && storeContents(store, 0) == truth;
        if (!converged)
            QTest::qWait(250); // let the engine work between polls
    }
    QVERIFY2(converged, qPrintable(QStringLiteral("store %1 objects, hub %2").arg(store.profileCount()).arg(truth.size())));
    QCOMPARE(int(store.profileCount()), int(truth.size()));
    // Faults go on after the churn: the hub may be between two watches, but it is synced.
    QVERIFY(store.hubStatus(0).synced);
}

// A link that drops watches now and then, and a hub that answers 429 under load:
// with the real backoff (not the tests' quick one), the fleet must equal the hub
// soon after the churn stops (the bound is below). A backoff that grew with
// every drop, although each watch delivered events, would leave it 12–25 s
// behind. Five fault seeds, each a hub and an engine of its own, run side by
// side: each hub churns for 10 s from its own start.
void TestFleetEngine::catchesUpSoonAfterDropsAnd429s()
{
    const int churnForMs = 10000;
    struct Run
    {
        int seed = 0;
        QElapsedTimer sinceHubStart;
        std::unique_ptr<HubProcess> hub;
        std::unique_ptr<FleetStore> store;
        std::unique_ptr<FleetEngine> engine;
        std::map<QString, QString> truth; // taken once the hub reports a still fleet
        QString truthVersion;
        qint64 churnStopped = -1;
        qint64 lagMs = -1; // from the churn's end to the store equal to the truth
    };
    std::vector<std::unique_ptr<Run>> runs;
    for (const int seed : {11, 22, 33, 44, 55}) {
        auto run = std::make_unique<Run>();
        run->seed = seed;
        run->sinceHubStart.start();
        run->hub = std::make_unique<HubProcess>(
            QStringList{QStringLiteral("--generate"), QStringLiteral("300"), QStringLiteral("--churn"), QStringLiteral("100"),
                        QStringLiteral("--churn-for"), QString::number(churnForMs / 1000), QStringLiteral("--bookmark-interval"),
                        QStringLiteral("1"), QStringLiteral("--fault-watch-drop"), QStringLiteral("0.1"),
                        QStringLiteral("--fault-429"), QStringLiteral("0.05"), QStringLiteral("--fault-seed"), QString::number(seed)},
            QStringLiteral("flaky"));
        QString error;
        QVERIFY2(run->hub->start(&error), qPrintable(error));
        run->store = std::make_unique<FleetStore>();
        run->engine = std::make_unique<FleetEngine>(run->store.get());
        FleetEngineOptions options;
        options.kubeconfigPath = run->hub->kubeconfigPath();
        QVERIFY2(run->engine->configure(options, &error), qPrintable(error));
        run->engine->start();
        runs.push_back(std::move(run));
    }
    for (const auto &run : runs)
        QVERIFY(waitSettled(*run->store, 30000));

    // A truth taken while a slow (sanitized, loaded) hub still churns would never
    // be met, so each is taken once its hub reports a still fleet.
    const auto pending = [&runs] {
        return std::any_of(runs.begin(), runs.end(), [](const auto &run) { return run->lagMs < 0; });
    };
    QDeadlineTimer deadline(churnForMs + 30000 + 20000);
    while (pending() && !deadline.hasExpired()) {
        for (const auto &run : runs) {
            if (run->churnStopped < 0) {
                bool churning = true;
                run->truth = hubTruth(*run->hub, &run->truthVersion, &churning);
                if (!churning)
                    run->churnStopped = run->sinceHubStart.elapsed();
            }
            if (run->churnStopped >= 0 && run->lagMs < 0 && storeContents(*run->store, 0) == run->truth)
                run->lagMs = run->sinceHubStart.elapsed() - run->churnStopped;
        }
        if (pending()) {
            QEventLoop changed;
            for (const auto &run : runs)
                connect(run->store.get(), &FleetStore::deltaApplied, &changed, &QEventLoop::quit);
            QTimer::singleShot(100, &changed, &QEventLoop::quit);
            changed.exec();
        }
    }

    // The bound is the backoff's own arithmetic: with 10 % drops and 5 % 429s an
    // informer meets up to three failed attempts in a row now and then (measured:
    // 0.25-6.7 s over repeated runs of these seeds), and those wait 0.8 + 1.6 +
    // 3.2 s, each up to twice that with jitter. The growing backoff this guards
    // against left it 12-25 s behind. Sanitizer builds run 2-3x slower.
    const qint64 boundMs = underAddressSanitizer() ? 15000 : 10000;
    for (const auto &run : runs) {
        const QByteArray seed = "seed " + QByteArray::number(run->seed) + ": ";
        QVERIFY2(run->churnStopped >= 0, seed + "the hub still churns 30 s after its churn should have stopped");
        QVERIFY(!run->truth.empty());
        qInfo("%sthe fleet equals the hub %lld ms after the churn stopped", seed.constData(), run->lagMs);
        QVERIFY2(run->lagMs >= 0, seed + "not converged 20 s after the churn stopped");
        QVERIFY2(run->lagMs <= boundMs, seed + "converged only " + QByteArray::number(run->lagMs) + " ms after the churn stopped");
        // The hub did not change meanwhile: the truth compared with was the final one.
        QString finalVersion;
        QCOMPARE(hubTruth(*run->hub, &finalVersion).size(), run->truth.size());
        QCOMPARE(finalVersion, run->truthVersion);
    }
}

void TestFleetEngine::healthyHubStaysLiveBesideBrokenOnes()
{
    HubProcess good({QStringLiteral("--generate"), QStringLiteral("50")}, QStringLiteral("good"));
    QString error;
    QVERIFY2(good.start(&error), qPrintable(error));
    LyingHub garbage(LyingHub::Lie::Garbage);
    LyingHub neverEnds(LyingHub::Lie::NeverEnds);

    FleetStore store;
    FleetEngine engine(&store);
    QString goodServer = good.url();
    auto brokenHub = [&](const QString &name, const QString &server) {
        HubSettings settings;
        settings.name = name;
        settings.cluster.server = server;
        settings.informer = quickInformer();
        engine.addHub(settings);
    };
    FleetEngineOptions options;
    options.kubeconfigPath = good.kubeconfigPath();
    options.informer = quickInformer();
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    brokenHub(QStringLiteral("down"), QStringLiteral("http://127.0.0.1:1"));
    brokenHub(QStringLiteral("garbage"), QStringLiteral("http://127.0.0.1:%1").arg(garbage.port()));
    brokenHub(QStringLiteral("never-ends"), QStringLiteral("http://127.0.0.1:%1").arg(neverEnds.port()));
    engine.start();

    QTRY_COMPARE_WITH_TIMEOUT(store.hubStatus(0).state, HubStatus::State::Live, 20000);
    QCOMPARE(store.profileCount(), 50);
    QTRY_VERIFY_WITH_TIMEOUT(store.hubStatus(1).state == HubStatus::State::Reconnecting
                                 && store.hubStatus(1).message.contains(u"refused"), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(store.hubStatus(2).message.contains(u"parse error"), 20000);
    QCOMPARE(store.hubStatus(2).state, HubStatus::State::Reconnecting);
    // The never-ending list hits the transfer timeout and is retried, not waited on forever.
    QTRY_VERIFY_WITH_TIMEOUT(store.hubStatus(3).state == HubStatus::State::Reconnecting, 20000);
    QVERIFY(!store.hubStatus(3).synced);
    // And the good hub was live all along.
    QCOMPARE(store.hubStatus(0).state, HubStatus::State::Live);
    QCOMPARE(store.profileCount(), 50);
}

void TestFleetEngine::rbacNarrowUserFallsBackToNamespaces()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("200"), QStringLiteral("--restrict"),
                    QStringLiteral("narrow-token=fleet-prod")},
                   QStringLiteral("narrow"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString narrowKubeconfig = hub.directory() + QStringLiteral("/narrow.kubeconfig");
    rewriteKubeconfig(hub.kubeconfigPath(), narrowKubeconfig, readKubeconfigToken(hub.kubeconfigPath()).toUtf8(),
                      "narrow-token");
    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = narrowKubeconfig;
    options.namespaces = {QStringLiteral("fleet-prod"), QStringLiteral("fleet-dev")};
    options.informer = quickInformer();
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    engine.start();
    QVERIFY(waitSettled(store, 30000));
    const HubStatus status = store.hubStatus(0);
    QCOMPARE(status.state, HubStatus::State::Live);
    QVERIFY(store.profileCount() > 0);
    for (const FleetProfile &p : store.profiles())
        QCOMPARE(p.profile().metadata.namespaceName, QStringLiteral("fleet-prod"));
    // What stays unreadable is said, never shown as an empty healthy fleet.
    QVERIFY2(status.forbiddenScopes.join(u';').contains(u"clusterprofiles in namespace fleet-dev"),
             qPrintable(status.forbiddenScopes.join(u';')));
    QVERIFY2(status.forbiddenScopes.join(u';').contains(u"clusterprofiles in namespace default"),
             qPrintable(status.forbiddenScopes.join(u';')));
    QVERIFY(status.warnings.join(u';').contains(u"namespaces are not readable"));
}

void TestFleetEngine::authenticatesWithTokenFileAndExecPlugin()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("20")}, QStringLiteral("auth"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString token = readKubeconfigToken(hub.kubeconfigPath());
    QVERIFY(!token.isEmpty());

    // tokenFile
    const QString tokenFile = hub.directory() + QStringLiteral("/token");
    {
        QFile f(tokenFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(token.toUtf8() + '\n');
    }
    const QString withTokenFile = hub.directory() + QStringLiteral("/tokenfile.kubeconfig");
    rewriteKubeconfig(hub.kubeconfigPath(), withTokenFile, "token: " + token.toUtf8(), "tokenFile: " + tokenFile.toUtf8());

    // exec plugin that counts its runs
    const QString plugin = hub.directory() + QStringLiteral("/plugin.sh");
    const QString runs = hub.directory() + QStringLiteral("/runs");
    {
        QFile f(plugin);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\necho run >> '" + runs.toUtf8() + "'\n"
                "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\""
                + token.toUtf8() + "\"}}'\n");
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    const QString withExec = hub.directory() + QStringLiteral("/exec.kubeconfig");
    rewriteKubeconfig(hub.kubeconfigPath(), withExec, "token: " + token.toUtf8(),
                      "exec:\n      apiVersion: client.authentication.k8s.io/v1\n      interactiveMode: Never\n      command: "
                          + plugin.toUtf8());

    for (const QString &kubeconfig : {withTokenFile, withExec}) {
        FleetStore store;
        FleetEngine engine(&store);
        FleetEngineOptions options;
        options.kubeconfigPath = kubeconfig;
        QVERIFY2(engine.configure(options, &error), qPrintable(error));
        engine.start();
        QVERIFY2(waitSettled(store, 20000), qPrintable(store.hubStatus(0).summary()));
        QCOMPARE(store.hubStatus(0).state, HubStatus::State::Live);
        QCOMPARE(store.profileCount(), 20);
    }
    QFile runLog(runs);
    QVERIFY(runLog.open(QIODevice::ReadOnly));
    // The credential has no expiry: the plugin runs once per connection, and the
    // watches use the lists' credential.
    QCOMPARE(int(runLog.readAll().count('\n')), 1);
}

void TestFleetEngine::wrongTokenIsUnauthorized()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("5")}, QStringLiteral("locked"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString wrong = hub.directory() + QStringLiteral("/wrong.kubeconfig");
    rewriteKubeconfig(hub.kubeconfigPath(), wrong, readKubeconfigToken(hub.kubeconfigPath()).toUtf8(), "not-the-token");
    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = wrong;
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    engine.start();
    QVERIFY(waitSettled(store, 20000));
    QCOMPARE(store.hubStatus(0).state, HubStatus::State::Unauthorized);
    QVERIFY(store.hubStatus(0).fatal);
    QCOMPARE(store.profileCount(), 0);
    QCOMPARE(store.hubStatus(0).summary(), QStringLiteral("Unauthorized: You must be logged in to the server (Unauthorized)"));
    QVERIFY(!store.hubStatus(0).summary().contains(u"not-the-token"));
}

void TestFleetEngine::authenticatesWithAClientCertificate()
{
    // The hub in-process, as the demo runs it, issuing a certificate from its CA.
    hub::HubOptions options;
    options.generate = 15;
    options.clientCertAuth = true;
    options.threads = 8;
    hub::HubServer server(options);
    std::string message;
    QVERIFY2(server.start(&message), message.c_str());
    hub::PemPair identity;
    QVERIFY2(server.issueClientCertificate("jane", &identity, &message), message.c_str());

    HubSettings settings;
    settings.name = QStringLiteral("cert-hub");
    settings.cluster.server = QString::fromStdString(server.url());
    settings.cluster.certificateAuthorityData = QByteArray::fromStdString(server.caCertificatePem());
    settings.user.clientCertificateData = QByteArray::fromStdString(identity.certificate);
    settings.user.clientKeyData = QByteArray::fromStdString(identity.privateKey);
    FleetStore store;
    FleetEngine engine(&store);
    engine.addHub(settings);
    engine.start();
    QVERIFY2(waitSettled(store, 20000), qPrintable(store.hubStatus(0).summary()));
    QCOMPARE(store.hubStatus(0).state, HubStatus::State::Live);
    QCOMPARE(store.profileCount(), 15);

    // Without the certificate the same hub says Unauthorized.
    settings.name = QStringLiteral("no-cert");
    settings.user = AuthInfo();
    FleetStore other;
    FleetEngine anonymous(&other);
    anonymous.addHub(settings);
    anonymous.start();
    QVERIFY(waitSettled(other, 20000));
    QCOMPARE(other.hubStatus(0).state, HubStatus::State::Unauthorized);
}

void TestFleetEngine::execPluginIsRerunAfterUnauthorized()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("10")}, QStringLiteral("rotating"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString token = readKubeconfigToken(hub.kubeconfigPath());
    // The plugin's first credential is stale (as after a rotation); later runs give the good one.
    const QString plugin = hub.directory() + QStringLiteral("/rotating.sh");
    const QString runs = hub.directory() + QStringLiteral("/runs");
    {
        QFile f(plugin);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\necho run >> '" + runs.toUtf8() + "'\n"
                "if [ \"$(wc -l < '" + runs.toUtf8() + "')\" -le 1 ]; then t=stale; else t='" + token.toUtf8() + "'; fi\n"
                "echo \"{\\\"apiVersion\\\":\\\"client.authentication.k8s.io/v1\\\",\\\"kind\\\":\\\"ExecCredential\\\",\\\"status\\\":{\\\"token\\\":\\\"$t\\\"}}\"\n");
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    const QString withExec = hub.directory() + QStringLiteral("/exec.kubeconfig");
    rewriteKubeconfig(hub.kubeconfigPath(), withExec, "token: " + token.toUtf8(),
                      "exec:\n      apiVersion: client.authentication.k8s.io/v1\n      interactiveMode: Never\n      command: "
                          + plugin.toUtf8());
    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = withExec;
    options.informer = quickInformer();
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    engine.start();
    QTRY_COMPARE_WITH_TIMEOUT(store.hubStatus(0).state, HubStatus::State::Live, 20000);
    QCOMPARE(store.profileCount(), 10);
    QFile runLog(runs);
    QVERIFY(runLog.open(QIODevice::ReadOnly));
    QVERIFY2(runLog.readAll().count('\n') >= 2, "the plugin was not run again after the 401");
}

void TestFleetEngine::addsAndRemovesHubsLive()
{
    // Both churn for a while: removal must hold while changes flow; then they settle for the comparisons.
    HubProcess first({QStringLiteral("--generate"), QStringLiteral("40"), QStringLiteral("--churn"), QStringLiteral("30"),
                      QStringLiteral("--churn-for"), QStringLiteral("15")},
                     QStringLiteral("live-1"));
    HubProcess second({QStringLiteral("--generate"), QStringLiteral("25"), QStringLiteral("--churn"), QStringLiteral("20"),
                       QStringLiteral("--churn-for"), QStringLiteral("15"), QStringLiteral("--inventory-versions"),
                       QStringLiteral("v1alpha1"), QStringLiteral("--no-placements")},
                      QStringLiteral("live-2"));
    QString error;
    QVERIFY2(first.start(&error), qPrintable(error));
    QVERIFY2(second.start(&error), qPrintable(error));
    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigPath = first.kubeconfigPath();
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    engine.start();
    QVERIFY(waitSettled(store, 30000));
    QCOMPARE(engine.hubs(), (QList<HubChoice>{{QString(), QStringLiteral("live-1")}}));

    // Added while running: it syncs on its own thread, the first keeps going.
    const HubChoice added{second.kubeconfigPath(), QStringLiteral("live-2")};
    QVERIFY2(engine.addHub(added, &error), qPrintable(error));
    QVERIFY(waitSettled(store, 30000));
    const int hub2 = store.hubIndex(QStringLiteral("live-2"));
    QCOMPARE(store.hubStatus(hub2).state, HubStatus::State::Live);
    QCOMPARE(store.hubStatus(hub2).apiVersion, QStringLiteral("multicluster.x-k8s.io/v1alpha1"));
    QVERIFY(store.placements(hub2).isEmpty());

    // The same name from another file is refused, and says why.
    QVERIFY(!engine.addHub({first.kubeconfigPath(), QStringLiteral("live-2")}, &error));
    QVERIFY2(error.contains(u"live-2") && error.contains(first.kubeconfigPath()), qPrintable(error));

    // The churning hub goes: its rows go, and nothing of it comes back later.
    const int hub1 = store.hubIndex(QStringLiteral("live-1"));
    QVERIFY(!store.placements(hub1).isEmpty());
    QStringList errors;
    engine.setHubs({added}, &errors);
    QVERIFY(errors.isEmpty());
    QCOMPARE(engine.hubs(), QList<HubChoice>{added});
    QCOMPARE(store.hubIndex(QStringLiteral("live-1")), -1);
    QCOMPARE(storeContents(store, hub1).size(), size_t(0));
    QVERIFY(store.placements(hub1).isEmpty());
    QSignalSpy statuses(&store, &FleetStore::hubStatusChanged);
    QSignalSpy deltas(&store, &FleetStore::deltaApplied);
    // Both hubs churn: while live-2's changes keep arriving, live-1's would too,
    // were anything of it still connected or queued.
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 10, 20000);
    for (const auto &call : std::as_const(statuses))
        QVERIFY(call.first().toInt() != hub1);
    for (const auto &call : std::as_const(deltas))
        QVERIFY(call.first().toInt() != hub1);
    QCOMPARE(storeContents(store, hub1).size(), size_t(0));
    QCOMPARE(store.profileCount(), int(storeContents(store, hub2).size()));

    // Back again: the same slot, a fresh sync that matches the hub.
    engine.setHubs({added, {QString(), QStringLiteral("live-1")}}, &errors);
    QVERIFY(errors.isEmpty());
    QCOMPARE(store.hubIndex(QStringLiteral("live-1")), hub1);
    QVERIFY(waitSettled(store, 30000));
    QVERIFY(convergesWithin(store, hub1, first, 30000));
    engine.reconnectHub(QStringLiteral("live-2"));
    QVERIFY(waitSettled(store, 30000));
    QVERIFY(convergesWithin(store, hub2, second, 30000));
}

void TestFleetEngine::relistsWhenTheServersVersionsWentBack()
{
    RestoredHub server;
    FleetStore store;
    FleetEngine engine(&store);
    HubSettings settings;
    settings.name = QStringLiteral("restored");
    settings.cluster.server = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
    settings.informer = quickInformer();
    engine.addHub(settings);
    engine.start();
    const auto names = [&] {
        QStringList rows;
        for (const FleetProfile &p : store.profiles())
            rows << p.profile().metadata.name;
        rows.sort();
        return rows;
    };
    // The first watch is cut at once, and the server behind it is the restored one:
    // only "c" exists now, at a version below the one the engine listed at.
    QTRY_VERIFY_WITH_TIMEOUT(server.restored(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(names(), QStringList{QStringLiteral("c")}, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(store.hubStatus(0).state, HubStatus::State::Live, 10000);
    bool told = false;
    for (const HubJournal::Entry &entry : store.hubJournal(0)->entries())
        told = told || entry.text.contains(u"resource versions went back");
    QVERIFY(told);
}

QTEST_GUILESS_MAIN(TestFleetEngine)
#include "tst_fleetengine.moc"
