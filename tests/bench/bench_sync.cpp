// bench_sync: resident memory per ClusterProfile after a cold sync through the
// real engine (HTTP, decode, store), as the GUI or the CLI holds the fleet.
// Not a ctest test; tests/bench/run-benchmarks calls it and prints the table.
//
//   bench_sync [--raw-json] [--gui-models] [--timeout S] [--exit-at-once]   (hubs: $KUBECONFIG, every context)
//
// --exit-at-once ends the process right after printing, without tearing the fleet
// down, so that what heaptrack reports as leaked is exactly what was live:
//   heaptrack bench_sync --exit-at-once; heaptrack_print -f heaptrack.*.zst -l 1 -p 0 -a 0 -T 0
//
// Prints one line of key=value pairs: profiles, rss_empty_kb, rss_synced_kb,
// bytes_per_profile, sync_ms. "Empty" is the same process with the engine
// configured but not started, so libraries, threads and Qt's own heap are not
// counted per profile.

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "fleet/store/heaptuning.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <memory>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace fleetscope;

namespace {

qint64 residentKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// Bytes the program holds from malloc, chunk headers included, over every arena
// and mapping; -1 where the C library does not say. Set against the resident
// size, the difference is fragmentation, not data.
long long heapInUseBytes()
{
#ifdef __GLIBC__
    const struct mallinfo2 info = mallinfo2();
    return static_cast<long long>(info.uordblks + info.hblkhd);
#else
    return -1;
#endif
}

} // namespace

int main(int argc, char **argv)
{
    heap_tuning::useFixedMmapThreshold(); // as the app does (commandline.cpp)
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    FleetEngineOptions options;
    options.allContexts = true;
    options.keepRawJson = args.contains(QStringLiteral("--raw-json"));
    const bool guiModels = args.contains(QStringLiteral("--gui-models"));
    int timeoutS = 600;
    const bool exitAtOnce = args.contains(QStringLiteral("--exit-at-once"));
    if (const qsizetype i = args.indexOf(QStringLiteral("--timeout")); i >= 0 && i + 1 < args.size())
        timeoutS = args[i + 1].toInt();

    FleetStore store;
    FleetEngine engine(&store);
    std::unique_ptr<ClusterTableModel> table;
    std::unique_ptr<SortFilterProxy> proxy;
    std::unique_ptr<FleetTreeModel> tree;
    if (guiModels) {
        // What the main window keeps besides the store: the table, its proxy
        // (sorted by name, as a view starts) and the group tree.
        table = std::make_unique<ClusterTableModel>(&store);
        proxy = std::make_unique<SortFilterProxy>(table.get());
        proxy->setSortRole(ClusterTableModel::SortRole);
        proxy->sort(ClusterTableModel::NameColumn);
        tree = std::make_unique<FleetTreeModel>(&store);
    }
    QString error;
    if (!engine.configure(options, &error)) {
        std::fprintf(stderr, "bench_sync: %s\n", qPrintable(error));
        return 1;
    }
    const qint64 emptyKb = residentKb();
    const long long emptyHeap = heapInUseBytes();
    QElapsedTimer clock;
    clock.start();
    int code = 0;
    bool settled = false;
    auto finish = [&] {
        if (settled || !store.allHubsSettled())
            return;
        settled = true;
        // Let the last queued deltas land.
        QTimer::singleShot(200, &app, [&] {
            // The store has returned free heap pages on settling, as in the app:
            // what is resident now is live data plus allocator overhead.
            const qint64 syncedKb = residentKb();
            const long long syncedHeap = heapInUseBytes();
            const int n = store.profileCount();
            std::printf("profiles=%d rss_empty_kb=%lld rss_synced_kb=%lld bytes_per_profile=%.0f "
                        "heap_bytes_per_profile=%.0f sync_ms=%lld\n",
                        n, emptyKb, syncedKb, n ? double(syncedKb - emptyKb) * 1024.0 / n : 0.0,
                        n && emptyHeap >= 0 ? double(syncedHeap - emptyHeap) / n : -1.0, qint64(clock.elapsed()));
            if (exitAtOnce) {
                std::fflush(stdout);
                std::_Exit(0);
            }
            QCoreApplication::exit(0);
        });
    };
    QObject::connect(&store, &FleetStore::hubStatusChanged, &app, finish);
    QTimer::singleShot(timeoutS * 1000, &app, [&] {
        std::fprintf(stderr, "bench_sync: hubs not synced after %d s\n", timeoutS);
        code = 1;
        QCoreApplication::exit(1);
    });
    engine.start();
    app.exec();
    engine.stop();
    return code;
}
