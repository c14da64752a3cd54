// WatchStream: what a watch sends and when it ends, driven without sockets.
#include "hubtesthelpers.h"
#include "objectstore.h"
#include "watchstream.h"

#include <QtTest>

using namespace fleetscope::hub;
using namespace hubtest;

namespace {

struct Drained
{
    std::vector<nlohmann::json> events;
    WatchStream::Step step = WatchStream::Step::Continue;
};

// Pulls until `count` events arrived, the stream ended, or `rounds` polls passed.
Drained drain(WatchStream &stream, std::size_t count, int rounds = 50)
{
    Drained out;
    std::string buffer;
    for (int i = 0; i < rounds && out.events.size() < count; ++i) {
        std::vector<std::string> chunks;
        out.step = stream.next(&chunks, std::chrono::milliseconds(20));
        for (const std::string &c : chunks) {
            QTest::qVerify(!c.empty(), "!c.empty()", "chunks are never empty", __FILE__, __LINE__);
            buffer += c;
        }
        std::size_t newline;
        while ((newline = buffer.find('\n')) != std::string::npos) {
            out.events.push_back(nlohmann::json::parse(buffer.substr(0, newline)));
            buffer.erase(0, newline + 1);
        }
        if (out.step != WatchStream::Step::Continue)
            break;
    }
    return out;
}

WatchRequest request()
{
    WatchRequest w;
    w.type = &profiles();
    w.apiVersion = "multicluster.x-k8s.io/v1alpha2";
    return w;
}

} // namespace

class TestHubWatch : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void initialEventsThenLive();
    void fromResourceVersion();
    void tooOldIsExpiredErrorEvent();
    void tooNewTimesOut();
    void sendInitialEventsEndsWithBookmark();
    void bookmarksAndDeadline();
    void tableEvents();
    void selectorEnterAndExit();
    void shutdownEndsWatch();
    void compactionEndsOpenWatches();

private:
    std::unique_ptr<ObjectStore> m_store;
};

void TestHubWatch::init()
{
    m_store = std::make_unique<ObjectStore>(5);
    std::string error;
    QVERIFY(m_store->load(namespaceObject("fleet"), &error));
    QVERIFY(m_store->load(profile("fleet", "a"), &error));
    QVERIFY(m_store->load(profile("fleet", "b"), &error));
}

void TestHubWatch::initialEventsThenLive()
{
    WatchStream stream(*m_store, nullptr, request());
    Drained d = drain(stream, 2);
    QCOMPARE(d.events.size(), std::size_t(2));
    QCOMPARE(d.events[0]["type"], "ADDED");
    QCOMPARE(d.events[0]["object"]["apiVersion"], "multicluster.x-k8s.io/v1alpha2");
    QVERIFY(m_store->patch(profiles(), "fleet", "a", PatchKind::Merge, {{"status", {{"x", 1}}}}, Subresource::Status)
                .error.ok());
    d = drain(stream, 1);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["type"], "MODIFIED");
    QCOMPARE(d.events[0]["object"]["status"]["x"], 1);
    QCOMPARE(d.events[0]["object"]["metadata"]["resourceVersion"], std::to_string(m_store->currentRv()));
}

void TestHubWatch::fromResourceVersion()
{
    WatchRequest w = request();
    w.resourceVersion = m_store->currentRv();
    QVERIFY(m_store->remove(profiles(), "fleet", "b").error.ok());
    WatchStream stream(*m_store, nullptr, w);
    const Drained d = drain(stream, 1);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["type"], "DELETED");
    QCOMPARE(d.events[0]["object"]["metadata"]["name"], "b");
}

void TestHubWatch::tooOldIsExpiredErrorEvent()
{
    const std::uint64_t old = m_store->currentRv();
    for (int i = 0; i < 6; ++i)
        QVERIFY(m_store->create(profiles(), "fleet", profile("fleet", "n" + std::to_string(i))).error.ok());
    WatchRequest w = request();
    w.resourceVersion = old;
    WatchStream stream(*m_store, nullptr, w);
    const Drained d = drain(stream, 5);
    QCOMPARE(d.step, WatchStream::Step::Finished);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["type"], "ERROR");
    const nlohmann::json &status = d.events[0]["object"];
    QCOMPARE(status["kind"], "Status");
    QCOMPARE(status["code"], 410);
    QCOMPARE(status["reason"], "Expired");
    QVERIFY(status["message"].get<std::string>().rfind("too old resource version: " + std::to_string(old), 0) == 0);
}

void TestHubWatch::tooNewTimesOut()
{
    // The watch cache waits 3 s for a future RV, then reports 504 in the stream.
    WatchRequest w = request();
    w.resourceVersion = m_store->currentRv() + 100;
    WatchStream stream(*m_store, nullptr, w);
    const Drained d = drain(stream, 1);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["type"], "ERROR");
    QCOMPARE(d.events[0]["object"]["code"], 504);
    QCOMPARE(d.events[0]["object"]["details"]["causes"][0]["reason"], "ResourceVersionTooLarge");
}

void TestHubWatch::sendInitialEventsEndsWithBookmark()
{
    WatchRequest w = request();
    w.sendInitialEvents = true;
    w.allowBookmarks = true;
    WatchStream stream(*m_store, nullptr, w);
    const Drained d = drain(stream, 3);
    QCOMPARE(d.events.size(), std::size_t(3));
    QCOMPARE(d.events[2]["type"], "BOOKMARK");
    QCOMPARE(d.events[2]["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"], "true");
    QCOMPARE(d.events[2]["object"]["metadata"]["resourceVersion"], std::to_string(m_store->currentRv()));
    QCOMPARE(d.events[2]["object"]["kind"], "ClusterProfile");
}

void TestHubWatch::bookmarksAndDeadline()
{
    WatchRequest w = request();
    w.resourceVersion = m_store->currentRv();
    w.allowBookmarks = true;
    w.bookmarkInterval = std::chrono::milliseconds(30);
    w.timeout = std::chrono::milliseconds(400);
    WatchStream stream(*m_store, nullptr, w);
    const Drained d = drain(stream, 100, 200);
    // Periodic bookmarks, then the stream just ends at the deadline (no final event type).
    QCOMPARE(d.step, WatchStream::Step::Finished);
    QVERIFY(d.events.size() >= 2);
    for (const nlohmann::json &e : d.events) {
        QCOMPARE(e["type"], "BOOKMARK");
        QCOMPARE(e["object"]["metadata"]["resourceVersion"], std::to_string(m_store->currentRv()));
    }
}

void TestHubWatch::tableEvents()
{
    WatchRequest w = request();
    w.table = true;
    WatchStream stream(*m_store, nullptr, w);
    const Drained d = drain(stream, 2);
    QCOMPARE(d.events.size(), std::size_t(2));
    // Only the first event carries column definitions; kubectl reuses them.
    QCOMPARE(d.events[0]["object"]["kind"], "Table");
    QCOMPARE(d.events[0]["object"]["columnDefinitions"].size(), std::size_t(6));
    QCOMPARE(d.events[0]["object"]["columnDefinitions"][1]["name"], "Display Name");
    QVERIFY(d.events[1]["object"]["columnDefinitions"].is_null());
    QCOMPARE(d.events[1]["object"]["rows"].size(), std::size_t(1));
    QCOMPARE(d.events[1]["object"]["rows"][0]["cells"][0], "b");
    QCOMPARE(d.events[1]["object"]["rows"][0]["object"]["kind"], "PartialObjectMetadata");
}

void TestHubWatch::selectorEnterAndExit()
{
    WatchRequest w = request();
    std::string error;
    QVERIFY(w.labels.parse("tier=web", &error));
    w.resourceVersion = m_store->currentRv();
    WatchStream stream(*m_store, nullptr, w);
    auto label = [&](const char *value) {
        return m_store->patch(profiles(), "fleet", "a", PatchKind::Merge,
                              {{"metadata", {{"labels", {{"tier", value ? nlohmann::json(value) : nlohmann::json()}}}}}},
                              Subresource::None);
    };
    QVERIFY(label("web").error.ok());
    QVERIFY(label("web").error.ok()); // no-op: no event
    QVERIFY(m_store->patch(profiles(), "fleet", "a", PatchKind::Merge, {{"spec", {{"displayName", "x"}}}},
                           Subresource::None)
                .error.ok());
    QVERIFY(label(nullptr).error.ok());
    const Drained d = drain(stream, 3);
    QCOMPARE(d.events.size(), std::size_t(3));
    QCOMPARE(d.events[0]["type"], "ADDED");
    QCOMPARE(d.events[1]["type"], "MODIFIED");
    QCOMPARE(d.events[2]["type"], "DELETED");
}

void TestHubWatch::shutdownEndsWatch()
{
    WatchRequest w = request();
    w.resourceVersion = m_store->currentRv();
    WatchStream stream(*m_store, nullptr, w);
    m_store->shutdown();
    std::vector<std::string> chunks;
    QCOMPARE(stream.next(&chunks, std::chrono::seconds(30)), WatchStream::Step::Finished);
    QVERIFY(chunks.empty());
}

void TestHubWatch::compactionEndsOpenWatches()
{
    // POST /fleetscope-hub/compact: a watch that is caught up ends with 410 Expired, and
    // resuming from the last RV it saw is refused too, as after an etcd compaction.
    WatchStream stream(*m_store, nullptr, request());
    QCOMPARE(drain(stream, 2).events.size(), std::size_t(2));
    const std::uint64_t seen = m_store->currentRv();
    m_store->compact();
    Drained d = drain(stream, 1);
    QCOMPARE(d.step, WatchStream::Step::Finished);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["type"], "ERROR");
    QCOMPARE(d.events[0]["object"]["code"], 410);

    WatchRequest resume = request();
    resume.resourceVersion = seen;
    WatchStream again(*m_store, nullptr, resume);
    d = drain(again, 1);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["object"]["reason"], "Expired");

    // A watch from the compacted revision on is fine and sees what comes next.
    WatchRequest fresh = request();
    fresh.resourceVersion = m_store->currentRv();
    WatchStream live(*m_store, nullptr, fresh);
    QVERIFY(m_store->remove(profiles(), "fleet", "a").error.ok());
    d = drain(live, 1);
    QCOMPARE(d.events.size(), std::size_t(1));
    QCOMPARE(d.events[0]["type"], "DELETED");
}

QTEST_GUILESS_MAIN(TestHubWatch)
#include "tst_hubwatch.moc"
