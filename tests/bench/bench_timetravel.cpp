// Time travel over a long history (issue #44's targets; run-benchmarks case 9).
//
//   bench_timetravel FILE [days] [clusters] [events/s]
//
// Writes a fleet log of `days` (default 1) of a fleet of `clusters` (5000)
// churning `events/s` (300) the way `fleetscope-hub --churn` does (70 %
// ControlPlaneHealthy flips with a new lastTransitionTime, 20 % node count
// changes, 5 % new clusters, 5 % deletions), a frame per heartbeat (5 s) and a
// keyframe by FleetLogWriter's rule, into FILE through the history's own
// writer; then, in the main window (offscreen, 1400x900, the store a
// FleetStore with the table, filter proxy and group tree on it):
//   - jumps to random moments from live: the history's read (worker) and the
//     store and views taking the moment (GUI thread), and the first paint;
//   - slider steps of a minute from one of them: the GUI thread's stall per step.
// Prints key=value lines for run-benchmarks. The frames are encoded here from
// the same events the writer would make from the hub's objects (the writer's
// profile conversions would make writing a week take an hour).

#include "history/fleetframecodec.h"
#include "history/fleethistoryreader.h"
#include "history/fleetlogwriter.h"
#include "history/fleettimemachine.h"
#include "history/historydatabase.h"
#include "history/timetravel.h"

#include "fleet/store/fleetstore.h"
#include "mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSignalSpy>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace fleetscope;

namespace {

const QString hubName = QStringLiteral("hub-0");

// The churning fleet, as recorded clusters by slot.
class ChurnModel
{
public:
    explicit ChurnModel(int clusters)
        : m_random(44)
        , m_size(clusters)
        , m_live(clusters)
    {
        for (int i = 0; i < clusters; ++i)
            m_slots.push_back(makeCluster(m_next++));
    }

    // One second of churn at `rate`, as the writer's events.
    void second(qint64 at, int rate, FleetFrameEncoder *out, qint64 *events)
    {
        for (int i = 0; i < rate; ++i) {
            const int roll = int(m_random.bounded(100));
            FleetEvent e;
            e.at = at + i * 1000 / rate;
            // Adds and removals are a tenth of the events each way, and the fleet
            // keeps its size: left to chance its size would wander off over days.
            const bool appear = roll >= 90 && (m_live < m_size || (m_live == m_size && roll >= 95));
            if (appear) {
                ++m_live;
                e.kind = FleetEvent::Kind::Appear;
                e.slot = takeSlot();
                e.cluster = makeCluster(m_next++);
                m_slots[e.slot] = e.cluster;
            } else {
                const quint32 slot = liveSlot();
                if (roll >= 90) {
                    --m_live;
                    e.kind = FleetEvent::Kind::Remove;
                    e.slot = slot;
                    m_slots[slot].reset();
                    m_free.push_back(slot);
                } else if (roll >= 70) {
                    e.kind = FleetEvent::Kind::Property;
                    e.slot = slot;
                    e.key = QStringLiteral("count.node.k8s.io");
                    e.value = QString::number(3 + m_random.bounded(118));
                    auto c = std::make_shared<RecordedCluster>(*m_slots[slot]);
                    c->properties[2].second = e.value;
                    m_slots[slot] = c;
                } else {
                    e.kind = FleetEvent::Kind::Condition;
                    e.slot = slot;
                    auto c = std::make_shared<RecordedCluster>(*m_slots[slot]);
                    RecordedCondition &cph = c->conditions[0];
                    const bool healthy = cph.status != ConditionStatus::True;
                    cph.status = healthy ? ConditionStatus::True : ConditionStatus::False;
                    cph.reason = healthy ? QStringLiteral("ManagedClusterAvailable")
                                         : QStringLiteral("ManagedClusterConditionUnavailable");
                    cph.message = healthy ? QStringLiteral("Cluster is available.")
                                          : QStringLiteral("Agent heartbeat lost for 5m.");
                    cph.lastTransitionTime = e.at / 1000 * 1000;
                    e.condition = cph;
                    m_slots[slot] = c;
                }
            }
            out->add(e);
            ++*events;
        }
    }

    void keyframe(qint64 at, FleetFrameEncoder *out) const
    {
        for (quint32 slot = 0; slot < m_slots.size(); ++slot) {
            if (!m_slots[slot])
                continue;
            FleetEvent e;
            e.kind = FleetEvent::Kind::Appear;
            e.at = at;
            e.slot = slot;
            e.cluster = m_slots[slot];
            out->add(e);
        }
    }

    int liveCount() const
    {
        return int(std::count_if(m_slots.begin(), m_slots.end(), [](const auto &c) { return bool(c); }));
    }

private:
    // As fleetgenerator.cpp makes them: a unique name, display name and member id.
    std::shared_ptr<RecordedCluster> makeCluster(int index)
    {
        static const char *const sets[] = {"prod", "staging", "edge", "dev", "research"};
        static const char *const regions[] = {"euw1", "use1", "apse1", "euc1", "usw2", "apne1", "sae1"};
        static const char *const managers[] = {"open-cluster-management", "kubefleet", "gke-fleet"};
        auto c = std::make_shared<RecordedCluster>();
        const QString set = QLatin1String(sets[index % 5]);
        const QString region = QLatin1String(regions[m_random.bounded(7)]);
        c->namespaceName = QStringLiteral("fleet-") + set;
        c->name = QStringLiteral("%1-%2-%3").arg(set, region).arg(index, 3, 10, QLatin1Char('0'));
        c->apiVersion = 1;
        c->creationTimestamp = 1'700'000'000'000 - qint64(m_random.bounded(400)) * 86'400'000;
        c->displayName = QStringLiteral("%1 %2 #%3").arg(set, region).arg(index);
        const QString manager = QLatin1String(managers[m_random.bounded(3)]);
        c->clusterManager = manager;
        c->kubernetesVersion = QStringLiteral("v1.3%1.%2").arg(m_random.bounded(5)).arg(m_random.bounded(9));
        c->labels = {{QStringLiteral("multicluster.x-k8s.io/clusterset"), set},
                     {QStringLiteral("multicluster.x-k8s.io/inventory-member-id"),
                      QStringLiteral("%1-%2-4%3-8%4-%5")
                          .arg(m_random.generate(), 8, 16, QLatin1Char('0'))
                          .arg(m_random.bounded(0x10000), 4, 16, QLatin1Char('0'))
                          .arg(m_random.bounded(0x1000), 3, 16, QLatin1Char('0'))
                          .arg(m_random.bounded(0x1000), 3, 16, QLatin1Char('0'))
                          .arg(m_random.generate64() & 0xffffffffffffULL, 12, 16, QLatin1Char('0'))},
                     {QStringLiteral("x-k8s.io/cluster-manager"), manager}};
        c->properties = {{QStringLiteral("clusterset.k8s.io"), set},
                         {QStringLiteral("location.topology.k8s.io"), region},
                         {QStringLiteral("count.node.k8s.io"), QString::number(3 + m_random.bounded(118))},
                         {QStringLiteral("type.node.k8s.io"), QStringLiteral("n2-standard-8")},
                         {QStringLiteral("cluster-endpoints.k8s.io"),
                          QStringLiteral("[\"https://10.%1.%2.%3:6443\"]")
                              .arg(m_random.bounded(256))
                              .arg(m_random.bounded(256))
                              .arg(2 + m_random.bounded(250))}};
        c->conditions = {{QStringLiteral("ControlPlaneHealthy"), ConditionStatus::True,
                          QStringLiteral("ManagedClusterAvailable"), QStringLiteral("Cluster is available."),
                          c->creationTimestamp},
                         {QStringLiteral("Joined"), ConditionStatus::True, QStringLiteral("ManagedClusterJoined"),
                          QString(), c->creationTimestamp}};
        return c;
    }

    quint32 takeSlot()
    {
        if (m_free.empty()) {
            m_slots.emplace_back();
            return quint32(m_slots.size() - 1);
        }
        const quint32 slot = m_free.back();
        m_free.pop_back();
        return slot;
    }

    quint32 liveSlot()
    {
        for (;;) {
            const quint32 slot = quint32(m_random.bounded(int(m_slots.size())));
            if (m_slots[slot])
                return slot;
        }
    }

    QRandomGenerator m_random;
    const int m_size;
    int m_live;
    std::vector<std::shared_ptr<RecordedCluster>> m_slots;
    std::vector<quint32> m_free;
    int m_next = 1;
};

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size() - 1) + 0.5))];
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_timetravel FILE [days] [clusters] [events/s]\n");
        return 2;
    }
    const QString path = args[1];
    const double days = args.size() > 2 ? args[2].toDouble() : 1.0;
    const int clusters = args.size() > 3 ? args[3].toInt() : 5000;
    const int rate = args.size() > 4 ? args[4].toInt() : 300;
    qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 seconds = qint64(days * 86400);
    qint64 start = now - seconds * 1000;
    // For profiling the reads: FLEETSCOPE_BENCH_REUSE=1 reads a file an earlier run wrote.
    const bool reuse = qEnvironmentVariableIntValue("FLEETSCOPE_BENCH_REUSE") == 1 && QFileInfo::exists(path);
    if (reuse) {
        FleetHistoryReader reader;
        QString error;
        const auto ranges = reader.open(path, &error) ? reader.ranges(&error) : QList<FleetHistoryReader::HubRange>();
        if (ranges.isEmpty()) {
            std::fprintf(stderr, "cannot reuse %s: %s\n", qPrintable(path), qPrintable(error));
            return 1;
        }
        start = ranges[0].from;
        now = ranges[0].to;
        seconds = (now - start) / 1000;
    }

    // 1. The history: a frame a second, keyframes by the writer's rule.
    QElapsedTimer writing;
    writing.start();
    qint64 events = 0;
    if (!reuse) {
        HistoryDatabase db;
        QString error;
        if (!db.open(path, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        const qint64 stream = db.fleetLog().beginStream(hubName, start, &error);
        const qint64 session = db.beginCoverage(hubName, start, &error);
        ChurnModel fleet(clusters);
        FleetFrameEncoder frame;
        fleet.keyframe(start, &frame);
        QList<FleetLogTables::Frame> batch{{stream, false, start, start, frame.eventCount(), frame.finish(false)}};
        const qint64 due = std::max<qint64>(FleetLogWriter::keyframeMinEvents,
                                            qint64(clusters) * FleetLogWriter::keyframeEventsPerCluster);
        qint64 sinceKeyframe = 0;
        const qint64 frameSeconds = FleetLogTables::heartbeatMs / 1000;
        for (qint64 s = 1; s <= seconds; ++s) {
            const qint64 at = start + s * 1000;
            qint64 count = 0;
            fleet.second(at, rate, &frame, &count);
            events += count;
            sinceKeyframe += count;
            // A frame per heartbeat, as the writer writes them (and before a keyframe).
            if (s % frameSeconds == 0 || s == seconds || sinceKeyframe >= due)
                batch.append({stream, false, frame.firstAt(), frame.lastAt(), frame.eventCount(), frame.finish(false)});
            if (sinceKeyframe >= due) {
                const qint64 last = batch.last().lastAt;
                fleet.keyframe(last, &frame);
                batch.append({stream, true, last, last, frame.eventCount(), frame.finish(true)});
                sinceKeyframe = 0;
            }
            // A transaction a minute here (the writer commits a second at a time; same bytes).
            if (batch.size() >= 60 || s == seconds) {
                if (!db.write({}, batch, &error) || !db.fleetLog().extendStream(stream, at, &error)) {
                    std::fprintf(stderr, "%s\n", qPrintable(error));
                    return 1;
                }
                batch.clear();
            }
        }
        db.extendCoverage(session, now, &error);
        db.fleetLog().extendStream(stream, now, &error);
    }
    qint64 fileBytes = 0;
    for (const char *suffix : {"", "-wal"})
        fileBytes += QFileInfo(path + QLatin1String(suffix)).size();
    std::printf("days=%.2f clusters=%d rate=%d events=%lld write_s=%.1f file_mb=%.1f bytes_per_event=%.2f "
                "week_mb=%.0f\n",
                days, clusters, rate, events, writing.elapsed() / 1000.0, fileBytes / 1e6,
                double(fileBytes) / double(std::max<qint64>(1, events)),
                double(fileBytes) / days * 7 / 1e6);
    std::fflush(stdout);

    // 2. The window on a live fleet of the same size, then jumps and slider steps.
    FleetStore store;
    const int hub = store.addHub(hubName);
    {
        FleetHistoryReader reader;
        QString error;
        reader.open(path, &error);
        HubDelta delta;
        delta.upsertedProfiles = reader.momentAt({hubName}, now, &error).hubs.value(0).profiles;
        store.applyDelta(hub, delta);
        HubStatus live;
        live.hub = hubName;
        live.state = HubStatus::State::Live;
        live.synced = true;
        store.setHubStatus(hub, live);
    }
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    app.processEvents();
    FleetTimeMachine machine;
    machine.setPath(path);
    QElapsedTimer clock;
    qint64 readMs = 0;
    double applyMs = 0;
    // The GUI thread's CPU time too: on a loaded machine its wall time says more
    // about the other processes than about this one.
    double cpuAtReady = 0;
    double applyCpuMs = 0;
    // Before TimeTravel's own: the read ends where the GUI thread's work begins.
    QObject::connect(&machine, &FleetTimeMachine::momentReady, &app, [&] {
        readMs = clock.elapsed();
        clock.restart();
        cpuAtReady = threadCpuMs();
    });
    TimeTravel travel(&store, nullptr, nullptr, &machine);
    QObject::connect(&travel, &TimeTravel::momentShown, &app, [&] {
        applyMs = clock.nsecsElapsed() / 1e6;
        applyCpuMs = threadCpuMs() - cpuAtReady;
    });
    QSignalSpy shown(&travel, &TimeTravel::momentShown);
    std::vector<double> reads, applies, totals, steps, applyCpus, stepCpus;
    QRandomGenerator random(7);
    const auto jump = [&](qint64 at, bool fromLive) {
        if (fromLive)
            travel.showLive();
        app.processEvents();
        shown.clear();
        clock.start();
        travel.showMoment(at);
        if (!shown.wait(60000))
            return false;
        QElapsedTimer paint;
        paint.start();
        const double paintCpu = threadCpuMs();
        window.repaint();
        const double paintMs = paint.nsecsElapsed() / 1e6;
        applyCpus.push_back(applyCpuMs + (threadCpuMs() - paintCpu));
        reads.push_back(double(readMs));
        applies.push_back(applyMs + paintMs);
        totals.push_back(double(readMs) + applyMs + paintMs);
        return true;
    };
    std::vector<qint64> jumps;
    for (int i = 0; i < 8; ++i) {
        jumps.push_back(start + qint64(random.bounded(int(seconds - 60))) * 1000);
        if (!jump(jumps.back(), true)) {
            std::fprintf(stderr, "no moment shown\n");
            return 1;
        }
    }
    // The same reads on this thread, for their CPU time (the worker's wall time
    // above includes waiting for a core on a loaded machine).
    std::vector<double> readCpus;
    {
        FleetHistoryReader reader;
        QString error;
        reader.open(path, &error);
        for (const qint64 at : jumps) {
            const double before = threadCpuMs();
            const FleetMoment moment = reader.momentAt({hubName}, at, &error);
            readCpus.push_back(threadCpuMs() - before);
        }
    }
    std::printf("jump_read_ms_median=%.0f jump_read_ms_max=%.0f jump_gui_ms_median=%.0f jump_gui_ms_max=%.0f "
                "jump_total_ms_median=%.0f jump_total_ms_max=%.0f rows=%d\n",
                percentile(reads, 0.5), percentile(reads, 1), percentile(applies, 0.5), percentile(applies, 1),
                percentile(totals, 0.5), percentile(totals, 1), store.profileCount());
    std::vector<double> jumpCpus;
    for (size_t i = 0; i < readCpus.size(); ++i)
        jumpCpus.push_back(readCpus[i] + applyCpus[i]);
    std::printf("jump_read_cpu_ms_median=%.0f jump_gui_cpu_ms_median=%.0f jump_total_cpu_ms_median=%.0f "
                "jump_total_cpu_ms_max=%.0f\n",
                percentile(readCpus, 0.5), percentile(applyCpus, 0.5), percentile(jumpCpus, 0.5),
                percentile(jumpCpus, 1));
    std::fflush(stdout);
    const qint64 from = start + qint64(random.bounded(int(seconds / 2))) * 1000;
    reads.clear();
    applies.clear();
    totals.clear();
    applyCpus.clear();
    for (int i = 0; i < 30; ++i) {
        if (!jump(from + qint64(i) * 60'000, false))
            return 1;
        steps.push_back(applies.back());
        stepCpus.push_back(applyCpus.back());
    }
    std::printf("step_read_ms_median=%.0f step_read_ms_max=%.0f step_stall_ms_median=%.1f step_stall_ms_p90=%.1f "
                "step_stall_ms_max=%.1f\n",
                percentile(reads, 0.5), percentile(reads, 1), percentile(steps, 0.5), percentile(steps, 0.9),
                percentile(steps, 1));
    std::printf("step_stall_cpu_ms_median=%.1f step_stall_cpu_ms_p90=%.1f step_stall_cpu_ms_max=%.1f\n",
                percentile(stepCpus, 0.5), percentile(stepCpus, 0.9), percentile(stepCpus, 1));
    std::printf("moment_for_list=%lld\n", start + seconds / 2 * 1000);
    return 0;
}
