// History write throughput: 100k condition transitions through the database's
// batched insert (one transaction), and the same through the threaded store
// (observations → detector → batched writes). Prints Markdown table rows; not a
// ctest test. Usage: bench_history [transitions]
//
// bench_history --growth 0,200000,1000000,5000000: what a soak-shaped write
// (300 transitions/s of 5000 clusters, one commit per 250 ms batch of 75) costs
// in CPU per transition once the file already holds that many rows, and what
// the readers (one cluster's timeline, fleet health, flaps and the latest
// transitions at start, prune) cost at that size.

#include "history/historydatabase.h"
#include "history/historystore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include "history/flapcounter.h"

#include <cstdio>
#include <ctime>
#include <functional>

using namespace fleetscope;

namespace {

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Transitions as the soak's hub makes them: ControlPlaneHealthy flipping on a
// random one of 5000 clusters in five cluster sets, 300 a second.
class SoakTransitions
{
public:
    static constexpr int clusters = 5000;
    static constexpr qint64 start = 1'700'000'000'000;

    ConditionTransition next()
    {
        m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
        const int index = int((m_state >> 33) % clusters);
        static const char *const sets[] = {"prod", "staging", "edge", "dev", "lab"};
        static const char *const regions[] = {"euw1", "use1", "apse2", "euc1"};
        ConditionTransition t;
        t.cluster = {QStringLiteral("hub-0"), QStringLiteral("fleet-%1").arg(QLatin1String(sets[index % 5])),
                     QStringLiteral("%1-%2-%3")
                         .arg(QLatin1String(sets[index % 5]), QLatin1String(regions[index % 4]))
                         .arg(index / 5, 3, 10, QLatin1Char('0'))};
        t.memberId = QStringLiteral("%1-4a1b-4c2d-8e3f-%2").arg(index * 2654435761U % 0xffffffffU, 8, 16, QLatin1Char('0'))
                         .arg(index, 12, 16, QLatin1Char('0'));
        t.type = QStringLiteral("ControlPlaneHealthy");
        const bool healthy = (m_flips[index] ^= 1);
        t.from = healthy ? ConditionStatus::False : ConditionStatus::True;
        t.to = healthy ? ConditionStatus::True : ConditionStatus::False;
        t.reason = healthy ? QStringLiteral("ManagedClusterAvailable") : QStringLiteral("ManagedClusterLeaseUpdateStopped");
        t.message = healthy ? QStringLiteral("Cluster is available.") : QStringLiteral("Agent heartbeat lost for 5m.");
        t.observedAt = t.at = start + m_count * 10 / 3;
        t.lastTransitionTime = t.at / 1000 * 1000;
        ++m_count;
        return t;
    }
    qint64 now() const { return start + m_count * 10 / 3; }

private:
    quint64 m_state = 42;
    qint64 m_count = 0;
    char m_flips[clusters] = {};
};

int growth(const QString &sizesArgument)
{
    QList<qint64> sizes;
    for (const QString &part : sizesArgument.split(u',', Qt::SkipEmptyParts))
        sizes.append(part.toLongLong());
    QTemporaryDir dir;
    HistoryDatabase db;
    QString error;
    if (!dir.isValid() || !db.open(dir.filePath(QStringLiteral("growth.sqlite")), &error)) {
        std::fprintf(stderr, "bench_history: %s\n", qPrintable(error));
        return 1;
    }
    SoakTransitions source;
    qint64 rows = 0;
    std::printf("| rows before | write µs/transition (CPU) | wall | B/transition | timeline 30 d | fleet health 1 h "
                "| flaps 24 h | latest | prune (nothing due) |\n|---|---|---|---|---|---|---|---|---|\n");
    const auto timed = [](const std::function<bool()> &run) {
        const double start = cpuMs();
        if (!run())
            return -1.0;
        return cpuMs() - start;
    };
    for (const qint64 size : std::as_const(sizes)) {
        while (rows < size) {
            QList<ConditionTransition> fill;
            const qint64 n = std::min<qint64>(20000, size - rows);
            for (qint64 i = 0; i < n; ++i)
                fill.append(source.next());
            if (!db.insert(fill, &error)) {
                std::fprintf(stderr, "bench_history: %s\n", qPrintable(error));
                return 1;
            }
            rows += n;
        }
        // 160 batches of 75 (40 s of the soak), each its own commit, as the worker writes them.
        constexpr int batches = 160, perBatch = 75;
        QList<QList<ConditionTransition>> work;
        for (int b = 0; b < batches; ++b) {
            QList<ConditionTransition> batch;
            for (int i = 0; i < perBatch; ++i)
                batch.append(source.next());
            work.append(batch);
        }
        QElapsedTimer wall;
        wall.start();
        const double cpuStart = cpuMs();
        for (const QList<ConditionTransition> &batch : std::as_const(work)) {
            if (!db.insert(batch, &error)) {
                std::fprintf(stderr, "bench_history: %s\n", qPrintable(error));
                return 1;
            }
        }
        const double writeUs = (cpuMs() - cpuStart) * 1000.0 / (batches * perBatch);
        const double wallUs = double(wall.nsecsElapsed()) / 1000.0 / (batches * perBatch);
        rows += batches * perBatch;
        const qint64 now = source.now();
        const ClusterId one{QStringLiteral("hub-0"), QStringLiteral("fleet-prod"), QStringLiteral("prod-euw1-000")};
        const double timeline = timed([&] {
            return db.clusterHistory(one, now - 30LL * 86400000, now).error.isEmpty();
        });
        const double health = timed([&] {
            db.transitions({}, now - 3600000, now, {}, true, &error);
            return error.isEmpty();
        });
        const double flaps = timed([&] {
            FlapCounter counter(24LL * 3600000);
            return db.loadFlaps(&counter, now - 24LL * 3600000, &error);
        });
        const double latest = timed([&] {
            db.latestTransitions(&error);
            return error.isEmpty();
        });
        const double prune = timed([&] { return db.prune(now - 90LL * 86400000, 0, &error); });
        if (!error.isEmpty()) {
            std::fprintf(stderr, "bench_history: %s\n", qPrintable(error));
            return 1;
        }
        std::printf("| %lldk | %.1f | %.1f | %.0f | %.1f ms | %.0f ms | %.0f ms | %.0f ms | %.0f ms |\n",
                    size / 1000, writeUs, wallUs, double(db.dataBytes()) / double(std::max<qint64>(1, rows)),
                    timeline, health, flaps, latest, prune);
        std::fflush(stdout);
    }
    // The size cap at work, as hourly at 300 events/s once the file is full: the
    // oldest share deleted, and what only they used.
    const qint64 bytes = db.dataBytes();
    const qint64 before = db.transitionCount();
    const double capMs = timed([&] { return db.prune(0, bytes * 9 / 10, &error); });
    std::printf("\nprune to 90 %% of %.0f MB (%lld rows): %.0f ms of CPU, %lld rows deleted\n", double(bytes) / 1e6,
                before, capMs, before - db.transitionCount());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc > 2 && qstrcmp(argv[1], "--growth") == 0)
        return growth(QString::fromLocal8Bit(argv[2]));
    const int count = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100000;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "bench_history: cannot create a temporary directory\n");
        return 1;
    }
    QList<ConditionTransition> batch;
    batch.reserve(count);
    for (int i = 0; i < count; ++i) {
        ConditionTransition t;
        t.cluster = {QStringLiteral("hub-eu"), QStringLiteral("fleet-prod"), QStringLiteral("cluster-%1").arg(i % 10000)};
        t.type = i % 3 ? QStringLiteral("ControlPlaneHealthy") : QStringLiteral("Joined");
        t.from = ConditionStatus::True;
        t.to = ConditionStatus::False;
        t.reason = QStringLiteral("AgentHeartbeatLost");
        t.message = QStringLiteral("Agent heartbeat lost for 5m.");
        t.at = t.observedAt = t.lastTransitionTime = 1'700'000'000'000 + i;
        batch.append(t);
    }

    {
        HistoryDatabase db;
        QString error;
        if (!db.open(dir.filePath(QStringLiteral("direct.sqlite")), &error)) {
            std::fprintf(stderr, "bench_history: %s\n", qPrintable(error));
            return 1;
        }
        QElapsedTimer timer;
        timer.start();
        const std::clock_t cpuStart = std::clock();
        if (!db.insert(batch, &error)) {
            std::fprintf(stderr, "bench_history: %s\n", qPrintable(error));
            return 1;
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        std::printf("| History writes (%dk transitions) | %.0f ms | %.0f transitions/s |\n", count / 1000, ms,
                    count / (ms / 1000.0));
        // Wall time suffers from a busy machine; CPU time says what the write itself costs.
        std::fprintf(stderr, "bench_history: batch insert used %.0f ms of CPU\n",
                     1000.0 * double(std::clock() - cpuStart) / CLOCKS_PER_SEC);
    }
    {
        // Through the store: what a burst of changes costs end to end, off the GUI thread.
        HistoryStore store;
        store.open(dir.filePath(QStringLiteral("store.sqlite")));
        QEventLoop loop;
        QObject::connect(&store, &HistoryStore::stateChanged, &loop, [&] {
            if (store.state() != HistoryStore::State::Opening)
                loop.quit();
        });
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        if (store.state() == HistoryStore::State::Opening)
            loop.exec();
        if (!store.isAvailable()) {
            std::fprintf(stderr, "bench_history: %s\n", qPrintable(store.statusMessage()));
            return 1;
        }
        QList<ClusterObservation> observations;
        observations.reserve(count);
        for (int i = 0; i < count; ++i) {
            ClusterObservation o;
            o.cluster = {QStringLiteral("hub-eu"), QStringLiteral("fleet-prod"), QStringLiteral("cluster-%1").arg(i)};
            o.observedAt = 1'700'000'000'000 + i;
            Condition c;
            c.type = QStringLiteral("ControlPlaneHealthy");
            c.status = ConditionStatus::True;
            c.lastTransitionTime = 1'690'000'000'000;
            o.conditions = {c};
            observations.append(o);
        }
        QElapsedTimer timer;
        timer.start();
        store.observe(observations);
        const double enqueueMs = double(timer.nsecsElapsed()) / 1e6;
        store.flush();
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        std::printf("| History store, first sight of %dk clusters (GUI thread: %.1f ms) | %.0f ms | %.0f "
                    "transitions/s |\n",
                    count / 1000, enqueueMs, ms, count / (ms / 1000.0));
    }
    return 0;
}
