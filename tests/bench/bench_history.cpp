// History write throughput: 100k condition transitions through the database's
// batched insert (one transaction), and the same through the threaded store
// (observations → detector → batched writes). Prints Markdown table rows; not a
// ctest test. Usage: bench_history [transitions]

#include "history/historydatabase.h"
#include "history/historystore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <ctime>

using namespace fleetscope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
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
