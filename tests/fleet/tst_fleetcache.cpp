// The offline fleet: a hub is synced and its fleet cached, then a new start finds
// the hub dead and shows the cached clusters marked stale, and when the hub is
// back the live fleet replaces them. The hub is a real fleetscope-hub process,
// restarted on the same address with the same TLS material.

#include "fleet/fleetcache.h"
#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"
#include "testpki.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const QString Token = QStringLiteral("cache-test-token-5f1e");

bool waitSettled(FleetStore &store, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!store.allHubsSettled() && !deadline.hasExpired()) {
        QSignalSpy spy(&store, &FleetStore::hubStatusChanged);
        spy.wait(int(deadline.remainingTime()));
    }
    return store.allHubsSettled();
}

// fleetscope-hub on a fixed certificate and token, so that it can come back.
class RestartableHub
{
public:
    RestartableHub(const TestPki &pki) : m_pki(pki) {}
    ~RestartableHub() { stop(); }

    bool start(int clusters, int port, QString *error)
    {
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(builtExecutable(QStringLiteral("app/hub/fleetscope-hub")),
                        {QStringLiteral("--generate"), QString::number(clusters), QStringLiteral("--seed"), QStringLiteral("3"),
                         QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port),
                         QStringLiteral("--tls-cert"), m_pki.path(QStringLiteral("hub.crt")),
                         QStringLiteral("--tls-key"), m_pki.path(QStringLiteral("hub.key")),
                         QStringLiteral("--token"), Token});
        QDeadlineTimer deadline(30000);
        while (!deadline.hasExpired() && m_process.state() != QProcess::NotRunning) {
            if (!m_process.canReadLine() && !m_process.waitForReadyRead(int(deadline.remainingTime())))
                continue;
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("ready https://127.0.0.1:")) {
                m_port = line.mid(line.lastIndexOf(':') + 1).toInt();
                return true;
            }
        }
        *error = QString::fromUtf8(m_process.readAllStandardError());
        return false;
    }
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }
    int port() const { return m_port; }

private:
    const TestPki &m_pki;
    QProcess m_process;
    int m_port = 0;
};

} // namespace

class TestFleetCache final : public QObject
{
    Q_OBJECT

private slots:
    void showsTheCachedFleetUntilTheHubAnswers();
    void ignoresForeignAndBrokenFiles();
};

void TestFleetCache::showsTheCachedFleetUntilTheHubAnswers()
{
    TestPki pki;
    QVERIFY2(pki.isValid(), qPrintable(pki.error()));
    QVERIFY(pki.makeCa(QStringLiteral("ca")));
    QVERIFY(pki.makeLeaf(QStringLiteral("hub"), QStringLiteral("ca"), QStringLiteral("hub"), {QStringLiteral("IP:127.0.0.1")}));
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString cacheDir = tmp.filePath(QStringLiteral("cache/fleet"));

    // 1. The hub is up: sync, cache, stop everything.
    RestartableHub hub(pki);
    QString error;
    QVERIFY2(hub.start(40, 0, &error), qPrintable(error));
    const QString kubeconfig = tmp.filePath(QStringLiteral("kubeconfig"));
    QVERIFY(pki.write(QStringLiteral("kubeconfig"), QStringLiteral(
        "apiVersion: v1\nkind: Config\ncurrent-context: cached-hub\n"
        "clusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:%1\n    certificate-authority: %2\n"
        "users:\n- name: u\n  user:\n    token: %3\n"
        "contexts:\n- name: cached-hub\n  context:\n    cluster: c\n    user: u\n")
        .arg(hub.port()).arg(pki.path(QStringLiteral("ca.crt")), Token).toUtf8()));
    QVERIFY(QFile::copy(pki.path(QStringLiteral("kubeconfig")), kubeconfig));
    FleetEngineOptions options;
    options.kubeconfigPath = kubeconfig;
    options.keepRawJson = true;
    {
        FleetStore store;
        FleetEngine engine(&store);
        QVERIFY2(engine.configure(options, &error), qPrintable(error));
        FleetCache cache(&store, cacheDir);
        QCOMPARE(cache.restore(), 0); // nothing cached yet
        engine.start();
        QVERIFY(waitSettled(store, 30000));
        QCOMPARE(store.profileCount(), 40);
        QVERIFY2(cache.saveNow(&error), qPrintable(error));
        engine.stop();
        const QString file = cache.fileFor(QStringLiteral("cached-hub"));
        const auto others = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther
            | QFile::ExeOther;
        const auto owner = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
        QCOMPARE(QFile::permissions(file) & (owner | others), QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(QFile::permissions(cacheDir) & (owner | others), owner);
        QFile content(file);
        QVERIFY(content.open(QIODevice::ReadOnly));
        const QByteArray bytes = content.readAll();
        QVERIFY(!bytes.contains(Token.toUtf8())); // profiles only, never credentials
        QVERIFY(bytes.contains("\"kind\":\"ClusterProfile\""));
    }
    const int port = hub.port();
    hub.stop();

    // 2. A new start against the dead hub: the cached fleet, stale.
    FleetStore store;
    FleetEngine engine(&store);
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    FleetCache cache(&store, cacheDir);
    QSignalSpy staleSpy(&cache, &FleetCache::staleChanged);
    QCOMPARE(cache.restore(), 40);
    QCOMPARE(store.profileCount(), 40);
    QVERIFY(cache.isStale(0));
    QCOMPARE(cache.staleHubs(), QList<int>{0});
    QVERIFY(cache.lastSeen(0).isValid());
    QVERIFY(cache.lastSeen(0) <= QDateTime::currentDateTime());
    QCOMPARE(staleSpy.count(), 1);
    engine.start();
    QTRY_COMPARE_WITH_TIMEOUT(store.hubStatus(0).state, HubStatus::State::Reconnecting, 30000);
    QVERIFY(cache.isStale(0));
    QCOMPARE(store.profileCount(), 40);

    // 3. The hub is back (with fewer clusters): the live fleet replaces the cache.
    RestartableHub back(pki);
    QVERIFY2(back.start(30, port, &error), qPrintable(error));
    engine.reconnectAll();
    QTRY_VERIFY_WITH_TIMEOUT(!cache.isStale(0), 30000);
    QCOMPARE(staleSpy.count(), 2);
    QVERIFY(!cache.lastSeen(0).isValid());
    QCOMPARE(store.profileCount(), 30);
    QCOMPARE(store.hubStatus(0).state, HubStatus::State::Live);
    QVERIFY2(cache.saveNow(&error), qPrintable(error));
    engine.stop();

    // The next start restores the new fleet.
    FleetStore again;
    again.addHub(QStringLiteral("cached-hub"));
    FleetCache reread(&again, cacheDir);
    QCOMPARE(reread.restore(), 30);
}

void TestFleetCache::ignoresForeignAndBrokenFiles()
{
    QTemporaryDir tmp;
    FleetStore store;
    store.addHub(QStringLiteral("hub-a"));
    store.addHub(QStringLiteral("hub-b"));
    FleetCache cache(&store, tmp.path());
    auto write = [](const QString &path, const QByteArray &bytes) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
    };
    QVERIFY(write(cache.fileFor(QStringLiteral("hub-a")), "{not json"));
    // Another hub's fleet under this hub's file name is not shown as this hub's.
    QVERIFY(write(cache.fileFor(QStringLiteral("hub-b")),
                  R"({"format":"fleetscope.cache/v1","hub":"someone-else","savedAt":1,"profiles":[{"metadata":{"name":"x","namespace":"y"}}]})"));
    QStringList errors;
    QCOMPARE(cache.restore(&errors), 0);
    QCOMPARE(store.profileCount(), 0);
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].contains(cache.fileFor(QStringLiteral("hub-a"))), qPrintable(errors[0]));
    QVERIFY(cache.staleHubs().isEmpty());
}

QTEST_GUILESS_MAIN(TestFleetCache)
#include "tst_fleetcache.moc"
