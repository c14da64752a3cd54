// bench_gui: the main window's responsiveness, printed as key=value lines for
// tests/bench/run-benchmarks. Not a ctest test (no timing assertions there).
//
//   bench_gui --stall [rows] [events]   main window (offscreen) with `rows` clusters
//                                       sorted by name, a 3-term filter active, while a
//                                       burst of `events` changes arrives the way the
//                                       engine delivers them (one delta per hub per 50 ms
//                                       flush): the longest GUI-thread stall, measured by
//                                       a 2 ms event-loop probe
//                                       (the burst is followed by 2.5 s of quiet, so that
//                                       the inventory lint's debounced relint falls inside)
//   bench_gui --first-paint [--demo]    process start → the main window's first paint, the
//                                       dashboard opened as `fleetscope-dashboard [--demo]`
//                                       does (runGui), with the demo's in-process hubs or
//                                       empty; with the demo also → the window holding the
//                                       demo fleet (every hub synced)
//   bench_gui --lint [rows] [changes]   the inventory lint on a lint-shaped fleet of `rows`
//                                       clusters: a whole InventoryLint pass, and the
//                                       dashboard's FleetFindings relint after `changes`
//                                       changed profiles (GUI-thread CPU, median of 5)
//   bench_gui --health [rows] [days]    the Fleet health tab opened on a 30-day range over
//                                       `rows` clusters with `days` days of recorded
//                                       history (a first sighting and about five changes
//                                       per cluster): the GUI thread's work to open it,
//                                       its longest stall until the chart shows, and the
//                                       wall time until it does
//
// QSettings go to a throw-away directory (test mode), never the user's.

#include "commandline.h"
#include "guicommand.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/lint/fleetfindings.h"
#include "fleet/lint/inventorylint.h"
#include "fleet/store/fleetstore.h"
#include "fleet/store/storefeeder.h"
#include "charts/fleethealthchart.h"
#include "history/healthseries.h"
#include "history/historydatabase.h"
#include "history/historystore.h"
#include "clustertableview.h"
#include "historypanel.h"
#include "mainwindow.h"
#include "../fleet/syntheticfleet.h"
#include "../fleet/syntheticlint.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <iterator>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>

#include <sys/resource.h>

using namespace fleetscope;

namespace {

constexpr int hubCount = 4;
constexpr int flushIntervalMs = 50; // HubSettings::flushIntervalMs

// Wall-clock stalls also count time the scheduler gave to other processes (a
// shared build machine); CPU time on the GUI thread between two probe ticks
// is the work the GUI thread did in one go, whatever the load.
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

double processCpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

// Watches the dashboard that runGui opens (an application-wide event filter,
// installed as the QApplication is made): prints when its main window first
// paints, then when the window holds every hub's answer (with the demo: its
// fleet), then quits. Without hubs the first paint is the end.
class FirstPaint final : public QObject
{
public:
    FirstPaint(const QElapsedTimer &clock, bool fleet)
        : m_clock(clock)
        , m_fleet(fleet)
    {
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *window = qobject_cast<MainWindow *>(watched);
        if (window && event->type() == QEvent::Paint && !m_painted) {
            m_painted = true;
            // After this paint returns: the frame is complete.
            QTimer::singleShot(0, this, [this, window] {
                std::printf("first_paint_ms=%lld cpu_ms=%.0f\n", qint64(m_clock.elapsed()), processCpuMs());
                std::fflush(stdout);
                waitForFleet(window->store());
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void waitForFleet(const FleetStore *store)
    {
        auto arrived = [this, store] {
            if (m_arrived || store->activeHubs().isEmpty() || !store->allHubsSettled())
                return;
            m_arrived = true;
            std::printf("fleet_ms=%lld clusters=%d cpu_ms=%.0f\n", qint64(m_clock.elapsed()), store->profileCount(),
                        processCpuMs());
            std::fflush(stdout);
            QCoreApplication::exit(0);
        };
        if (!m_fleet) {
            QCoreApplication::exit(0);
            return;
        }
        connect(store, &FleetStore::hubStatusChanged, this, arrived);
        arrived();
    }

    const QElapsedTimer &m_clock;
    const bool m_fleet;
    bool m_painted = false;
    bool m_arrived = false;
};

FirstPaint *firstPaintProbe = nullptr;

// The dashboard as `fleetscope-dashboard [--demo]` opens it (runGui: language,
// palette, settings, Dashboard::open, the event loop), at the window size of the
// screenshots.
int firstPaint(int argc, char **argv, bool demoFleet, const QElapsedTimer &clock)
{
    static FirstPaint probe(clock, demoFleet);
    firstPaintProbe = &probe;
    qAddPreRoutine([] {
        qApp->installEventFilter(firstPaintProbe);
        QTimer::singleShot(60000, qApp, [] { QCoreApplication::exit(1); });
    });
    // Without the demo: no kubeconfig at all (an empty home), so no hub: the empty window.
    QTemporaryDir home;
    if (!demoFleet) {
        qunsetenv("KUBECONFIG");
        qputenv("HOME", home.path().toLocal8Bit());
    }
    std::vector<QByteArray> words{QByteArray(argv[0]), "--geometry", "1400x900"};
    if (demoFleet)
        words.emplace_back("--demo");
    std::vector<char *> arguments;
    for (QByteArray &word : words)
        arguments.push_back(word.data());
    arguments.push_back(nullptr);
    (void)argc;
    return runFleetscope(int(words.size()), arguments.data(), &runGui);
}

int stall(int rows, int events)
{
    FleetStore store;
    for (int hub = 0; hub < hubCount; ++hub) {
        store.addHub(QStringLiteral("hub-%1").arg(hub));
        HubDelta delta;
        for (int i = hub; i < rows; i += hubCount)
            delta.upsertedProfiles.append(synthetic::profile(i));
        store.applyDelta(hub, delta);
        HubStatus status = store.hubStatus(hub);
        status.synced = true;
        store.setHubStatus(hub, status);
    }
    MainWindow window(&store, nullptr);
    window.resize(1400, 900);
    window.show();
    window.clusterFilter()->setFilterText(QStringLiteral("version>=1.30 && count.node.k8s.io>=100 && health=healthy"));
    // The lint the dashboard runs once the hubs have settled (here they settled
    // before the window existed).
    const qint64 lintStart = threadCpuNs();
    window.findChild<FleetFindings *>()->relint();
    const double firstLintMs = double(threadCpuNs() - lintStart) / 1e6;
    // Settle the first layout and paint before measuring.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 500)
        QApplication::processEvents(QEventLoop::AllEvents, 50);

    // The burst: updates of existing clusters with new data (versions, health and
    // node counts move, so rows re-sort and cross the filter), one delta per hub
    // per flush interval, as HubConnection batches them.
    std::vector<std::pair<int, HubDelta>> deltas;
    const int perDelta = qMax(1, events / hubCount / 5); // the burst spans ~5 flushes
    int made = 0;
    for (int round = 1; made < events; ++round) {
        for (int hub = 0; hub < hubCount && made < events; ++hub) {
            HubDelta delta;
            for (int i = 0; i < perDelta && made < events; ++i, ++made) {
                const int id = (hub + hubCount * ((round * 7919 + i * 104729) % (rows / hubCount)));
                delta.upsertedProfiles.append(synthetic::profile(id, round));
            }
            deltas.emplace_back(hub, std::move(delta));
        }
    }

    QElapsedTimer clock;
    clock.start();
    qint64 last = 0;
    qint64 worst = 0;
    qint64 lastCpu = 0;
    qint64 worstCpu = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        if (last) {
            worst = qMax(worst, now - last);
            worstCpu = qMax(worstCpu, cpu - lastCpu);
        }
        last = now;
        lastCpu = cpu;
    });
    probe.start(2);
    size_t next = 0;
    // The hubs' deltas reach the store the way FleetEngine hands them over: a
    // queued call per delta into the StoreFeeder, which applies one per turn.
    StoreFeeder feeder(&store);
    QTimer flushes;
    QObject::connect(&flushes, &QTimer::timeout, [&] {
        // One flush interval's worth: a delta from every hub, each its own queued
        // call as the hubs' threads post them.
        for (int hub = 0; hub < hubCount && next < deltas.size(); ++hub, ++next) {
            QMetaObject::invokeMethod(
                &feeder, [&, i = next] { feeder.postDelta(deltas[i].first, deltas[i].second); }, Qt::QueuedConnection);
        }
        if (next >= deltas.size()) {
            flushes.stop();
            // Long enough for the lint's relint (2 s after the first change) to land.
            QTimer::singleShot(2500, [] { QCoreApplication::exit(0); });
        }
    });
    flushes.start(flushIntervalMs);
    QApplication::exec();
    probe.stop();

    // What one such delta costs on its own, applied directly (same shape, new data).
    double worstApplyMs = 0;
    for (size_t i = 0; i < qMin<size_t>(deltas.size(), 8); ++i) {
        HubDelta again;
        for (const ProfilePtr &p : deltas[i].second.upsertedProfiles)
            again.upsertedProfiles.append(synthetic::profile(p->profile.metadata.name.mid(8).toInt(), 1000 + int(i)));
        QElapsedTimer apply;
        apply.start();
        store.applyDelta(deltas[i].first, again);
        worstApplyMs = qMax(worstApplyMs, double(apply.nsecsElapsed()) / 1e6);
    }
    std::printf("rows=%d events=%d shown=%d worst_stall_ms=%.1f worst_busy_cpu_ms=%.1f worst_delta_apply_ms=%.1f "
                "first_lint_cpu_ms=%.1f\n",
                store.profileCount(), made, window.clusterTable()->model()->rowCount(), double(worst) / 1e6 - 2.0,
                double(worstCpu) / 1e6, worstApplyMs, firstLintMs);
    return 0;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

int lint(int rows, int changes)
{
    FleetStore store;
    QRandomGenerator random(21);
    for (int hub = 0; hub < hubCount; ++hub) {
        store.addHub(QStringLiteral("hub-%1").arg(hub));
        HubDelta delta;
        for (int i = hub; i < rows; i += hubCount)
            delta.upsertedProfiles.append(synthetic::lintProfile(i));
        for (int ns = 0; ns < synthetic::lintNamespaces; ++ns)
            delta.upsertedNamespaces.append(synthetic::lintNamespaceObject(ns, hub));
        for (int p = 0; p < 20; ++p)
            delta.upsertedPlacements.append(synthetic::lintPlacement(p, random, rows));
        store.applyDelta(hub, delta);
        store.setHubStatus(hub, synthetic::syncedStatus(store.hubName(hub)));
    }
    const LintOptions options{synthetic::lintNowMs, 24LL * 3600 * 1000};
    std::vector<double> full;
    qsizetype findings = 0;
    for (int i = 0; i < 5; ++i) {
        const qint64 start = threadCpuNs();
        findings = InventoryLint::run(store, options).size();
        full.push_back(double(threadCpuNs() - start) / 1e6);
    }
    FleetFindings dashboard(&store);
    qint64 start = threadCpuNs();
    dashboard.relint(synthetic::lintNowMs);
    const double firstRelintMs = double(threadCpuNs() - start) / 1e6;
    // Changed profiles spread over the fleet and the hubs, as a busy minute brings them.
    std::vector<double> after;
    for (int round = 1; round <= 5; ++round) {
        for (int hub = 0; hub < hubCount; ++hub) {
            HubDelta delta;
            for (int i = 0; i < changes / hubCount; ++i) {
                const int id = hub + hubCount * int(random.bounded(quint32(rows / hubCount)));
                delta.upsertedProfiles.append(synthetic::lintProfile(id, round));
            }
            store.applyDelta(hub, delta);
        }
        start = threadCpuNs();
        dashboard.relint(synthetic::lintNowMs + round * 1000);
        after.push_back(double(threadCpuNs() - start) / 1e6);
    }
    std::printf("rows=%d changes=%d findings=%lld full_lint_cpu_ms=%.1f first_relint_cpu_ms=%.1f "
                "relint_after_changes_cpu_ms=%.2f\n",
                store.profileCount(), changes, qlonglong(findings), median(full), firstRelintMs, median(after));
    return 0;
}

int health(int rows, int days)
{
    constexpr qint64 day = 24 * 3600 * 1000LL;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 since = now - days * day;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("health.sqlite"));
    qint64 written = 0;
    double readMs = 0;
    double seriesMs = 0;
    qlonglong readRows = 0;
    {
        // Written straight into the database, as the recorder would have over the days.
        HistoryDatabase db;
        QString error;
        if (!db.open(path, &error)) {
            std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
            return 1;
        }
        for (int hub = 0; hub < hubCount; ++hub) {
            const qint64 session = db.beginCoverage(QStringLiteral("hub-%1").arg(hub), since, &error);
            db.extendCoverage(session, now, &error);
        }
        QRandomGenerator random(7);
        QList<ConditionTransition> batch;
        auto flush = [&] {
            written += batch.size();
            if (!db.insert(batch, &error))
                std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
            batch.clear();
        };
        for (int i = 0; i < rows; ++i) {
            ConditionTransition t;
            t.cluster = {QStringLiteral("hub-%1").arg(i % hubCount), QStringLiteral("fleet"),
                         QStringLiteral("cluster-%1").arg(i, 6, 10, QLatin1Char('0'))};
            t.type = QStringLiteral("ControlPlaneHealthy");
            t.to = ConditionStatus::True;
            t.at = t.observedAt = t.lastTransitionTime = since - day;
            t.seeded = true;
            batch.append(t);
            qint64 times[5];
            for (qint64 &time : times)
                time = since + qint64(random.bounded(double(days * day)));
            std::sort(std::begin(times), std::end(times));
            bool healthy = true;
            for (const qint64 time : times) {
                t.seeded = false;
                t.from = t.to;
                healthy = !healthy;
                t.to = healthy ? ConditionStatus::True : ConditionStatus::False;
                t.reason = healthy ? QStringLiteral("ManagedClusterAvailable") : QStringLiteral("AgentHeartbeatLost");
                t.at = t.observedAt = t.lastTransitionTime = time;
                batch.append(t);
            }
            if (batch.size() >= 60000)
                flush();
        }
        flush();
        // Where the wait goes: the same read and series on this thread.
        QSet<ClusterId> scope;
        for (int i = 0; i < rows; ++i)
            scope.insert({QStringLiteral("hub-%1").arg(i % hubCount), QStringLiteral("fleet"),
                          QStringLiteral("cluster-%1").arg(i, 6, 10, QLatin1Char('0'))});
        const HealthRules rules;
        qint64 start = threadCpuNs();
        const QList<ConditionTransition> read = db.transitions(scope, now - 30 * day, now, rules.allTypesRead(), true, &error);
        readMs = double(threadCpuNs() - start) / 1e6;
        readRows = read.size();
        if (!error.isEmpty())
            std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
        QHash<QString, QList<CoverageInterval>> coverage;
        for (int hub = 0; hub < hubCount; ++hub)
            coverage.insert(QStringLiteral("hub-%1").arg(hub), db.coverage(QStringLiteral("hub-%1").arg(hub), now - 30 * day, now));
        start = threadCpuNs();
        healthSeries(read, coverage, now - 30 * day, now, 300, rules, {});
        seriesMs = double(threadCpuNs() - start) / 1e6;
    }
    FleetStore store;
    for (int hub = 0; hub < hubCount; ++hub) {
        store.addHub(QStringLiteral("hub-%1").arg(hub));
        HubDelta delta;
        for (int i = hub; i < rows; i += hubCount)
            delta.upsertedProfiles.append(synthetic::profile(i));
        store.applyDelta(hub, delta);
        HubStatus status = store.hubStatus(hub);
        status.synced = true;
        store.setHubStatus(hub, status);
    }
    HistoryStore history;
    history.open(path);
    MainWindow window(&store, nullptr);
    window.setHistory(&history);
    window.resize(1400, 900);
    window.show();
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 1000 || history.state() != HistoryStore::State::Ready)
        QApplication::processEvents(QEventLoop::AllEvents, 50);

    HistoryPanel *panel = window.historyPanel();
    FleetHealthChart *chart = panel->healthChart();
    chart->setSpan(30 * day);
    QApplication::processEvents();
    // The user clicks the tab: everything the GUI thread does until the chart shows.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0, lastCpu = 0, worstCpu = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 t = clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        if (last) {
            worst = qMax(worst, t - last);
            worstCpu = qMax(worstCpu, cpu - lastCpu);
        }
        last = t;
        lastCpu = cpu;
    });
    qint64 shownAt = -1;
    QObject::connect(chart, &FleetHealthChart::shown, [&] {
        if (!chart->points().isEmpty() && shownAt < 0) {
            shownAt = clock.nsecsElapsed();
            QTimer::singleShot(100, [] { QCoreApplication::exit(0); });
        }
    });
    QTimer::singleShot(60000, [] { QCoreApplication::exit(1); });
    const qint64 openStart = threadCpuNs();
    panel->tabs()->setCurrentWidget(chart);
    const double openCpuMs = double(threadCpuNs() - openStart) / 1e6;
    probe.start(2);
    const int code = QApplication::exec();
    probe.stop();
    std::printf("rows=%d transitions=%lld days=%d open_gui_cpu_ms=%.1f worst_stall_ms=%.1f worst_busy_cpu_ms=%.1f "
                "until_shown_ms=%.0f points=%lld read_cpu_ms=%.0f read_rows=%lld series_cpu_ms=%.0f\n",
                store.profileCount(), qlonglong(written), days, openCpuMs, double(worst) / 1e6 - 2.0,
                double(worstCpu) / 1e6, double(shownAt) / 1e6, qlonglong(chart->points().size()), readMs,
                readRows, seriesMs);
    return code;
}

} // namespace

int main(int argc, char **argv)
{
    QElapsedTimer clock;
    clock.start();
    QStandardPaths::setTestModeEnabled(true);
    if (argc > 1 && std::strcmp(argv[1], "--first-paint") == 0)
        return firstPaint(argc, argv, argc > 2 && std::strcmp(argv[2], "--demo") == 0, clock);
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.value(1) == QLatin1String("--health"))
        return health(args.value(2, QStringLiteral("100000")).toInt(), args.value(3, QStringLiteral("30")).toInt());
    if (args.value(1) == QLatin1String("--stall"))
        return stall(args.size() > 2 ? args[2].toInt() : 100000, args.size() > 3 ? args[3].toInt() : 10000);
    if (args.value(1) == QLatin1String("--lint"))
        return lint(args.size() > 2 ? args[2].toInt() : 100000, args.size() > 3 ? args[3].toInt() : 1000);
    std::fprintf(stderr, "usage: bench_gui --stall [rows] [events] | --first-paint [--demo] | --lint [rows] [changes] | --health [rows] [days]\n");
    return 2;
}
