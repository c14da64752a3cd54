// The offline fleet: a hub is synced and its fleet cached, then a new start finds
// the hub dead and shows the cached clusters marked stale, and when the hub is
// back the live fleet replaces them. The hub is a real fleetscope-hub process,
// restarted on the same address with the same TLS material. Files are read and
// written on the cache's worker, never on the GUI thread.

#include "api/paddedjson.h"
#include "api/profiledecoder.h"
#include "fleet/store/fleetcache.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "testpki.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QProcess>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

struct Restored
{
    int count = -1;
    QStringList errors;
};

// restore() answers later, from the worker.
Restored restoreAndWait(FleetCache &cache)
{
    QSignalSpy finished(&cache, &FleetCache::restoreFinished);
    cache.restore();
    if (!finished.wait(30000))
        return {};
    return {finished.first().at(0).toInt(), finished.first().at(1).toStringList()};
}

// The error of the save, "timeout" when none came.
QString saveAndWait(FleetCache &cache)
{
    QSignalSpy finished(&cache, &FleetCache::saveFinished);
    cache.saveNow();
    if (!finished.wait(30000))
        return QStringLiteral("timeout");
    return finished.first().at(0).toString();
}

QByteArray profileJson(const QString &name)
{
    return QStringLiteral(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile",)"
                          R"("metadata":{"name":"%1","namespace":"fleet"},"spec":{"displayName":"%1"},)"
                          R"("status":{"version":{"kubernetes":"v1.31.0"}}})")
        .arg(name)
        .toUtf8();
}

ProfilePtr record(const QString &name)
{
    auto record = std::make_shared<ProfileRecord>();
    const QByteArray json = profileJson(name);
    ProfileDecoder decoder;
    if (!decoder.decode(PaddedJson(json).view(), &record->profile))
        return nullptr;
    record->rawJson = CompressedJson(json);
    return record;
}

// A hub that has listed `names` live.
int liveHub(FleetStore &store, const QString &hubName, const QStringList &names)
{
    const int hub = store.addHub(hubName);
    HubDelta delta;
    for (const QString &name : names)
        delta.upsertedProfiles << record(name);
    store.applyDelta(hub, delta);
    HubStatus status = store.hubStatus(hub);
    status.state = HubStatus::State::Live;
    status.synced = true;
    store.setHubStatus(hub, status);
    return hub;
}

QStringList names(const FleetStore &store)
{
    QStringList out;
    for (const FleetProfile &p : store.profiles())
        out << p.profile().metadata.name;
    out.sort();
    return out;
}

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
    void roundTripRunsOnTheWorker();
    void theGuiThreadNeverWaitsForTheFile();
    void liveDataWinsOverALateCache();
    void ignoresForeignAndBrokenFiles();
    void anUnwritableDirectoryIsReported();
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
        QCOMPARE(restoreAndWait(cache).count, 0); // nothing cached yet
        engine.start();
        QVERIFY(waitSettled(store, 30000));
        QCOMPARE(store.profileCount(), 40);
        error = saveAndWait(cache);
        QVERIFY2(error.isEmpty(), qPrintable(error));
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
    QCOMPARE(restoreAndWait(cache).count, 40);
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
    error = saveAndWait(cache);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    engine.stop();

    // The next start restores the new fleet.
    FleetStore again;
    again.addHub(QStringLiteral("cached-hub"));
    FleetCache reread(&again, cacheDir);
    QCOMPARE(restoreAndWait(reread).count, 30);
}

void TestFleetCache::roundTripRunsOnTheWorker()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QMutex mutex;
    QList<QThread *> fileThreads;
    auto probe = [&] {
        QMutexLocker lock(&mutex);
        fileThreads << QThread::currentThread();
    };
    {
        FleetStore store;
        liveHub(store, QStringLiteral("hub-a"), {QStringLiteral("c1"), QStringLiteral("c2")});
        liveHub(store, QStringLiteral("hub-b"), {QStringLiteral("c3")});
        FleetCache cache(&store, tmp.path());
        cache.setFileProbe(probe);
        const QString error = saveAndWait(cache);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(QFileInfo::exists(cache.fileFor(QStringLiteral("hub-a"))));
    }
    FleetStore store;
    store.addHub(QStringLiteral("hub-a"));
    store.addHub(QStringLiteral("hub-b"));
    FleetCache cache(&store, tmp.path());
    cache.setFileProbe(probe);
    const Restored restored = restoreAndWait(cache);
    QCOMPARE(restored.count, 3);
    QVERIFY2(restored.errors.isEmpty(), qPrintable(restored.errors.join(u'\n')));
    QCOMPARE(names(store), (QStringList{"c1", "c2", "c3"}));
    QCOMPARE(cache.staleHubs(), (QList<int>{0, 1}));
    // The object as the hub sent it survives the trip, byte for byte.
    const FleetProfile &c3 = store.profileAt(store.rowOf(1, ObjectKey{QStringLiteral("fleet"), QStringLiteral("c3")}));
    QCOMPARE(c3.record->rawJson.unpacked(), profileJson(QStringLiteral("c3")));
    QCOMPARE(c3.profile().kubernetesVersion.toString(), QStringLiteral("v1.31.0"));
    // Two saves and two reads, none of them on the GUI thread.
    QCOMPARE(fileThreads.size(), 4);
    for (QThread *thread : std::as_const(fileThreads))
        QVERIFY(thread != QCoreApplication::instance()->thread());
}

void TestFleetCache::theGuiThreadNeverWaitsForTheFile()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    {
        FleetStore store;
        liveHub(store, QStringLiteral("hub-a"), {QStringLiteral("c1")});
        FleetCache cache(&store, tmp.path());
        QVERIFY(saveAndWait(cache).isEmpty());
    }
    // The worker is held inside its file work; the GUI thread goes on meanwhile.
    QSemaphore entered;
    QSemaphore gate;
    FleetStore store;
    store.addHub(QStringLiteral("hub-a"));
    FleetCache cache(&store, tmp.path());
    cache.setFileProbe([&] {
        entered.release();
        gate.acquire();
    });
    QSignalSpy finished(&cache, &FleetCache::restoreFinished);
    cache.restore();
    QVERIFY(entered.tryAcquire(1, 10000));
    QCoreApplication::processEvents();
    QCOMPARE(store.profileCount(), 0);
    QVERIFY(finished.isEmpty());
    gate.release();
    QVERIFY(finished.wait(10000));
    QCOMPARE(store.profileCount(), 1);

    // A save held the same way: saveNow() returns at once.
    liveHub(store, QStringLiteral("hub-b"), {QStringLiteral("c2")});
    QSignalSpy saved(&cache, &FleetCache::saveFinished);
    cache.saveNow();
    QVERIFY(entered.tryAcquire(1, 10000));
    QVERIFY(saved.isEmpty());
    gate.release();
    QVERIFY(saved.wait(10000));
    QCOMPARE(saved.first().at(0).toString(), QString());
    cache.setFileProbe({}); // the destructor's save must not wait at the gate
}

void TestFleetCache::liveDataWinsOverALateCache()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    {
        FleetStore store;
        liveHub(store, QStringLiteral("hub-a"), {QStringLiteral("c1"), QStringLiteral("c2")});
        liveHub(store, QStringLiteral("hub-b"), {QStringLiteral("c3")});
        FleetCache cache(&store, tmp.path());
        QVERIFY(saveAndWait(cache).isEmpty());
    }
    FleetStore store;
    // hub-a has sent c1 live (not synced yet); hub-b has listed everything already.
    const int hubA = store.addHub(QStringLiteral("hub-a"));
    HubDelta live;
    live.upsertedProfiles << record(QStringLiteral("c1"));
    store.applyDelta(hubA, live);
    const ProfilePtr liveC1 = store.profileAt(0).record;
    liveHub(store, QStringLiteral("hub-b"), {QStringLiteral("c4")});
    FleetCache cache(&store, tmp.path());
    QCOMPARE(restoreAndWait(cache).count, 1); // only c2
    QCOMPARE(names(store), (QStringList{"c1", "c2", "c4"}));
    QVERIFY(store.profileAt(store.rowOf(hubA, ObjectKey{QStringLiteral("fleet"), QStringLiteral("c1")})).record == liveC1);
    QCOMPARE(cache.staleHubs(), QList<int>{hubA});
}

void TestFleetCache::anUnwritableDirectoryIsReported()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString blocker = tmp.filePath(QStringLiteral("file"));
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    FleetStore store;
    liveHub(store, QStringLiteral("hub-a"), {QStringLiteral("c1")});
    FleetCache cache(&store, QDir(blocker).filePath(QStringLiteral("fleet"))); // under a plain file
    const QString error = saveAndWait(cache);
    QVERIFY2(error.contains(blocker), qPrintable(error));
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
    const Restored restored = restoreAndWait(cache);
    QCOMPARE(restored.count, 0);
    QCOMPARE(store.profileCount(), 0);
    QCOMPARE(restored.errors.size(), 1);
    QVERIFY2(restored.errors[0].contains(cache.fileFor(QStringLiteral("hub-a"))), qPrintable(restored.errors[0]));
    QVERIFY2(restored.errors[0].contains(u"not a Fleetscope fleet cache"), qPrintable(restored.errors[0]));
    QVERIFY(cache.staleHubs().isEmpty());
}

QTEST_GUILESS_MAIN(TestFleetCache)
#include "tst_fleetcache.moc"
