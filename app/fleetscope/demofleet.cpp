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
    : m_dir(QDir(QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation)).filePath(QStringLiteral("fleetscope-demo-XXXXXX")))
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
    QStringList files;
    for (const Spec &spec : specs) {
        hub::HubOptions options;
        options.generate = spec.clusters;
        options.seed = spec.seed;
        options.churnRate = 1.5;
        options.threads = 16;
        options.contextName = spec.context;
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

    // Three clusters of the first hub flap on different rhythms (every round, every
    // second round, every third), one of them on Joined as well.
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    std::uint64_t rv = 0;
    std::vector<std::string> names;
    for (const auto &object : m_hubs.front()->store().snapshot(profiles, &rv))
        names.push_back((*object)["metadata"].value("namespace", std::string()) + '/'
                        + (*object)["metadata"].value("name", std::string()));
    std::sort(names.begin(), names.end());
    for (size_t i = 0; i < names.size() && i < 3; ++i)
        m_flapping << QLatin1String(specs[0].context) + u'/' + QString::fromStdString(names[i]);
    m_flapTimer = std::make_unique<QTimer>();
    m_flapTimer->setInterval(4000);
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

QString DemoFleet::providerFile() const
{
    return m_members ? m_members->providerFile() : QString();
}

void DemoFleet::flapOnce()
{
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    ++m_flapRound;
    for (int i = 0; i < m_flapping.size(); ++i) {
        if (m_flapRound % unsigned(i + 1) != 0)
            continue;
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
        for (nlohmann::json &c : conditions) {
            const std::string type = c.value("type", std::string());
            if (type != hub::healthConditionType(manager) && !(type == "Joined" && i == 2))
                continue;
            const bool up = c.value("status", std::string()) != "True";
            c["status"] = up ? "True" : "False";
            c["reason"] = type == "Joined" ? (up ? "ManagedClusterJoined" : "ManagedClusterLeft") : hub::healthyReason(manager, up);
            c["message"] = up ? "Cluster is available." : "Agent heartbeat lost for 5m.";
            c["lastTransitionTime"] = hub::nowTimestamp();
        }
        store.patch(profiles, ns, name, hub::PatchKind::Merge, {{"status", {{"conditions", conditions}}}},
                    hub::Subresource::Status);
    }
}

} // namespace fleetscope
