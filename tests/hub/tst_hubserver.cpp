// HubServer in-process over real sockets: TLS with the generated CA, tokens, client
// certificates, chunked watches that see changes made through the C++ API, clean stop.
#include "certificates.h"
#include "hubserver.h"

#ifndef CPPHTTPLIB_OPENSSL_SUPPORT
#define CPPHTTPLIB_OPENSSL_SUPPORT
#endif
#include <httplib.h>

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <condition_variable>
#include <fstream>
#include <mutex>
#include <thread>

using namespace fleetscope::hub;

namespace {

std::string writeFile(const QTemporaryDir &dir, const char *name, const std::string &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

std::unique_ptr<httplib::SSLClient> tlsClient(const HubServer &hub, const std::string &caPath,
                                              const std::string &certPath = {}, const std::string &keyPath = {})
{
    auto client = certPath.empty()
        ? std::make_unique<httplib::SSLClient>("127.0.0.1", hub.port())
        : std::make_unique<httplib::SSLClient>("127.0.0.1", hub.port(), certPath, keyPath);
    client->set_ca_cert_path(caPath.c_str());
    client->enable_server_certificate_verification(true);
    client->set_read_timeout(30, 0);
    return client;
}

// Collects watch lines from another thread; waiters block on a condition with a deadline.
struct WatchLog
{
    std::mutex mutex;
    std::condition_variable changed;
    std::string buffer;
    std::vector<nlohmann::json> events;
    bool ended = false;

    bool waitFor(std::size_t count)
    {
        std::unique_lock<std::mutex> lock(mutex);
        return changed.wait_for(lock, std::chrono::seconds(10), [&] { return events.size() >= count || ended; })
            && events.size() >= count;
    }
    bool waitEnded()
    {
        std::unique_lock<std::mutex> lock(mutex);
        return changed.wait_for(lock, std::chrono::seconds(10), [&] { return ended; });
    }
};

} // namespace

class TestHubServer : public QObject
{
    Q_OBJECT

private slots:
    void tlsTokenAndKubeconfig();
    void watchSeesApiChangesAndStopEndsIt();
    void clientCertificates();
    void plainHttpIsAnonymous();
    void badFleetFileIsReported();
    void bigBodiesAreGzippedLikeTheApiserver();
    void ownCertificateFiles();
    void vanishedWatchersFreeTheirThreads_data();
    void vanishedWatchersFreeTheirThreads();
};

void TestHubServer::tlsTokenAndKubeconfig()
{
    QTemporaryDir dir;
    HubOptions options;
    options.generate = 7;
    options.seed = 3;
    HubServer hub(options);
    std::string error;
    QVERIFY2(hub.start(&error), error.c_str());
    QVERIFY(QString::fromStdString(hub.url()).startsWith(QStringLiteral("https://127.0.0.1:")));
    QVERIFY(hub.port() > 0);
    QCOMPARE(hub.token().size(), std::size_t(32));
    QVERIFY(hub.caCertificatePem().rfind("-----BEGIN CERTIFICATE-----", 0) == 0);

    const std::string kubeconfig = dir.filePath(QStringLiteral("kc")).toStdString();
    QVERIFY2(hub.writeKubeconfig(kubeconfig, "demo", &error), error.c_str());
    struct stat st{};
    QCOMPARE(::stat(kubeconfig.c_str(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0600u);
    std::ifstream in(kubeconfig);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    QVERIFY(text.find("server: " + hub.url()) != std::string::npos);
    QVERIFY(text.find("token: " + hub.token()) != std::string::npos);
    QVERIFY(text.find("current-context: demo") != std::string::npos);

    const std::string ca = writeFile(dir, "ca.pem", hub.caCertificatePem());
    auto client = tlsClient(hub, ca);
    auto response = client->Get("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles");
    QVERIFY(response);
    QCOMPARE(response->status, 401);
    response = client->Get("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles",
                           {{"Authorization", "Bearer " + hub.token()}});
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    const nlohmann::json list = nlohmann::json::parse(response->body);
    QCOMPARE(list["items"].size(), std::size_t(7));
    // Deterministic fleet for a seed, and about 1.4-2 KB per profile.
    HubOptions again = options;
    HubServer twin(again);
    QVERIFY(twin.start(&error));
    auto twinClient = tlsClient(twin, writeFile(dir, "ca2.pem", twin.caCertificatePem()));
    const auto twinList = nlohmann::json::parse(
        twinClient->Get("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles", {{"Authorization", "Bearer " + twin.token()}})
            ->body);
    for (std::size_t i = 0; i < 7; ++i) {
        nlohmann::json a = list["items"][i], b = twinList["items"][i];
        for (nlohmann::json *o : {&a, &b}) {
            (*o)["metadata"].erase("uid");
            (*o)["metadata"].erase("resourceVersion");
        }
        QCOMPARE(a, b);
    }
    const std::size_t size = list["items"][0].dump().size();
    QVERIFY2(size > 1200 && size < 2400, std::to_string(size).c_str());
    hub.stop();
    QVERIFY(!hub.isRunning());
    hub.stop(); // idempotent
}

void TestHubServer::watchSeesApiChangesAndStopEndsIt()
{
    QTemporaryDir dir;
    HubOptions options;
    options.generate = 3;
    HubServer hub(options);
    std::string error;
    QVERIFY2(hub.start(&error), error.c_str());
    const std::string ca = writeFile(dir, "ca.pem", hub.caCertificatePem());
    auto client = tlsClient(hub, ca);
    WatchLog log;
    std::thread watcher([&] {
        client->Get("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles?watch=true",
                    {{"Authorization", "Bearer " + hub.token()}}, [&](const char *data, std::size_t length) {
                        std::lock_guard<std::mutex> lock(log.mutex);
                        log.buffer.append(data, length);
                        std::size_t newline;
                        while ((newline = log.buffer.find('\n')) != std::string::npos) {
                            log.events.push_back(nlohmann::json::parse(log.buffer.substr(0, newline)));
                            log.buffer.erase(0, newline + 1);
                        }
                        log.changed.notify_all();
                        return true;
                    });
        std::lock_guard<std::mutex> lock(log.mutex);
        log.ended = true;
        log.changed.notify_all();
    });
    QVERIFY(log.waitFor(3)); // synthetic ADDEDs
    std::string name;
    {
        std::lock_guard<std::mutex> lock(log.mutex);
        name = log.events[0]["object"]["metadata"]["name"].get<std::string>();
    }
    const StoreResult patched =
        hub.patch("multicluster.x-k8s.io/v1alpha1", "ClusterProfile", "fleet-prod", name, PatchKind::Merge,
                  {{"status", {{"version", {{"kubernetes", "v1.99.0"}}}}}}, Subresource::Status);
    QVERIFY2(patched.error.ok(), patched.error.message.c_str());
    QVERIFY(log.waitFor(4));
    {
        std::lock_guard<std::mutex> lock(log.mutex);
        QCOMPARE(log.events[3]["type"], "MODIFIED");
        QCOMPARE(log.events[3]["object"]["status"]["version"]["kubernetes"], "v1.99.0");
    }
    hub.stop(); // must end the open watch and join every worker
    QVERIFY(log.waitEnded());
    watcher.join();
}

void TestHubServer::clientCertificates()
{
    QTemporaryDir dir;
    HubOptions options;
    options.clientCertAuth = true;
    HubServer hub(options);
    std::string error;
    QVERIFY2(hub.start(&error), error.c_str());
    PemPair alice;
    QVERIFY2(hub.issueClientCertificate("alice", &alice, &error), error.c_str());
    QCOMPARE(certificateCommonName(alice.certificate), std::string("alice"));
    const std::string ca = writeFile(dir, "ca.pem", hub.caCertificatePem());
    auto client = tlsClient(hub, ca, writeFile(dir, "alice.crt", alice.certificate),
                            writeFile(dir, "alice.key", alice.privateKey));
    auto response = client->Get("/api/v1/namespaces");
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    // A certificate from another CA authenticates nobody.
    ServingCertificates other;
    QVERIFY(generateServingCertificates({"localhost"}, {}, &other, &error));
    PemPair mallory;
    QVERIFY(issueClientCertificate(other.ca, "mallory", {}, &mallory, &error));
    auto stranger = tlsClient(hub, ca, writeFile(dir, "m.crt", mallory.certificate),
                              writeFile(dir, "m.key", mallory.privateKey));
    response = stranger->Get("/api/v1/namespaces");
    QVERIFY(response);
    QCOMPARE(response->status, 401);
}

void TestHubServer::plainHttpIsAnonymous()
{
    HubOptions options;
    options.tls = false;
    HubServer hub(options);
    std::string error;
    QVERIFY2(hub.start(&error), error.c_str());
    QVERIFY(QString::fromStdString(hub.url()).startsWith(QStringLiteral("http://127.0.0.1:")));
    QVERIFY(hub.caCertificatePem().empty());
    httplib::Client client("127.0.0.1", hub.port());
    auto response = client.Get("/api/v1/namespaces/default");
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    QCOMPARE(nlohmann::json::parse(response->body)["status"]["phase"], "Active");
}

void TestHubServer::badFleetFileIsReported()
{
    QTemporaryDir dir;
    HubOptions options;
    options.fleetFiles = {writeFile(dir, "bad.yaml", "kind: ClusterProfile\nmetadata: {name: [unclosed\n")};
    HubServer hub(options);
    std::string error;
    QVERIFY(!hub.start(&error));
    QVERIFY2(error.find("bad.yaml") != std::string::npos, error.c_str());
    options.fleetFiles = {writeFile(dir, "wrong.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\n")};
    HubServer hub2(options);
    QVERIFY(!hub2.start(&error));
    QVERIFY2(error.find("unsupported object") != std::string::npos, error.c_str());
}

void TestHubServer::bigBodiesAreGzippedLikeTheApiserver()
{
    QTemporaryDir dir;
    HubOptions options;
    options.generate = 120; // ~190 KB of JSON: over the 128 KiB threshold
    HubServer hub(options);
    std::string error;
    QVERIFY2(hub.start(&error), error.c_str());
    auto client = tlsClient(hub, writeFile(dir, "ca.pem", hub.caCertificatePem()));
    client->set_decompress(true);
    const std::string path = "/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles";
    const std::string auth = "Bearer " + hub.token();
    auto response = client->Get(path, {{"Authorization", auth}, {"Accept-Encoding", "gzip"}});
    QVERIFY(response);
    QCOMPARE(response->get_header_value("Content-Encoding"), std::string("gzip"));
    QCOMPARE(response->get_header_value("Content-Type"), std::string("application/json"));
    QCOMPARE(nlohmann::json::parse(response->body)["items"].size(), std::size_t(120));
    // Brotli is never chosen, small bodies and plain requests stay uncompressed.
    response = client->Get(path, {{"Authorization", auth}, {"Accept-Encoding", "br"}});
    QVERIFY(response);
    QVERIFY(!response->has_header("Content-Encoding"));
    QVERIFY(response->body.size() > 128 * 1024);
    response = client->Get(path + "?limit=2", {{"Authorization", auth}, {"Accept-Encoding", "gzip"}});
    QVERIFY(response);
    QVERIFY(!response->has_header("Content-Encoding"));
}

void TestHubServer::ownCertificateFiles()
{
    QTemporaryDir dir;
    ServingCertificates pki;
    std::string error;
    QVERIFY(generateServingCertificates({"localhost"}, {"127.0.0.1"}, &pki, &error));
    HubOptions options;
    // A chain file (leaf, then its CA): the kubeconfig's CA data is that file.
    options.tlsCertFile = writeFile(dir, "tls.crt", pki.server.certificate + pki.ca.certificate);
    options.tlsKeyFile = writeFile(dir, "tls.key", pki.server.privateKey);
    options.token = "fixed-token";
    HubServer hub(options);
    QVERIFY2(hub.start(&error), error.c_str());
    QCOMPARE(hub.token(), std::string("fixed-token"));
    QCOMPARE(hub.caCertificatePem(), pki.server.certificate + pki.ca.certificate);
    auto client = tlsClient(hub, writeFile(dir, "ca.pem", pki.ca.certificate));
    auto response = client->Get("/api/v1/namespaces", {{"Authorization", "Bearer fixed-token"}});
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    // A kubeconfig that cannot be written fails start() and leaves nothing running.
    HubOptions broken = options;
    broken.kubeconfigOut = "/nonexistent-dir/kubeconfig";
    HubServer second(broken);
    QVERIFY(!second.start(&error));
    QVERIFY2(error.find("/nonexistent-dir/kubeconfig") != std::string::npos, error.c_str());
    QVERIFY(!second.isRunning());
    // Mismatched files are an error, not a hub that fails every handshake.
    HubOptions mismatched = options;
    mismatched.tlsKeyFile = writeFile(dir, "other.key", pki.ca.privateKey);
    HubServer third(mismatched);
    QVERIFY(!third.start(&error));
}

void TestHubServer::vanishedWatchersFreeTheirThreads_data()
{
    QTest::addColumn<bool>("tls");
    QTest::newRow("tls") << true;
    QTest::newRow("plain http") << false;
}

void TestHubServer::vanishedWatchersFreeTheirThreads()
{
    // Each open watch holds a worker. With 4 workers, 4 idle watches whose clients went away
    // must not leave the hub unable to answer: the threads come back without any event.
    QFETCH(bool, tls);
    QTemporaryDir dir;
    HubOptions options;
    options.tls = tls;
    options.threads = 4;
    HubServer hub(options);
    std::string error;
    QVERIFY2(hub.start(&error), error.c_str());
    const std::string ca = tls ? writeFile(dir, "ca.pem", hub.caCertificatePem()) : std::string();
    const httplib::Headers auth = {{"Authorization", "Bearer " + hub.token()}};
    const std::string rv = std::to_string(hub.currentResourceVersion());
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 4; ++i) {
            std::unique_ptr<httplib::ClientImpl> client;
            if (tls)
                client = tlsClient(hub, ca);
            else
                client = std::make_unique<httplib::ClientImpl>("127.0.0.1", hub.port());
            // Read the headers, then hang up: the watch itself would run for 30+ minutes.
            client->Get("/api/v1/namespaces?watch=true&resourceVersion=" + rv, auth,
                        [](const httplib::Response &) { return false; },
                        [](const char *, std::size_t) { return false; });
        }
        std::unique_ptr<httplib::ClientImpl> probe;
        if (tls)
            probe = tlsClient(hub, ca);
        else
            probe.reset(new httplib::ClientImpl("127.0.0.1", hub.port()));
        probe->set_read_timeout(10, 0);
        probe->set_connection_timeout(10, 0);
        auto response = probe->Get("/api/v1/namespaces", auth);
        QVERIFY(response);
        QCOMPARE(response->status, 200);
    }
}

QTEST_GUILESS_MAIN(TestHubServer)
#include "tst_hubserver.moc"
