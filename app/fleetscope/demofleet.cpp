#include "demofleet.h"

#include "demomembers.h"

#include "fleetgenerator.h"
#include "hubserver.h"
#include "hubutil.h"
#include "objectstore.h"
#include "resourcetypes.h"

#include <QDir>
#include <QStandardPaths>

#include <algorithm>

namespace fleetscope {

DemoFleet::DemoFleet()
    : m_dir(QStringLiteral("fleetscope-demo"))
{
}

DemoFleet::~DemoFleet()
{
    for (auto &hub : m_hubs)
        hub->stop();
}

bool DemoFleet::start(QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot create a private directory for the demo kubeconfig: ") + m_dir.errorString();
        return false;
    }
    struct Spec
    {
        const char *context;
        int clusters;
        std::uint64_t seed;
    };
    // ~500 clusters over two hubs, several clustersets and managers; a couple
    // of changes a second so that the fleet is visibly alive.
    const Spec specs[] = {{"demo-hub-eu", 280, 7}, {"demo-hub-us", 220, 11}};
    // Three clusters of the first hub flap on different rhythms (every round, every
    // second round, every third), one of them on Joined as well; churn leaves them to it.
    std::vector<std::string> names;
    for (const nlohmann::json &object : hub::generateFleet(specs[0].clusters, specs[0].seed)) {
        if (object.value("kind", std::string()) == "ClusterProfile")
            names.push_back(object["metadata"].value("namespace", std::string()) + '/'
                            + object["metadata"].value("name", std::string()));
    }
    std::sort(names.begin(), names.end());
    names.resize(std::min<size_t>(names.size(), 3));
    for (const std::string &name : names)
        m_flapping << QLatin1String(specs[0].context) + u'/' + QString::fromStdString(name);
    QStringList files;
    for (const Spec &spec : specs) {
        hub::HubOptions options;
        options.generate = spec.clusters;
        options.seed = spec.seed;
        options.churnRate = churnRate;
        // Health keeps its mix, with a story: a few flaky clusters, three members that
        // never became healthy, and now and then a clusterset's incident.
        options.churnHealth.story = true;
        options.churnHealth.neverHealthy = spec.seed == specs[0].seed ? 2 : 1;
        if (spec.seed == specs[0].seed)
            options.churnHealth.leaveAlone = names;
        options.threads = 16;
        options.contextName = spec.context;
        options.history = demoHubHistory;
        // A simulated change that fails is the simulated hub's fault, said and skipped: the
        // window and the hub's API go on.
        options.onFault = [hub = std::string(spec.context)](const std::string &message) {
            qWarning("demo hub %s: a simulated change failed: %s", hub.c_str(), message.c_str());
        };
        // The second hub also carries each producer's own shape, and a few lint findings.
        options.producerShapes = spec.seed == 11;
        auto server = std::make_unique<hub::HubServer>(options);
        std::string message;
        if (!server->start(&message)) {
            *error = QStringLiteral("demo hub %1: %2").arg(QLatin1String(spec.context), QString::fromStdString(message));
            return false;
        }
        const QString file = m_dir.filePath(QLatin1String(spec.context) + QStringLiteral(".kubeconfig"));
        if (!server->writeKubeconfig(file.toStdString(), spec.context, &message)) {
            *error = QStringLiteral("demo hub %1: %2").arg(QLatin1String(spec.context), QString::fromStdString(message));
            return false;
        }
        files << file;
        m_hubs.push_back(std::move(server));
    }
    m_kubeconfigs = files.join(u':');
    // The generated fleet is the same every run, observed on a fixed day; the demo's
    // clusters report as live ones do, just now, so that the inventory lint's
    // stale-property rule names only the producer-shaped profile meant to trip it.
    for (auto &server : m_hubs)
        refreshObservedTimes(server->store());

    m_members = std::make_unique<DemoMembers>();
    if (!m_members->start(m_hubs.front().get(), 20, error))
        return false;

    m_flapTimer = std::make_unique<QTimer>();
    m_flapTimer->setInterval(flapIntervalMs);
    QObject::connect(m_flapTimer.get(), &QTimer::timeout, [this] { flapOnce(); });
    m_flapTimer->start();
    return true;
}

void DemoFleet::refreshObservedTimes(hub::ObjectStore &store)
{
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    const std::string now = hub::formatTimestamp(std::chrono::system_clock::now() - std::chrono::minutes(5));
    std::uint64_t rv = 0;
    for (const auto &object : store.snapshot(profiles, &rv)) {
        if (!object->contains("status") || !(*object)["status"].contains("properties"))
            continue;
        nlohmann::json copy = *object;
        bool changed = false;
        for (nlohmann::json &property : copy["status"]["properties"]) {
            // Only the generator's fixed day (2026-01-05, fleetgenerator.cpp): the
            // producer-shaped stale example keeps its days-old observation.
            if (property.contains("lastObservedTime") && property["lastObservedTime"].is_string()
                && property["lastObservedTime"].get<std::string>().compare(0, 10, "2026-01-05") == 0) {
                property["lastObservedTime"] = now;
                changed = true;
            }
        }
        if (changed)
            store.update(profiles, (*object)["metadata"].value("namespace", std::string()),
                         (*object)["metadata"].value("name", std::string()), std::move(copy), hub::Subresource::Status);
    }
}

void DemoFleet::adoptSimulatedPast(hub::ObjectStore &store, const QString &context, const DemoHistory::Simulated &past)
{
    // The newest observation of each cluster holds the time of each condition's last change.
    QHash<ClusterId, const ClusterObservation *> newest;
    for (const ClusterObservation &o : past.observations) {
        if (o.cluster.hub == context)
            newest.insert(o.cluster, &o);
    }
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    for (const ClusterObservation *o : std::as_const(newest)) {
        const std::string ns = o->cluster.namespaceName.toStdString();
        const std::string name = o->cluster.name.toStdString();
        const hub::StoreResult current = store.get(profiles, ns, name);
        if (!current.error.ok() || !current.object || !current.object->contains("status")
            || !(*current.object)["status"].contains("conditions") || !(*current.object)["status"]["conditions"].is_array())
            continue;
        nlohmann::json copy = *current.object;
        bool changed = false;
        for (nlohmann::json &c : copy["status"]["conditions"]) {
            const std::string type = c.value("type", std::string());
            const std::string status = c.value("status", std::string());
            for (const Condition &simulated : o->conditions) {
                if (simulated.type.toString() != QString::fromStdString(type)
                    || conditionStatusName(simulated.status) != QString::fromStdString(status))
                    continue;
                std::chrono::system_clock::time_point was;
                const std::chrono::system_clock::time_point at{std::chrono::milliseconds(simulated.lastTransitionTime)};
                if (c.contains("lastTransitionTime") && c["lastTransitionTime"].is_string()
                    && hub::parseTimestamp(c["lastTransitionTime"].get<std::string>(), &was) && was >= at)
                    continue;
                c["lastTransitionTime"] = hub::formatTimestamp(at);
                changed = true;
            }
        }
        if (changed)
            store.update(profiles, ns, name, std::move(copy), hub::Subresource::Status);
    }
}

void DemoFleet::adoptSimulatedPast(const DemoHistory::Simulated &past)
{
    for (auto &server : m_hubs)
        adoptSimulatedPast(server->store(), QString::fromStdString(server->options().contextName), past);
}

std::vector<hub::HubServer *> DemoFleet::hubs() const
{
    std::vector<hub::HubServer *> hubs;
    for (const auto &server : m_hubs)
        hubs.push_back(server.get());
    return hubs;
}

QString DemoFleet::providerFile() const
{
    return m_members ? m_members->providerFile() : QString();
}

bool DemoFleet::flapConditions(nlohmann::json *conditions, const std::string &manager, int index, unsigned round,
                               const std::string &now)
{
    if (round % unsigned(index + 1) != 0)
        return false;
    for (nlohmann::json &c : *conditions) {
        const std::string type = c.value("type", std::string());
        if (type != hub::healthConditionType(manager) && !(type == "Joined" && index == 2))
            continue;
        const bool up = c.value("status", std::string()) != "True";
        c["status"] = up ? "True" : "False";
        c["reason"] = type == "Joined" ? (up ? "ManagedClusterJoined" : "ManagedClusterLeft") : hub::healthyReason(manager, up);
        c["message"] = up ? "Cluster is available." : "Agent heartbeat lost for 5m.";
        c["lastTransitionTime"] = now;
    }
    return true;
}

void DemoFleet::flapOnce()
{
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    ++m_flapRound;
    for (int i = 0; i < m_flapping.size(); ++i) {
        const QStringList parts = m_flapping[i].split(u'/');
        const std::string ns = parts[1].toStdString();
        const std::string name = parts[2].toStdString();
        hub::ObjectStore &store = m_hubs.front()->store();
        const hub::StoreResult current = store.get(profiles, ns, name);
        if (!current.error.ok() || !current.object)
            continue; // churn deleted it: nothing to flap
        const nlohmann::json &object = *current.object;
        nlohmann::json conditions = object.contains("status")
            ? object["status"].value("conditions", nlohmann::json::array())
            : nlohmann::json::array();
        const std::string manager = object["spec"]["clusterManager"].value("name", std::string());
        if (!flapConditions(&conditions, manager, i, m_flapRound, hub::nowTimestamp()))
            continue;
        store.patch(profiles, ns, name, hub::PatchKind::Merge, {{"status", {{"conditions", conditions}}}},
                    hub::Subresource::Status);
    }
}

std::vector<DemoHistory::Hub> DemoFleet::historyStart() const
{
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    std::vector<DemoHistory::Hub> hubs;
    for (const auto &server : m_hubs) {
        DemoHistory::Hub h;
        h.context = QString::fromStdString(server->options().contextName);
        h.health = server->options().churnHealth;
        h.churnRate = server->options().churnRate;
        std::uint64_t rv = 0;
        h.profiles = server->store().snapshot(profiles, &rv);
        for (const QString &flapping : m_flapping) {
            if (flapping.startsWith(h.context + u'/'))
                h.flapping.push_back(flapping.mid(h.context.size() + 1).toStdString());
        }
        hubs.push_back(std::move(h));
    }
    return hubs;
}

} // namespace fleetscope
