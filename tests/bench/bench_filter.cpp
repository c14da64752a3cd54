// bench_filter: the fleet browser's hot paths at 100k clusters, printed as a
// Markdown table. Not a ctest test: speed targets live here, not in unit tests
// (CONTRIBUTING.md, "Adding a test"). Run: build-dir/tests/bench/bench_filter [rows]
//
//   filter eval      FleetFilter::matches over every row (the evaluator alone)
//   filter proxy     SortFilterProxy re-filtering after a filter change
//   sort by version  SortFilterProxy::sort on the version column
//   events/s         HubDeltas through FleetStore → ClusterTableModel →
//                    SortFilterProxy with a 3-term filter active
//   watch events/s   the same, from watch lines of generated profiles: envelope
//                    and object decoded into HubCache (the hub thread's work),
//                    then its deltas through store, table and proxy
//   generic source   SortFilterProxy against QSortFilterProxyModel over a plain
//                    table model (a number and a text per row): a sort, a
//                    predicate change, and edited rows while sorted

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/filter/filtercompleter.h"
#include "fleet/filter/filtervalueindex.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/store/fleetstore.h"
#include "api/paddedjson.h"
#include "kube/hubcache.h"
#include "api/responseobjects.h"
#include "kube/responsereader.h"
#include "../fleet/syntheticfleet.h"
#include "fleetgenerator.h"

#include <QCoreApplication>
#include <QSortFilterProxyModel>
#include <QTextStream>

#include <algorithm>
#include <ctime>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

using namespace fleetscope;

namespace {

constexpr int hubCount = 4;
const QString threeTermFilter = QStringLiteral("version>=1.30 && count.node.k8s.io>=100 && health=healthy");
const QString otherThreeTermFilter = QStringLiteral("clusterset in (prod,staging), manager!=ocm, type.node.k8s.io~H100");

struct Stats
{
    double median = 0;
    double p99 = 0;
};

Stats stats(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    const size_t n = samples.size();
    return {samples[n / 2], samples[std::min(n - 1, size_t(double(n) * 0.99))]};
}

// Thread CPU time rather than wall time: the benchmark machine is shared (CI and
// other builds), and a busy neighbour must not show up as our cost.
class CpuTimer
{
public:
    void start() { m_start = now(); }
    void restart() { start(); }
    double elapsedMs() const { return double(now() - m_start) / 1e6; }

private:
    static qint64 now()
    {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }
    qint64 m_start = 0;
};

double msSince(const CpuTimer &timer)
{
    return timer.elapsedMs();
}

void fill(FleetStore *store, int rows)
{
    for (int hub = 0; hub < hubCount; ++hub) {
        store->addHub(QStringLiteral("hub-%1").arg(hub));
        HubDelta delta;
        for (int i = hub; i < rows; i += hubCount)
            delta.upsertedProfiles.append(synthetic::profile(i));
        store->applyDelta(hub, delta);
    }
}

// Watch-like churn: mostly updates of existing clusters, some creations and
// deletions, in batches as the hubs deliver them (≤ every 50 ms).
struct Churn
{
    int rows;
    int nextNew = rows;
    int nextRemoved = 0;
    int round = 0;
};

std::vector<std::pair<int, HubDelta>> churn(Churn *state, int batches, int batchSize)
{
    std::vector<std::pair<int, HubDelta>> deltas;
    const int rows = state->rows;
    int &nextNew = state->nextNew;
    int &nextRemoved = state->nextRemoved;
    for (int batch = 0; batch < batches; ++batch) {
        const int b = state->round++;
        const int hub = b % hubCount;
        HubDelta delta;
        for (int i = 0; i < batchSize; ++i) {
            const int kind = i % 10;
            if (kind == 0) {
                // Creations land on this hub: ids ≡ hub (mod hubCount).
                while (nextNew % hubCount != hub)
                    ++nextNew;
                delta.upsertedProfiles.append(synthetic::profile(nextNew++));
            } else if (kind == 1) {
                while (nextRemoved % hubCount != hub)
                    ++nextRemoved;
                delta.removedProfiles.append({QStringLiteral("fleet"), synthetic::profile(nextRemoved++)->profile.metadata.name});
            } else {
                int id = (b * 7919 + i * 104729) % rows;
                id += (hub - id % hubCount + hubCount) % hubCount; // same hub
                if (id < nextRemoved || id >= rows)
                    id = nextRemoved + hub + hubCount * ((i * 31) % 1000);
                delta.upsertedProfiles.append(synthetic::profile(id, b + 1));
            }
        }
        deltas.emplace_back(hub, std::move(delta));
    }
    return deltas;
}

// One watch line, with the padding simdjson reads past it (as the informer's buffer has).
std::string watchLine(const char *type, const nlohmann::json &object)
{
    std::string line = nlohmann::json{{"type", type}, {"object", object}}.dump();
    line.reserve(line.size() + jsonPadding);
    return line;
}

// Hands a watch line to the cache as the informer does: envelope, resource
// version, then the object to the sink, parsed in place.
void deliverWatchLine(ResponseReader &reader, HubCache &cache, const ResourceSpec &spec, const std::string &line)
{
    ResponseReader::WatchEvent event;
    QString error;
    if (!reader.readEvent(std::string_view(line.data(), line.size()), &event, &error) || !event.hasObject)
        qFatal("%s", qPrintable(error));
    (void)reader.metadataField(event.object, "resourceVersion");
    if (!reader.readObject(event.object, &error,
                           [&](ResponseObjects &object) { cache.objects(spec, ObjectChange::Modified, object); }))
        qFatal("%s", qPrintable(error));
}

// Watch lines of `rows` generated profiles (the hub's generator: ~1.6 KB each),
// listed into a store with a table and a filtering proxy, then `events` MODIFIED
// events of them: the hub thread's decoding and the GUI thread's applying, both
// on this thread's CPU clock.
QStringList watchEventsPerSecond(int rows, int events, int batchSize)
{
    const ResourceSpec spec{ResourceKind::ClusterProfiles, QStringLiteral("multicluster.x-k8s.io/v1alpha1"), {}};
    std::vector<nlohmann::json> fleet;
    for (nlohmann::json &object : hub::generateFleet(rows, 7)) {
        if (object.value("kind", "") == "ClusterProfile")
            fleet.push_back(std::move(object));
    }
    FleetStore store;
    store.addHub(QStringLiteral("hub-0"));
    ClusterTableModel model(&store);
    SortFilterProxy proxy(&model);
    FleetRowFilter filter(&model, &proxy);
    filter.setFilterText(threeTermFilter);
    HubCache cache;
    ResponseReader reader;
    for (const nlohmann::json &object : fleet)
        deliverWatchLine(reader, cache, spec, watchLine("ADDED", object));
    store.applyDelta(0, cache.takeDelta());
    proxy.rowCount();

    // Each event a new resource version and a flipped condition, as churn sends them.
    std::vector<std::string> lines;
    lines.reserve(size_t(events));
    for (int i = 0; i < events; ++i) {
        nlohmann::json object = fleet[size_t(i * 7919) % fleet.size()];
        object["metadata"]["resourceVersion"] = std::to_string(1'000'000 + i);
        auto &conditions = object["status"]["conditions"];
        if (conditions.is_array() && !conditions.empty())
            conditions[0]["status"] = i % 2 ? "True" : "False";
        lines.push_back(watchLine("MODIFIED", object));
    }
    CpuTimer timer;
    timer.start();
    qint64 applied = 0;
    for (int i = 0; i < events; ++i) {
        deliverWatchLine(reader, cache, spec, lines[size_t(i)]);
        if ((i + 1) % batchSize == 0 || i + 1 == events) {
            const HubDelta delta = cache.takeDelta();
            applied += delta.changeCount();
            store.applyDelta(0, delta);
        }
    }
    const double ms = msSince(timer);
    return {QStringLiteral("watch events/s: decode + store + table + proxy (filter; %1 rows, batches of %2)").arg(rows).arg(batchSize),
            QStringLiteral("%1 /s").arg(qRound64(double(events) / ms * 1000.0)),
            QStringLiteral("%1 events (%2 changes) in %3 ms").arg(events).arg(applied).arg(ms, 0, 'f', 0)};
}

} // namespace

// A plain table of a number and a text per row, edited in place: what the
// proxies sort and filter when the source is not the fleet.
class PlainRows final : public QAbstractTableModel
{
public:
    explicit PlainRows(int rows)
    {
        for (int row = 0; row < rows; ++row)
            m_rows.push_back({(row * 7919) % 100003, QStringLiteral("item-%1").arg((row * 104729) % 99991)});
    }
    int rowCount(const QModelIndex &parent = QModelIndex()) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex &parent = QModelIndex()) const override { return parent.isValid() ? 0 : 2; }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role != Qt::DisplayRole)
            return QVariant();
        const Row &row = m_rows[size_t(index.row())];
        return index.column() == 0 ? QVariant(row.number) : QVariant(row.text);
    }
    void edit(int row, int number)
    {
        m_rows[size_t(row)].number = number;
        emit dataChanged(index(row, 0), index(row, 1), {Qt::DisplayRole});
    }
    bool accepts(int row, int modulus) const { return m_rows[size_t(row)].number % modulus != 0; }

private:
    struct Row
    {
        int number;
        QString text;
    };
    std::vector<Row> m_rows;
};

// Qt's proxy with the same predicate, as the generic reference.
class PredicateProxy final : public QSortFilterProxyModel
{
public:
    std::function<bool(int)> accepts;
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &) const override { return !accepts || accepts(row); }
};

// The same work through either proxy: sorts by number and text, predicate
// changes while sorted, and 1500 edited rows while sorted.
template<typename Proxy>
void genericSource(const QString &name, int rows, QList<QStringList> *table)
{
    PlainRows source(rows);
    Proxy proxy;
    proxy.setSourceModel(&source);
    int modulus = 3;
    const auto setModulus = [&](int m) {
        modulus = m;
        if constexpr (std::is_same_v<Proxy, SortFilterProxy>)
            proxy.invalidateRowFilter();
        else
            proxy.refilter();
    };
    if constexpr (std::is_same_v<Proxy, SortFilterProxy>)
        proxy.setRowFilter([&](int row) { return source.accepts(row, modulus); });
    else
        proxy.accepts = [&](int row) { return source.accepts(row, modulus); };
    CpuTimer timer;
    for (const int column : {0, 1}) {
        std::vector<double> samples;
        for (int run = 0; run < 4; ++run) {
            timer.restart();
            proxy.sort(column, run % 2 ? Qt::DescendingOrder : Qt::AscendingOrder);
            proxy.rowCount();
            samples.push_back(msSince(timer));
        }
        table->append({QStringLiteral("generic source, %1: sort %2 rows by %3").arg(name).arg(rows)
                           .arg(column ? QStringLiteral("text") : QStringLiteral("number")),
                       QStringLiteral("%1 ms").arg(stats(samples).median, 0, 'f', 1), QString()});
    }
    std::vector<double> samples;
    for (int run = 0; run < 10; ++run) {
        timer.restart();
        setModulus(run % 2 ? 5 : 3);
        proxy.rowCount();
        samples.push_back(msSince(timer));
    }
    table->append({QStringLiteral("generic source, %1: predicate change, sorted by text").arg(name),
                   QStringLiteral("%1 ms").arg(stats(samples).median, 0, 'f', 2), QString()});
    proxy.sort(0);
    qint64 edits = 0;
    timer.restart();
    for (; edits < 1500; ++edits)
        source.edit(int((edits * 7919) % rows), int((edits * 104729) % 100003));
    const double ms = msSince(timer);
    table->append({QStringLiteral("generic source, %1: edited rows/s, sorted by number, filtered").arg(name),
                   QStringLiteral("%1 /s").arg(qRound64(double(edits) / ms * 1000.0)),
                   QStringLiteral("%1 edits in %2 ms").arg(edits).arg(ms, 0, 'f', 0)});
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rows = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 100000;
    QTextStream out(stdout);
    QList<QStringList> table;

    FleetStore store;
    CpuTimer timer;
    timer.start();
    fill(&store, rows);
    table.append({QStringLiteral("fill store (one delta per hub)"), QStringLiteral("%1 ms").arg(msSince(timer), 0, 'f', 1),
                  QString()});

    // The evaluator alone.
    FilterError error;
    const FleetFilter filter = FleetFilter::compile(threeTermFilter, &error);
    std::vector<double> samples;
    int matched = 0;
    for (int run = 0; run < 60; ++run) {
        timer.restart();
        matched = 0;
        for (const FleetProfile &p : store.profiles())
            matched += filter.matches(p, &store) ? 1 : 0;
        samples.push_back(msSince(timer));
    }
    Stats s = stats(samples);
    table.append({QStringLiteral("filter eval `%1` (%2 match)").arg(threeTermFilter).arg(matched),
                  QStringLiteral("%1 ms").arg(s.median, 0, 'f', 2), QStringLiteral("%1 ms").arg(s.p99, 0, 'f', 2)});

    ClusterTableModel model(&store);
    SortFilterProxy proxy(&model);
    FleetRowFilter shown(&model, &proxy);

    // Through the proxy: each change re-tests every row and rebuilds the mapping.
    samples.clear();
    for (int run = 0; run < 40; ++run) {
        timer.restart();
        shown.setFilterText(run % 2 ? otherThreeTermFilter : threeTermFilter);
        proxy.rowCount(); // the proxy maps lazily: make it do the work a view would
        samples.push_back(msSince(timer));
    }
    s = stats(samples);
    table.append({QStringLiteral("filter change through the proxy (3 terms, unsorted)"),
                  QStringLiteral("%1 ms").arg(s.median, 0, 'f', 2), QStringLiteral("%1 ms").arg(s.p99, 0, 'f', 2)});

    shown.setFilterText(QString());
    // A header click: the name column compares text, the version column integers.
    for (const int column : {int(ClusterTableModel::NameColumn), int(ClusterTableModel::VersionColumn)}) {
        samples.clear();
        for (int run = 0; run < 6; ++run) {
            timer.restart();
            proxy.sort(column, run % 2 ? Qt::DescendingOrder : Qt::AscendingOrder);
            samples.push_back(msSince(timer));
        }
        s = stats(samples);
        table.append({QStringLiteral("sort %1 rows by %2 (a header click)")
                          .arg(proxy.rowCount())
                          .arg(column == ClusterTableModel::NameColumn ? QStringLiteral("name") : QStringLiteral("version")),
                      QStringLiteral("%1 ms").arg(s.median, 0, 'f', 1),
                      QStringLiteral("max %1 ms").arg(*std::max_element(samples.begin(), samples.end()), 0, 'f', 1)});
    }

    samples.clear();
    for (int run = 0; run < 20; ++run) {
        timer.restart();
        shown.setFilterText(run % 2 ? otherThreeTermFilter : threeTermFilter);
        proxy.rowCount(); // the proxy maps lazily: make it do the work a view would
        samples.push_back(msSince(timer));
    }
    s = stats(samples);
    table.append({QStringLiteral("filter change through the proxy (3 terms, sorted by version)"),
                  QStringLiteral("%1 ms").arg(s.median, 0, 'f', 2), QStringLiteral("%1 ms").arg(s.p99, 0, 'f', 2)});

    {
        // The filter bar's index counts the fleet at the first question (and
        // again after it was idle): not part of the event costs below.
        FilterValueIndex index(&store);
        timer.restart();
        index.keys();
        const double indexMs = msSince(timer);
        timer.restart();
        const FilterCompletions keys = FilterCompleter::completions(store, index, QStringLiteral("loc"), 3);
        const double keyMs = msSince(timer);
        timer.restart();
        const FilterCompletions values = FilterCompleter::completions(store, index, QStringLiteral("version>="), 9);
        table.append({QStringLiteral("completions: keys 'loc' (%1) / values 'version>=' (%2)")
                          .arg(keys.candidates.size())
                          .arg(values.candidates.size()),
                      QStringLiteral("%1 ms / %2 ms").arg(keyMs, 0, 'f', 2).arg(msSince(timer), 0, 'f', 2),
                      QStringLiteral("index built once in %1 ms").arg(indexMs, 0, 'f', 1)});
    }

    // Events through store + table + proxy, filter active; then also sorted.
    Churn state{rows};
    // Where the time goes: the same churn through a store alone and a store with
    // only the table model attached.
    for (const bool withTable : {false, true}) {
        FleetStore bare;
        fill(&bare, rows);
        std::unique_ptr<ClusterTableModel> bareModel(withTable ? new ClusterTableModel(&bare) : nullptr);
        Churn bareState{rows};
        const auto deltas = churn(&bareState, 60, 500);
        qint64 events = 0;
        timer.restart();
        for (const auto &[hub, delta] : deltas) {
            bare.applyDelta(hub, delta);
            events += delta.changeCount();
        }
        const double ms = msSince(timer);
        table.append({withTable ? QStringLiteral("events/s: store + table (no proxy)") : QStringLiteral("events/s: store alone"),
                      QStringLiteral("%1 /s").arg(qRound64(double(events) / ms * 1000.0)),
                      QStringLiteral("%1 events in %2 ms").arg(events).arg(ms, 0, 'f', 0)});
    }

    for (const bool sorted : {false, true}) {
        shown.setFilterText(threeTermFilter);
        proxy.sort(sorted ? int(ClusterTableModel::VersionColumn) : -1);
        proxy.rowCount();
        const int batchSize = 500;
        const auto deltas = churn(&state, 60, batchSize);
        qint64 events = 0;
        timer.restart();
        for (const auto &[hub, delta] : deltas) {
            store.applyDelta(hub, delta);
            events += delta.changeCount();
        }
        const double ms = msSince(timer);
        table.append({QStringLiteral("events/s: store + table + proxy (filter%1; batches of %2)")
                          .arg(sorted ? QStringLiteral(" + sort by version") : QString())
                          .arg(batchSize),
                      QStringLiteral("%1 /s").arg(qRound64(double(events) / ms * 1000.0)),
                      QStringLiteral("%1 events in %2 ms").arg(events).arg(ms, 0, 'f', 0)});
    }

    table.append(watchEventsPerSecond(std::min(rows, 20000), 30000, 500));
    genericSource<SortFilterProxy>(QStringLiteral("SortFilterProxy"), rows, &table);
    genericSource<PredicateProxy>(QStringLiteral("QSortFilterProxyModel"), rows, &table);

    out << "Fleet browser hot paths, " << store.profileCount() << " profiles over " << hubCount
        << " hubs (thread CPU time)\n\n";
    out << "| case | median | p99 / note |\n|---|---|---|\n";
    for (const QStringList &row : table)
        out << "| " << row.join(QStringLiteral(" | ")) << " |\n";
    return 0;
}
