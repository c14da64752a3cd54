// bench_resources: the Resources window's table over many members, printed as
// key=value lines for tests/bench/run-benchmarks (no timing is asserted anywhere).
//
//   bench_resources MEMBERS.json PROVIDERS.json SECONDS
//
// MEMBERS.json lists {"name", "server", "ca"} per member (run-benchmarks starts the
// fleetscope-hub members and writes it). The engine watches pods in every
// namespace of every member, with the table model, the sorting filter proxy (by
// Restarts) and a QTableView on screen (offscreen), as the window has them:
//   first_table_ms  start -> every member live and every row in the model
//   then SECONDS of the members' churn:
//   events_per_s    row changes the model applied per second
//   stall_ms        the GUI thread's longest stretch between two 2 ms probe ticks (wall)
//   stall_cpu_ms    the same in GUI-thread CPU (what the thread itself spent in one go)
//   cpu_percent     the process's CPU over the churn, in % of one core
//   rss_mb          resident memory at the end; peak_rss_mb its high-water mark

#include "api/paddedjson.h"
#include "api/profiledecoder.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "resources/resourceengine.h"
#include "resources/resourcetablemodel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>
#include <QHeaderView>
#include <QTableView>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ctime>

#include <sys/resource.h>

using namespace fleetscope;

namespace {

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
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

double statusMb(const char *key)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(int(qstrlen(key))).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return 0;
}

bool readMembers(const QString &path, QList<MemberTarget> *out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const nlohmann::json members = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (!members.is_array())
        return false;
    for (const nlohmann::json &m : members) {
        const nlohmann::json profile = {
            {"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
            {"kind", "ClusterProfile"},
            {"metadata", {{"name", m["name"]}, {"namespace", "fleet"}}},
            {"spec", {{"clusterManager", {{"name", "bench"}}}}},
            {"status", {{"accessProviders",
                         {{{"name", "bench"}, {"cluster", {{"server", m["server"]}, {"certificate-authority-data", m["ca"]}}}}}}}}};
        QByteArray json = QByteArray::fromStdString(profile.dump());
        reservePadding(&json);
        MemberTarget target;
        target.hub = QStringLiteral("bench");
        target.namespaceName = QStringLiteral("fleet");
        target.name = QString::fromStdString(m["name"].get<std::string>());
        ProfileDecoder decoder;
        if (!decoder.decode(std::string_view(json.constData(), size_t(json.size())), &target.profile))
            return false;
        out->append(target);
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc < 4) {
        std::fprintf(stderr, "usage: bench_resources MEMBERS.json PROVIDERS.json SECONDS\n");
        return 2;
    }
    QList<MemberTarget> members;
    if (!readMembers(QString::fromLocal8Bit(argv[1]), &members)) {
        std::fprintf(stderr, "bench_resources: cannot read %s\n", argv[1]);
        return 1;
    }
    ResourceAccessSettings access;
    if (!ProviderFile::load(QString::fromLocal8Bit(argv[2]), &access.providers, &access.providerFileError)) {
        std::fprintf(stderr, "bench_resources: %s\n", qPrintable(access.providerFileError));
        return 1;
    }
    const int seconds = QByteArray(argv[3]).toInt();

    ResourceEngine engine;
    engine.setAccess(access);
    ResourceTableModel model(&engine);
    SortFilterProxy proxy(&model);
    proxy.setSortRole(ResourceTableModel::SortRole);
    // As the window shows it.
    QTableView view;
    view.setModel(&proxy);
    view.setShowGrid(false);
    view.setWordWrap(false);
    view.verticalHeader()->hide();
    view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view.resize(1400, 900);
    view.show();

    // Paints of the table's viewport during the churn: what text layout costs follows them.
    class PaintCounter final : public QObject
    {
    public:
        qint64 paints = 0;
        bool counting = false;

    protected:
        bool eventFilter(QObject *watched, QEvent *event) override
        {
            if (counting && event->type() == QEvent::Paint)
                ++paints;
            return QObject::eventFilter(watched, event);
        }
    } paintCounter;
    view.viewport()->installEventFilter(&paintCounter);

    qint64 changes = 0;
    bool churning = false;
    QObject::connect(&engine, &ResourceEngine::memberDelta, [&](int, const ResourceDelta &delta) {
        if (churning)
            changes += delta.upserted.size() + delta.removed.size();
    });

    QElapsedTimer clock;
    clock.start();
    ResourceQuery query;
    query.kind = QStringLiteral("pods");
    engine.start(members, query);
    int expected = -1;
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, [&] {
        if (!engine.allSettled())
            return;
        if (expected < 0) {
            expected = 0;
            for (int i = 0; i < engine.memberCount(); ++i) {
                if (engine.state(i).isFailure()) {
                    std::fprintf(stderr, "bench_resources: %s: %s\n", qPrintable(engine.member(i).label()),
                                 qPrintable(engine.state(i).summary()));
                    QCoreApplication::exit(1);
                    return;
                }
                expected += engine.state(i).count;
            }
        }
        if (model.rowCount() >= expected)
            QCoreApplication::exit(0);
    });
    check.start(5);
    QTimer::singleShot(300'000, [] { QCoreApplication::exit(1); });
    if (QApplication::exec() != 0)
        return 1;
    check.stop();
    std::printf("first_table_ms=%lld rows=%d members=%d\n", qint64(clock.elapsed()), model.rowCount(), engine.memberCount());
    std::fflush(stdout);

    // The churn: sorted by Restarts (the column that moves), probing the GUI thread.
    proxy.sort(5, Qt::DescendingOrder);
    churning = true;
    qint64 last = 0, worst = 0, lastCpu = 0, worstCpu = 0;
    QElapsedTimer wall;
    wall.start();
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = wall.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        if (last) {
            worst = qMax(worst, now - last);
            worstCpu = qMax(worstCpu, cpu - lastCpu);
        }
        last = now;
        lastCpu = cpu;
    });
    probe.start(2);
    const double cpuBefore = processCpuMs();
    paintCounter.counting = true;
    QTimer::singleShot(seconds * 1000, [] { QCoreApplication::exit(0); });
    QApplication::exec();
    const double elapsedMs = double(wall.elapsed());
    std::printf("events_per_s=%.0f stall_ms=%.1f stall_cpu_ms=%.1f cpu_percent=%.1f rss_mb=%.0f peak_rss_mb=%.0f "
                "paints_per_s=%.1f\n",
                changes * 1000.0 / elapsedMs, worst / 1e6, worstCpu / 1e6, (processCpuMs() - cpuBefore) * 100.0 / elapsedMs,
                statusMb("VmRSS:"), statusMb("VmHWM:"), paintCounter.paints * 1000.0 / elapsedMs);
    engine.stop();
    return 0;
}
