#include "demohistory.h"

#include "demofleet.h"

#include "history/historystore.h"

#include <QDateTime>
#include <QPointer>
#include <QThread>

#include <QSet>

#include <algorithm>
#include <functional>
#include <random>
#include <unordered_map>

namespace fleetscope {
namespace {

PackedList<Condition> conditionsOf(const nlohmann::json &conditions)
{
    QList<Condition> out;
    for (const nlohmann::json &c : conditions) {
        if (!c.is_object())
            continue;
        Condition condition;
        condition.type = QString::fromStdString(c.value("type", std::string()));
        condition.status = conditionStatusFromString(QString::fromStdString(c.value("status", std::string())));
        condition.reason = QString::fromStdString(c.value("reason", std::string()));
        condition.message = QString::fromStdString(c.value("message", std::string()));
        KubeTime at = 0;
        if (parseKubeTime(c.value("lastTransitionTime", std::string()), &at))
            condition.lastTransitionTime = at;
        out.append(condition);
    }
    return PackedList<Condition>(out);
}

bool sameStatuses(const PackedList<Condition> &a, const PackedList<Condition> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].type != b[i].type || a[i].status != b[i].status)
            return false;
    }
    return true;
}

constexpr double kFlappingForS = 3600;

struct SimCluster
{
    ClusterId id;
    QString memberId;
    nlohmann::json profile;
    PackedList<Condition> conditions; // as now in the forward run
    QSet<QString> changedTypes;       // condition types whose status the forward run changed
};

struct SimEvent
{
    double at = 0; // forward seconds
    int cluster = 0;
    PackedList<Condition> before;
};

void simulateHub(const DemoHistory::Hub &hub, qint64 until, qint64 spanMs, std::uint64_t seed,
                 DemoHistory::Simulated *out)
{
    std::vector<SimCluster> clusters;
    std::unordered_map<std::string, int> index;
    std::vector<hub::ClusterHealthState> states;
    for (const auto &object : hub.profiles) {
        SimCluster c;
        c.profile = *object;
        const nlohmann::json &metadata = c.profile["metadata"];
        c.id = ClusterId{hub.context, QString::fromStdString(metadata.value("namespace", std::string())),
                         QString::fromStdString(metadata.value("name", std::string()))};
        if (metadata.contains("labels") && metadata["labels"].is_object())
            c.memberId = QString::fromStdString(
                metadata["labels"].value("multicluster.x-k8s.io/inventory-member-id", std::string()));
        if (c.profile.contains("status") && c.profile["status"].contains("conditions"))
            c.conditions = conditionsOf(c.profile["status"]["conditions"]);
        states.push_back(hub::healthStateOf(c.profile));
        index.emplace(states.back().key, int(clusters.size()));
        clusters.push_back(std::move(c));
    }
    // The never-healthy members are in place already: the model finds them by their reason.
    hub::HealthChurnOptions options = hub.health;
    options.neverHealthy = 0;
    hub::HealthChurn model(options);
    model.setFleet(states);
    std::mt19937_64 random(seed);
    std::vector<SimEvent> events;

    auto apply = [&](int i, double at, const std::function<bool(nlohmann::json *)> &edit) {
        SimCluster &c = clusters[size_t(i)];
        nlohmann::json &status = c.profile["status"];
        if (!status.contains("conditions"))
            status["conditions"] = nlohmann::json::array();
        if (!edit(&status["conditions"]))
            return;
        PackedList<Condition> next = conditionsOf(status["conditions"]);
        if (!sameStatuses(next, c.conditions)) {
            for (const Condition &condition : next) {
                const auto was = std::find_if(c.conditions.cbegin(), c.conditions.cend(),
                                              [&condition](const Condition &o) { return o.type == condition.type; });
                if (was == c.conditions.cend() || was->status != condition.status)
                    c.changedTypes.insert(condition.type);
            }
            events.push_back({at, i, c.conditions});
        }
        c.conditions = std::move(next);
        model.update(hub::healthStateOf(c.profile));
    };
    auto applyChange = [&](const hub::HealthChange &change, double at) {
        const auto it = index.find(change.key);
        if (it == index.end())
            return;
        apply(it->second, at, [&change](nlohmann::json *conditions) {
            hub::applyHealthChange(conditions, change, std::string());
            return true;
        });
    };
    std::vector<int> flapping;
    for (const std::string &key : hub.flapping) {
        const auto it = index.find(key);
        flapping.push_back(it == index.end() ? -1 : it->second);
    }

    const double span = double(spanMs) / 1000;
    const double flapInterval = DemoFleet::flapIntervalMs / 1000.0;
    unsigned flapRound = 1;
    const auto steps = static_cast<std::uint64_t>(span * hub.churnRate);
    for (std::uint64_t k = 0; k <= steps; ++k) {
        const double now = hub.churnRate > 0 ? double(k) / hub.churnRate : span;
        // The flapping clusters began to flap an hour ago: a day of a flap every few
        // seconds would be tens of thousands of changes that tell nothing more.
        while (!flapping.empty() && flapRound * flapInterval <= std::min(now, kFlappingForS)) {
            for (int f = 0; f < int(flapping.size()); ++f) {
                if (flapping[size_t(f)] < 0)
                    continue;
                const std::string manager =
                    clusters[size_t(flapping[size_t(f)])].profile["spec"]["clusterManager"].value("name", std::string());
                apply(flapping[size_t(f)], flapRound * flapInterval, [&](nlohmann::json *conditions) {
                    return DemoFleet::flapConditions(conditions, manager, f, flapRound, std::string());
                });
            }
            ++flapRound;
        }
        for (const hub::HealthChange &change : model.advance(now, random))
            applyChange(change, now);
        // As ChurnGenerator: 70 % of the changes are health conditions; the rest
        // (properties, adds, deletes) are not part of this past.
        if (random() % 100 < 70) {
            if (const std::optional<hub::HealthChange> change = model.nextChange(random))
                applyChange(*change, now);
        }
    }

    // Backwards: forward second t is `until - t`, and at each event a cluster takes
    // back the conditions it had before it.
    const qint64 from = until - spanMs;
    std::vector<PackedList<Condition>> past;
    past.reserve(clusters.size());
    for (SimCluster &c : clusters) {
        // What changed in the run began before the simulated past; the rest keeps its times.
        PackedList<Condition> start = c.conditions;
        for (Condition &condition : start) {
            if (c.changedTypes.contains(condition.type))
                condition.lastTransitionTime = from;
        }
        past.push_back(std::move(start));
    }
    for (size_t i = 0; i < clusters.size(); ++i) {
        if (past[i].isEmpty())
            continue;
        ClusterObservation o;
        o.cluster = clusters[i].id;
        o.memberId = clusters[i].memberId;
        o.observedAt = from;
        o.conditions = past[i];
        out->observations.append(std::move(o));
    }
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        const qint64 at = until - qint64(it->at * 1000);
        if (at <= from)
            continue;
        PackedList<Condition> next = it->before;
        const PackedList<Condition> &was = past[size_t(it->cluster)];
        for (Condition &condition : next) {
            condition.lastTransitionTime = at;
            for (const Condition &old : was) {
                if (old.type == condition.type && old.status == condition.status)
                    condition.lastTransitionTime = old.lastTransitionTime;
            }
        }
        past[size_t(it->cluster)] = next;
        ClusterObservation o;
        o.cluster = clusters[size_t(it->cluster)].id;
        o.memberId = clusters[size_t(it->cluster)].memberId;
        o.observedAt = at;
        o.conditions = std::move(next);
        out->observations.append(std::move(o));
        ++out->transitions;
    }
}

} // namespace

DemoHistory::Simulated DemoHistory::simulate(const std::vector<Hub> &hubs, qint64 until, qint64 spanMs,
                                             std::uint64_t seed)
{
    Simulated result;
    result.from = until - spanMs;
    result.until = until;
    QList<QList<ClusterObservation>> perHub;
    for (size_t h = 0; h < hubs.size(); ++h) {
        Simulated one;
        simulateHub(hubs[h], until, spanMs, seed + h * 0x9e3779b97f4a7c15ULL, &one);
        result.hubs << hubs[h].context;
        result.transitions += one.transitions;
        perHub.append(std::move(one.observations));
    }
    // One timeline, oldest first, as a recorder would have seen it.
    for (const QList<ClusterObservation> &observations : std::as_const(perHub))
        result.observations.append(observations);
    std::stable_sort(result.observations.begin(), result.observations.end(),
                     [](const ClusterObservation &a, const ClusterObservation &b) { return a.observedAt < b.observedAt; });
    return result;
}

void DemoHistory::seedIfQuiet(HistoryStore *history, std::vector<Hub> hubs, QObject *context,
                              std::function<void(const Simulated *)> done, qint64 spanMs)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QPointer<HistoryStore> store(history);
    history->fetchLastRecorded(context, [store, hubs = std::move(hubs), context, done, spanMs, now](qint64 last) {
        if (!store || !store->isAvailable() || last >= now - spanMs) {
            done(nullptr);
            return;
        }
        auto result = std::make_shared<Simulated>();
        QThread *thread = QThread::create([result, hubs, now, spanMs] { *result = simulate(hubs, now, spanMs, 1); });
        thread->setObjectName(QStringLiteral("demo history"));
        QObject::connect(thread, &QThread::finished, context, [store, result, thread, context, done] {
            thread->deleteLater();
            if (!store || !store->isAvailable()) {
                done(nullptr);
                return;
            }
            // Written on the store's worker, in this order, before anything recorded live.
            store->observe(result->observations);
            for (const QString &hub : std::as_const(result->hubs))
                store->recordConditionCoverage(hub, result->from, result->until);
            store->markSimulated(result->from, result->until);
            // Answered once the worker has written all of it: views asking after
            // `done` see the whole past.
            store->fetchLastRecorded(context, [done, result](qint64) { done(result.get()); });
        });
        thread->start(QThread::LowPriority);
    });
}

} // namespace fleetscope
