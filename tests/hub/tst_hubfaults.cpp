// Every fault flag: parsing, counting, and what the client receives when it fires.
#include "apirouter.h"
#include "faults.h"
#include "hubtesthelpers.h"
#include "huboptions.h"
#include "objectstore.h"
#include "watchstream.h"

#include <QtTest>

using namespace fleetscope::hub;
using namespace hubtest;

namespace {

ApiRequest get(const std::string &path, std::multimap<std::string, std::string> query = {})
{
    ApiRequest r;
    r.method = "GET";
    r.path = path;
    r.query = std::move(query);
    r.authorization = "Bearer admin-token";
    return r;
}

const std::string kProfiles = "/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles";

std::string headerValue(const ApiResponse &r, const std::string &name)
{
    for (const auto &h : r.headers) {
        if (h.first == name)
            return h.second;
    }
    return {};
}

} // namespace

class TestHubFaults : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void specParsing_data();
    void specParsing();
    void countLimitsFiring();
    void flagsParse();
    void tooManyRequests();
    void internalError();
    void serviceUnavailable();
    void slow();
    void watchGoneHttp();
    void watchGone();
    void watchDrop();
    void watchSplit();
    void expireContinue();
    void hostileListBodies_data();
    void hostileListBodies();
    void hostileStreams();
    void watchDripAndNoAnswer();

private:
    ApiResponse call(FaultKind kind, const ApiRequest &request, FaultSpec spec = {1, -1});
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<FaultInjector> m_faults;
    std::unique_ptr<ApiRouter> m_router;
};

void TestHubFaults::init()
{
    m_store = std::make_unique<ObjectStore>(100);
    std::string error;
    QVERIFY(m_store->load(namespaceObject("fleet"), &error));
    for (const char *name : {"a", "b", "c"})
        QVERIFY(m_store->load(profile("fleet", name), &error));
}

ApiResponse TestHubFaults::call(FaultKind kind, const ApiRequest &request, FaultSpec spec)
{
    FaultSettings settings;
    settings[kind] = spec;
    settings.seed = 42;
    settings.retryAfterSeconds = 3;
    settings.slowDelayMs = 1234;
    m_faults = std::make_unique<FaultInjector>(settings);
    AccessPolicy policy;
    policy.adminToken = "admin-token";
    m_router = std::make_unique<ApiRouter>(*m_store, *m_faults, policy, WatchSettings{}, "127.0.0.1:1");
    return m_router->handle(request);
}

void TestHubFaults::specParsing_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<double>("probability");
    QTest::addColumn<qint64>("count");
    QTest::newRow("probability") << QStringLiteral("0.25") << true << 0.25 << qint64(-1);
    QTest::newRow("always") << QStringLiteral("1") << true << 1.0 << qint64(-1);
    QTest::newRow("count") << QStringLiteral("1@3") << true << 1.0 << qint64(3);
    QTest::newRow("both") << QStringLiteral("0.5@10") << true << 0.5 << qint64(10);
    QTest::newRow("above one") << QStringLiteral("1.5") << false << 0.0 << qint64(0);
    QTest::newRow("negative") << QStringLiteral("-0.1") << false << 0.0 << qint64(0);
    QTest::newRow("garbage") << QStringLiteral("often") << false << 0.0 << qint64(0);
    QTest::newRow("bad count") << QStringLiteral("1@x") << false << 0.0 << qint64(0);
}

void TestHubFaults::specParsing()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(double, probability);
    QFETCH(qint64, count);
    FaultSpec spec;
    QCOMPARE(parseFaultSpec(text.toStdString(), &spec), ok);
    if (ok) {
        QCOMPARE(spec.probability, probability);
        QCOMPARE(qint64(spec.maxCount), count);
    }
}

void TestHubFaults::countLimitsFiring()
{
    FaultSettings settings;
    settings[FaultKind::InternalError] = {1, 2};
    settings[FaultKind::Slow] = {0.5, -1};
    settings.seed = 7;
    FaultInjector faults(settings);
    int fired = 0;
    for (int i = 0; i < 10; ++i)
        fired += faults.fire(FaultKind::InternalError) ? 1 : 0;
    QCOMPARE(fired, 2);
    QCOMPARE(faults.firedCount(FaultKind::InternalError), 2);
    QVERIFY(!faults.fire(FaultKind::TooManyRequests)); // not configured
    int slow = 0;
    for (int i = 0; i < 1000; ++i)
        slow += faults.fire(FaultKind::Slow) ? 1 : 0;
    QVERIFY(slow > 400 && slow < 600); // seeded: deterministic, and about half
}

void TestHubFaults::flagsParse()
{
    HubOptions options;
    bool help = false;
    std::string error;
    const std::vector<std::string> args = {
        "--fault-watch-drop", "0.1", "--fault-watch-split=1", "--fault-watch-gone", "1@2",
        "--fault-watch-gone-http", "0.5", "--fault-429", "0.3@4", "--fault-500", "0.2",
        "--fault-503", "0.2", "--fault-slow", "0.1", "--fault-slow-ms", "50", "--fault-expire-continue", "1",
        "--fault-retry-after", "2", "--fault-seed", "9"};
    QVERIFY2(parseHubArguments(args, &options, &help, &error), error.c_str());
    QCOMPARE(options.faults[FaultKind::WatchDrop].probability, 0.1);
    QCOMPARE(options.faults[FaultKind::WatchSplit].probability, 1.0);
    QCOMPARE(options.faults[FaultKind::WatchGone].maxCount, 2);
    QCOMPARE(options.faults[FaultKind::WatchGoneHttp].probability, 0.5);
    QCOMPARE(options.faults[FaultKind::TooManyRequests].maxCount, 4);
    QCOMPARE(options.faults[FaultKind::InternalError].probability, 0.2);
    QCOMPARE(options.faults[FaultKind::ServiceUnavailable].probability, 0.2);
    QCOMPARE(options.faults[FaultKind::Slow].probability, 0.1);
    QCOMPARE(options.faults[FaultKind::ExpireContinue].probability, 1.0);
    QCOMPARE(options.faults.slowDelayMs, 50);
    QCOMPARE(options.faults.retryAfterSeconds, 2);
    QCOMPARE(options.faults.seed, 9u);
    // --help documents every fault flag.
    for (std::size_t k = 0; k < kFaultKindCount; ++k) {
        const std::string flag = std::string("--fault-") + faultName(static_cast<FaultKind>(k));
        QVERIFY2(hubUsage().find(flag) != std::string::npos, flag.c_str());
    }
    QVERIFY(!parseHubArguments({"--fault-bogus", "1"}, &options, &help, &error));
    QVERIFY(!parseHubArguments({"--fault-429", "2"}, &options, &help, &error));
}

void TestHubFaults::tooManyRequests()
{
    const ApiResponse r = call(FaultKind::TooManyRequests, get(kProfiles));
    QCOMPARE(r.status, 429);
    QCOMPARE(QString::fromStdString(r.contentType), QStringLiteral("text/plain; charset=utf-8"));
    QCOMPARE(QString::fromStdString(r.body), QStringLiteral("Too many requests, please try again later.\n"));
    QCOMPARE(headerValue(r, "Retry-After"), "3");
    QVERIFY(!headerValue(r, "X-Kubernetes-PF-FlowSchema-UID").empty());
    // Discovery is not rate limited here.
    QCOMPARE(call(FaultKind::TooManyRequests, get("/apis")).status, 200);
}

void TestHubFaults::internalError()
{
    const ApiResponse r = call(FaultKind::InternalError, get(kProfiles));
    QCOMPARE(r.status, 500);
    const nlohmann::json status = nlohmann::json::parse(r.body);
    QCOMPARE(status["kind"], "Status");
    QCOMPARE(status["reason"], "InternalError");
    QCOMPARE(status["code"], 500);
}

void TestHubFaults::serviceUnavailable()
{
    const ApiResponse r = call(FaultKind::ServiceUnavailable, get(kProfiles));
    QCOMPARE(r.status, 503);
    const nlohmann::json status = nlohmann::json::parse(r.body);
    QCOMPARE(status["reason"], "ServiceUnavailable");
    QCOMPARE(status["details"]["retryAfterSeconds"], 3);
    QCOMPARE(headerValue(r, "Retry-After"), "3");
}

void TestHubFaults::slow()
{
    const ApiResponse r = call(FaultKind::Slow, get(kProfiles));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.delay.count(), 1234);
}

void TestHubFaults::watchGoneHttp()
{
    const ApiResponse r = call(FaultKind::WatchGoneHttp, get(kProfiles, {{"watch", "true"}, {"resourceVersion", "5"}}));
    QCOMPARE(r.status, 410);
    QVERIFY(!r.watch);
    QCOMPARE(nlohmann::json::parse(r.body)["reason"], "Gone");
}

void TestHubFaults::watchGone()
{
    const ApiResponse r = call(FaultKind::WatchGone, get(kProfiles, {{"watch", "1"}}));
    QCOMPARE(r.status, 200);
    QVERIFY(r.watch);
    std::vector<std::string> chunks;
    QCOMPARE(r.watch->next(&chunks, std::chrono::milliseconds(10)), WatchStream::Step::Finished);
    QCOMPARE(chunks.size(), std::size_t(1));
    const nlohmann::json event = nlohmann::json::parse(chunks[0]);
    QCOMPARE(event["type"], "ERROR");
    QCOMPARE(event["object"]["code"], 410);
    QCOMPARE(event["object"]["reason"], "Expired");
}

void TestHubFaults::watchDrop()
{
    const ApiResponse r = call(FaultKind::WatchDrop, get(kProfiles, {{"watch", "true"}}));
    QVERIFY(r.watch);
    std::vector<std::string> chunks;
    // The initial ADDED batch is torn inside its first event, then the connection drops.
    QCOMPARE(r.watch->next(&chunks, std::chrono::milliseconds(10)), WatchStream::Step::Abort);
    QCOMPARE(chunks.size(), std::size_t(1));
    QVERIFY(!chunks[0].empty());
    QVERIFY(chunks[0].find('\n') == std::string::npos);
    QVERIFY(nlohmann::json::parse(chunks[0], nullptr, false).is_discarded());
}

void TestHubFaults::watchSplit()
{
    const ApiResponse r = call(FaultKind::WatchSplit, get(kProfiles, {{"watch", "true"}}));
    QVERIFY(r.watch);
    std::vector<std::string> chunks;
    QCOMPARE(r.watch->next(&chunks, std::chrono::milliseconds(10)), WatchStream::Step::Continue);
    QVERIFY(chunks.size() >= 2);
    std::string joined;
    bool someChunkEndsMidEvent = false;
    for (const std::string &c : chunks) {
        QVERIFY(!c.empty());
        joined += c;
        someChunkEndsMidEvent = someChunkEndsMidEvent || c.back() != '\n';
    }
    QVERIFY(someChunkEndsMidEvent);
    // Reassembled, it is the ordinary three ADDED lines.
    int lines = 0;
    std::size_t start = 0, newline;
    while ((newline = joined.find('\n', start)) != std::string::npos) {
        QCOMPARE(nlohmann::json::parse(joined.substr(start, newline - start))["type"], "ADDED");
        start = newline + 1;
        ++lines;
    }
    QCOMPARE(lines, 3);
    QCOMPARE(start, joined.size());
}

void TestHubFaults::expireContinue()
{
    ApiResponse first = call(FaultKind::ExpireContinue, get(kProfiles, {{"limit", "1"}}));
    QCOMPARE(first.status, 200); // a first page has no token to expire
    const std::string token = nlohmann::json::parse(first.body)["metadata"]["continue"].get<std::string>();
    const ApiResponse next = m_router->handle(get(kProfiles, {{"limit", "1"}, {"continue", token}}));
    QCOMPARE(next.status, 410);
    const nlohmann::json status = nlohmann::json::parse(next.body);
    QCOMPARE(status["reason"], "Expired");
    QVERIFY(status["message"].get<std::string>().rfind("The provided continue parameter is too old", 0) == 0);
}

void TestHubFaults::hostileListBodies_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QByteArray>("contains"); // in the raw body
    QTest::addColumn<bool>("parses");         // by a strict JSON parser
    QTest::newRow("huge-object") << int(FaultKind::HugeObject) << QByteArray(10'000'000, 'x') << true;
    QTest::newRow("deep-nesting") << int(FaultKind::DeepNesting) << QByteArray(100'000, '[') << true;
    QTest::newRow("invalid-utf8") << int(FaultKind::InvalidUtf8) << QByteArray("bad \xff\xfe") << false;
    QTest::newRow("duplicate-keys") << int(FaultKind::DuplicateKeys) << QByteArray(R"({"env":"first","env":"second"})")
                                    << true;
    QTest::newRow("wrong-types") << int(FaultKind::WrongTypes) << QByteArray(R"("spec":42)") << true;
}

void TestHubFaults::hostileListBodies()
{
    QFETCH(int, kind);
    QFETCH(QByteArray, contains);
    QFETCH(bool, parses);
    const ApiResponse r = call(FaultKind(kind), get(kProfiles));
    QCOMPARE(r.status, 200);
    QVERIFY(!r.generate);
    QVERIFY(QByteArray::fromStdString(r.body).contains(contains));
    // nlohmann's parser is iterative, so even 100 000 levels only cost memory here.
    QCOMPARE(!nlohmann::json::parse(r.body, nullptr, false).is_discarded(), parses);
    // Only ClusterProfiles lie; namespaces stay honest for the same chance.
    const ApiResponse honest = call(FaultKind(kind), get("/api/v1/namespaces"));
    QVERIFY(!QByteArray::fromStdString(honest.body).contains(contains));
}

void TestHubFaults::hostileStreams()
{
    // A million items, generated chunk by chunk: the hub never holds the body.
    const ApiResponse many = call(FaultKind::ManyItems, get(kProfiles));
    QVERIFY(many.generate);
    std::string body;
    int chunks = 0;
    bool more = true;
    while (more) {
        std::string chunk;
        more = many.generate(&chunk);
        body += chunk;
        ++chunks;
    }
    QVERIFY(chunks >= 1000);
    QVERIFY(nlohmann::json::accept(body)); // valid JSON, checked without building 1M objects
    std::size_t items = 0;
    for (std::size_t at = body.find("\"name\":\"flood-"); at != std::string::npos;
         at = body.find("\"name\":\"flood-", at + 1))
        ++items;
    QCOMPARE(items, std::size_t(1'000'000));
    QVERIFY(body.find("\"flood-999999\"") != std::string::npos);
    QVERIFY(body.rfind(R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfileList")", 0) == 0);

    // Endless: as many chunks as anyone asks for, never the closing bracket.
    const ApiResponse endless = call(FaultKind::Endless, get(kProfiles));
    QVERIFY(endless.generate);
    for (int i = 0; i < 50; ++i) {
        std::string chunk;
        QVERIFY(endless.generate(&chunk));
        QVERIFY(chunk.find("]}") == std::string::npos);
    }
}

void TestHubFaults::watchDripAndNoAnswer()
{
    const ApiResponse drip = call(FaultKind::WatchDrip, get(kProfiles, {{"watch", "true"}}));
    QVERIFY(!drip.watch);
    QVERIFY(drip.generate);
    std::string chunk;
    QVERIFY(drip.generate(&chunk)); // the first byte comes at once, the next a second later
    QCOMPARE(chunk, std::string("{"));

    const ApiResponse silent = call(FaultKind::NoAnswer, get(kProfiles));
    QVERIFY(silent.delay >= std::chrono::hours(1));
    // Discovery and other resources still answer.
    const ApiResponse namespaces = call(FaultKind::NoAnswer, get("/api/v1/namespaces"));
    QCOMPARE(namespaces.delay.count(), 0);
    QCOMPARE(namespaces.status, 200);
}

QTEST_GUILESS_MAIN(TestHubFaults)
#include "tst_hubfaults.moc"
