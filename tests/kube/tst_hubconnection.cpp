// One hub's connection against a real fleetscope-hub: its deltas carry the
// fleet, and a hub with nothing new keeps no timer running (a cold sync on a
// slow server once paid ~25 % of its CPU in 20 flush wake-ups a second).

#include "fleet/engine/fleetengine.h"
#include "kube/hubconnection.h"
#include "kube/hubjournal.h"
#include "kube/hubtransport.h"
#include "kube/inventoryprobe.h"
#include "fleet/engine/hubfailure.h"
#include "kube/kubeconfigloader.h"
#include "hubprocess.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <optional>
#include <set>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

// Starts the hub and reads its context's settings from the kubeconfig it wrote.
bool startHub(HubProcess &hub, HubSettings *settings, QString *error)
{
    if (!hub.start(error))
        return false;
    KubeconfigLoadOptions load;
    load.explicitPath = hub.kubeconfigPath();
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(load);
    if (!loaded.ok()) {
        *error = loaded.error;
        return false;
    }
    return hubSettingsForContext(loaded.config, hub.context(), settings, error);
}

// The connection's own timers (flush, retry) that are running now.
int activeOwnTimers(const HubConnection &connection)
{
    int active = 0;
    for (const QTimer *timer : connection.findChildren<QTimer *>(Qt::FindDirectChildrenOnly))
        active += timer->isActive() ? 1 : 0;
    return active;
}

// Profiles (namespace/name) seen in deltas so far.
struct DeltaLog
{
    std::set<QString> names;
    int deltas = 0;
};

} // namespace

class TestHubConnection : public QObject
{
    Q_OBJECT

private slots:
    void syncedIdleHubKeepsNoTimer();
    void watchEventsStillArriveAsDeltas();
    void steadyStreamComesInFewDeltas();
    void oneShotListOpensNoWatch();
    void aHubThatNeverAnswersIsUnreachableAsTheCliSays_data();
    void aHubThatNeverAnswersIsUnreachableAsTheCliSays();
    void aWatchOnAServerThatWentAwayIsReconnected();
};

void TestHubConnection::aHubThatNeverAnswersIsUnreachableAsTheCliSays_data()
{
    QTest::addColumn<QString>("scheme");
    QTest::newRow("http") << QStringLiteral("http");
    // Over TLS the silence comes before any HTTP: the handshake waits for an answer.
    QTest::newRow("https") << QStringLiteral("https");
}

void TestHubConnection::aHubThatNeverAnswersIsUnreachableAsTheCliSays()
{
    // A server that takes the connection and never says a word: the window's
    // connection gives up when `fleetscope hubs` does, and in the same words.
    QFETCH(QString, scheme);
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    QList<QTcpSocket *> held; // open, unanswered, until the test ends
    connect(&silent, &QTcpServer::newConnection, this, [&silent, &held] {
        while (QTcpSocket *socket = silent.nextPendingConnection())
            held << socket;
    });
    HubSettings settings;
    settings.name = QStringLiteral("silent");
    settings.cluster.server = QStringLiteral("%1://127.0.0.1:%2").arg(scheme).arg(silent.serverPort());
    settings.cluster.insecureSkipTlsVerify = scheme == u"https";
    HubConnection connection(settings);
    InventoryProbe probe(settings.name, settings.cluster, settings.user, QString());
    InventoryProbeResult probed;
    connect(&probe, &InventoryProbe::finished, this, [&probed](const InventoryProbeResult &result) { probed = result; });
    // The first state after Connecting is the one a person sees next.
    std::optional<HubStatus> gaveUp;
    qint64 gaveUpAfterMs = -1;
    QList<HubStatus> after; // what a person sees from then on
    QElapsedTimer clock;
    connect(&connection, &HubConnection::statusChanged, this, [&](const HubStatus &status) {
        if (gaveUp)
            after << status;
        else if (status.state != HubStatus::State::Connecting) {
            gaveUp = status;
            gaveUpAfterMs = clock.elapsed();
        }
    });
    clock.start();
    connection.start();
    probe.start();
    const int deadline = InventoryProbe::defaultTimeoutMs;
    QTRY_VERIFY_WITH_TIMEOUT(probed.done && gaveUp, deadline + 10'000);
    QVERIFY2(gaveUpAfterMs < deadline + 5'000, qPrintable(QString::number(gaveUpAfterMs)));
    QCOMPARE(probed.problem, InventoryProbeResult::Problem::Unreachable);
    QCOMPARE(probed.error, QStringLiteral("no answer within 20 s"));
    const HubStatus status = *gaveUp;
    QCOMPARE(status.state, HubStatus::State::Reconnecting);
    QCOMPARE(status.message, probed.error);
    QVERIFY2(status.summary().endsWith(QStringLiteral(": no answer within 20 s")), qPrintable(status.summary()));
    QCOMPARE(EmptyFleetReason::classify(status), HubFailureKind::Unreachable);
    // Trying again, it is still the hub that did not answer: never plain
    // "Connecting" again, for the next twenty seconds.
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(after.cbegin(), after.cend(), [](const HubStatus &s) { return s.retryInMs < 0; }),
                             10'000);
    for (const HubStatus &s : std::as_const(after)) {
        QCOMPARE(s.state, HubStatus::State::Reconnecting);
        QVERIFY2(s.summary().endsWith(QStringLiteral(": no answer within 20 s")), qPrintable(s.summary()));
    }
    connection.stop();
    qDeleteAll(held);
}

namespace {

// A hub of a few lines: discovery, empty lists, and watches that are taken and
// then say nothing. The first namespaces watch is cut after its headers, and the
// hub then goes away for a few seconds as a restarting server does: it closes
// every connection but the ClusterProfile watch's, which stays open and silent,
// as a watch on a dead HTTP/2 connection looks to Qt, and refuses new ones.
class RestartingHub final : public QObject
{
public:
    RestartingHub()
    {
        m_server.listen(QHostAddress::LocalHost);
        m_port = m_server.serverPort();
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                socket->setParent(this);
                m_sockets << socket;
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { answer(socket); });
            }
        });
    }

    quint16 port() const { return m_port; }
    int watches(const QByteArray &resource) const { return m_watches.value(resource); }
    bool wentAway() const { return m_wentAway; }

private:
    void goAway(QTcpSocket *keep)
    {
        m_wentAway = true;
        m_server.close();
        for (QTcpSocket *socket : std::as_const(m_sockets)) {
            if (socket && socket != keep)
                socket->abort();
        }
        QTimer::singleShot(4000, this, [this] { m_server.listen(QHostAddress::LocalHost, m_port); });
    }

    void answer(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        while (true) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QByteArray head = buffer.left(end);
            buffer.remove(0, end + 4);
            const QByteArray target = head.split(' ').value(1);
            const QByteArray path = target.split('?').value(0);
            const QByteArray resource = path.mid(path.lastIndexOf('/') + 1);
            if (target.contains("watch=true")) {
                const int seen = ++m_watches[resource];
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
                socket->flush();
                if (resource == "clusterprofiles" && seen == 1)
                    m_silentWatch = socket;
                if (resource == "namespaces" && seen == 1 && m_silentWatch)
                    goAway(m_silentWatch);
                return; // the connection stays this watch's, silent
            }
            QByteArray body;
            if (path == "/apis/multicluster.x-k8s.io")
                body = R"({"kind":"APIGroup","name":"multicluster.x-k8s.io","versions":[{"groupVersion":"multicluster.x-k8s.io/v1alpha1","version":"v1alpha1"}]})";
            else if (path == "/apis/multicluster.x-k8s.io/v1alpha1")
                body = R"({"kind":"APIResourceList","groupVersion":"multicluster.x-k8s.io/v1alpha1","resources":[{"name":"clusterprofiles","namespaced":true,"kind":"ClusterProfile","verbs":["list","watch"]}]})";
            else if (resource == "clusterprofiles")
                body = R"({"kind":"ClusterProfileList","apiVersion":"multicluster.x-k8s.io/v1alpha1","metadata":{"resourceVersion":"10"},"items":[]})";
            else if (resource == "namespaces")
                body = R"({"kind":"NamespaceList","apiVersion":"v1","metadata":{"resourceVersion":"10"},"items":[]})";
            const QByteArray status = body.isEmpty() ? "404 Not Found" : "200 OK";
            socket->write("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: "
                          + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        }
    }

    QTcpServer m_server;
    quint16 m_port = 0;
    QList<QPointer<QTcpSocket>> m_sockets;
    QPointer<QTcpSocket> m_silentWatch;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QHash<QByteArray, int> m_watches;
    bool m_wentAway = false;
};

} // namespace

void TestHubConnection::aWatchOnAServerThatWentAwayIsReconnected()
{
    // Qt's HTTP/2 does not always end the replies of a connection that died (seen
    // against kube-apiserver under load: a ClusterProfile watch silent through two
    // apiserver restarts while the hub's other requests were refused and
    // recovered). A refused connection says the server went away: the watches
    // opened before are reconnected then, not after the inactivity timeout.
    RestartingHub hub;
    QVERIFY(hub.port() != 0);
    HubSettings settings;
    settings.name = QStringLiteral("restarting");
    settings.journal = std::make_shared<HubJournal>(settings.name);
    settings.cluster.server = QStringLiteral("http://127.0.0.1:%1").arg(hub.port());
    HubConnection connection(settings);
    connection.start();
    QTRY_VERIFY_WITH_TIMEOUT(hub.wentAway(), 20000);
    QCOMPARE(hub.watches("clusterprofiles"), 1);
    // Far sooner than the inactivity timeout (150 s), which is what reconnected it before.
    QVERIFY(InformerOptions().inactivityTimeoutMs > 60000);
    QTRY_VERIFY_WITH_TIMEOUT(hub.watches("clusterprofiles") >= 2, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status().state, HubStatus::State::Live, 15000);
    // Hub details say why the watch was opened again.
    const QString journal = settings.journal->toText();
    QVERIFY2(journal.contains(u"refused a new connection"), qPrintable(journal));
    connection.stop();
}

void TestHubConnection::syncedIdleHubKeepsNoTimer()
{
    // Three pages and a bit: the list crosses continue tokens.
    const int profiles = 3 * InformerOptions().pageSize + 7;
    HubProcess hub({QStringLiteral("--generate"), QString::number(profiles)}, QStringLiteral("hub-a"));
    QString error;
    HubSettings settings;
    QVERIFY2(startHub(hub, &settings, &error), qPrintable(error));
    HubConnection connection(settings);
    DeltaLog log;
    connect(&connection, &HubConnection::deltaReady, this, [&log](const HubDelta &delta) {
        ++log.deltas;
        for (const auto &record : delta.upsertedProfiles)
            log.names.insert(ObjectKey{record->profile.metadata.namespaceName, record->profile.metadata.name}.toString());
    });
    connection.start();
    QTRY_VERIFY_WITH_TIMEOUT(connection.status().state == HubStatus::State::Live && log.names.size() == size_t(profiles), 60000);
    // Every informer listed and watches; nothing is pending, so nothing ticks.
    QTRY_COMPARE_WITH_TIMEOUT(activeOwnTimers(connection), 0, 10000);
    const int deltas = log.deltas;
    QTest::qWait(200); // four flush intervals: a periodic flush would have fired (and sent nothing)
    QCOMPARE(activeOwnTimers(connection), 0);
    QCOMPARE(log.deltas, deltas);
    connection.stop();
}

void TestHubConnection::watchEventsStillArriveAsDeltas()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("40"), QStringLiteral("--churn"), QStringLiteral("50")},
                   QStringLiteral("hub-a"));
    QString error;
    HubSettings settings;
    QVERIFY2(startHub(hub, &settings, &error), qPrintable(error));
    HubConnection connection(settings);
    int deltasAfterSync = 0;
    bool synced = false;
    connect(&connection, &HubConnection::deltaReady, this, [&](const HubDelta &delta) {
        if (synced && !delta.upsertedProfiles.isEmpty())
            ++deltasAfterSync;
    });
    connection.start();
    QTRY_VERIFY_WITH_TIMEOUT(connection.status().state == HubStatus::State::Live, 30000);
    synced = true;
    // Each burst of churn arms the flush again: deltas keep coming, several of them.
    QTRY_VERIFY_WITH_TIMEOUT(deltasAfterSync >= 3, 30000);
    connection.stop();
    QCOMPARE(activeOwnTimers(connection), 0);
}

void TestHubConnection::steadyStreamComesInFewDeltas()
{
    // 200 changes a second: every flush interval has some. Each delta costs
    // the dashboard an update of its views and a history batch, so a busy hub
    // must come in deltas at the steady interval, not one every 50 ms.
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("200"), QStringLiteral("--churn"), QStringLiteral("200")},
                   QStringLiteral("hub-a"));
    QString error;
    HubSettings settings;
    QVERIFY2(startHub(hub, &settings, &error), qPrintable(error));
    QVERIFY(settings.steadyFlushIntervalMs >= 4 * settings.flushIntervalMs);
    HubConnection connection(settings);
    QElapsedTimer clock;
    clock.start();
    QList<qint64> deltaTimes;
    bool synced = false;
    connect(&connection, &HubConnection::deltaReady, this, [&](const HubDelta &delta) {
        if (synced && !delta.upsertedProfiles.isEmpty())
            deltaTimes.append(clock.elapsed());
    });
    connection.start();
    QTRY_VERIFY_WITH_TIMEOUT(connection.status().state == HubStatus::State::Live, 30000);
    synced = true;
    QTRY_VERIFY_WITH_TIMEOUT(deltaTimes.size() >= 9, 30000);
    connection.stop();
    // The median gap: a status change flushes at once (data before "synced"),
    // so one short gap may be among them. Timers may fire 5 % early.
    QList<qint64> gaps;
    for (int i = 1; i < deltaTimes.size(); ++i)
        gaps.append(deltaTimes[i] - deltaTimes[i - 1]);
    std::sort(gaps.begin(), gaps.end());
    const qint64 median = gaps[gaps.size() / 2];
    QVERIFY2(median >= settings.steadyFlushIntervalMs * 9 / 10,
             qPrintable(QStringLiteral("median gap between deltas %1 ms, steady interval %2 ms")
                            .arg(median)
                            .arg(settings.steadyFlushIntervalMs)));
}

void TestHubConnection::oneShotListOpensNoWatch()
{
    // A churning hub: a watch, had one been opened, would bring deltas after the sync.
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("40"), QStringLiteral("--churn"), QStringLiteral("50")},
                   QStringLiteral("hub-a"));
    QString error;
    HubSettings settings;
    QVERIFY2(startHub(hub, &settings, &error), qPrintable(error));
    settings.informer.watch = false;
    settings.journal = std::make_shared<HubJournal>(settings.name);
    HubConnection connection(settings);
    bool synced = false;
    int deltasAfterSync = 0;
    connect(&connection, &HubConnection::deltaReady, this, [&](const HubDelta &delta) {
        if (synced && !delta.upsertedProfiles.isEmpty())
            ++deltasAfterSync;
    });
    connection.start();
    QTRY_VERIFY_WITH_TIMEOUT(connection.status().state == HubStatus::State::Live, 30000);
    synced = true;
    QVERIFY(connection.status().synced);
    QTRY_VERIFY_WITH_TIMEOUT(!settings.journal->resources().isEmpty(), 10000);
    for (const HubJournal::Resource &resource : settings.journal->resources())
        QCOMPARE(resource.phase, QStringLiteral("Listed"));
    // The list transport is the only one: no manager (thread, TLS handshakes) for watches.
    QCOMPARE(connection.findChildren<HubTransport *>(Qt::FindDirectChildrenOnly).size(), 1);
    QTest::qWait(300); // six churn intervals: a watch would have delivered by now
    QCOMPARE(deltasAfterSync, 0);
    for (const HubJournal::Entry &entry : settings.journal->entries())
        QVERIFY2(!entry.text.contains(QStringLiteral("watch=true")), qPrintable(entry.text));
    connection.stop();
}

QTEST_GUILESS_MAIN(TestHubConnection)
#include "tst_hubconnection.moc"
